"""Peak memory of `toolkit simulate` as the number of games grows.

Run from the project root: `python benchmarks/simulate_memory.py [N ...]` (default 10,000
and 100,000 games; 1,000,000 takes about half an hour on two cores). Each run is
`toolkit simulate midway-memories --games N --bots random --workers 2 --format json` in a
process of its own, started from a small Python process that reads, once the run is over,
the largest resident set of any process below it (`getrusage(RUSAGE_CHILDREN).ru_maxrss`:
the toolkit's own process or one of its workers, whichever peaked higher). A run's
statistics are tallied as games end, so the figure should stay flat as N grows; the goal is
at most 150 MiB, and within 10% of the figure at 10,000 games.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_MIB = 150
PROBE = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def peak_mib(games: int) -> tuple[float, float]:
    """(peak resident MiB, wall seconds) of one run of `games` games."""
    command = [sys.executable, "-m", "toolkit", "simulate", "midway-memories", "--games",
               str(games), "--bots", "random", "--workers", "2", "--format", "json"]  # fmt: skip
    started = time.perf_counter()
    probe = subprocess.run(
        [sys.executable, "-c", PROBE, *command], cwd=ROOT, capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    code, kib = probe.stdout.split()
    if code != "0":
        raise SystemExit(f"the run of {games:,} games failed (exit {code}): {probe.stderr}")
    return int(kib) / 1024, seconds


def main() -> None:
    counts = [int(arg) for arg in sys.argv[1:]] or [10_000, 100_000]
    first: float | None = None
    for games in counts:
        mib, seconds = peak_mib(games)
        first = first if first is not None else mib
        print(
            f"{games:>9,} games: peak RSS {mib:6.1f} MiB ({mib / first:.2f}x the first), "
            f"{seconds:6.0f} s; goal <= {GOAL_MIB} MiB: {'met' if mib <= GOAL_MIB else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
