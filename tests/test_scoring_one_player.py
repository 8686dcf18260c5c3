"""Bots weigh a position by their own points alone: every scoring step's one-player points
equal that player's share of everyone's points, in every shipped game, at every position of
a random game at each player count. So the greedy bot chooses exactly as when it scored
every player."""

from __future__ import annotations

import random

import pytest
from entry_point import ROOT

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State

GAMES = sorted(path.stem for path in (ROOT / "rules").glob("*.yaml"))


def _positions(game: Game, players: int, seed: int) -> list[State]:
    """The first 300 positions of a game with random moves (a copy of each)."""
    state = game.new_state(seed, players, {})
    rng = random.Random(seed)
    seen = [state.clone(for_scoring=True)]
    while not state.terminal and len(seen) < 300:
        mover = state.to_move()[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
        seen.append(state.clone(for_scoring=True))
    return seen


def _everyone(game: Game, steps: str, state: State) -> list[int]:
    """Each player's points from every step's parts, scored on a copy as the game does."""
    work = state.clone(for_scoring=True)
    totals = [0] * state.n
    for step in getattr(game, steps):
        for _, points in step.parts(work):
            totals = [a + b for a, b in zip(totals, points, strict=True)]
    return totals


def _alone(game: Game, steps: str, state: State, player: int) -> int:
    """One player's points from every step's one-player points, on a copy of their own (a
    step may move markers, as `Game.total` allows for)."""
    work = state.clone(for_scoring=True)
    return sum(step.player(work, player) for step in getattr(game, steps))


@pytest.mark.parametrize("name", GAMES)
def test_one_players_points_are_their_share_of_everyones(name: str) -> None:
    _, game = load_compiled_game(name)
    checked = 0
    for players in range(game.min_players, game.max_players + 1):
        for state in _positions(game, players, seed=players):
            for steps in ("scoring", "round_scoring"):
                alone = [_alone(game, steps, state, p) for p in range(state.n)]
                assert alone == _everyone(game, steps, state), (name, players, steps)
            if not game.teams[state.n]:
                totals = game.totals(state)
                sign = -1 if game.lowest_wins else 1
                assert [game.total(state, p) for p in range(state.n)] == [sign * t for t in totals]
            checked += 1
    assert checked > 2 * (game.max_players - game.min_players + 1)  # games were played
