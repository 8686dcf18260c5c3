"""Computed measures in games: each compiled by a shipped game's compiler and read on a
stacked state, then used where measures are (a scoring rule, a condition of `end.when`, a
target, a bot weight, a staged check) through the command line, and misspelt ones reported
at their line."""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.game import Compiler, Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.schema.filters import Measure

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def tidewrack() -> Game:
    return load_compiled_game(str(ROOT / "rules" / "tidewrack.yaml"))[1]


@pytest.fixture(scope="module")
def park() -> Game:
    return load_compiled_game(str(ROOT / "rules" / "oh-my-park.yaml"))[1]


def measure(game: Game, data: dict[str, object]) -> int:
    """The measure for player 0 of the state `hold` or `lay` prepared."""
    return Compiler(game.content, game.layout).measure(Measure.model_validate(data))(STATE[0], 0)


STATE: list[State] = []


def hold(game: Game, cards: Sequence[str]) -> None:
    state = game.new_state(1, 2)
    state.zones[game.zone("hand").index][0] = [game.deck.index(c) for c in cards]
    STATE[:] = [state]


def lay(game: Game, cells: dict[tuple[int, int], str | None]) -> None:
    """A park of player 0: a card id per cell, None for a face-down card."""
    state = game.new_state(1, 2)
    grid = state.grids[game.zone("park").index][0]
    grid.clear()
    for cell, card in cells.items():
        grid[cell] = -1 if card is None else game.deck.index(card)
    STATE[:] = [state]


def test_deadwood_of_a_tidewrack_hand(tidewrack: Game) -> None:
    hold(
        tidewrack,
        ["shell-3", "shell-4", "shell-5", "kelp-7", "glass-7", "coral-7", "kelp-12", "glass-2"],
    )
    spec = {"zone": "hand", "rank": "number", "suit": "shore", "value": "weight"}
    assert measure(tidewrack, {"deadwood": spec}) == 10 + 2
    # Unset value: an unmatched card counts its rank (12, not 10).
    assert measure(tidewrack, {"deadwood": {**spec, "value": None}}) == 12 + 2


def test_best_total_with_ones_counting_eleven(tidewrack: Game) -> None:
    hold(tidewrack, ["shell-1", "kelp-1", "glass-9"])
    spec = {
        "zone": "hand",
        "field": "weight",
        "counts_as": [{"value": 1, "also": [11]}],
        "limit": 21,
        "bust": -1,
    }
    assert measure(tidewrack, {"best_total": spec}) == 21
    hold(tidewrack, ["shell-10", "kelp-13", "glass-9"])
    assert measure(tidewrack, {"best_total": spec}) == -1


def test_lowest_of_each_run_of_one_shore(tidewrack: Game) -> None:
    hold(tidewrack, ["shell-5", "shell-6", "shell-7", "kelp-8", "shell-9"])
    spec = {"zone": "hand", "field": "number"}
    assert measure(tidewrack, {"lowest_of_runs": spec}) == 5  # 5 to 9, one run
    assert measure(tidewrack, {"lowest_of_runs": {**spec, "same": "shore"}}) == 5 + 8 + 9


def test_best_groups_by_shore(tidewrack: Game) -> None:
    hold(tidewrack, ["shell-1", "shell-2", "shell-3", "kelp-4", "kelp-5", "coral-6"])
    spec = {"zone": "hand", "by": "shore", "best": 2}
    assert measure(tidewrack, {"best_groups": spec}) == 3 + 2 - 1
    assert measure(tidewrack, {"best_groups": {**spec, "table": [1, 3, 6]}}) == 6 + 3 - 1
    assert measure(tidewrack, {"best_groups": {**spec, "sum": "number"}}) == 9 + 6 - 6


def test_best_number_per_shore(tidewrack: Game) -> None:
    hold(tidewrack, ["shell-1", "shell-12", "kelp-4", "kelp-5"])
    spec = {"zone": "hand", "by": "shore", "field": "number"}
    assert measure(tidewrack, {"best_per_group": spec}) == 12 + 5
    assert measure(tidewrack, {"best_per_group": {**spec, "lowest": True}}) == 1 + 4


