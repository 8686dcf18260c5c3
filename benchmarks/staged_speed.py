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

from toolkit.engine.compiled import Game  # noqa: E402
from toolkit.sim.runner import play_game  # noqa: E402

GAMES = ("lantern-routes", "cinder-tricks")


def rates(first: Game, second: Game, games: int, players: int) -> tuple[float, float]:
    """Games per second of each, with random bots on seeds 0 .. games-1 after a short warm-up,
    in CPU time of this process, the two played in alternating blocks of ten: a busy machine
    slows both alike."""
    bots = ["random"] * players
    spent = [0.0, 0.0]
    for seed in range(10):
        play_game(first, 10_000 + seed, players, bots)
        play_game(second, 10_000 + seed, players, bots)
    for block in range(0, games, 10):
        for side, game in enumerate((first, second)):
            start = time.process_time()
            for seed in range(block, min(block + 10, games)):
                play_game(game, seed, players, bots)
            spent[side] += time.process_time() - start
    return games / spent[0], games / spent[1]


def speed(games: int, players: int) -> None:
    print(f"{games} games each, {players} players, random bots, one core (CPU time)")
    print(f"{'game':<16} {'hand-written':>13} {'staged':>9} {'ratio':>7}")
    for name in GAMES:
        pair = Pair.load(name)
        count = min(max(players, pair.hand_written.min_players), pair.hand_written.max_players)
        first, second = rates(pair.hand_written, pair.staged, games, count)
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
