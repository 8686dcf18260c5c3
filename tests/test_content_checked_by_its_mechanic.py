"""A manifest is validated by a model of its own mechanic (`game_model`): a command that reads
one game builds only that mechanic's structure models, and a card file checked alone loads
neither the print machinery nor the models of kinds it does not read. The diagnostics are
those of the manifest model over every mechanic, at the same lines and columns."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from tests.entry_point import run_toolkit
from toolkit.content.models.manifest import Game, game_model
from toolkit.content.models.primitives import resolve_every_mechanic
from toolkit.content.schema_errors import diagnostics_from_error
from toolkit.content.yaml_loader import load_file
from toolkit.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parent.parent
KITES = ROOT / "rules" / "kite-festival.yaml"

_RUN = """
import json, sys
from toolkit.cli import main
from toolkit.mechanics.staged import structure as staged
from toolkit.mechanics.trick_taking import structure as trick_taking
sys.argv = ["toolkit", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    waiting = (staged.TurnsStage, staged.MoveBase)
    built = {
        "staged": [m.__name__ for m in waiting if m.__pydantic_complete__],
        "trick_taking": trick_taking.TrickTaking.__pydantic_complete__,
    }
    print(json.dumps({"exit": done.code, "built": built, "modules": sorted(sys.modules)}),
          file=sys.stderr)
"""


def _run(*args: str) -> dict[str, object]:
    result = subprocess.run(
        [sys.executable, "-c", _RUN, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report: dict[str, object] = json.loads(result.stderr.strip().splitlines()[-1])
    assert report["exit"] == 0, result.stdout + result.stderr
    return report


def test_a_trick_taking_game_is_checked_without_building_the_staged_models() -> None:
    report = _run("validate", "midway-memories")
    assert report["built"] == {"staged": [], "trick_taking": True}


def test_a_staged_game_builds_its_own_models() -> None:
    report = _run("validate", "kite-festival")
    assert report["built"] == {"staged": ["TurnsStage", "MoveBase"], "trick_taking": False}


def test_a_card_file_checked_alone_loads_no_print_machinery_nor_unread_kinds() -> None:
    report = _run("validate", "cards/midway-memories/attractions.yaml")
    modules = report["modules"]
    assert isinstance(modules, list)
    unread = ("print_layout", "position", "variant")
    assert [m for m in modules if m.startswith("toolkit.pnp")] == []
    assert [m for m in modules if m.rpartition(".")[2] in unread] == []


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
    ],
)
def test_a_structure_mistake_reads_as_it_does_against_every_mechanic(
    tmp_path: Path, written: str, mistake: str
) -> None:
    text = KITES.read_text(encoding="utf-8")
    assert written in text  # the first one is changed
    manifest = tmp_path / KITES.name
    manifest.write_text(text.replace(written, mistake, 1), encoding="utf-8")
    resolve_every_mechanic()
    own = _diagnostics(game_model({"structure": {"mechanic": "staged"}}), manifest)
    assert own and own == _diagnostics(Game, manifest)
    line = text[: text.index(written)].count("\n") + 1
    assert any(d.line == line for d in own), [str(d) for d in own]


def test_a_structure_naming_no_mechanic_says_which_there_are(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    text = KITES.read_text(encoding="utf-8").replace("mechanic: staged", "mechanic: stagd")
    (project / "rules" / KITES.name).write_text(text, encoding="utf-8")
    result = run_toolkit("validate", Path("rules") / KITES.name, cwd=project)
    assert result.returncode == 1
    assert "unknown mechanic 'stagd'" in result.stdout
    assert "staged" in result.stdout
