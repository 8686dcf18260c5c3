"""Computed measures, alone: the arithmetic of each on plain card values, the model that names
exactly one, and the words the rules help and the reference sheet print."""

from __future__ import annotations

import random
import time
from itertools import product

import pytest
from pydantic import ValidationError

from toolkit.mechanics.staged.structure import Check
from toolkit.mechanics.staged.words import check_words
from toolkit.rules.measures.computed import describe_computed
from toolkit.rules.measures.deadwood import deadwood
from toolkit.rules.measures.grid import grid_pairs
from toolkit.rules.measures.groups import best_groups, best_per_group, group_worth
from toolkit.rules.measures.sums import best_total, lowest_of_runs
from toolkit.schema.filters import Measure

ACE = {1: (11,)}

# -- best_total --------------------------------------------------------------------------------


def test_an_ace_counts_eleven_while_the_total_stays_under_the_limit() -> None:
    assert best_total([1, 9], ACE, 21, 0) == 20
    assert best_total([1, 1, 9], ACE, 21, 0) == 21


def test_an_ace_counts_one_when_eleven_would_bust() -> None:
    assert best_total([1, 10, 10], ACE, 21, 0) == 21
    assert best_total([1, 1, 10, 5], ACE, 21, 0) == 17


def test_a_hand_over_the_limit_at_its_least_measures_the_declared_bust() -> None:
    assert best_total([10, 10, 5], ACE, 21, -1) == -1
    assert best_total([1, 10, 10, 2], ACE, 21, 0) == 0


def test_without_alternatives_the_total_is_the_plain_sum() -> None:
    assert best_total([3, 4, 5], {}, 21, 0) == 12
    assert best_total([], ACE, 21, 0) == 0


def test_a_value_with_several_alternatives_takes_the_best_that_fits() -> None:
    assert best_total([2, 6], {2: (5, 12)}, 15, 0) == 11
    assert best_total([2, 6], {2: (5, 12)}, 18, 0) == 18


# -- lowest_of_runs ----------------------------------------------------------------------------


def test_each_run_counts_only_its_lowest_card() -> None:
    assert lowest_of_runs([[5, 6, 7, 9, 20, 21]]) == 5 + 9 + 20


def test_a_value_held_twice_is_one_member_of_its_run() -> None:
    assert lowest_of_runs([[3, 3, 4]]) == 3


def test_runs_are_found_within_each_group_apart() -> None:
    assert lowest_of_runs([[4, 5], [5, 6]]) == 4 + 5


# -- best_groups / best_per_group --------------------------------------------------------------


def test_the_best_groups_add_and_the_others_subtract() -> None:
    assert best_groups([5, 1, 3, 2], best=2) == 5 + 3 - 1 - 2
    assert best_groups([4], best=3) == 4


def test_a_group_is_worth_its_table_entry_by_size_and_the_last_entry_beyond() -> None:
    table = [1, 3, 6]
    assert [group_worth(size, 0, table, False) for size in (1, 2, 3, 5)] == [1, 3, 6, 6]
    assert group_worth(4, 17, None, True) == 17
    assert group_worth(4, 17, None, False) == 4


def test_the_best_card_of_each_group_adds_up() -> None:
    assert best_per_group([[3, 9, 4], [7], []], lowest=False) == 16
    assert best_per_group([[3, 9, 4], [7]], lowest=True) == 10


# -- grid_pairs --------------------------------------------------------------------------------


def test_two_equal_cards_in_a_column_cancel() -> None:
    cells = [((0, 0), 5, 5), ((1, 0), 5, 5), ((0, 1), 3, 3), ((1, 1), 8, 8)]
    assert grid_pairs(cells, "column", 2, 0) == 3 + 8


def test_equal_cards_in_one_row_do_not_cancel_when_columns_are_compared() -> None:
    cells = [((0, 0), 5, 5), ((0, 1), 5, 5)]
    assert grid_pairs(cells, "column", 2, 0) == 10
    assert grid_pairs(cells, "row", 2, 0) == 0


