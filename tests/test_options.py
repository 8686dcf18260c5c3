"""`--option id=value` on every command that plays, through the real entry point.

Options are typed and checked against the manifest's `options` once, before any game is
played: an unknown id is exit 1 with a did-you-mean, a value the option does not allow is
exit 1 naming the allowed ones, a malformed `--option` is a usage error (exit 2). The options
reach every game, and a transcript records them so a replay plays the same rules.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.load import load_compiled_game
from toolkit.errors import OptionError

REPO = Path(__file__).resolve().parents[1]

PLAYS = {
    "simulate": ["simulate", "oh-my-park", "--games", "2", "--players", "2", "--workers", "1"],
    "compare": ["compare", "oh-my-park", "--variant", "cheaper.yaml", "--games", "2",
                "--players", "2", "--bots", "random", "--workers", "1"],
    "sweep": ["sweep", "oh-my-park", "--set", "park-cards/B1/price=1", "--games", "2",
              "--players", "2", "--bots", "random", "--workers", "1"],
    "report": ["report", "oh-my-park", "--games", "2", "--players", "2", "--bots", "random",
               "--workers", "1"],
    "ladder": ["ladder", "oh-my-park", "--bots", "random", "--games", "1", "--players", "2",
               "--workers", "1"],
    "play": ["play", "oh-my-park", "--players", "2", "--bots", "random", "--seed", "3"],
    "build": ["build", "oh-my-park", "--games", "2", "--bots", "random", "--workers", "1"],
}  # fmt: skip


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The shipped games, with a number option added to Oh my park! (no shipped game has one)."""
    folder = tmp_path_factory.mktemp("options")
    for part in ("rules", "cards", "print"):
        shutil.copytree(REPO / part, folder / part)
    manifest = folder / "rules" / "oh-my-park.yaml"
    text = manifest.read_text(encoding="utf-8")
    marker = "    description: Play the variant with 2 random bonus cards.\n    default: false\n"
    assert marker in text
    manifest.write_text(
        text.replace(
            marker,
            marker + "  - {id: table-size, description: Seats at the table., default: 4, "
            "choices: [2, 3, 4]}\n",
        ),
        encoding="utf-8",
    )
    (folder / "cheaper.yaml").write_text(
        "kind: variant\ngame: oh-my-park\nname: Cheaper B1\ndescription: B1 costs 1.\n"
        "set:\n  - {path: park-cards/B1/price, value: 1}\n",
        encoding="utf-8",
    )
    return folder


@pytest.mark.parametrize(
    ("option", "code", "said"),
    [
        ("bonus-card=yes", 2, "unknown option 'bonus-card' (did you mean 'bonus-cards'?)"),
        ("table-size=x", 2, "'table-size' takes a number: 2, 3 or 4; not 'x'"),
        ("scoring-side", 2, "--option 'scoring-side': write ID=VALUE"),
    ],
)
def test_a_bad_option_stops_simulate_before_any_game(
    project: Path, option: str, code: int, said: str
) -> None:
    result = run_toolkit(*PLAYS["simulate"], "--option", option, cwd=project)
    assert result.returncode == code, result.stderr
    assert said in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("option", "said"),
    [
        ("bonus-cards=maybe", "'bonus-cards' is a yes/no option: write true or false"),
        ("bonus-cards=1", "'bonus-cards' is a yes/no option"),
        ("scoring-side=red", "'scoring-side' takes green or blue; not 'red'"),
        ("table-size=5", "'table-size' takes a number: 2, 3 or 4; not '5'"),
        ("table-size=3.5", "'table-size' takes a number: 2, 3 or 4; not '3.5'"),
        ("table-size=!!python/object:os.system x", "'table-size' takes a number"),
    ],
)
def test_values_are_typed_and_checked(project: Path, option: str, said: str) -> None:
    """The same check as at the command line, in process (the CLI cases above run it)."""
    _, game = load_compiled_game(str(project / "rules" / "oh-my-park.yaml"))
    with pytest.raises(OptionError) as caught:
        game.read_options([option])
    assert said in str(caught.value)
    assert game.read_options(["table-size=3", "bonus-cards=yes", "scoring-side=green"]) == {
        "table-size": 3,
        "bonus-cards": True,
        "scoring-side": "green",
    }