def test_grid_pairs_in_a_drafted_park(park: Game) -> None:
    # B1 and Y1 share number 1 in column 0; face-down cards count 3 each.
    lay(park, {(0, 0): "B1", (1, 0): "Y1", (0, 1): "B5", (1, 1): None})
    spec = {"zone": "park", "field": "number", "face_down": 3}
    assert measure(park, {"grid_pairs": spec}) == 5 + 3
    assert measure(park, {"grid_pairs": {**spec, "line": "row"}}) == 1 + 5 + 1 + 3


# -- through the command line ---------------------------------------------------------------


def copy_game(tmp_path: Path) -> Path:
    """Tidewrack in a project of its own; returns its manifest."""
    (tmp_path / "rules").mkdir()
    shutil.copy(ROOT / "rules" / "tidewrack.yaml", tmp_path / "rules")
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "tidewrack", tmp_path / part / "tidewrack")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    return tmp_path / "rules" / "tidewrack.yaml"


def edit(manifest: Path, old: str, new: str) -> None:
    text = manifest.read_text(encoding="utf-8")
    assert old in text
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_computed_measures_score_end_the_game_and_set_targets(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path)
    edit(
        manifest,
        "end:\n  winner: highest\n",
        """scoring:
  - rule: per_unit
    label: Best finds
    measure: {best_per_group: {zone: hand, by: shore, field: number}}
    points: 1
  - rule: compare
    label: Long runs
    measure: {lowest_of_runs: {zone: hand, field: number, same: shore}}
    target: {best_groups: {zone: hand, by: shore, best: 2}}
    over: {points: 3}

end:
  winner: highest
  when:
    - {measure: {best_total: {zone: hand, field: weight, limit: 200}}, at_least: 10}
""",
    )
    edit(manifest, "  rounds: 1  #", "  rounds: 3  #")
    result = run_toolkit("validate", "tidewrack", cwd=tmp_path)
    assert result.returncode == 0, result.stdout
    result = run_toolkit(
        "simulate",
        "tidewrack",
        "--games",
        "4",
        "--bots",
        "random",
        "--format",
        "json",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert set(report["seats"][0]["score_by_source"]) == {"The walk", "Best finds", "Long runs"}
    # Ten finds weigh at least 10: `end.when` holds after the first of three walks.
    assert report["game"]["length"]["rounds"]["max"] == 1


def test_a_misspelt_field_of_a_computed_measure_is_an_error_at_its_line(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path)
    edit(
        manifest,
        "rank: number, suit: shore, value: weight}",
        "rank: numbr, suit: shore, value: weight}",
    )
    result = run_toolkit("validate", "tidewrack", cwd=tmp_path)
    assert result.returncode == 1
    line = next(n for n, text in enumerate(manifest.read_text().splitlines(), 1) if "numbr" in text)
    assert f"rules/tidewrack.yaml:{line}:" in result.stdout
    assert "unknown card field 'numbr'" in result.stdout
    assert "did you mean 'number'" in result.stdout


def test_a_bot_weight_on_an_unknown_zone_is_an_error_at_its_line(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path)
    edit(
        manifest,
        "      - {measure: {deadwood: *driftwood}, weight: -1}",
        "      - {measure: {best_per_group: {zone: hnad, by: shore, field: number}}, weight: 1}",
    )
    result = run_toolkit("validate", "tidewrack", cwd=tmp_path)
    assert result.returncode == 1
    assert "unknown player zone 'hnad'" in result.stdout
    assert "did you mean 'hand'" in result.stdout


def test_grid_pairs_needs_a_grid_zone(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path)
    edit(
        manifest,
        "      - {measure: {deadwood: *driftwood}, weight: -1}",
        "      - {measure: {grid_pairs: {zone: hand, field: number}}, weight: 1}",
    )
    result = run_toolkit("validate", "tidewrack", cwd=tmp_path)
    assert result.returncode == 1
    assert "'grid_pairs' compares the lines of a grid zone; 'hand' is not one" in result.stdout


def test_a_hand_over_max_cards_stops_the_game_with_an_error_naming_the_measure(
    tidewrack: Game,
) -> None:
    from toolkit.errors import UnsupportedGameError

    hold(tidewrack, [f"shell-{n}" for n in range(1, 8)])
    spec = {"zone": "hand", "rank": "number", "suit": "shore", "max_cards": 6}
    with pytest.raises(UnsupportedGameError, match="a hand of 7 cards; its max_cards is 6"):
        measure(tidewrack, {"deadwood": spec})
