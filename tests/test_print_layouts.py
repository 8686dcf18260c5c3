"""Print layouts are content: loaded with positions, merged through `extends`, checked strictly.

A designer edits `print/*.yaml` like any other content file, so every mistake must point at
its file, line and column with a hint: unknown keys (with did-you-mean), lengths without a
unit, a misspelt card size, text outside the safe zone, a template that does not compile,
`extends` cycles and missing files. Merging is tested too: a child overrides single values of
its base, and `null` removes what it inherits.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from entry_point import run_toolkit
from jsonschema import Draft202012Validator

from toolkit.diagnostics import Diagnostic
from toolkit.engine.load import load_valid_game
from toolkit.pnp.layout_load import Layout, load_layout
from toolkit.schema.units import parse_length

REPO = Path(__file__).resolve().parents[1]
GAMES = ["midway-memories", "oh-my-park"]
LAYOUT_FILES = sorted(REPO.glob("print/**/*.yaml"))
HEADER = "# yaml-language-server: $schema=../../schemas/print-layout.schema.json"


# -- units ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "points"),
    [("63.5mm", 180.0), ("0.125in", 9.0), ("9pt", 9.0), ("2cm", 56.6929), ("1in", 72.0)],
)
def test_lengths_convert_to_points(text: str, points: float) -> None:
    assert parse_length(text) == pytest.approx(points, abs=1e-3)


@pytest.mark.parametrize("text", ["63.5", "3 mm", "3px", "-3mm", "mm", ""])
def test_a_length_needs_a_number_and_a_unit(text: str) -> None:
    with pytest.raises(ValueError, match="not a length"):
        parse_length(text)


def test_offsets_may_count_from_the_far_edge() -> None:
    assert parse_length("-7mm", signed=True) == pytest.approx(-19.8425, abs=1e-3)


# -- shipped layouts --------------------------------------------------------------------------


def load(manifest: Path) -> tuple[Layout | None, list[Diagnostic]]:
    path, content = load_valid_game(str(manifest))
    return load_layout(path, content)


@pytest.mark.parametrize("game", GAMES)
def test_shipped_layouts_load_without_problems(game: str) -> None:
    layout, diagnostics = load(REPO / "rules" / f"{game}.yaml")
    assert diagnostics == []
    assert layout is not None
    assert {"reference", "tokens"} <= {c.id for c in layout.components}
    poker = layout.settings.card_sizes["poker"]
    assert (poker.width, poker.height) == pytest.approx((180.0, 252.0), abs=0.01)


@pytest.mark.parametrize("path", LAYOUT_FILES, ids=lambda p: p.relative_to(REPO).as_posix())
def test_layout_files_start_with_their_schema_and_match_it(path: Path) -> None:
    assert path.read_text(encoding="utf-8").splitlines()[0] == HEADER
    schema = json.loads((REPO / "schemas/print-layout.schema.json").read_text(encoding="utf-8"))
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(data)] == []


def test_toolkit_validate_checks_layout_files() -> None:
    result = run_toolkit("validate", "print/")
    assert result.returncode == 0, result.stdout + result.stderr
    files = len(list((REPO / "print").rglob("*.yaml")))
    assert f"{files} files checked, no problems" in result.stdout


# -- mistakes, with positions -----------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for part in ("rules", "cards", "print"):
        shutil.copytree(REPO / part, tmp_path / part)
    return tmp_path


def write_layout(project: Path, text: str) -> Path:
    path = project / "print" / "midway-memories" / "layout.yaml"
    path.write_text(HEADER + "\nkind: print-layout\n" + text, encoding="utf-8")
    return path


def problems(project: Path) -> list[Diagnostic]:
    layout, diagnostics = load(project / "rules" / "midway-memories.yaml")
    assert layout is None
    assert diagnostics
    return diagnostics


MINIMAL = """\
extends: [../shared/defaults.yaml]
components:
  aid:
    family: player-aid
    size: poker
    elements:
      body: {x: 5mm, y: 5mm, width: 50mm, height: 50mm, text: "{{ game.name }}"}