def test_three_equal_cards_cancel_in_one_pair_and_leave_the_last() -> None:
    cells = [((0, 0), 4, 4), ((1, 0), 4, 4), ((2, 0), 4, 4)]
    assert grid_pairs(cells, "column", 2, 0) == 4
    assert grid_pairs(cells, "column", 3, 0) == 0


def test_face_down_cards_count_their_declared_value_and_never_cancel() -> None:
    cells = [((0, 0), None, None), ((1, 0), None, None), ((2, 0), 6, 6)]
    assert grid_pairs(cells, "column", 2, 5) == 16


def test_cards_cancel_by_the_match_field_and_take_their_own_values_away() -> None:
    # Two cards of one symbol in a column cancel whatever their points.
    cells = [((0, 0), 2, "sun"), ((1, 0), 7, "sun"), ((2, 0), 1, "moon")]
    assert grid_pairs(cells, "column", 2, 0) == 1


# -- deadwood ----------------------------------------------------------------------------------


def card(rank: int, suit: str) -> tuple[int, str, int]:
    return (rank, suit, min(rank, 10))


def test_sets_and_runs_leave_only_the_unmatched_cards() -> None:
    hand = [card(3, "h"), card(4, "h"), card(5, "h"), card(7, "h"), card(7, "s"), card(7, "c")]
    assert deadwood([*hand, card(13, "s"), card(2, "c")], 3, 3) == 10 + 2


def test_a_card_wanted_by_a_set_and_a_run_goes_where_it_leaves_least() -> None:
    # 5h in the run 3-4-5-6 of hearts leaves 5s 5c (10); in the set of fives, 3h 4h 6h (13).
    hand = [card(3, "h"), card(4, "h"), card(5, "h"), card(6, "h"), card(5, "s"), card(5, "c")]
    assert deadwood(hand, 3, 3) == 10


def test_a_long_run_splits_when_a_set_needs_its_end() -> None:
    # 4-5-6-7 of hearts and 7s 7c: 4-5-6 of hearts and the set of sevens leave nothing.
    hand = [card(4, "h"), card(5, "h"), card(6, "h"), card(7, "h"), card(7, "s"), card(7, "c")]
    assert deadwood(hand, 3, 3) == 0


def test_declared_sizes_decide_what_melds() -> None:
    hand = [card(9, "h"), card(9, "s"), card(2, "c"), card(3, "c")]
    assert deadwood(hand, 3, 3) == 9 + 9 + 2 + 3
    assert deadwood(hand, 2, 2) == 0


def test_a_card_without_a_rank_never_melds() -> None:
    assert deadwood([(None, "h", 4), card(1, "h"), card(2, "h")], 3, 3) == 4 + 1 + 2


def test_duplicate_cards_of_two_decks_make_two_runs() -> None:
    hand = [card(r, "h") for r in (2, 3, 4)] * 2
    assert deadwood(hand, 3, 3) == 0


def brute_deadwood(hand: list[tuple[int, str, int]], set_size: int, run_size: int) -> int:
    """Every assignment of each card to unmatched or to one of two groups (six cards make at
    most two melds of three), kept when every group is a set or a run: the least unmatched
    value."""
    best = sum(v for _, _, v in hand)
    for labels in product(range(3), repeat=len(hand)):
        groups: dict[int, list[tuple[int, str, int]]] = {}
        for label, c in zip(labels, hand, strict=True):
            if label:
                groups.setdefault(label, []).append(c)
        if all(_is_meld(g, set_size, run_size) for g in groups.values()):
            best = min(best, sum(c[2] for label, c in zip(labels, hand, strict=True) if not label))
    return best


def _is_meld(group: list[tuple[int, str, int]], set_size: int, run_size: int) -> bool:
    ranks = sorted(r for r, _, _ in group)
    if len({r for r, _, _ in group}) == 1 and len(group) >= set_size:
        return True
    return (
        len({s for _, s, _ in group}) == 1
        and len(group) >= run_size
        and ranks == list(range(ranks[0], ranks[0] + len(group)))
    )


def test_the_search_agrees_with_every_layout_tried_one_by_one() -> None:
    rng = random.Random(7)
    deck = [card(rank, suit) for suit in "hs" for rank in range(1, 7)]
    for _ in range(60):
        hand = rng.sample(deck, 6)
        assert deadwood(hand, 3, 3) == brute_deadwood(hand, 3, 3), hand


