"""Lantern Routes, one built scenario per rule, with exact expectations.

Each test sets up a position (hands, routes, the stack, the waystones), plays a few actions
and checks the exact outcome. The rules are those of `rules/lantern-routes.yaml` (the
draw-and-play mechanic's corner cases are decided in the docstring of
`toolkit/mechanics/draw_and_play/machine.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.errors import IllegalActionError
from toolkit.kernel.events import GAME_ENDED, RoundEnded
from toolkit.kernel.state import State
from toolkit.mechanics.draw_and_play.codec import Discard, Draw, Place
from toolkit.mechanics.draw_and_play.events import PILE_EMPTY, HandFull

ROOT = Path(__file__).resolve().parent.parent
COLOURS = ["amber", "jade", "cobalt", "crimson", "ivory"]


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "lantern-routes.yaml"))
    return compiled


def ids(game: Game, cards: Sequence[str]) -> list[int]:
    return [game.deck.index(card) for card in cards]


def position(
    game: Game,
    *,
    hands: Sequence[Sequence[str]],
    routes: Sequence[Sequence[str]] = (),
    stack: Sequence[str] = (),
    waystones: Mapping[str, Sequence[str]] | None = None,
    step: str = "play",
) -> State:
    """A two-player position, player 1 to move; every card not placed is out of play. With
    no card in any hand nobody can move: the game is over, to be scored."""
    players = "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{', '.join(hands[seat])}], "
        f"routes: [{', '.join(routes[seat] if routes else [])}]}}}}\n"
        for seat in range(2)
    )
    piles = "".join(
        f"  waystone-{colour}: [{', '.join((waystones or {}).get(colour, []))}]\n"
        for colour in COLOURS
    )
    turn = f"to_move: [1]\nplay: {{step: {step}}}\n" if any(hands) else "ended: true\n"
    text = (
        f"kind: position\ngame: lantern-routes\nunseen: []\nplayers:\n{players}"
        f"shared:\n  stack: [{', '.join(stack)}]\n{piles}{turn}"
    )
    return state_from_text(game, text)


def act(game: Game, record: Place | Discard | Draw) -> int:
    return game.mechanic.codec.encode(record)


def place(game: Game, card: str) -> int:
    return act(game, Place(game.deck.index(card), 0))


def discard(game: Game, card: str) -> int:
    return act(game, Discard(game.deck.index(card)))


def take(colour: str, game: Game) -> int:
    return act(game, Draw(1 + COLOURS.index(colour)))


def draw(game: Game) -> int:
    return act(game, Draw(0))


def routes_of(game: Game, state: State, player: int) -> list[str]:
    return [game.deck.ids[c] for c in state.zones[game.zone("routes").index][player]]


def points(game: Game, state: State) -> tuple[int, ...]:
    return game.score(state).totals


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_dealt_eight_and_the_rest_forms_the_stack(game: Game, players: int) -> None:
    state = game.new_state(5, players)
    assert [len(h) for h in state.zones[game.zone("hand").index]] == [8] * players
    assert len(state.shared[game.zone("stack").index]) == 60 - 8 * players
    assert state.to_move() == (state.first_player,)
    assert state.observation(0)["zones"]["stack"] == 60 - 8 * players  # face down: a count


# -- placement -------------------------------------------------------------------------------


def test_a_lantern_goes_on_its_own_valleys_route(game: Game) -> None:
    state = position(game, hands=[["amber-5"], []], stack=["jade-2"] * 1)
    state.apply(0, place(game, "amber-5"))
    assert routes_of(game, state, 0) == ["amber-5"]
    assert game.mechanic.observe(state, 0)["areas"][0] == {"routes": {"amber": ["amber-5"]}}


def test_a_route_climbs_a_lantern_at_least_as_bright_as_the_last(game: Game) -> None:
    state = position(game, hands=[["amber-4", "amber-9"], []], routes=[["amber-6"], []])
    assert place(game, "amber-4") not in state.legal_actions(0)
    assert place(game, "amber-9") in state.legal_actions(0)
    with pytest.raises(IllegalActionError):
        state.apply(0, place(game, "amber-4"))


def test_valleys_climb_independently(game: Game) -> None:
    state = position(game, hands=[["jade-2"], []], routes=[["amber-9"], []], stack=["ivory-3"])
    state.apply(0, place(game, "jade-2"))
    assert routes_of(game, state, 0) == ["amber-9", "jade-2"]


def test_a_pledge_only_before_the_first_lantern_of_its_route(game: Game) -> None:
    state = position(
        game,
        hands=[["amber-pledge-2", "jade-pledge-1"], []],
        routes=[["amber-pledge-1", "jade-3"], []],
    )
    legal = state.legal_actions(0)
    assert place(game, "amber-pledge-2") in legal  # only pledges so far on amber
    assert place(game, "jade-pledge-1") not in legal  # jade has a lantern already
    assert discard(game, "jade-pledge-1") in legal


# -- discarding and drawing ------------------------------------------------------------------


def test_a_discard_goes_face_up_on_its_valleys_waystone(game: Game) -> None:
    state = position(game, hands=[["cobalt-7"], []], stack=["ivory-2"])
    state.apply(0, discard(game, "cobalt-7"))
    assert state.shared[game.zone("waystone-cobalt").index] == ids(game, ["cobalt-7"])
    assert state.observation(1)["zones"]["waystone-cobalt"] == ["cobalt-7"]


def test_after_playing_draw_from_the_stack_or_take_a_waystones_top(game: Game) -> None:
    state = position(
        game,
        hands=[["amber-5"], []],
        stack=["ivory-2", "ivory-3"],
        waystones={"jade": ["jade-4", "jade-8"]},
    )
    state.apply(0, place(game, "amber-5"))
    assert sorted(state.legal_actions(0)) == [draw(game), take("jade", game)]
    state.apply(0, take("jade", game))
    assert state.zones[game.zone("hand").index][0] == ids(game, ["jade-8"])
    assert state.shared[game.zone("waystone-jade").index] == ids(game, ["jade-4"])
    assert game.mechanic.observe(state, 1)["known"][0] == ["jade-8"]  # taken in view of all
    assert state.to_move() == (1,)


def test_drawing_takes_the_top_of_the_stack(game: Game) -> None:
    state = position(game, hands=[["amber-5"], []], stack=["ivory-2", "ivory-3", "ivory-4"])
    state.apply(0, place(game, "amber-5"))
    state.apply(0, draw(game))
    assert state.zones[game.zone("hand").index][0] == ids(game, ["ivory-4"])
    assert not state.terminal


def test_the_card_just_discarded_cannot_be_taken_back(game: Game) -> None:
    state = position(game, hands=[["cobalt-7"], []], stack=["ivory-2", "ivory-3"])
    state.apply(0, discard(game, "cobalt-7"))
    assert state.legal_actions(0) == [draw(game)]
    with pytest.raises(IllegalActionError):
        state.apply(0, take("cobalt", game))


def test_the_next_player_may_take_that_card(game: Game) -> None:
    state = position(game, hands=[["cobalt-7"], ["jade-2"]], stack=["ivory-2", "ivory-3"])
    state.apply(0, discard(game, "cobalt-7"))
    state.apply(0, draw(game))
    state.apply(1, place(game, "jade-2"))
    assert take("cobalt", game) in state.legal_actions(1)


def test_a_full_hand_of_eight_skips_the_draw(game: Game) -> None:
    full = ["amber-2", "amber-3", "amber-4", "amber-5", "amber-6", "amber-7", "amber-8"]
    state = position(
        game, hands=[["amber-9", *full, "amber-10"], ["jade-2"]], stack=["ivory-2", "ivory-3"]
    )
    state.apply(0, place(game, "amber-9"))  # 8 cards left: the hand limit
    assert HandFull(0) in state.log
    assert len(state.zones[game.zone("hand").index][0]) == 8
    assert state.to_move() == (1,)
    assert len(state.shared[game.zone("stack").index]) == 2


# -- end and scoring -------------------------------------------------------------------------


def test_the_game_ends_right_after_the_draw_that_empties_the_stack(game: Game) -> None:
    state = position(game, hands=[["amber-5"], ["jade-3"]], stack=["ivory-2"])
    state.apply(0, place(game, "amber-5"))
    state.apply(0, draw(game))
    assert state.terminal
    assert state.log[-3:] == [PILE_EMPTY, RoundEnded(1), GAME_ENDED]


def test_a_route_scores_its_lanterns_minus_twenty(game: Game) -> None:
    state = position(game, hands=[[], []], routes=[["amber-5", "amber-9"], []])
    assert points(game, state) == (5 + 9 - 20, 0)  # an unstarted route scores nothing


def test_pledges_multiply_a_route_by_one_plus_their_number(game: Game) -> None:
    route = ["crimson-pledge-1", "crimson-pledge-2", "crimson-8", "crimson-9", "crimson-10"]
    state = position(game, hands=[[], []], routes=[route, ["jade-pledge-1"]])
    assert points(game, state) == ((27 - 20) * 3, (0 - 20) * 2)


def test_eight_cards_on_a_route_earn_twenty_more(game: Game) -> None:
    route = ["ivory-pledge-1", *[f"ivory-{v}" for v in range(2, 9)]]
    seven = [f"jade-{v}" for v in range(2, 9)]
    state = position(game, hands=[[], []], routes=[route, seven])
    assert points(game, state) == ((35 - 20) * 2 + 20, 35 - 20)


def test_routes_of_every_valley_add_up(game: Game) -> None:
    state = position(game, hands=[[], []], routes=[["amber-10", "jade-10", "cobalt-2"], []])
    assert points(game, state) == ((10 - 20) + (10 - 20) + (2 - 20), 0)


def test_the_reference_describes_the_formula_and_the_turn(game: Game) -> None:
    from toolkit.content.project import load_game
    from toolkit.pnp.describe import Describer
    from toolkit.pnp.reference import reference_context

    content, _ = load_game(ROOT / "rules" / "lantern-routes.yaml")
    assert content is not None
    context = reference_context(content, Describer(content, lambda icon: False))
    assert context["scoring"] == [
        {
            "label": "Routes",
            "points": "each colour of Routes with cards: (value of its cards - 20) x (1 + "
            "pledge cards), +20 with 8 cards or more; nothing for one without cards",
        }
    ]
    assert context["turn_lines"][:2] == [
        "1. Play a card from your hand to your area, or discard it face up on the discard pile "
        "of its colour.",
        "2. Draw the top card of the draw pile, or take the top card of a discard pile (not the "
        "one you just discarded).",
    ]
