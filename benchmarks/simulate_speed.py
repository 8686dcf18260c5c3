"""Games per second of the interpreter: random and greedy bots, 4 players, 1 and 2 workers.

Run from the project root: `python benchmarks/simulate_speed.py [random_games] [greedy_games]`.
Also plays a direct, hand-written loop of the same game with random play as the reference the
generic interpreter is measured against.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.sim.runner import simulate  # noqa: E402

MANIFEST = ROOT / "rules" / "midway-memories.yaml"
PARK = ROOT / "rules" / "oh-my-park.yaml"


def rate(games: int, bots: str, workers: int, manifest: Path = MANIFEST) -> float:
    simulate(manifest, min(games, 50), 4, [bots] * 4, seed=99, workers=1)  # warm up
    start = time.perf_counter()
    simulate(manifest, games, 4, [bots] * 4, seed=1, workers=workers)
    return games / (time.perf_counter() - start)


def direct_loop(games: int) -> float:
    """The same trick-taking loop written by hand for this one game (random play only)."""
    ladder = {0: [1] * 5 + [2] * 4 + [3] * 3 + [4], 2: [1] * 8 + [2] * 5, 3: [1] * 8 + [2] * 5}
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        coins, fame, joy = [0] * 4, [0] * 4, [0] * 4
        leader = rng.randrange(4)
        for _ in range(5):
            deck = list(range(52))
            rng.shuffle(deck)
            hands = [deck[p * 13 : (p + 1) * 13] for p in range(4)]
            for _ in range(13):
                led, plays = -1, []
                for offset in range(4):
                    p = (leader + offset) % 4
                    hand = hands[p]
                    legal = [c for c in hand if c // 13 == led] if led >= 0 else hand
                    card = rng.choice(legal or hand)
                    hand.remove(card)
                    led = card // 13 if led < 0 else led
                    plays.append((p, card))
                winner, card = max((pc for pc in plays if pc[1] // 13 == led), key=lambda x: x[1])
                suit, rank = card // 13, card % 13
                if suit == 0:
                    coins[winner] += ladder[0][rank]
                elif suit == 2:
                    fame[winner] = min(12, fame[winner] + ladder[2][rank])
                elif suit == 3:
                    joy[winner] = min(12, joy[winner] + ladder[3][rank])
                leader = winner
            coins = [min(c, 12) for c in coins]
    return games / (time.perf_counter() - start)


def interleaved(games: int, repeats: int = 10) -> tuple[float, float]:
    """Best rates of the interpreter (random bots, 1 worker) and of the hand-written loop,
    measured in alternation: on a shared machine the two meet the same load, so their
    ratio is steadier than either figure."""
    simulate(MANIFEST, 50, 4, ["random"] * 4, seed=99, workers=1)  # warm up
    share = max(1, games // repeats)
    interpreter, direct = 0.0, 0.0
    for _ in range(repeats):
        start = time.process_time()
        simulate(MANIFEST, share, 4, ["random"] * 4, seed=1, workers=1)
        interpreter = max(interpreter, share / (time.process_time() - start))
        start = time.process_time()
        direct_loop(share)
        direct = max(direct, share / (time.process_time() - start))
    return interpreter, direct


def main() -> None:
    random_games = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    greedy_games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    print("Midway Memories, 4 players, games per second")
    interpreter, direct = interleaved(random_games)
    print(f"  direct hand-written loop (random): {direct:8.0f}  (best of 10, CPU time)")
    ratio = interpreter / direct
    print(f"  random bots, interleaved with it:  {interpreter:8.0f}  ({ratio:.2f} of it)")
    for workers in (1, 2):
        speed = rate(random_games, "random", workers)
        print(f"  random bots, {workers} worker(s):        {speed:8.0f}")
    for workers in (1, 2):
        speed = rate(greedy_games, "greedy", workers)
        print(f"  greedy bots, {workers} worker(s):        {speed:8.1f}")
    print("Oh my park!, 4 players, games per second")
    for workers in (1, 2):
        speed = rate(random_games // 2, "random", workers, PARK)
        print(f"  random bots, {workers} worker(s):        {speed:8.0f}")
    speed = rate(max(greedy_games // 5, 10), "greedy", 1, PARK)
    print(f"  greedy bots, 1 worker:            {speed:8.1f}")


if __name__ == "__main__":
    main()
