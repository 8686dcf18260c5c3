"""Shop actions of Oh my park!: a fresh shop card swapped into another park by the purple shop
in the same pick acts once, for the park it ends up in (the corner case decided in the
docstring of `toolkit/mechanics/draft/machine.py`); a card swapped back into a hand before its
turn does not act. Scenarios are built with the helpers of `test_park_rules.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_park_rules import (
    events,
    hand,
    hand_swaps,
    opponent_swaps,
    park,
    play_pick,
    scenario,
    shops_resolved,
)

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.draft.events import EXTRA_PICK, REVERSED, CardActionLapsed, HandsPassed
from toolkit.record.events import narrate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def park_game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "oh-my-park.yaml"))
    return compiled


# -- a shop card swapped by the purple shop in its own pick acts once ---------------------------


def test_blue_shop_swapped_by_purple_in_the_same_pick_gives_one_extra_pick(
    park_game: Game,
) -> None:
    """Player 1 places B7 fresh; player 2's P12 (resolving first) takes it for their Y7. B7
    acts once, for the park it is in: one extra pick, then hands pass."""
    state = scenario(park_game, [["B7", "B1", "B2"], ["P12", "Y1", "Y2"]], parks=[["B6"], ["Y7"]])
    play_pick(state, {0: ("B7", (0, 1), False), 1: ("P12", (0, 1), False)})
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 1))])  # Y7 for B7
    assert park(state, 0) == {(0, 0): "B6", (0, 1): "Y7"}
    assert park(state, 1) == {(0, 0): "B7", (0, 1): "P12"}
    assert shops_resolved(state) == [(1, "P12"), (1, "B7")]
    assert events(state, "extra-pick") == [EXTRA_PICK]
    assert state.to_move() == (0, 1)
    play_pick(state, {0: ("B1", (1, 0), True), 1: ("Y1", (1, 0), True)})
    assert events(state, "extra-pick") == [EXTRA_PICK]  # not a second one
    assert events(state, "pass") == [HandsPassed("left")] and state.round == 2
    assert [hand(state, p) for p in range(2)] == [["Y2"], ["B2"]]


def test_yellow_shop_swapped_by_purple_in_the_same_pick_reverses_once(park_game: Game) -> None:
    """Player 1 places Y4 fresh; player 2's P12 takes it for their R4. Y4 acts once: hands
    pass the other way (acting twice would turn them back)."""
    state = scenario(
        park_game,
        [["Y4", "B1", "B2"], ["P12", "R1", "R2"], ["P1", "P2", "P3"]],
        parks=[["Y1"], ["R4"], []],
    )
    play_pick(
        state, {0: ("Y4", (0, 1), False), 1: ("P12", (0, 1), False), 2: ("P1", (0, 0), False)}
    )
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 1))])  # R4 for Y4
    assert park(state, 1) == {(0, 0): "Y4", (0, 1): "P12"}
    assert shops_resolved(state) == [(1, "P12"), (1, "Y4")]
    assert events(state, "reverse") == [REVERSED]
    assert events(state, "pass") == [HandsPassed("right")]
    assert [hand(state, p) for p in range(3)] == [["R1", "R2"], ["P2", "P3"], ["B1", "B2"]]


def test_red_shop_swapped_by_purple_in_the_same_pick_swaps_once(park_game: Game) -> None:
    """Player 1 places R10 fresh; player 2's P12 takes it for their B10. R10 acts once, for
    player 2, whose park it is in: one swap with their hand, none for player 1."""
    state = scenario(park_game, [["R10", "B1", "B2"], ["P12", "Y1", "Y5"]], parks=[["R1"], ["B10"]])
    play_pick(state, {0: ("R10", (0, 1), False), 1: ("P12", (0, 1), False)})
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 1))])  # B10 for R10
    assert park(state, 1) == {(0, 0): "R10", (0, 1): "P12"}
    assert state.to_move() == (1,)
    state.apply(1, hand_swaps(state)[((0, 0), "Y5")])
    assert park(state, 1) == {(0, 0): "Y5", (0, 1): "P12"}
    assert shops_resolved(state) == [(1, "P12"), (1, "R10")]
    assert state.pending is None and len(events(state, "swap-hand")) == 1
    assert events(state, "pass") == [HandsPassed("left")]


def test_a_shop_card_swapped_back_into_a_hand_before_its_turn_does_not_act(
    park_game: Game,
) -> None:
    """Player 2's P12 gives player 1 their Y4 (it triggers for player 1); player 1's own R10,
    resolving before it, swaps Y4 back into the hand. Y4 is in no park at its turn: no
    action, hands pass left."""
    state = scenario(park_game, [["R10", "B5", "B1"], ["P12", "Y1"]], parks=[["B4"], ["Y4"]])
    play_pick(state, {0: ("R10", (0, 1), False), 1: ("P12", (0, 1), False)})
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 0))])  # Y4 for B4
    assert park(state, 0) == {(0, 0): "Y4", (0, 1): "R10"}
    assert state.to_move() == (0,)  # R10 (10) before Y4 (4)
    state.apply(0, hand_swaps(state)[((0, 0), "B5")])
    assert shops_resolved(state) == [(1, "P12"), (0, "R10")]
    assert not events(state, "reverse")
    assert events(state, "card-action-lapsed") == [CardActionLapsed(park_game.card("deck", "Y4"))]
    assert any("left the park before its turn" in line for line in narrate(park_game, state.log))
    assert events(state, "pass") == [HandsPassed("left")]
