"""Games per second of the interpreter: random and greedy bots, 4 players, 1 and 2 workers.

Run from the project root: `python benchmarks/simulate_speed.py [random_games] [greedy_games]`,
or `python benchmarks/simulate_speed.py ratio [runs]` for the interleaved ratio alone, or
`python benchmarks/simulate_speed.py costs [games]` for what the runner adds to each game
beyond its play (starting the events' generators in either format, round checkpoints, the
tally), or
`python benchmarks/simulate_speed.py process [games] [runs]` for the whole `toolkit simulate`
process (start-up and summary included) against the hand-written loop.
Also plays a direct, hand-written loop of the same game (the same rules, written for Midway
Memories alone) with random play as the reference the generic interpreter is measured against.
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.engine.load import load_compiled_game  # noqa: E402
from toolkit.kernel.streams import EventRandom  # noqa: E402
from toolkit.sim.runner import GameRecord, game_seed, play_game, simulate  # noqa: E402
from toolkit.sim.tally import Tally  # noqa: E402

MANIFEST = ROOT / "rules" / "midway-memories.yaml"
PARK = ROOT / "rules" / "oh-my-park.yaml"


def rate(games: int, bots: str, workers: int, manifest: Path = MANIFEST) -> float:
    simulate(manifest, min(games, 50), 4, [bots] * 4, seed=99, workers=1)  # warm up
    start = time.perf_counter()
    simulate(manifest, games, 4, [bots] * 4, seed=1, workers=workers)
    return games / (time.perf_counter() - start)


ATTRACTIONS = yaml.safe_load(
    (ROOT / "cards" / "midway-memories" / "attractions.yaml").read_text(encoding="utf-8")
)["cards"]
"""Read once, outside the timing: the hand-written loop needs the rides' numbers, not YAML."""


