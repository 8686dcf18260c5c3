"""Variant overlays: small YAML files that change a game without copying it.

A variant sets values by path (card ids, keys, list positions), adds or removes cards and
switches rule options; it is applied to the raw data before validation, so every mistake in
it is reported at the variant's own `file:line:col`, with did-you-mean where a name is close.
"""

from __future__ import annotations

import json
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit

from toolkit.content.variants import overlay_from_sets
from toolkit.diagnostics import Diagnostic
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.errors import ContentError
from toolkit.sim.runner import play_game

ROOT = Path(__file__).resolve().parent.parent
MIDWAY = "midway-memories"
PARK = "oh-my-park"


def write_variant(folder: Path, body: str, game: str = MIDWAY, name: str = "v.yaml") -> Path:
    """A variant file: the usual header, then `body` (dedented)."""
    path = folder / name
    header = f"kind: variant\ngame: {game}\nname: A test variant\n"
    path.write_text(header + textwrap.dedent(body), encoding="utf-8")
    return path


def compiled(game: str, *variants: Path) -> Game:
    return load_compiled_game(game, list(variants))[1]


def diagnostics_of(game: str, variant: Path) -> list[Diagnostic]:
    with pytest.raises(ContentError) as caught:
        load_compiled_game(game, [variant])
    return caught.value.diagnostics


