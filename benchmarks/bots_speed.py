"""How fast the bots think: ISMCTS decisions per second at a given iteration budget, and
greedy games per second, for both games at 4 players.

Run from the project root: `python benchmarks/bots_speed.py [iterations] [decisions]`.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.agents import make_bot  # noqa: E402
from toolkit.agents.ismcts import IsmctsBot  # noqa: E402
from toolkit.engine.load import load_compiled_game  # noqa: E402


def ismcts_rate(game_id: str, iterations: int, decisions: int) -> float:
    _, game = load_compiled_game(str(ROOT / "rules" / f"{game_id}.yaml"))
    bot = IsmctsBot(1, iterations)
    others = [make_bot("random", seat, game) for seat in range(4)]
    made, spent, seed = 0, 0.0, 0
    while made < decisions:
        state = game.new_state(seed, 4)
        seed += 1
        while not state.terminal and made < decisions:
            for player in state.to_move():
                if player == 0 and len(state.legal_actions(0)) > 1:
                    start = time.perf_counter()
                    action = bot.choose(state, 0)
                    spent += time.perf_counter() - start
                    made += 1
                else:
                    action = others[player].choose(state, player)
                state.apply(player, action)
    return made / spent


def greedy_rate(game_id: str, games: int) -> float:
    _, game = load_compiled_game(str(ROOT / "rules" / f"{game_id}.yaml"))
    start = time.perf_counter()
    for seed in range(games):
        state = game.new_state(seed, 4)
        bots = [make_bot("greedy", seat, game) for seat in range(4)]
        while not state.terminal:
            for player in state.to_move():
                state.apply(player, bots[player].choose(state, player))
    return games / (time.perf_counter() - start)


def main() -> None:
    iterations = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    decisions = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    for game_id in ("midway-memories", "oh-my-park"):
        print(
            f"{game_id}: ISMCTS {iterations} iterations: "
            f"{ismcts_rate(game_id, iterations, decisions):.1f} decisions/s; "
            f"greedy: {greedy_rate(game_id, 100):.1f} games/s (4 players, one core)"
        )


if __name__ == "__main__":
    main()