def direct_loop(games: int) -> float:
    """The same game written by hand for Midway Memories alone, with random play: the same
    rules as `rules/midway-memories.yaml` (the display of two attractions per level, rides
    with costs, requirements, the Fame discount, one ride per level and Sadness for a declined
    ride, a limited coin supply, the round's coin cap with its Sadness penalty, five rounds, the
    end scoring and its tie-breakers), without the interpreter's generality, checks, log or
    statistics."""
    names = [a["id"] for a in ATTRACTIONS]
    levels = [a["level"] for a in ATTRACTIONS]
    costs = [a["cost"] for a in ATTRACTIONS]
    needs = [(a["requires"].get("fame", 0), a["requires"].get("joy", 0)) for a in ATTRACTIONS]
    worth = [a["points"] for a in ATTRACTIONS]
    by_level = {level: [k for k, a in enumerate(levels) if a == level] for level in (1, 2, 3)}
    apart = (names.index("kiddie-coaster"), names.index("swan-boats"))
    coins_by_rank = [1] * 5 + [2] * 4 + [3] * 3 + [4]
    steps_by_rank = [1] * 8 + [2] * 5
    fame_points = [0] * 4 + [2] * 4 + [6] * 4 + [13]
    joy_points = [0] * 6 + [3] * 6 + [9]
    start = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        display: list[int] = []
        for level in (1, 2, 3):
            picked = rng.sample(by_level[level], 2)
            while apart[0] in picked and apart[1] in picked:
                picked = rng.sample(by_level[level], 2)
            display += picked
        supply = 80
        coins, fame, joy, sad = [0] * 4, [0] * 4, [0] * 4, [0] * 4
        ridden: list[list[int]] = [[] for _ in range(4)]
        first = rng.randrange(4)
        for round_index in range(5):
            leader = (first + round_index) % 4
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
                    gained = min(coins_by_rank[rank], supply)
                    coins[winner] += gained
                    supply -= gained
                elif suit == 1:
                    mine = ridden[winner]
                    had = {levels[k] for k in mine}
                    price_off = 1 if fame[winner] >= 8 else 0
                    rides = [
                        k
                        for k in display
                        if k not in mine
                        and (len(had) == 3 or levels[k] not in had)
                        and max(0, costs[k] - price_off) <= coins[winner]
                        and fame[winner] >= needs[k][0]
                        and joy[winner] >= needs[k][1]
                    ]
                    if rides:
                        ride = rng.choice([*rides, -1])
                        if ride < 0:
                            sad[winner] = min(10, sad[winner] + 1)
                        else:
                            price = max(0, costs[ride] - price_off)
                            coins[winner] -= price
                            supply += price
                            mine.append(ride)
                elif suit == 2:
                    fame[winner] = min(12, fame[winner] + steps_by_rank[rank])
                else:
                    joy[winner] = min(12, joy[winner] + steps_by_rank[rank])
                leader = winner
            for p in range(4):
                excess = coins[p] - 12
                if excess > 0:
                    coins[p] = 12
                    supply += excess
                    sad[p] = min(10, sad[p] + (excess + 1) // 2)
        totals, sadness = [], []
        for p in range(4):
            sadness.append(max(0, sad[p] - (1 if joy[p] >= 3 else 0) - (2 if joy[p] >= 9 else 0)))
            points = sum(worth[k] for k in ridden[p]) + fame_points[fame[p]]
            totals.append(points + joy_points[joy[p]] - 2 * sadness[p])
        best = max(totals)
        tied = [p for p in range(4) if totals[p] == best]
        if len(tied) > 1:  # the tie-breakers: more attractions ridden, more Fame, less Sadness
            for measure in ([len(mine) for mine in ridden], fame, [-s for s in sadness]):
                most = max(measure[p] for p in tied)
                tied = [p for p in tied if measure[p] == most]
                if len(tied) == 1:
                    break
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


def ratio_only(runs: int) -> None:
    """`ratio [runs]`: only the interleaved comparison, several times (the figure to watch)."""
    for _ in range(runs):
        interpreter, direct = interleaved(3000)
        print(
            f"interpreter {interpreter:6.0f}/s  direct {direct:6.0f}/s  {interpreter / direct:.3f}"
        )


def runner_costs(games: int) -> None:
    """`costs [games]`: CPU microseconds per Midway game (random bots, 4 players) of the
    runner's own parts, best of 5: seeding each random event's generator (beside the floor of
    any `random.Random`, the Twister's start), round checkpoints, the tally."""
    _, game = load_compiled_game(str(MANIFEST))
    seeds = [game_seed(1, i) for i in range(games)]
    draws = game.new_state(seeds[0], 4).draws  # events of the setup; the deals follow
    events = draws + 4  # a deal at each of the four later rounds

    def per_game(*works: Callable[[], object], repeats: int = 5) -> list[float]:
        """Each work's best time, the works run in turn: the load falls on all alike."""
        best = [float("inf")] * len(works)
        for _ in range(repeats):
            for index, work in enumerate(works):
                start = time.process_time()
                work()
                best[index] = min(best[index], time.process_time() - start)
        return [value / games * 1e6 for value in best]

    def as_strings() -> None:
        for seed in seeds:
            for draw in range(1, events + 1):
                random.Random(f"{seed}/{draw}")

    def twister_only() -> None:  # the Mersenne Twister's own start, from a number
        for seed in seeds:
            for draw in range(1, events + 1):
                random.Random(seed + draw)

    def as_streams() -> None:  # format 2: a stream's start and its first hash
        for seed in seeds:
            for draw in range(1, events + 1):
                EventRandom(f"{seed}/{draw}").getrandbits(1)

    deck = list(range(52))

    def twister_deals() -> None:  # format 1: a round's deal, its generator started
        for seed in seeds:
            for draw in range(1, events + 1):
                random.Random(f"{seed}/{draw}").shuffle(deck)

    def stream_deals() -> None:
        for seed in seeds:
            for draw in range(1, events + 1):
                EventRandom(f"{seed}/{draw}").shuffle(deck)

    def play(rounds: bool) -> list[GameRecord]:
        return [play_game(game, seed, 4, ["random"] * 4, rounds=rounds) for seed in seeds]

    records = play(True)

    def tallied() -> None:
        tally = Tally()
        for record in records:
            tally.add(record)

    print(f"Midway Memories, random bots, 4 players: CPU us per game, {games} games, best of 5")
    text, number, streams = per_game(as_strings, twister_only, as_streams)
    print(f"  {events} event generators, random.Random(text):    {text:7.1f}")
    print(f"  as many bare starts of the Twister, Random(int): {number:7.1f}")
    print(f"  as many streams (format 2), EventRandom(text):  {streams:7.1f}")
    twister, stream = per_game(twister_deals, stream_deals)
    print(f"  {events} deals of 52 cards, format 1 (Twister):    {twister:7.1f}")
    print(f"  {events} deals of 52 cards, format 2 (streams):    {stream:7.1f}")
    with_rounds, without = per_game(lambda: play(True), lambda: play(False))
    print(f"  a whole game with round checkpoints:            {with_rounds:7.1f}")
    print(f"  a whole game without (as a ladder plays):       {without:7.1f}")
    (adding,) = per_game(tallied)
    print(f"  adding a game to a tally:                       {adding:7.1f}")


def whole_process(games: int, runs: int) -> None:
    """`process [games] [runs]`: `toolkit simulate midway-memories --games N --bots random
    --workers 1` as a user runs it, its CPU time (the child's user and system time, start-up,
    loading and the printed summary included) against the hand-written loop's for as many
    games, in turn."""
    command = [sys.executable, "-m", "toolkit", "simulate", "midway-memories", "--games",
               str(games), "--players", "4", "--bots", "random", "--workers", "1"]  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        start = time.process_time()
        direct_loop(games)
        direct = games / (time.process_time() - start)
        interpreter = games / cpu
        print(
            f"{games} games: toolkit simulate {interpreter:6.0f}/s ({cpu:.1f} s CPU)  "
            f"direct {direct:6.0f}/s  {interpreter / direct:.3f}"
        )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "process":
        games = int(sys.argv[2]) if len(sys.argv) > 2 else 20_000
        whole_process(games, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
        return
    if len(sys.argv) > 1 and sys.argv[1] == "costs":
        runner_costs(int(sys.argv[2]) if len(sys.argv) > 2 else 500)
        return
    if len(sys.argv) > 1 and sys.argv[1] == "ratio":
        ratio_only(int(sys.argv[2]) if len(sys.argv) > 2 else 3)
        return
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
