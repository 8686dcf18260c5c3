"""The learning bridges against the engine they wrap: games per second and CPU per step of
random play through OpenSpiel (`toolkit.interop.openspiel`) and PettingZoo
(`toolkit.interop.pettingzoo`), against the engine called directly (`new_state`,
`to_move`, `legal_actions`, `apply`), for every shipped game at its fewest players.

Each side is a Python loop choosing uniformly among the legal actions (OpenSpiel's chance
nodes by their outcomes' probabilities, as OpenSpiel's own example loop draws them). Rounds
are interleaved (engine, OpenSpiel, PettingZoo, then again) so a busy machine slows each side
alike, times are CPU times (`time.process_time`), and each ratio is the median of the
rounds' ratios. "per step" is the CPU of a game's moves after the deal divided by its
moves (the deal, and OpenSpiel's chance nodes, are in games per second only). The aim:
through OpenSpiel at least 0.5x the engine's games per second, and at most 2x its cost per
step. PettingZoo's step also builds the observation vector and the action mask, which the
engine loop never does, so its ratio is shown, not held to the same aim.

Run from the project root: `python benchmarks/interop_speed.py [games] [rounds] [game ...]`
(default 30 games per side per round, 5 rounds, every game in rules/).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.interop.match import load_game  # noqa: E402
from toolkit.interop.openspiel import register  # noqa: E402
from toolkit.interop.pettingzoo import env  # noqa: E402


@dataclass
class Round:
    """CPU seconds and counts of one side in one round."""

    games: int
    moves: int
    total: float
    stepping: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.total

    @property
    def step_us(self) -> float:
        return 1e6 * self.stepping / self.moves


def summed(rounds: list[Round]) -> Round:
    return Round(*(sum(getattr(r, name) for r in rounds) for name in Round.__annotations__))


def ratios(side: list[Round], engine: list[Round]) -> tuple[float, float]:
    """The median over rounds of the side's games per second and CPU per step against the
    engine's in the same round: a round slowed by a busy moment moves a median little."""
    speed = [s.games_per_second / e.games_per_second for s, e in zip(side, engine, strict=True)]
    cost = [s.step_us / e.step_us for s, e in zip(side, engine, strict=True)]
    return statistics.median(speed), statistics.median(cost)


def engine_games(game_id: str, games: int, seed: int) -> tuple[int, float, float]:
    game = load_game(game_id)
    players = game.min_players
    rng = random.Random(seed)
    moves, stepping = 0, 0.0
    clock = time.process_time
    start = clock()
    for _ in range(games):
        state = game.new_state(rng.getrandbits(16), players)
        dealt = clock()
        while not state.terminal:
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            moves += 1
        stepping += clock() - dealt
    return moves, clock() - start, stepping


def openspiel_games(spiel_game: Any, games: int, seed: int) -> tuple[int, float, float]:
    rng = random.Random(seed)
    moves, stepping = 0, 0.0
    clock = time.process_time
    start = clock()
    for _ in range(games):
        state = spiel_game.new_initial_state()
        while state.is_chance_node():
            actions, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, chances)[0])
        dealt = clock()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            moves += 1
        stepping += clock() - dealt
    return moves, clock() - start, stepping


def pettingzoo_games(environment: Any, games: int, seed: int) -> tuple[int, float, float]:
    import numpy as np

    rng = random.Random(seed)
    moves, stepping = 0, 0.0
    clock = time.process_time
    start = clock()
    for _ in range(games):
        environment.reset(seed=rng.getrandbits(32))
        dealt = clock()
        for _agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(int(legal[rng.randrange(len(legal))]))
            moves += 1
        stepping += clock() - dealt
    return moves, clock() - start, stepping


def measure(game_id: str, games: int, rounds: int) -> dict[str, list[Round]]:
    spiel_game = register(game_id)
    environment = env(game_id)
    sides: dict[str, list[Round]] = {"engine": [], "openspiel": [], "pettingzoo": []}
    engine_games(game_id, 2, 0)  # warm up: compile, first-call caches
    openspiel_games(spiel_game, 2, 0)
    pettingzoo_games(environment, 2, 0)
    for round_ in range(rounds):
        seed = 1000 + round_
        sides["engine"].append(Round(games, *engine_games(game_id, games, seed)))
        sides["openspiel"].append(Round(games, *openspiel_games(spiel_game, games, seed)))
        sides["pettingzoo"].append(Round(games, *pettingzoo_games(environment, games, seed)))
    return sides


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    ids = sys.argv[3:] or sorted(path.stem for path in (ROOT / "rules").glob("*.yaml"))
    warnings.simplefilter("ignore")  # PettingZoo's style hints for dict observations
    print(
        f"{'game':<18} {'engine':>16} {'openspiel':>24} {'pettingzoo':>24}\n"
        f"{'':<18} {'games/s  us/step':>16} {'games/s  us/step ratios':>24} "
        f"{'games/s  us/step ratios':>24}"
    )
    for game_id in ids:
        sides = measure(game_id, games, rounds)
        engine = summed(sides["engine"])
        row = f"{game_id:<18} {engine.games_per_second:7.1f} {engine.step_us:8.1f}"
        for side in ("openspiel", "pettingzoo"):
            tally = summed(sides[side])
            speed, cost = ratios(sides[side], sides["engine"])
            row += f" {tally.games_per_second:7.1f} {tally.step_us:8.1f} {speed:4.2f}x {cost:4.2f}x"
        print(row, flush=True)
    print(
        "games/s and us/step over all rounds; ratios: the median over rounds of games per "
        "second against the engine's (aim for OpenSpiel: >= 0.5x), then of CPU per step "
        "against the engine's (aim: <= 2x)"
    )


if __name__ == "__main__":
    main()
