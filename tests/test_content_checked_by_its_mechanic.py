"""A manifest is validated by a model of its own mechanic (`game_model`): a command that reads
one game builds only that mechanic's structure models, and a card file checked alone loads
neither the print machinery nor the models of kinds it does not read. The diagnostics are
those of the manifest model over every mechanic, at the same lines and columns."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from entry_point import run_toolkit
from pydantic import ValidationError

from toolkit.content.locate import resolve_path_or_game
from toolkit.content.models.manifest import Game, game_model
from toolkit.content.project import load_game
from toolkit.content.schema_errors import diagnostics_from_error
from toolkit.content.yaml_loader import load_file
from toolkit.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parent.parent
KITES = ROOT / "rules" / "kite-festival.yaml"

_RUN = """
import json, sys
from toolkit.cli import main
from toolkit.content.models import manifest
from toolkit.mechanics.staged import structure as staged
sys.argv = ["toolkit", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    alone = (staged.TurnsStage, staged.MoveBase, staged.Check)
    built = {
        "every mechanic": manifest.Game.__pydantic_complete__,
        "staged alone": [m.__name__ for m in alone if m.__pydantic_complete__],
    }
    print(json.dumps({"exit": done.code, "built": built, "modules": sorted(sys.modules)}),
          file=sys.stderr)
"""


def _run(*args: str, cwd: Path = ROOT) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # this toolkit, from any folder
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report: dict[str, object] = json.loads(result.stderr.strip().splitlines()[-1])
    assert report["exit"] == 0, result.stdout + result.stderr
    return report


@pytest.mark.parametrize(
    "command",
    [
        ("validate", "midway-memories"),
        ("simulate", "midway-memories", "--games", "1"),
        ("validate", "kite-festival"),
    ],
)
def test_a_game_is_checked_by_its_own_mechanics_model_only(command: tuple[str, ...]) -> None:
    """Neither the manifest model over every mechanic nor a staged model on its own is built:
    a trick-taking game never generates the staged graph; a staged game generates it once,
    inside its own manifest model."""
    report = _run(*command)
    assert report["built"] == {"every mechanic": False, "staged alone": []}


def test_a_card_file_checked_alone_loads_no_print_machinery_nor_unread_kinds() -> None:
    report = _run("validate", "cards/midway-memories/attractions.yaml")
    modules = report["modules"]
    assert isinstance(modules, list)
    unread = ("print_layout", "position", "variant")
    assert [m for m in modules if m.startswith("toolkit.pnp")] == []
    assert [m for m in modules if m.rpartition(".")[2] in unread] == []


def test_a_game_without_print_layouts_is_checked_without_the_print_machinery() -> None:
    report = _run("validate", "harbour-lights", cwd=ROOT / "tests" / "games" / "harbour-lights")
    modules = report["modules"]
    assert isinstance(modules, list)
    assert [m for m in modules if m.startswith("toolkit.pnp")] == []


def _diagnostics(model: type[Game], path: Path) -> list[Diagnostic]:
    document, problems = load_file(path)
    assert document is not None and problems == []
    try:
        model.model_validate(document.data)
    except ValidationError as error:
        return diagnostics_from_error(document, model, error)
    raise AssertionError("the manifest was expected to fail its schema")


@pytest.mark.parametrize(
    ("written", "mistake"),
    [
        ("      count: 7\n", "      cont: 7\n"),  # a misspelt key of a stage
        ("      rest: basket\n", "      rest: 3\n"),  # a number for a zone id
        ("stage: order, skip: 1", "stage: ordr, skip: 1"),  # a misspelt stage
        ("when: {card: {action: gust}}", "when: {card: {action: gust}, empty: hand}"),
        ("  rounds: 1\n", "  rounds: 0\n"),  # out of range, on the structure itself
        ("              match: {same:", "              mach: {same:"),  # in a move in a turn
    ],
)
def test_a_structure_mistake_reads_as_it_does_against_every_mechanic(
    tmp_path: Path, written: str, mistake: str
) -> None:
    text = KITES.read_text(encoding="utf-8")
    assert written in text  # the first one is changed
    manifest = tmp_path / KITES.name
    manifest.write_text(text.replace(written, mistake, 1), encoding="utf-8")
    own = _diagnostics(game_model({"structure": {"mechanic": "staged"}}), manifest)
    assert own and own == _diagnostics(Game, manifest)
    line = text[: text.index(written)].count("\n") + 1
    assert any(d.line == line for d in own), [str(d) for d in own]
    if "mach:" in mistake:
        assert "did you mean 'match'" in own[0].hint


def test_a_structure_naming_no_mechanic_says_which_there_are(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    text = KITES.read_text(encoding="utf-8").replace("mechanic: staged", "mechanic: stagd")
    (project / "rules" / KITES.name).write_text(text, encoding="utf-8")
    result = run_toolkit("validate", Path("rules") / KITES.name, cwd=project)
    assert result.returncode == 1
    assert "unknown mechanic 'stagd'" in result.stdout
    assert "staged" in result.stdout


@pytest.mark.parametrize("game", ["midway-memories", "kite-festival"])
def test_a_manifest_checked_by_its_mechanics_model_pickles_as_before(game: str) -> None:
    """A loaded manifest travels to another process as it did when `Game` checked it."""
    content, problems = load_game(resolve_path_or_game(game, ROOT))
    assert content is not None and problems == []
    manifest = content.game
    again = pickle.loads(pickle.dumps(manifest))
    assert type(again) is type(manifest) and again == manifest
    assert isinstance(again, Game)