def position_of(path: Path, needle: str) -> tuple[int, int]:
    """1-based line and column of the first occurrence of `needle` in a file."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if needle in line:
            return number, line.index(needle) + 1
    raise AssertionError(f"{needle!r} not in {path}")


def field(game: Game, kind: str, card: str, name: str) -> Any:
    table = game.tables[kind]
    return table.value(name, table.index(card))


def milestone_points(game: Game, track_id: str) -> list[int]:
    track = next(track for track in game.tracks if track.id == track_id)
    return [milestone.points for milestone in track.milestones]


@pytest.fixture(scope="module")
def baseline() -> Game:
    return compiled(MIDWAY)


# -- overlays change the game ------------------------------------------------------------


def test_set_changes_one_attraction_in_the_compiled_table(tmp_path: Path, baseline: Game) -> None:
    variant = write_variant(
        tmp_path,
        """\
        set:
          - {path: attractions/ferris-wheel/cost, value: 12}
          - {path: attractions/ferris-wheel/requires/fame, value: 5}
        """,
    )
    game = compiled(MIDWAY, variant)
    assert field(game, "attractions", "ferris-wheel", "cost") == 12
    assert field(game, "attractions", "ferris-wheel", "requires")["fame"] == 5
    assert field(baseline, "attractions", "ferris-wheel", "cost") != 12
    # Every other card keeps its cost.
    costs = list(game.tables["attractions"].fields["cost"])
    base_costs = list(baseline.tables["attractions"].fields["cost"])
    ferris = game.tables["attractions"].index("ferris-wheel")
    del costs[ferris], base_costs[ferris]
    assert costs == base_costs


def test_the_shipped_example_variant_applies(baseline: Game) -> None:
    game = compiled(MIDWAY, ROOT / "examples/variants/cheaper-ferris-wheel.yaml")
    assert field(game, "attractions", "ferris-wheel", "cost") == 2
    assert field(game, "attractions", "ferris-wheel", "requires")["fame"] == 0
    assert field(baseline, "attractions", "ferris-wheel", "requires")["fame"] > 0


def test_a_path_into_the_manifest_by_list_ids_and_indexes(tmp_path: Path, baseline: Game) -> None:
    variant = write_variant(
        tmp_path,
        """\
        set:
          - {path: game/tracks/fame/milestones/1/points, value: 9}
          - {path: game/players/max, value: 4}
          - {path: attractions/0/points, value: 5}
        """,
    )
    game = compiled(MIDWAY, variant)
    expected = milestone_points(baseline, "fame")
    assert expected[1] != 9
    expected[1] = 9
    assert milestone_points(game, "fame") == expected
    assert (game.min_players, game.max_players) == (2, 4)
    first = game.tables["attractions"].ids[0]
    assert field(game, "attractions", first, "points") == 5
    assert field(baseline, "attractions", first, "points") != 5


def test_add_and_remove_cards(tmp_path: Path, baseline: Game) -> None:
    variant = write_variant(
        tmp_path,
        """\
        remove:
          - {kind: attractions, id: zipper}
        add:
          - kind: attractions
            card:
              id: big-top
              name: Big Top
              level: 3
              cost: 6
              requires: {fame: 4, joy: 4}
              points: 9
              flavour: Elephants, clowns and a man on a wire.
        """,
    )
    game = compiled(MIDWAY, variant)
    ids = game.tables["attractions"].ids
    assert "zipper" in baseline.tables["attractions"].ids
    assert "zipper" not in ids
    assert ids[-1] == "big-top"
    assert len(ids) == len(baseline.tables["attractions"].ids)
    assert field(game, "attractions", "big-top", "points") == 9
    assert "big-top" in game.deck_and_pool_ids()


def test_options_get_new_defaults(tmp_path: Path) -> None:
    base = compiled(PARK)
    variant = write_variant(
        tmp_path, "options: {scoring-side: blue, bonus-cards: true}\n", game=PARK
    )
    game = compiled(PARK, variant)
    assert base.option_defaults == {"scoring-side": "green", "bonus-cards": False}
    assert game.option_defaults == {"scoring-side": "blue", "bonus-cards": True}
    # The new default is what a game is played with: the variable card shows its blue side.
    sides = play_game(game, 5, 3, ["random"] * 3).slots["variable-scoring"]
    base_sides = play_game(base, 5, 3, ["random"] * 3).slots["variable-scoring"]
    assert all(entry.endswith(":blue") for entry in sides)
    assert all(entry.endswith(":green") for entry in base_sides)


def test_several_variants_apply_in_order(tmp_path: Path) -> None:
    first = write_variant(
        tmp_path, "set:\n  - {path: attractions/ferris-wheel/cost, value: 7}\n", name="a.yaml"
    )
    second = write_variant(
        tmp_path, "set:\n  - {path: attractions/ferris-wheel/cost, value: 8}\n", name="b.yaml"
    )
    assert field(compiled(MIDWAY, first, second), "attractions", "ferris-wheel", "cost") == 8
    assert field(compiled(MIDWAY, second, first), "attractions", "ferris-wheel", "cost") == 7


# -- mistakes are reported at the variant's lines ------------------------------------------


@dataclass(frozen=True)
class Mistake:
    body: str
    code: str
    at: str
    """Text on the line (and at the column) where the error belongs."""
    says: str
    """Expected in the message or hint, e.g. a did-you-mean."""
    game: str = MIDWAY


MISTAKES = {
    "misspelt card id": Mistake(
        "set:\n  - {path: attractions/feris-wheel/cost, value: 2}\n",
        "unknown-path",
        "attractions/feris-wheel/cost",
        "did you mean 'ferris-wheel'?",
    ),
    "misspelt key inside the path": Mistake(
        "set:\n  - {path: game/trackz/fame/max, value: 10}\n",
        "unknown-path",
        "game/trackz/fame/max",
        "did you mean 'tracks'?",
    ),
    "misspelt last key": Mistake(
        "set:\n  - {path: attractions/ferris-wheel/cots, value: 2}\n",
        "unknown-key",
        "value: 2",
        "did you mean 'cost'?",
    ),
    "list index out of range": Mistake(
        "set:\n  - {path: game/tracks/fame/milestones/7/points, value: 1}\n",
        "unknown-path",
        "game/tracks/fame/milestones/7/points",
        "no item '7'",
    ),
    "a path through a single value": Mistake(
        "set:\n  - {path: attractions/ferris-wheel/cost/coins, value: 1}\n",
        "unknown-path",
        "attractions/ferris-wheel/cost/coins",
        "holds a single value",
    ),
    "wrong type of value": Mistake(
        "set:\n  - path: attractions/ferris-wheel/cost\n    value: twelve\n",
        "wrong-type",
        "twelve",
        "whole number",
    ),
    "wrong type after a removal shifts the list": Mistake(
        "set:\n  - {path: attractions/zipper/cost, value: lots}\n"
        "remove:\n  - {kind: attractions, id: carousel}\n",
        "wrong-type",
        "lots",
        "whole number",
    ),
    "value out of range": Mistake(
        "set:\n  - {path: attractions/ferris-wheel/cost, value: -3}\n",
        "out-of-range",
        "-3",
        "greater than or equal to 0",
    ),
    "misspelt key in an added card": Mistake(
        "add:\n  - kind: attractions\n    card:\n      id: big-top\n      name: Big Top\n"
        "      level: 3\n      cost: 6\n      requires: {fame: 4, joy: 4}\n      points: 9\n"
        "      flavour: x\n      colour: red\n",
        "unknown-key",
        "colour",
        "unknown key 'colour'",
    ),
    "removing a card that does not exist": Mistake(
        "remove:\n  - {kind: attractions, id: ferris-wheal}\n",
        "unknown-reference",
        "ferris-wheal",
        "did you mean 'ferris-wheel'?",
    ),
    "an option that does not exist": Mistake(
        "options: {scoring-side: blue, bonus-card: true}\n",
        "unknown-reference",
        "bonus-card",
        "did you mean 'bonus-cards'?",
        game=PARK,
    ),
    "an unknown key in the variant file": Mistake(
        "sett:\n  - {path: attractions/ferris-wheel/cost, value: 2}\n",
        "unknown-key",
        "sett",
        "did you mean 'set'?",
    ),
    "a misspelt kind to remove from": Mistake(
        "remove:\n  - {kind: attraction, id: zipper}\n",
        "unknown-reference",
        "attraction,",
        "did you mean 'attractions'?",
    ),
}


@pytest.mark.parametrize("mistake", MISTAKES.values(), ids=MISTAKES.keys())
def test_a_mistake_is_reported_at_the_variants_line(tmp_path: Path, mistake: Mistake) -> None:
    variant = write_variant(tmp_path, mistake.body, game=mistake.game)
    found = diagnostics_of(mistake.game, variant)
    assert len(found) == 1, [d.render() for d in found]
    diagnostic = found[0]
    line, column = position_of(variant, mistake.at)
    assert (diagnostic.file, diagnostic.line, diagnostic.column) == (str(variant), line, column)
    assert diagnostic.code == mistake.code
    assert diagnostic.severity == "error"
    assert mistake.says in diagnostic.message + " " + diagnostic.hint


def test_an_unknown_option_is_on_the_variants_line_with_did_you_mean(tmp_path: Path) -> None:
    variant = write_variant(
        tmp_path, "options: {scoring-side: blue, bonus-card: true}\n", game=PARK
    )
    [diagnostic] = diagnostics_of(PARK, variant)
    assert (diagnostic.file, diagnostic.line) == (str(variant), 4)
    assert diagnostic.code == "unknown-reference"
    assert "'bonus-card'" in diagnostic.message
    assert diagnostic.hint == "did you mean 'bonus-cards'?"


def test_an_option_for_a_game_without_options(tmp_path: Path) -> None:
    variant = write_variant(tmp_path, "options: {trumps: true}\n")
    [diagnostic] = diagnostics_of(MIDWAY, variant)
    assert (diagnostic.file, diagnostic.line, diagnostic.code) == (
        str(variant),
        4,
        "unknown-reference",
    )
    assert "unknown option 'trumps'" in diagnostic.message


def test_an_option_value_outside_its_choices(tmp_path: Path) -> None:
    variant = write_variant(tmp_path, "options: {scoring-side: red}\n", game=PARK)
    found = diagnostics_of(PARK, variant)
    mine = [d for d in found if d.file == str(variant)]
    assert [(d.line, d.code) for d in mine] == [(4, "invalid-value")]
    assert "'red'" in mine[0].message
    assert mine[0].hint == "expected one of: 'blue', 'green'"


@pytest.mark.parametrize("value", ["'yes'", "3"])
def test_a_yes_no_option_takes_only_true_or_false(tmp_path: Path, value: str) -> None:
    variant = write_variant(tmp_path, f"options: {{bonus-cards: {value}}}\n", game=PARK)
    found = diagnostics_of(PARK, variant)
    assert [(d.file, d.line) for d in found] == [(str(variant), 4)]


def test_a_wrong_type_is_not_blamed_on_the_card_file(tmp_path: Path) -> None:
    variant = write_variant(tmp_path, "set:\n  - {path: attractions/carousel/points, value: [3]}\n")
    rendered = [d.render() for d in diagnostics_of(MIDWAY, variant)]
    assert len(rendered) == 1
    assert rendered[0].startswith(f"{variant}:5:")
    assert "attractions.yaml" not in rendered[0]


def test_a_variant_for_another_game(tmp_path: Path) -> None:
    variant = write_variant(tmp_path, "set: []\n", game=MIDWAY)
    found = diagnostics_of(PARK, variant)
    assert [(d.file, d.line, d.code) for d in found] == [(str(variant), 2, "game-mismatch")]
    assert "'midway-memories', not 'oh-my-park'" in found[0].message


def test_every_mistake_of_a_variant_at_once(tmp_path: Path) -> None:
    variant = write_variant(
        tmp_path,
        """\
        set:
          - {path: attractions/feris-wheel/cost, value: 2}
          - {path: attractions/carousel/cost, value: cheap}
        remove:
          - {kind: attractions, id: ziper}
        """,
    )
    found = diagnostics_of(MIDWAY, variant)
    assert sorted((d.line, d.code) for d in found) == [
        (5, "unknown-path"),
        (6, "wrong-type"),
        (8, "unknown-reference"),
    ]
    assert all(d.file == str(variant) for d in found)


NAMES_NOTHING = {
    "misspelt file kind in a path": "set:\n  - {path: attraction/ferris-wheel/cost, value: 9}\n",
    "a kind the game does not have": "set:\n  - {path: park-cards/B7/cost, value: 3}\n",
    "adding to a kind the game does not have": (
        "add:\n  - kind: park-cards\n    card: {id: B99}\n"
    ),
    "removing from a kind the game does not have": ("remove:\n  - {kind: park-cards, id: B7}\n"),
}


@pytest.mark.parametrize("body", NAMES_NOTHING.values(), ids=NAMES_NOTHING.keys())
def test_a_change_to_a_file_the_game_lacks_is_an_error(tmp_path: Path, body: str) -> None:
    variant = write_variant(tmp_path, body)
    found = diagnostics_of(MIDWAY, variant)
    assert found and all(d.file == str(variant) for d in found)


def test_a_file_that_is_not_a_variant_is_told_so_plainly(tmp_path: Path) -> None:
    path = tmp_path / "attractions.yaml"
    path.write_text("kind: attractions\nattractions: []\n", encoding="utf-8")
    found = diagnostics_of(MIDWAY, path)
    assert [(d.line, d.code) for d in found] == [(1, "kind-mismatch")]
    assert "manifest" not in found[0].message


# -- on the command line -----------------------------------------------------------------


def test_simulate_plays_with_a_variant(tmp_path: Path) -> None:
    variant = write_variant(
        tmp_path, "set:\n  - {path: attractions/ferris-wheel/cost, value: 80}\n"
    )
    result = run_toolkit(
        "simulate", MIDWAY, "--games", "60", "--workers", "1", "--format", "json",
        "--variant", str(variant),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["arguments"]["variants"] == [str(variant)]
    rows = {row["card"]: row for row in summary["cards"]["display"]}
    assert rows["ferris-wheel"]["games_on_display"] > 0
    assert rows["ferris-wheel"]["acquire_rate"] == 0  # nobody ever holds 80 coins
    assert rows["carousel"]["acquire_rate"] > 0


def test_simulate_with_a_bad_variant_exits_1_at_its_line(tmp_path: Path) -> None:
    variant = write_variant(
        tmp_path, "set:\n  - {path: attractions/ferris-wheel/cost, value: three}\n"
    )
    result = run_toolkit("simulate", MIDWAY, "--games", "2", "--variant", str(variant))
    assert result.returncode == 1
    assert result.stdout == ""
    line, column = position_of(variant, "three")
    assert result.stderr.startswith(f"{variant}:{line}:{column}: error[wrong-type]")


def test_simulate_with_a_missing_variant_file_exits_2(tmp_path: Path) -> None:
    """A file named on the command line that is not there is a usage error, as everywhere."""
    missing = tmp_path / "nowhere.yaml"
    result = run_toolkit("simulate", MIDWAY, "--games", "2", "--variant", str(missing))
    assert result.returncode == 2
    assert result.stderr == f"usage error: --variant: no such file: '{missing}'\n"


def test_set_values_build_an_overlay(baseline: Game) -> None:
    sets: list[tuple[str, Any]] = [
        ("attractions/ferris-wheel/cost", 7),
        ("game/tracks/joy/milestones/1/points", 5),
    ]
    overlay = overlay_from_sets(sets, MIDWAY)
    assert overlay.variant.game == MIDWAY
    assert overlay.targets() == {"attractions", "game"}
    assert [(op.path, op.value) for op in overlay.variant.set] == sets
    _, game = load_compiled_game(MIDWAY, sets=sets)
    assert field(game, "attractions", "ferris-wheel", "cost") == 7
    assert milestone_points(game, "joy")[1] == 5
    assert field(baseline, "attractions", "ferris-wheel", "cost") != 7
    assert milestone_points(baseline, "joy")[1] != 5


def test_a_bad_set_path_names_set() -> None:
    with pytest.raises(ContentError) as caught:
        load_compiled_game(MIDWAY, sets=[("attractions/feris-wheel/cost", 1)])
    [diagnostic] = caught.value.diagnostics
    assert diagnostic.file == "--set"
    assert diagnostic.code == "unknown-path"
    assert "did you mean 'ferris-wheel'?" in diagnostic.message


def test_sweep_with_a_bad_set_path_exits_1_naming_set() -> None:
    result = run_toolkit(
        "sweep", MIDWAY, "--set", "attractions/feris-wheel/cost=1..2", "--games", "2",
        "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr.startswith("--set:1:1: error[unknown-path]")
    assert "did you mean 'ferris-wheel'?" in result.stderr


def test_sweep_with_a_wrong_type_exits_1_naming_set() -> None:
    result = run_toolkit(
        "sweep", MIDWAY, "--set", "attractions/ferris-wheel/cost=cheap", "--games", "2",
        "--workers", "1",
    )  # fmt: skip
    assert result.returncode == 1
    assert result.stderr.startswith("--set:1:")
    assert "wrong-type" in result.stderr
