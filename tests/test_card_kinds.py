"""Card kinds declared by the game: a designer's own kinds and fields, validated like any content.

Each test builds a small project from the Harbour Lights toy game (tests/games/), changes one
thing, and runs the real loader and checks, so the diagnostics are the ones a designer sees.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.content.project import load_game
from toolkit.content.semantic import check_game
from toolkit.content.validate import validate_paths
from toolkit.diagnostics import Diagnostic
from toolkit.engine.game import compile_game
from toolkit.errors import UnknownIdError

TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
SHIPS = "cards/harbour-lights/ships.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(TOY, tmp_path / "toy")
    return tmp_path / "toy"


def edit(project: Path, relative: str, old: str, new: str) -> None:
    path = project / relative
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {relative}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def diagnostics(project: Path) -> list[Diagnostic]:
    content, found = load_game(project / MANIFEST)
    if content is not None:
        found = [*found, *check_game(content)]
    return found


def codes(found: list[Diagnostic]) -> list[tuple[str, int, str]]:
    return [(Path(d.file).name, d.line, d.code) for d in found]


def line_of(project: Path, relative: str, text: str) -> int:
    lines = (project / relative).read_text(encoding="utf-8").splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def test_the_toy_game_with_its_own_kinds_is_valid(project: Path) -> None:
    assert diagnostics(project) == []


def test_a_declared_field_compiles_into_the_card_table(project: Path) -> None:
    content, _ = load_game(project / MANIFEST)
    assert content is not None
    game = compile_game(content)
    ships = game.tables["ships"]
    assert ships.types["cargo"] == "list"
    first = content.cards("ships")[0]
    assert ships.value("cargo", 0) == first.cargo
    assert ships.names[0] == first.id  # no `name` field: people read the id


def test_an_undeclared_field_is_an_unknown_key_with_a_suggestion(project: Path) -> None:
    edit(project, SHIPS, "tonnage:", "tonage:")
    found = diagnostics(project)
    assert {d.code for d in found} >= {"unknown-key"}
    unknown = next(d for d in found if d.code == "unknown-key")
    assert unknown.line == line_of(project, SHIPS, "tonage:")
    assert "tonnage" in unknown.hint


def test_a_wrong_type_and_an_out_of_range_number_are_reported_together(project: Path) -> None:
    edit(project, SHIPS, "tonnage: 1", "tonnage: one")
    edit(project, SHIPS, "tonnage: 2", "tonnage: 7")
    found = diagnostics(project)
    lines = {d.line for d in found}
    assert line_of(project, SHIPS, "tonnage: one") in lines
    assert line_of(project, SHIPS, "tonnage: 7") in lines


def test_an_enum_value_outside_its_choices_is_refused_with_a_hint(project: Path) -> None:
    edit(project, SHIPS, "fish", "fsh")
    found = diagnostics(project)
    assert found, "a value outside the enum's choices passed"
    assert any("fish" in d.hint for d in found), codes(found)


def test_a_reference_to_a_missing_card_is_reported_at_its_line(project: Path) -> None:
    text = (project / SHIPS).read_text(encoding="utf-8")
    escort = next(line for line in text.splitlines() if "escort:" in line)
    target = escort.split("escort:")[1].split(",")[0].split("}")[0].strip()
    edit(project, SHIPS, f"escort: {target}", f"escort: {target}x")
    found = diagnostics(project)
    assert ("ships.yaml", line_of(project, SHIPS, f"escort: {target}x"), "unknown-reference") in (
        codes(found)
    )
    assert any(target in d.hint for d in found)


def test_a_map_keyed_by_tracks_names_only_tracks(project: Path) -> None:
    text = (project / SHIPS).read_text(encoding="utf-8")
    assert "needs: {renown:" in text
    edit(project, SHIPS, "needs: {renown:", "needs: {renow:")
    found = diagnostics(project)
    assert any(d.code == "unknown-reference" and "renown" in d.hint for d in found), codes(found)


def test_an_enum_without_values_is_a_declaration_error(project: Path) -> None:
    edit(project, MANIFEST, "choices: [oil, gas, electric]\n", "\n")
    found = diagnostics(project)
    assert any(d.code == "missing-key" and "lamp" in d.message for d in found), codes(found)


def test_a_declaration_with_parts_of_another_type_is_refused(project: Path) -> None:
    edit(project, MANIFEST, "tonnage: {type: int,", "tonnage: {type: text, min: 1, max: 3,")
    edit(project, MANIFEST, " min: 1, max: 3, min: 1, max: 3,", " min: 1, max: 3,")
    found = diagnostics(project)
    assert any("does not apply" in d.message for d in found), codes(found)


def test_a_kind_may_not_take_a_name_the_toolkit_uses(project: Path) -> None:
    edit(project, MANIFEST, "  ships:\n    description", "  variant:\n    description")
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8").replace("cards: ships", "cards: variant")
    manifest.write_text(text, encoding="utf-8")
    edit(project, SHIPS, "kind: ships", "kind: variant")
    found = diagnostics(project)
    assert any(d.code == "invalid-value" and "'variant'" in d.message for d in found), codes(found)


def test_a_card_file_alone_is_checked_against_its_games_declaration(project: Path) -> None:
    edit(project, SHIPS, "tonnage:", "tonage:")
    report = validate_paths([project / SHIPS], project)
    found = {(d.line, d.code) for d in report.diagnostics}
    assert (line_of(project, SHIPS, "tonage:"), "unknown-key") in found
    assert {code for _, code in found} == {"unknown-key", "missing-key"}  # tonnage is required


def test_a_card_file_of_a_kind_no_game_declares_says_how_to_declare_it(tmp_path: Path) -> None:
    path = tmp_path / "lanterns.yaml"
    path.write_text("kind: lanterns\ncards:\n  - {id: red}\n", encoding="utf-8")
    report = validate_paths([path], tmp_path)
    assert [(d.line, d.code) for d in report.diagnostics] == [(1, "unknown-kind")]
    assert "card_kinds" in report.diagnostics[0].hint


def test_filters_on_a_list_field_match_any_item_and_distinct_values_count_items(
    project: Path,
) -> None:
    edit(
        project,
        MANIFEST,
        "scoring:\n",
        "scoring:\n"
        "  - {rule: per_card, label: Fish, zone: moorings, where: {cargo: fish}, points: 1}\n"
        "  - {rule: distinct_values, label: Cargo kinds, zone: moorings, field: cargo,"
        " points: 1}\n",
    )
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found and not check_game(content)
    game = compile_game(content)
    state = game.new_state(seed=3, players=2)
    moorings = game.zone("moorings").index
    cards = content.cards("ships")
    with_fish = [i for i, ship in enumerate(cards) if "fish" in ship.cargo]
    assert with_fish, "the toy's ships carry no fish"
    state.zones[moorings][0] = with_fish[:2]
    breakdown = game.score(state).breakdown[0]
    assert breakdown["Fish"] == len(with_fish[:2])
    kinds = {item for i in with_fish[:2] for item in cards[i].cargo}
    assert breakdown["Cargo kinds"] == len(kinds)


def test_lookups_of_unknown_ids_raise_the_toolkits_error(project: Path) -> None:
    content, _ = load_game(project / MANIFEST)
    assert content is not None
    game = compile_game(content)
    with pytest.raises(UnknownIdError, match="harbor"):
        game.zone("harbor")
    with pytest.raises(UnknownIdError, match="known: 'renown'"):
        game.track_index("fame")
    with pytest.raises(UnknownIdError):
        game.card("ships", "no-such-ship")


def test_the_game_is_frozen(project: Path) -> None:
    content, _ = load_game(project / MANIFEST)
    assert content is not None
    game = compile_game(content)
    with pytest.raises(AttributeError):
        game.name = "Other"  # type: ignore[misc]


def test_schema_writes_a_schema_per_declared_kind(project: Path) -> None:
    result = run_toolkit("schema", "--out", "schemas", cwd=project)
    assert result.returncode == 0, result.stderr
    written = sorted(
        p.relative_to(project / "schemas").as_posix() for p in (project / "schemas").rglob("*.json")
    )
    assert "harbour-lights/ships.schema.json" in written
    assert "harbour-lights/beacons.schema.json" in written
    text = (project / "schemas" / "harbour-lights" / "ships.schema.json").read_text()
    assert '"cargo"' in text and '"fish"' in text and "The goods it carries." in text
