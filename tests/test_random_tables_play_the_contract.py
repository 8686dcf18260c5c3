"""A table of random bots plays exactly what the engine contract plays: the cards of a plain
trick-taking round picked in one loop, the choices a trick's win asks (a ride) answered there,
and a choice of a mechanic without its own loop answered by the runner with a pick among
its options (`State.answer`), never through `apply`'s checks, all give the same actions,
the same log and the same record as `to_move`, each bot's `choose` and a checked `apply`."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.events import TrumpCalled
from toolkit.sim.runner import play_from, play_game

ROOT = Path(__file__).resolve().parent.parent


def compiled(game_id: str) -> Game:
    return load_compiled_game(str(ROOT / "rules" / f"{game_id}.yaml"))[1]


def through_the_contract(game: Game, state: State, seed: int) -> list[tuple[int, int]]:
    """Random bots play `state` to its end one checked action at a time."""
    agents = [make_bot("random", seed + seat + 1, game) for seat in range(state.n)]
    played = []
    while not state.is_terminal():
        player = state.to_move()[0]
        action = agents[player].choose(state, player)
        played.append((player, action))
        state.apply(player, action)
    return played


@pytest.mark.parametrize(("game_id", "players"), [("midway-memories", 4), ("oh-my-park", 3)])
def test_random_bots_answer_choices_as_the_contract_does(game_id: str, players: int) -> None:
    # Midway asks a trick's winner to ride (answered inside the trick loop); Oh my park! has
    # no loop of its own, so the runner answers its choices.
    game = compiled(game_id)
    bots = ["random"] * players
    answered = 0
    for seed in (1, 2, 3):
        played = game.new_state(seed, players)
        record = play_from(game, played, seed, bots, record_actions=True)
        state = game.new_state(seed, players)
        assert list(record.actions) == through_the_contract(game, state, seed)
        assert played.log == state.log
        answered += sum(event.kind == "choose" for event in state.log)
    assert answered  # the games did ask choices


def test_a_position_in_the_middle_of_a_trick_plays_on_as_the_contract_does() -> None:
    game = compiled("midway-memories")
    generic = replace(game, autoplay=None)
    for seed in (4, 5):
        start = game.new_state(seed, 4)
        agents = [make_bot("random", 99 + seat, game) for seat in range(4)]
        for _ in range(30):  # into round 1's eighth trick, two cards played
            player = start.to_move()[0]
            start.apply(player, agents[player].choose(start, player))
        assert start.mech.plays
        fast = play_from(game, start.clone(), seed, ["random"] * 4, record_actions=True)
        slow = play_from(generic, start.clone(), seed, ["random"] * 4, record_actions=True)
        assert fast == slow
        played, copy = start.clone(), start.clone()
        assert play_from(game, played, seed, ["random"] * 4, record_actions=True) == fast
        assert list(fast.actions) == through_the_contract(game, copy, seed)
        assert played.log == copy.log


def test_going_alone_plays_the_same_with_partners_sitting_out() -> None:
    # Twin Keepers: a maker going alone leaves a partner out, so a trick has three cards.
    game = compiled("twin-keepers")
    went_alone = False
    for seed in range(6):
        record = play_game(game, seed, 4, ["random"] * 4, record_actions=True)
        state = game.new_state(seed, 4)
        assert list(record.actions) == through_the_contract(game, state, seed)
        went_alone |= any(isinstance(e, TrumpCalled) and e.alone for e in state.log)
    assert went_alone
