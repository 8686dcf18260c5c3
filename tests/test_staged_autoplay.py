"""Random play of a staged game in one call (`StagedMechanic.autoplay`, the simulator's fast
path) plays the same games as asking the mechanic for each action and applying it with its
checks: a choice's actions listed when it began are the ones the player is offered, card
moves, hidden picks revealed together and rounds that end on a trigger alike."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.sim.runner import play_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = {
    "kite-festival": ROOT / "rules" / "kite-festival.yaml",
    "staged-lantern-routes": ROOT
    / "tests/games/staged-lantern-routes/rules/staged-lantern-routes.yaml",
    "staged-cinder-tricks": ROOT
    / "tests/games/staged-cinder-tricks/rules/staged-cinder-tricks.yaml",
}


def contract_play(game: Game, seed: int, bots: list[str]) -> list[tuple[int, int]]:
    """The same game through `to_move`, the bots' `choose` and a checked `apply` only (every
    player who picks at once picks one card in seat order, as the simulator asks them)."""
    state = game.new_state(seed, len(bots))
    agents = [make_bot(name, seed + seat + 1, game) for seat, name in enumerate(bots)]
    played = []
    while not state.is_terminal():
        for player in state.to_move():
            action = agents[player].choose(state, player)
            played.append((player, action))
            state.apply(player, action)
    return played


@pytest.mark.parametrize("name", sorted(GAMES))
def test_autoplay_plays_what_the_engine_contract_plays(name: str) -> None:
    game = load_compiled_game(str(GAMES[name]))[1]
    assert game.autoplay is game.mechanic
    generic = replace(game, autoplay=None)
    for players in (game.min_players, game.max_players):
        bots = ["random"] * players
        fast = play_game(game, 11, players, bots, record_actions=True)
        assert list(fast.actions) == contract_play(game, 11, bots)
        assert fast == play_game(generic, 11, players, bots, record_actions=True)
