"""Kite Festival, one scenario per rule of its description (`rules/kite-festival.yaml`).

Staged games have no position files yet, so each scenario is found by playing seeded random
moves through the public State API (`legal_actions`/`apply`) until the rule's situation comes
up (a gust can be flown, a flier has no kite that fits ...), then checking what follows.
The fit of a kite is worked out here independently of the interpreter.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import CardsMoved, ValueCalled

ROOT = Path(__file__).resolve().parent.parent
SEEDS = range(12)
COLOURS = ["red", "blue", "green", "gold"]


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "kite-festival.yaml"))
    return compiled


def field(game: Game, card: int, name: str) -> object:
    return game.tables["deck"].fields[name][card]


def zone(game: Game, state: State, name: str, player: int = 0) -> list[int]:
    spec = game.zone(name)
    return state.shared[spec.index] if spec.shared else state.zones[spec.index][player]


def fits(game: Game, state: State, card: int) -> bool:
    """The rule as written: a kite of the line's colour (or the colour named after a rainbow
    kite), number or action, or a rainbow kite."""
    line = zone(game, state, "line")
    top = line[-1]
    colour = field(game, top, "colour")
    called = state.mech.called.get(game.zone("line").index)
    if called is not None:
        colour = called[1]
    if field(game, card, "colour") == "rainbow" or field(game, card, "colour") == colour:
        return True
    return any(
        field(game, card, name) is not None and field(game, card, name) == field(game, top, name)
        for name in ("number", "action")
    )


def words(game: Game, state: State, action: int) -> str:
    return game.mechanic.describe_action(state, action)


def positions(game: Game, players: int) -> Iterator[tuple[State, int, list[int]]]:
    """Every decision of seeded random games: the state, the player to move, their actions."""
    for seed in SEEDS:
        state = game.new_state(seed, players)
        rng = random.Random(seed)
        while not state.terminal:
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            yield state, player, actions
            state.apply(player, rng.choice(actions))


def first(
    game: Game, players: int, wanted: Callable[[State, int, str], bool]
) -> tuple[State, int, int]:
    """The first decision of the seeded games where an action's words meet `wanted`: a clone
    of the state, the player and that action."""
    for state, player, actions in positions(game, players):
        for action in actions:
            if wanted(state, player, words(game, state, action)):
                return state.clone(), player, action
    raise AssertionError("no such situation in the seeded games")


def test_a_kite_flies_on_the_lines_colour_number_or_action_or_when_rainbow(game: Game) -> None:
    checked = 0
    for state, player, actions in positions(game, 4):
        if state.mech.called or not words(game, state, actions[0]).startswith("play"):
            continue
        hand = zone(game, state, "hand", player)
        playable = sorted(c for c in hand if fits(game, state, c))
        assert [game.mechanic.bot_option(state, a).card for a in sorted(actions)] == playable
        checked += len(actions)
    assert checked > 100


def test_a_gust_skips_the_next_flier(game: Game) -> None:
    state, player, action = first(game, 4, lambda s, p, w: "gust" in w)
    state.apply(player, action)
    direction = state.mech.direction
    assert state.to_move() == ((player + 2 * direction) % 4,)


def test_a_swap_wind_reverses_the_turn_order(game: Game) -> None:
    state, player, action = first(game, 4, lambda s, p, w: "swap" in w)
    direction = state.mech.direction
    state.apply(player, action)
    assert state.mech.direction == -direction
    assert state.to_move() == ((player - direction) % 4,)


def test_a_tangle_makes_the_next_flier_draw_two_and_lose_their_turn(game: Game) -> None:
    state, player, action = first(
        game, 4, lambda s, p, w: "tangle" in w and len(zone(game, s, "basket")) > 4
    )
    direction = state.mech.direction
    victim = (player + direction) % 4
    before = len(zone(game, state, "hand", victim))
    state.apply(player, action)
    assert len(zone(game, state, "hand", victim)) == before + 2
    assert state.to_move()[0] != victim
    drawn = [e for e in state.log if isinstance(e, CardsMoved) and e.owner == victim]
    assert drawn[-1].source == "basket" and len(drawn[-1].cards) == 2


def test_a_rainbow_kite_names_one_of_four_colours_and_the_next_kite_follows_it(
    game: Game,
) -> None:
    state, player, action = first(game, 4, lambda s, p, w: "rainbow" in w)
    state.apply(player, action)
    assert state.to_move() == (player,)
    calls = state.legal_actions(player)
    assert [words(game, state, a) for a in calls] == [f"call colour {c}" for c in COLOURS]
    state.apply(player, calls[1])
    assert ValueCalled(player, "colour", "blue") in state.log
    follower = state.to_move()[0]
    for action in state.legal_actions(follower):
        card = game.mechanic.bot_option(state, action).card
        assert (
            field(game, card, "colour") in ("blue", "rainbow")
            or field(game, card, "action") == "rainbow"
        )


def test_a_flier_with_no_kite_that_fits_draws_one_and_the_turn_passes(game: Game) -> None:
    draws = 0
    for state, player, actions in positions(game, 3):
        seen = len(state.log)
        clone = state.clone()
        clone.apply(player, actions[0])
        events = clone.log[seen:]
        for index, event in enumerate(events):
            if isinstance(event, CardsMoved) and event.player == -1 and len(event.cards) == 1:
                # The hand when this draw happened: without this card and any drawn later.
                later = {
                    card
                    for e in events[index:]
                    if isinstance(e, CardsMoved) and e.owner == event.owner
                    for card in e.cards
                }
                hand = [c for c in zone(game, clone, "hand", event.owner) if c not in later]
                assert event.source == "basket" and event.target == "hand"
                assert not any(fits(game, clone, c) for c in hand)
                draws += 1
    assert draws > 10


def test_the_first_flier_out_ends_the_round_and_the_others_hands_count(game: Game) -> None:
    for seed in range(3):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        while not state.terminal:
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        hands = [zone(game, state, "hand", p) for p in range(3)]
        assert sum(1 for hand in hands if not hand) == 1
        scores = state.scores()
        points = [sum(int(field(game, c, "points") or 0) for c in hand) for hand in hands]
        assert list(scores.totals) == points
        out = next(p for p, hand in enumerate(hands) if not hand)
        assert out in scores.winners
