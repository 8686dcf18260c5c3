"""The staged `capture` move: only table cards through which a combination still reaches the
sum are offered, the most cards per capture and when a card may be trailed are declared, and
a field that can never add up is refused at its line."""

from __future__ import annotations

import shutil
from itertools import combinations
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.moves_capture import CaptureMove, reaches

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "weir-nets.yaml"
MOVE = "                  single_first: true\n"


def copy_game(tmp_path: Path, old: str, new: str, *more: tuple[str, str]) -> Path:
    """Weir Nets in a project of its own, with texts of its rules replaced."""
    (tmp_path / "rules").mkdir()
    text = MANIFEST.read_text(encoding="utf-8")
    for was, now in ((old, new), *more):
        assert was in text
        text = text.replace(was, now, 1)
    (tmp_path / "rules" / "weir-nets.yaml").write_text(text)
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "weir-nets", tmp_path / part / "weir-nets")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    return tmp_path / "rules" / "weir-nets.yaml"


def variant(tmp_path: Path, keys: str, *more: tuple[str, str]) -> Game:
    _, game = load_compiled_game(str(copy_game(tmp_path, MOVE, keys, *more)))
    return game


def deal(game: Game, hand: list[str], pond: list[str]) -> tuple[State, CaptureMove]:
    for seed in range(50):
        state = game.new_state(seed, 2)
        if state.first_player == 0:
            break
    index = game.deck.index
    state.zones[game.zone("hand").index] = [[index(c) for c in hand], [index("moss-10")]]
    state.shared[game.zone("pond").index] = [index(c) for c in pond]
    rule = game.mechanic.codec.rules[0]
    assert isinstance(rule, CaptureMove)
    return state, rule


@pytest.mark.parametrize("total", range(0, 16))
def test_reaches_agrees_with_every_combination(total: int) -> None:
    values = [2, 3, 5, 4, 9, 1]
    for most in (None, 1, 2, 3):
        brute = any(
            sum(chosen) == total
            for size in range(0, len(values) + 1)
            if most is None or size <= most
            for chosen in combinations(values, size)
        )
        assert reaches(values, total, most) == brute, (total, most)


def test_the_ids_are_three_per_deck_card() -> None:
    _, game = load_compiled_game(str(MANIFEST))
    assert game.mechanic.codec.rules[0].size == 3 * 40


def test_every_capture_chosen_card_by_card_reaches_the_sum_exactly(tmp_path: Path) -> None:
    game = variant(tmp_path, "")
    pond = ["reed-1", "reed-2", "moss-3", "stone-4", "reed-5", "moss-6", "stone-9"]
    state, rule = deal(game, ["willow-9"], pond)
    weight = game.deck.fields["weight"]
    finished: set[tuple[int, ...]] = set()

    def walk(state: State) -> None:
        if state.to_move() != (0,):
            taken = state.zones[game.zone("catch").index][0]
            finished.add(tuple(sorted(taken[1:])))
            assert sum(weight[c] for c in taken[1:]) == 9
            return
        for action in state.legal_actions(0):
            branch = state.clone()
            branch.apply(0, action)
            walk(branch)

    state.apply(0, rule.base + game.deck.index("willow-9"))
    walk(state)
    expected = {
        tuple(sorted(game.deck.index(c) for c in chosen))
        for size in range(1, len(pond) + 1)
        for chosen in combinations(pond, size)
        if sum(weight[game.deck.index(c)] for c in chosen) == 9
    }
    assert finished == expected  # every combination, and only those


def test_most_bounds_the_cards_of_one_capture(tmp_path: Path) -> None:
    game = variant(tmp_path, "                  most: 2\n")
    state, rule = deal(game, ["willow-9"], ["reed-1", "reed-2", "moss-6", "stone-3"])
    state.apply(0, rule.base + game.deck.index("willow-9"))
    offered = {game.deck.ids[a - rule.base - 2 * rule.deck] for a in state.legal_actions(0)}
    assert offered == {"moss-6", "stone-3"}  # 1 + 2 + 6 takes three cards


def test_trail_always_lets_a_card_that_captures_be_laid(tmp_path: Path) -> None:
    game = variant(tmp_path, "                  trail: always\n")
    state, rule = deal(game, ["willow-7"], ["reed-2", "moss-5"])
    card = game.deck.index("willow-7")
    assert sorted(state.legal_actions(0)) == [rule.base + card, rule.base + rule.deck + card]


def test_trail_never_leaves_a_card_that_captures_nothing_unplayable(tmp_path: Path) -> None:
    unused = ("strategies: ../cards/weir-nets/strategies.yaml\n", "")  # they name `trail`
    game = variant(tmp_path, "                  trail: never\n", unused)
    state, rule = deal(game, ["willow-7", "reed-10"], ["reed-2", "moss-5"])
    assert state.legal_actions(0) == [rule.base + game.deck.index("willow-7")]


def test_a_capture_adding_up_a_text_field_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = copy_game(
        tmp_path, "                  field: weight\n", "                  field: river\n"
    )
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "rules/weir-nets.yaml:" in result.stdout
    assert "no card has a positive number in 'river'" in result.stdout


def test_a_capture_from_a_player_zone_table_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = copy_game(
        tmp_path, "                  table: pond\n", "                  table: catch\n"
    )
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "'catch' is a player zone; this needs a shared zone" in result.stdout


def test_a_capture_adding_up_values_past_the_limit_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    manifest = copy_game(tmp_path, "min: 1, max: 10,", "min: 1, max: 5000,")
    fish = tmp_path / "cards" / "weir-nets" / "fish.yaml"
    text = fish.read_text(encoding="utf-8")
    fish.write_text(text.replace("river: moss, weight: 10}", "river: moss, weight: 4000}"))
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "rules/weir-nets.yaml:" in result.stdout
    assert "a capture adds up to at most 1000, but a card has 4000 in 'weight'" in result.stdout
