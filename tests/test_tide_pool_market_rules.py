"""Tide Pool Market, one built scenario per rule of rules/tide-pool-market.yaml.

Each test sets hands and stalls, plays the last pick of a round (or of the game) and checks
the exact points banked or scored. Rule values are the manifest's prototype values.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.kernel.state import State
from toolkit.mechanics.draft.events import HandsPassed

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "tide-pool-market.yaml"))
    return compiled


def last_pick(game: Game, stalls: Sequence[Sequence[str]], *, last_round: bool = False) -> State:
    """Play the last pick of a round (of the game with `last_round`): every stall is set but
    its last card, the one card of its player's hand, which each player then takes."""
    seats = "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{cards[-1]}], "
        f"stall: [{', '.join(cards[:-1])}]}}}}\n"
        for seat, cards in enumerate(stalls)
    )
    placed = ", ".join("0" for _ in stalls)
    state = state_from_text(
        game,
        f"kind: position\ngame: {game.id}\nround: {3 if last_round else 1}\nplayers:\n{seats}"
        f"play: {{placed: [{placed}]}}\n",
    )
    for player in range(len(stalls)):
        state.apply(player, state.legal_actions(player)[0])
    return state


def points(state: State, label: str) -> list[int]:
    breakdown = state.scores().breakdown
    return [breakdown[p].get(label, 0) for p in range(state.n)]


@pytest.mark.parametrize(("players", "each"), [(2, 9), (3, 8), (4, 7), (5, 6)])
def test_setup_deals_fewer_cards_the_more_players(game: Game, players: int, each: int) -> None:
    state = game.new_state(3, players)
    assert [len(h) for h in state.zones[game.zone("hand").index]] == [each] * players
    assert len(state.out_of_play) == game.deck.size - players * each


def test_three_rounds_passing_left_right_left(game: Game) -> None:
    state = game.new_state(5, 3)
    directions = []
    while not state.terminal:
        for player in state.to_move():
            state.apply(player, state.legal_actions(player)[0])
        last = state.log[-1]
        if isinstance(last, HandsPassed):
            directions.append((state.round, last.direction))
    assert sorted(set(directions)) == [(1, "left"), (2, "right"), (3, "left")]


@pytest.mark.parametrize(("crabs", "expected"), [(1, 1), (2, 3), (3, 6), (4, 10), (5, 15), (6, 15)])
def test_crabs_score_more_the_more_a_round_collects(game: Game, crabs: int, expected: int) -> None:
    state = last_pick(game, [[f"crab-{i}" for i in range(1, crabs + 1)], ["kelp-1-1"]])
    assert points(state, "Crabs") == [expected, 0]


def test_most_sea_stars_five_second_most_two(game: Game) -> None:
    state = last_pick(game, [["star-1", "star-2"], ["star-3"], ["kelp-1-1"]])
    assert points(state, "Most sea stars") == [5, 2, 0]


def test_sea_star_ties_share_the_rank(game: Game) -> None:
    state = last_pick(game, [["star-1"], ["star-2"], ["star-3", "star-4"]])
    assert points(state, "Most sea stars") == [2, 2, 5]
    state = last_pick(game, [["star-1"], ["star-2"], ["kelp-1-1"]])
    assert points(state, "Most sea stars") == [5, 5, 0]


def test_kelp_scores_its_printed_values(game: Game) -> None:
    state = last_pick(game, [["kelp-1-1", "kelp-2-1", "kelp-3-1"], ["crab-1"]])
    assert points(state, "Kelp") == [6, 0]


def test_a_shell_of_each_hue_makes_a_set(game: Game) -> None:
    state = last_pick(
        game,
        [
            ["shell-coral-1", "shell-teal-1", "shell-sand-1", "shell-coral-2"],
            [
                "shell-coral-3",
                "shell-coral-4",
                "shell-teal-2",
                "shell-sand-2",
                "shell-teal-3",
                "shell-sand-3",
            ],
        ],
    )
    assert points(state, "Shell sets") == [10, 20]


def test_each_pearl_with_an_oyster_scores(game: Game) -> None:
    state = last_pick(game, [["pearl-1", "pearl-2", "oyster-1"], ["oyster-2", "oyster-3"]])
    assert points(state, "Pearls in oysters") == [5, 0]


def test_round_points_are_banked_and_finds_go_back_to_the_sea(game: Game) -> None:
    state = last_pick(game, [["crab-1", "lantern-1", "crab-2"], ["kelp-3-1"]])
    assert state.round == 2 and not state.terminal
    assert points(state, "Crabs") == [3, 0] and points(state, "Kelp") == [0, 3]
    stall = state.zones[game.zone("stall").index]
    assert [[game.deck.ids[c] for c in cards] for cards in stall] == [["lantern-1"], []]


def test_lanterns_score_at_the_end_most_eight_second_four_and_one_each(game: Game) -> None:
    state = last_pick(
        game,
        [["lantern-1", "lantern-2", "lantern-3"], ["lantern-4"], ["crab-1"]],
        last_round=True,
    )
    assert state.terminal
    assert points(state, "Most lanterns") == [8, 4, 0]
    assert points(state, "Lanterns") == [3, 1, 0]


def test_a_tie_goes_to_the_player_with_more_lanterns(game: Game) -> None:
    state = last_pick(
        game,
        [["lantern-1", "lantern-2"], ["kelp-3-1", "kelp-2-1", "lantern-3"]],
        last_round=True,
    )
    result = state.scores()
    assert list(result.totals) == [10, 10]
    assert list(result.winners) == [0] and result.decided_by != "points"