"""


def test_a_minimal_layout_extends_the_shared_defaults(project: Path) -> None:
    write_layout(project, MINIMAL)
    layout, diagnostics = load(project / "rules" / "midway-memories.yaml")
    assert diagnostics == []
    assert layout is not None
    [aid] = layout.components
    assert aid.family == "player-aid"
    assert aid.front is not None
    assert [e.name for e in aid.front.elements] == ["body", "card_label"]
    body = aid.front.elements[0]
    assert (body.x, body.width) == pytest.approx((14.1732, 141.7323), abs=1e-3)


def test_unknown_key_points_at_its_line_with_did_you_mean(project: Path) -> None:
    path = write_layout(project, MINIMAL.replace("width: 50mm", "widht: 50mm"))
    [problem] = problems(project)
    line = path.read_text(encoding="utf-8").splitlines()[8]
    assert problem.file.endswith("print/midway-memories/layout.yaml")
    assert (problem.line, problem.column) == (9, line.index("widht") + 1)
    assert problem.code == "unknown-key"
    assert "'widht'" in problem.message
    assert problem.hint == "did you mean 'width'?"


def test_a_length_without_unit_is_an_error_at_the_value(project: Path) -> None:
    write_layout(project, MINIMAL.replace("width: 50mm", "width: 50"))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (9, "invalid-value")
    assert "63.5mm" in problem.message


def test_unknown_card_size_suggests_the_closest(project: Path) -> None:
    write_layout(project, MINIMAL.replace("size: poker", "size: pokr"))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (7, "unknown-reference")
    assert problem.hint == "did you mean 'poker'?"


def test_text_outside_the_safe_zone_is_refused(project: Path) -> None:
    write_layout(project, MINIMAL.replace("x: 5mm", "x: 1mm"))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (9, "outside-safe-zone")
    assert "safe zone" in problem.message


def test_a_template_that_does_not_compile_points_at_it(project: Path) -> None:
    write_layout(project, MINIMAL.replace("{{ game.name }}", "{{ game.name "))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (9, "template-syntax")


def test_an_element_needs_a_box(project: Path) -> None:
    write_layout(project, MINIMAL.replace("height: 50mm, ", ""))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (9, "missing-key")
    assert "'height'" in problem.message


def test_a_component_extending_an_unknown_one(project: Path) -> None:
    write_layout(project, MINIMAL.replace("family: player-aid", "extends: aide"))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (6, "unknown-reference")
    assert problem.hint == "did you mean 'aid'?"


def test_missing_extended_file(project: Path) -> None:
    write_layout(project, MINIMAL.replace("../shared/defaults.yaml", "../shared/default.yaml"))
    [problem] = problems(project)
    assert (problem.line, problem.code) == (3, "missing-file")
    assert problem.hint == "did you mean 'defaults.yaml'?"


def test_extends_cycle_is_reported(project: Path) -> None:
    other = project / "print" / "midway-memories" / "other.yaml"
    other.write_text(HEADER + "\nkind: print-layout\nextends: [layout.yaml]\n", encoding="utf-8")
    write_layout(project, MINIMAL.replace("[../shared/defaults.yaml]", "[other.yaml]"))
    codes = {d.code for d in problems(project)}
    assert "extends-cycle" in codes


def test_every_problem_is_reported_at_once(project: Path) -> None:
    second = MINIMAL.split("components:\n", 1)[1].replace("aid:", "aid2:")
    write_layout(
        project,
        MINIMAL.replace("size: poker", "size: pokr")
        + second.replace("{{ game.name }}", "{% if %}"),
    )
    found = [(d.line, d.code) for d in problems(project)]
    assert found == [(7, "unknown-reference"), (14, "template-syntax")]


def test_a_manifest_without_layouts_is_told_how_to_add_one(project: Path) -> None:
    manifest = project / "rules" / "midway-memories.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(re.sub(r"print_layouts:\n  - [^\n]+\n", "", text), encoding="utf-8")
    [problem] = problems(project)
    assert problem.code == "no-print-layout"
    assert "print_layouts" in problem.hint


# -- merging ----------------------------------------------------------------------------------


def test_a_child_overrides_single_values_and_null_removes(project: Path) -> None:
    base = project / "print" / "midway-memories" / "base.yaml"
    base.write_text(
        HEADER
        + "\nkind: print-layout\nextends: [../shared/defaults.yaml]\n"
        + MINIMAL.split("\n", 1)[1]
        + "      title: {x: 5mm, y: 60mm, width: 50mm, height: 9mm, text: base}\n"
        + "  tokens: {family: tokens}\n",
        encoding="utf-8",
    )
    write_layout(
        project,
        "extends: [base.yaml]\n"
        "components:\n"
        "  aid:\n"
        "    elements:\n"
        "      body: {text: child}\n"
        "      title: null\n"
        "  tokens: null\n",
    )
    layout, diagnostics = load(project / "rules" / "midway-memories.yaml")
    assert diagnostics == []
    assert layout is not None
    [aid] = layout.components
    assert aid.front is not None
    body = aid.front.elements[0]
    assert [e.name for e in aid.front.elements] == ["body", "card_label"]
    assert body.height == pytest.approx(141.7323, abs=1e-3)
    assert body.text is not None
    assert body.text.compiled.render() == "child"


def test_components_extend_each_other(project: Path) -> None:
    write_layout(
        project,
        MINIMAL.replace("  aid:\n    family: player-aid", "  aid:\n    abstract: true")
        + "  real:\n    extends: aid\n    family: player-aid\n",
    )
    layout, diagnostics = load(project / "rules" / "midway-memories.yaml")
    assert diagnostics == []
    assert layout is not None
    assert [c.id for c in layout.components] == ["real"]
