"""`toolkit tune`: the space file's errors at their lines, a tiny study that writes a variant
`compare` accepts, and a study that `--resume` continues."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.diagnostics import format_text
from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError
from toolkit.sim.executor import LocalExecutor
from toolkit.sim.tune.output import write_outputs
from toolkit.sim.tune.space import load_space
from toolkit.sim.tune.study import TuneResult, TuneSettings, _missing_trials, tune

pytest.importorskip("optuna")

REPO = Path(__file__).resolve().parent.parent

TINY = """\
game: midway-memories
players: [3]
bots: [random]
parameters:
  - path: attractions/ferris-wheel/cost
    low: 1
    high: 6
  - path: game/setup/2/count
    per_players: true
    low: 6
    high: {2: 12, 3: 12, 4: 12, 5: 10}
"""


def _space(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "space.yaml"
    path.write_text(text)
    return path


def _errors(path: Path) -> str:
    manifest, content = load_valid_game("midway-memories")
    with pytest.raises(ContentError) as raised:
        load_space(path, manifest, content)
    return format_text(raised.value.diagnostics)


def test_an_unknown_path_is_reported_at_its_line_with_a_did_you_mean(tmp_path: Path) -> None:
    path = _space(tmp_path, TINY.replace("ferris-wheel", "feris-wheel"))
    text = _errors(path)
    assert f"{path}:5:11: error[unknown-path]" in text
    assert "did you mean 'ferris-wheel'?" in text


def test_space_file_mistakes_are_positioned(tmp_path: Path) -> None:
    """A key the format does not know, a range upside down, and an end the game refuses."""
    path = _space(tmp_path, TINY.replace("    high: 6\n", "    hihg: 6\n"))
    assert f"{path}:7:5: error[unknown-key]" in _errors(path)
    path = _space(tmp_path, TINY.replace("low: 1", "low: 9"))
    assert f"{path}:6:10: error[out-of-range]: low 9 is above high 6" in _errors(path)
    path = _space(tmp_path, TINY.replace("5: 10}", "5: 11}"))
    assert f"{path}:11:11: error[infeasible-setup]: 5 players x 11 cards" in _errors(path)


ROUNDS = """\
game: midway-memories
players: [2, 3]
bots: [random]
parameters:
  - path: game/structure/rounds
    per_players: true
    low: {2: 4, 3: 4}
    high: {2: 6, 3: 5}
"""


def test_a_per_player_value_is_tuned_at_the_spaces_players_only(tmp_path: Path) -> None:
    """Bounds for 2 and 3 players are enough: 4 and 5 keep the game's 5 rounds."""
    space = load_space(_space(tmp_path, ROUNDS), *load_valid_game("midway-memories"))
    [parameter] = space.parameters
    assert space.names(parameter) == ["game/structure/rounds@2", "game/structure/rounds@3"]
    table = {"by_players": {2: 6, 3: 4, 4: 5, 5: 5}}
    assert space.sets({"game/structure/rounds@2": 6, "game/structure/rounds@3": 4}) == [
        ("game/structure/rounds", table)
    ]


def test_every_mistake_of_a_space_file_is_reported_in_one_pass(tmp_path: Path) -> None:
    """Another game, a range upside down, a path tuned twice and an unknown path, at once."""
    text = ROUNDS.replace("game: midway-memories", "game: midway-mem").replace("{2: 4,", "{2: 7,")
    text += "  - {path: attractions/feris-wheel/cost, low: 1, high: 6}\n" * 2
    path = _space(tmp_path, text)
    errors = _errors(path)
    assert f"{path}:1:7: error[game-mismatch]" in errors
    assert f"{path}:7:10: error[out-of-range]: low 7 is above high 6 at 2 players" in errors
    assert f"{path}:10:12: error[duplicate]" in errors
    assert "error[unknown-path]: 'attractions/feris-wheel/cost' names nothing" in errors


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> TuneResult:
    """Two trials of a tiny study (one player count, random bots, a few games)."""
    folder = tmp_path_factory.mktemp("tune")
    settings = TuneSettings(
        "midway-memories", _space(folder, TINY), folder / "out", trials=2, stages=[4, 8]
    )
    return tune(settings, LocalExecutor(1))


def test_a_tiny_study_writes_a_variant_that_compare_accepts(study: TuneResult) -> None:
    assert len(study.trials) == 2 and study.best is not None
    assert study.recheck is not None and study.recheck["games"] == 8
    written = write_outputs(study, "midway-memories")
    modeline = written["variant"].read_text().splitlines()[0]
    schema = modeline.removeprefix("# yaml-language-server: $schema=")
    assert (written["variant"].parent / schema).resolve() == REPO / "schemas/variant.schema.json"
    assert written["report"].read_text().startswith("# Tuning midway-memories")
    assert json.loads(written["pareto"].read_text())
    assert written["chart"].read_bytes().startswith(b"%PDF")
    compared = run_toolkit(
        "compare", "midway-memories", "--variant", str(written["variant"]), "--games", "4",
        "--players", "3", "--bots", "random", "--workers", "1", "--format", "json",
    )  # fmt: skip
    assert compared.returncode == 0, compared.stderr
    assert json.loads(compared.stdout)["variants"][0]["name"] == "Tuned values"


def test_resume_continues_the_stored_study(study: TuneResult) -> None:
    settings = replace(study.settings, resume=True, trials=1)
    again = tune(settings, LocalExecutor(1))
    assert len(again.trials) == len(study.trials) + 1
    assert again.study == study.study and again.storage == study.storage


def test_parallel_trials_run_exactly_as_many_as_asked(tmp_path: Path) -> None:
    """The baseline (the game as it is) is played alone first, so two parallel jobs cannot
    both take it and lose a trial; every asked-for trial ran, and nothing is warned."""
    settings = TuneSettings(
        "midway-memories", _space(tmp_path, TINY), tmp_path / "out", trials=3, stages=[2],
        parallel=2,
    )  # fmt: skip
    result = tune(settings, LocalExecutor(1))
    assert len(result.trials) == 3 and result.warnings == []
    current = load_space(settings.space, *load_valid_game("midway-memories")).current_values()
    assert current.items() <= result.trials[0]["params"].items()  # the game as it is, first


def test_fewer_trials_than_asked_without_a_time_budget_is_warned() -> None:
    assert _missing_trials(2, 3, None, 5.0) == [
        "only 2 of the 3 trials asked for ran; the study holds what did"
    ]
    assert _missing_trials(2, 3, 5.0, 6.0) == []  # the --time budget stopped it
    assert _missing_trials(3, 3, None, 5.0) == []


def test_the_tune_command_refuses_a_study_it_would_overwrite(study: TuneResult) -> None:
    """The command line end to end: a stored study is continued only with --resume."""
    done = run_toolkit(
        "tune", "midway-memories", "--space", str(study.settings.space),
        "--out", str(study.settings.out), "--trials", "1",
    )  # fmt: skip
    assert done.returncode == 2
    assert "--resume continues it" in done.stderr


def test_the_study_is_stored_beside_the_build_folder_by_default(tmp_path: Path) -> None:
    """`toolkit build` replaces build/<game>/ whole: the default --out is build/<game>-tune/."""
    done = run_toolkit(
        "tune", str(REPO / "rules/midway-memories.yaml"), "--space", str(_space(tmp_path, TINY)),
        "--trials", "1", "--games", "2", "--check-games", "2", "--workers", "1",
        cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "build/midway-memories-tune/study.db").is_file()
    assert "build/midway-memories-tune/midway-memories-tuned.yaml" in done.stdout
    assert not (tmp_path / "build/midway-memories").exists()