@pytest.mark.parametrize("command", sorted(PLAYS))
def test_every_command_that_plays_checks_its_options(project: Path, command: str) -> None:
    result = run_toolkit(*PLAYS[command], "--option", "scoring-sid=blue", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "did you mean 'scoring-side'?" in result.stderr


def test_a_game_without_options_says_so() -> None:
    _, game = load_compiled_game(str(REPO / "rules" / "midway-memories.yaml"))
    with pytest.raises(OptionError, match="has no option 'x': it declares no options"):
        game.read_options(["x=1"])


def test_an_option_id_in_another_case_sets_the_declared_id() -> None:
    """`Scoring-Side` is `scoring-side`: the chosen value replaces the default under the
    declared id (a resumed header, a replay and interop pass options straight to new_state)."""
    _, game = load_compiled_game(str(REPO / "rules" / "oh-my-park.yaml"))
    options = game.new_state(1, 2, {"Scoring-Side": "blue"}).options
    assert options == {"scoring-side": "blue", "bonus-cards": False}


def test_simulate_plays_with_the_options_and_its_transcript_replays_them(
    project: Path, tmp_path: Path
) -> None:
    transcript = tmp_path / "run.jsonl"
    args = [*PLAYS["simulate"], "--format", "json", "--transcript", str(transcript)]
    options = ["--option", "bonus-cards=yes", "--option", "table-size=2",
               "--option", "scoring-side=blue"]  # fmt: skip
    result = run_toolkit(*args, *options, cwd=project)
    assert result.returncode == 0, result.stderr
    chosen = {"bonus-cards": True, "scoring-side": "blue", "table-size": 2}
    assert json.loads(result.stdout)["arguments"]["options"] == chosen
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    heads = [row for row in rows if row["type"] == "game"]
    assert [head["options"] for head in heads] == [chosen, chosen]
    # The bonus-cards option's setup step ran in every game.
    bonus = [
        row for row in rows if row["type"] == "setup" and row["event"][:2] == ["slot", "bonus"]
    ]
    assert len(bonus) == 2
    replayed = run_toolkit("replay", str(transcript), cwd=project)
    assert replayed.returncode == 0, replayed.stderr
    # A transcript whose options the game no longer allows does not replay.
    transcript.write_text(
        transcript.read_text().replace('"scoring-side": "blue"', '"scoring-side": "red"')
    )
    broken = run_toolkit("replay", str(transcript), cwd=project)
    assert broken.returncode == 1
    assert "option 'scoring-side' takes green or blue; not 'red'" in broken.stderr


def test_play_records_the_options_and_a_resume_keeps_them(project: Path, tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    result = run_toolkit(*PLAYS["play"], "--transcript", str(saved), "--option",
                         "bonus-cards=yes", cwd=project, stdin="1\nq\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    head = json.loads(saved.read_text().splitlines()[0])
    assert head["options"]["bonus-cards"] is True
    again = run_toolkit("play", "--resume", str(saved), "--option", "bonus-cards=no",
                        cwd=project, stdin="q\n")  # fmt: skip
    assert again.returncode == 2
    assert "drop --option" in again.stderr


def test_new_state_raises_the_typed_error() -> None:
    _, game = load_compiled_game(str(REPO / "rules" / "oh-my-park.yaml"))
    with pytest.raises(OptionError, match="did you mean 'bonus-cards'"):
        game.new_state(1, 2, {"bonus-card": True})
    with pytest.raises(OptionError, match="yes/no option"):
        game.new_state(1, 2, {"bonus-cards": 1})
    state = game.new_state(1, 2, {"scoring-side": "blue"})
    assert state.options == {"scoring-side": "blue", "bonus-cards": False}
    assert game.read_options(["bonus-cards=no", "scoring-side=blue"]) == {
        "bonus-cards": False,
        "scoring-side": "blue",
    }


def test_build_plays_every_player_count_with_the_options(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "built"
    result = run_toolkit(*PLAYS["build"], "--option", "bonus-cards=yes", "--out", str(out),
                         cwd=project)  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads((out / "oh-my-park" / "simulation-3p.json").read_text("utf-8"))
    assert summary["arguments"]["options"] == {"bonus-cards": True}
