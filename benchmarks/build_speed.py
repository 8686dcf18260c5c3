"""How long `toolkit build` of the six first games takes, whole and by phase.

Run from the project root: `python benchmarks/build_speed.py [whole|phases] [runs]`.

- `whole` (the default): the complete `toolkit build` process of the six games (400 greedy
  games per player count, two workers, cards and report PDFs), `runs` times: wall time, the
  CPU time of the process and its workers (user + system), and the load average before and
  after, since other work on the machine stretches the wall time and not the CPU time.
- `phases`: the same work in this process, one phase at a time and on one core, in CPU
  seconds: each game's loading, each player count's games, the check of cards only random
  play plays (`bot_blind_spots`), printing the cards and writing the report.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = (
    "midway-memories",
    "oh-my-park",
    "lantern-routes",
    "cinder-tricks",
    "tide-pool-market",
    "lamplight-wagers",
)
GAMES_PER_COUNT = 400


def load() -> str:
    return " ".join(f"{value:.1f}" for value in os.getloadavg())


def whole(runs: int) -> None:
    print(f"toolkit build of {len(GAMES)} games, {GAMES_PER_COUNT} games per player count:")
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            command = [sys.executable, "-m", "toolkit", "build", *GAMES, "--out", folder]
            before, started = load(), time.perf_counter()
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            result = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
            wall = time.perf_counter() - started
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if result.returncode != 0:
                raise SystemExit(f"build failed:\n{result.stderr.decode()}")
        user, system = after.ru_utime - used.ru_utime, after.ru_stime - used.ru_stime
        print(
            f"  {wall:.1f} s wall, CPU {user:.1f} s user + {system:.1f} s system; "
            f"load {before} before, {load()} after"
        )


def phases() -> None:
    from toolkit.cli.printing import _print_cards
    from toolkit.sim.bot_blind_spots import add_blind_spots
    from toolkit.sim.executor import LocalExecutor
    from toolkit.sim.report_pdf import render_report
    from toolkit.sim.run import RunSpec, run
    from toolkit.sim.sources import load_source

    totals: dict[str, float] = {}

    def timed(phase: str, work: Callable[[], object]) -> float:
        started = time.process_time()
        work()
        spent = time.process_time() - started
        totals[phase] = totals.get(phase, 0.0) + spent
        return spent

    executor = LocalExecutor(1)
    print(f"CPU seconds by phase (one core, load {load()}):")
    with tempfile.TemporaryDirectory() as folder:
        for game in GAMES:
            loaded: list = []
            timed("load", lambda: loaded.append(load_source(game)[2]))  # noqa: B023
            compiled = loaded[0]
            runs, line = [], []
            for players in range(compiled.min_players, compiled.max_players + 1):
                spec = RunSpec(game, GAMES_PER_COUNT, players, ["greedy"], 1, 1)
                spec.executor = executor
                done: list = []
                spent = timed("games", lambda: done.append(run(spec)))  # noqa: B023
                timed("blind spots", lambda: add_blind_spots(done[0]))  # noqa: B023
                runs.append((done[0].summary, done[0].tally))
                line.append(f"{players}p {spent:.2f}")
            target = Path(folder) / f"{game}-cards.pdf"
            printing = timed("print", lambda: _print_cards(game, target))  # noqa: B023
            report = Path(folder) / f"{game}-report.pdf"
            reporting = timed("report", lambda: render_report(runs, report))  # noqa: B023
            print(
                f"  {game}: games {', '.join(line)}; print {printing:.2f}; report {reporting:.2f}"
            )
    print("  all: " + ", ".join(f"{phase} {spent:.1f}" for phase, spent in totals.items()))


def main() -> None:
    mode = sys.argv[1] if len(sys.argv) > 1 else "whole"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    if mode == "phases":
        phases()
    else:
        whole(runs)


if __name__ == "__main__":
    main()
