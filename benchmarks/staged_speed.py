"""The staged interpreter against the hand-written kits: games per second with random bots.

Run from the project root:

    python benchmarks/staged_speed.py [games] [players]
        Lantern Routes (draw_and_play) and Cinder Tricks (trick_taking) against their staged
        twins under tests/games/, the same seeds, one core: games per second and the ratio
        (staged / hand-written; the staged Lantern Routes must keep at least 0.5).
    python benchmarks/staged_speed.py equivalence [games]
        Every seed 0 .. games-1 (1,000 by default) played by a random bot in each hand-written
        kit and replayed card by card in its staged twin (`tests/staged_replay.py`), players
        cycling over the allowed counts: the games whose events, scores or winner differ.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from staged_replay import Pair, replay  # noqa: E402

from toolkit.engine.game import Game  # noqa: E402
from toolkit.sim.runner import play_game  # noqa: E402

GAMES = ("lantern-routes", "cinder-tricks")


def rate(game: Game, games: int, players: int) -> float:
    """Games per second with random bots on seeds 0 .. games-1, after a short warm-up."""
    bots = ["random"] * players
    for seed in range(min(games, 20)):
        play_game(game, 10_000 + seed, players, bots)
    start = time.perf_counter()
    for seed in range(games):
        play_game(game, seed, players, bots)
    return games / (time.perf_counter() - start)


def speed(games: int, players: int) -> None:
    print(f"{games} games each, {players} players, random bots, one core")
    print(f"{'game':<16} {'hand-written':>13} {'staged':>9} {'ratio':>7}")
    for name in GAMES:
        pair = Pair.load(name)
        count = min(max(players, pair.hand_written.min_players), pair.hand_written.max_players)
        # Interleaved twice, so a busy machine slows both sides alike.
        first = second = 0.0
        for _ in range(2):
            first += rate(pair.hand_written, games, count)
            second += rate(pair.staged, games, count)
        first, second = first / 2, second / 2
        print(f"{name:<16} {first:>11.0f}/s {second:>7.0f}/s {second / first:>7.2f}")


def equivalence(games: int) -> int:
    failed = 0
    for name in GAMES:
        pair = Pair.load(name)
        start = time.perf_counter()
        decisions = rounds = 0
        bad = []
        for seed in range(games):
            outcome = replay(pair, seed)
            decisions += outcome.decisions
            rounds += outcome.rounds
            if outcome.problem:
                bad.append(outcome)
        took = time.perf_counter() - start
        print(
            f"{name}: {games - len(bad)}/{games} games identical "
            f"({decisions} decisions, {rounds} rounds, {took:.1f} s)"
        )
        for outcome in bad[:10]:
            print(f"  seed {outcome.seed}, {outcome.players} players: {outcome.problem}")
        failed += len(bad)
    return 1 if failed else 0


def main(argv: list[str]) -> int:
    if argv and argv[0] == "equivalence":
        return equivalence(int(argv[1]) if len(argv) > 1 else 1000)
    speed(int(argv[0]) if argv else 300, int(argv[1]) if len(argv) > 1 else 4)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
