"""The learning bridges against the engine they wrap: games per second and CPU per step of
random play through OpenSpiel (`toolkit.interop.openspiel`) and PettingZoo
(`toolkit.interop.pettingzoo`), against the engine called directly (`new_state`,
`to_move`, `legal_actions`, `apply`), for every shipped game at its fewest players.

Each side is a Python loop choosing uniformly among the legal actions (OpenSpiel's chance
nodes by their outcomes' probabilities). Runs are interleaved (engine, OpenSpiel,
PettingZoo, then again) so a busy machine slows each side alike, and times are CPU times
(`time.process_time`). "per step" is the CPU of a game's moves after the deal divided by its
moves (the deal, and OpenSpiel's chance nodes, are in games per second only). The aim:
through OpenSpiel at least 0.5x the engine's games per second, and at most 2x its cost per
step. PettingZoo's step also builds the observation vector and the action mask, which the
engine loop never does, so its ratio is shown, not held to the same aim.

Run from the project root: `python benchmarks/interop_speed.py [games] [rounds] [game ...]`
(default 40 games per side per round, 3 rounds, every game in rules/).
"""

from __future__ import annotations

import random
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
class Tally:
    """CPU seconds and counts of one side, summed over its rounds."""

    games: int = 0
    moves: int = 0
    total: float = 0.0
    stepping: float = 0.0

    def add(self, games: int, moves: int, total: float, stepping: float) -> None:
        self.games += games
        self.moves += moves
        self.total += total
        self.stepping += stepping

    @property
    def games_per_second(self) -> float:
        return self.games / self.total

    @property
    def step_us(self) -> float:
        return 1e6 * self.stepping / self.moves


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


def measure(game_id: str, games: int, rounds: int) -> dict[str, Tally]:
    spiel_game = register(game_id)
    environment = env(game_id)
    tallies = {"engine": Tally(), "openspiel": Tally(), "pettingzoo": Tally()}
    engine_games(game_id, 2, 0)  # warm up: compile, first-call caches
    openspiel_games(spiel_game, 2, 0)
    pettingzoo_games(environment, 2, 0)
    for round_ in range(rounds):
        seed = 1000 + round_
        tallies["engine"].add(games, *engine_games(game_id, games, seed))
        tallies["openspiel"].add(games, *openspiel_games(spiel_game, games, seed))
        tallies["pettingzoo"].add(games, *pettingzoo_games(environment, games, seed))
    return tallies


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    ids = sys.argv[3:] or sorted(path.stem for path in (ROOT / "rules").glob("*.yaml"))
    warnings.simplefilter("ignore")  # PettingZoo's style hints for dict observations
    print(
        f"{'game':<18} {'engine':>16} {'openspiel':>24} {'pettingzoo':>24}\n"
        f"{'':<18} {'games/s  us/step':>16} {'games/s  us/step ratios':>24} "
        f"{'games/s  us/step ratios':>24}"
    )
    for game_id in ids:
        tallies = measure(game_id, games, rounds)
        engine = tallies["engine"]
        row = f"{game_id:<18} {engine.games_per_second:7.1f} {engine.step_us:8.1f}"
        for side in ("openspiel", "pettingzoo"):
            tally = tallies[side]
            speed = tally.games_per_second / engine.games_per_second
            cost = tally.step_us / engine.step_us
            row += f" {tally.games_per_second:7.1f} {tally.step_us:8.1f} {speed:4.2f}x {cost:4.2f}x"
        print(row, flush=True)
    print(
        "ratios: games per second against the engine's (aim for OpenSpiel: >= 0.5x), "
        "then CPU per step against the engine's (aim: <= 2x)"
    )


if __name__ == "__main__":
    main()
