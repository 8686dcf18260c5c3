"""`toolkit new`: every family's game validates, simulates, prints and plays as written, and
nothing is ever overwritten. In-process where it can be (fast); the real CLI once per path."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from entry_point import run_toolkit
from rich.console import Console

from toolkit.content.validate import validate_paths
from toolkit.errors import UsageError
from toolkit.play.session import Session
from toolkit.play.terminal import Terminal
from toolkit.pnp.build import print_game
from toolkit.pnp.document import PrintOptions
from toolkit.pnp.layout_check import check_layouts
from toolkit.record.transcripts import LoadedGame
from toolkit.scaffold import families, new_game
from toolkit.sim.run import RunSpec, run

ROOT = Path(__file__).resolve().parent.parent

STRATEGY = {
    "trick-taking": "star-catcher",
    "bidding": "seer",
    "draft": "gem-setter",
    "draw-and-play": "climber",
    "staged": "shedder",
    "partnership": "steady-partner",
    "betting": "lamplighter",
    "climbing": "bell-saver",
    "rummy": "tidy-gardener",
    "fishing": "star-finder",
    "capture": "mace-trader",
    "bluffing": "old-ferryman",
    "duel": "night-keeper",
    "row-taking": "careful-skipper",
    "push-your-luck": "steady-potter",
    "auction": "collector",
    "sealed-bid": "forager",
}


def test_one_family_per_mechanic() -> None:
    from toolkit.mechanics.registry import MECHANICS

    named = {name.replace("-", "_") for name in families()}
    assert set(MECHANICS) <= named
    assert set(STRATEGY) == set(families())


@pytest.mark.parametrize("family", sorted(families()))
def test_a_new_game_validates_simulates_prints_and_plays(
    family: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a project with nothing in it yet
    made = new_game(tmp_path, "my-game", family, "My Game: Test #1")
    written = {str(path) for path in made.written}
    assert {"rules/my-game.yaml", "cards/my-game/README.md", "print/shared/defaults.yaml"} <= (
        written
    )
    assert "print/my-game/layout.yaml" in written and "cards/my-game/strategies.yaml" in written
    assert not any("__" in path for path in written)

    report = validate_paths([], tmp_path, [check_layouts])
    assert report.diagnostics == []
    assert [game.game.name for game in report.games] == ["My Game: Test #1"]

    bots = [STRATEGY[family], "random", "random"]
    result = run(RunSpec("my-game", 4, 3, bots, seed=3, workers=1))
    assert result.tally.games == 4

    printed = print_game(
        "my-game", PrintOptions("a4", "home", "duplex", True, ()), tmp_path / "c.pdf"
    )
    assert printed.result.cards > 0 and not printed.result.warnings
    assert printed.path.read_bytes().startswith(b"%PDF")

    answers = iter(["h", *["1"] * 400])
    loaded = LoadedGame.load("my-game")
    session = Session(loaded, seed=2, players=3, seat=0, bots=["human", "random", "random"])
    buffer = io.StringIO()
    terminal = Terminal(
        session,
        tmp_path / "game.jsonl",
        console=Console(file=buffer, width=100),
        read_line=lambda prompt, answers=answers: next(answers, None),
        plain=True,
    )
    assert terminal.run().finished
    assert "Final scores:" in buffer.getvalue()
    assert (tmp_path / "game.jsonl").is_file()


def test_the_shared_defaults_are_the_projects(tmp_path: Path) -> None:
    """A new project gets the same print defaults as this repository's."""
    new_game(tmp_path, "one", "draft")
    written = (tmp_path / "print/shared/defaults.yaml").read_text(encoding="utf-8")
    assert written == (ROOT / "print/shared/defaults.yaml").read_text(encoding="utf-8")


def test_nothing_is_overwritten(tmp_path: Path) -> None:
    (tmp_path / "print/shared").mkdir(parents=True)
    (tmp_path / "print/shared/defaults.yaml").write_text("mine\n", encoding="utf-8")
    made = new_game(tmp_path, "first", "trick-taking")
    assert [str(path) for path in made.kept] == ["print/shared/defaults.yaml"]
    assert (tmp_path / "print/shared/defaults.yaml").read_text(encoding="utf-8") == "mine\n"

    (tmp_path / "cards/second").mkdir(parents=True)
    (tmp_path / "cards/second/suits.yaml").write_text("mine\n", encoding="utf-8")
    with pytest.raises(UsageError, match=r"'cards/second/suits.yaml' already exists"):
        new_game(tmp_path, "second", "trick-taking")
    assert not (tmp_path / "rules/second.yaml").exists()  # nothing written at all


@pytest.mark.parametrize(
    ("game", "family", "name", "message"),
    [
        ("My_Game", "draft", None, "try 'my-game'"),
        ("9lives", "draft", None, "lowercase words"),
        ("ok", "drat", None, "did you mean 'draft'?"),
        ("ok", "draft", "two\nlines", "on one line"),
        ("ok", "draft", " padded", "spaces at either end"),
    ],
)
def test_bad_ids_names_and_families_are_usage_errors(
    game: str, family: str, name: str | None, message: str, tmp_path: Path
) -> None:
    with pytest.raises(UsageError, match=message.replace("?", r"\?")):
        new_game(tmp_path, game, family, name)
    assert list(tmp_path.iterdir()) == []


def _lines(text: str) -> Iterator[str]:
    return (line for line in text.splitlines() if line)


def test_the_command(tmp_path: Path) -> None:
    made = run_toolkit("new", "night-market", "--family", "draft", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    out = list(_lines(made.stdout))
    assert "created rules/night-market.yaml" in out
    assert any(line.startswith("night-market (Night Market 0.1.0)") for line in out)
    assert out[-1].startswith("next: toolkit simulate night-market")

    again = run_toolkit("new", "night-market", "--family", "draft", cwd=tmp_path)
    assert again.returncode == 2
    assert "'rules/night-market.yaml'" in again.stderr and "never overwrites" in again.stderr