def test_a_full_hand_of_twenty_cards_is_measured_quickly() -> None:
    # The largest hand `max_cards` allows, from two decks: every layout is still searched.
    rng = random.Random(3)
    deck = [card(rank, suit) for suit in "hsdc" for rank in range(1, 14)] * 2
    hands = [rng.sample(deck, 20) for _ in range(20)]
    started = time.process_time()
    results = [deadwood(hand, 3, 3) for hand in hands]
    assert all(0 <= r <= sum(c[2] for c in hand) for r, hand in zip(results, hands, strict=True))
    assert time.process_time() - started < 20  # a bound on runaway search, not a timing claim


# -- the model and its words --------------------------------------------------------------------


def test_a_measure_names_exactly_one_thing() -> None:
    with pytest.raises(ValidationError, match="exactly one of"):
        Measure.model_validate(
            {"count": "hand", "deadwood": {"zone": "hand", "rank": "rank", "suit": "suit"}}
        )
    measure = Measure.model_validate({"deadwood": {"zone": "hand", "rank": "rank", "suit": "suit"}})
    assert measure.computed is measure.deadwood


def test_a_best_total_limit_is_bounded() -> None:
    with pytest.raises(ValidationError, match="less than or equal to 10000"):
        Measure.model_validate({"best_total": {"zone": "hand", "field": "v", "limit": 10**6}})


WORDED = [
    (
        {
            "best_total": {
                "zone": "hand",
                "field": "points",
                "limit": 21,
                "counts_as": [{"value": 1, "also": [11]}],
            }
        },
        "best total of points in Hand up to 21 (1 may count as 11); over 21 busts: 0",
    ),
    (
        {"lowest_of_runs": {"zone": "hand", "field": "number"}},
        "lowest number of each run in Hand "
        "(a run of consecutive values counts only its lowest card)",
    ),
    (
        {"best_groups": {"zone": "hand", "by": "colour", "best": 3, "table": [1, 3, 6]}},
        "3 best colour groups in Hand, worth 1/3/6 by size, less every other group",
    ),
    (
        {"best_per_group": {"zone": "hand", "by": "colour", "field": "number"}},
        "highest number of each colour in Hand, added up",
    ),
    (
        {"grid_pairs": {"zone": "hand", "field": "points"}},
        "points in Hand; two cards of equal points in one column count nothing",
    ),
    (
        {"deadwood": {"zone": "hand", "rank": "rank", "suit": "suit", "value": "weight"}},
        "weight of the cards in Hand outside sets (3+ of one rank) "
        "and runs (3+ in a row of one suit)",
    ),
]


@pytest.mark.parametrize(("data", "words"), WORDED)
def test_each_computed_measure_has_its_words(data: dict[str, object], words: str) -> None:
    computed = Measure.model_validate(data).computed
    assert computed is not None
    assert describe_computed(computed, lambda zone: zone.capitalize()) == words


def test_a_staged_check_on_a_computed_measure_reads_as_a_rule() -> None:
    check = Check.model_validate(
        {"measure": {"deadwood": {"zone": "hand", "rank": "rank", "suit": "suit"}}, "at_most": 10}
    )
    assert check_words(check) == (
        "rank of the cards in your hand outside sets (3+ of one rank) and runs "
        "(3+ in a row of one suit) is at most 10"
    )


def test_a_rule_reading_a_grid_measure_depends_on_positions() -> None:
    from toolkit.rules.measures.computed import reads_positions
    from toolkit.rules.scoring.per_unit import PerUnit

    def rule(measure: dict[str, object]) -> PerUnit:
        return PerUnit.model_validate(
            {"rule": "per_unit", "label": "x", "points": 1, "measure": measure}
        )

    grid = rule({"grid_pairs": {"zone": "park", "field": "number"}})
    counted = rule({"count": "park"})
    assert reads_positions([counted, grid])
    assert not reads_positions([counted, rule({"best_per_group": WORDED[3][0]["best_per_group"]})])
