"""Dask against the local process pool: random-bot games of each shipped game, 4 players.

Run from the project root: `python benchmarks/executor_speed.py [games]` (default 20,000 per
game; needs the `[dask]` extra). Three timings per game, each of the same games (the records
are checked to be equal): the local pool with 2 workers, a Dask LocalCluster with 2 workers,
and one with 1 worker. The clusters are started, and warmed up with a short run (workers import
the toolkit and build the game), before the clock starts: a long-lived cluster is the use Dask
is for. The pool's timing includes starting its processes, as a real run's does.

Goals: Dask 2 workers >= 0.9x the local pool's rate; Dask 2 workers >= 1.8x Dask 1 worker.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.sim.executor import DaskExecutor, Executor, LocalExecutor  # noqa: E402
from toolkit.sim.runner import GameRecord, simulate  # noqa: E402

GAMES = {
    "midway-memories": ROOT / "rules/midway-memories.yaml",
    "oh-my-park": ROOT / "rules/oh-my-park.yaml",
}


def timed(manifest: Path, games: int, executor: Executor) -> tuple[float, list[GameRecord]]:
    start = time.perf_counter()
    records = simulate(manifest, games, 4, ["random"] * 4, seed=1, executor=executor)
    return time.perf_counter() - start, records


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    clusters = {n: DaskExecutor(f"local:{n}") for n in (1, 2)}
    try:
        print(f"{games:,} random-bot games per game, 4 players")
        for name, manifest in GAMES.items():
            for cluster in clusters.values():
                simulate(manifest, 200, 4, ["random"] * 4, seed=99, executor=cluster)  # warm up
            with LocalExecutor(2) as pool:
                local, expected = timed(manifest, games, pool)
            dask2, records2 = timed(manifest, games, clusters[2])
            dask1, records1 = timed(manifest, games, clusters[1])
            assert records2 == expected and records1 == expected, "executors disagree"
            print(f"\n{name}")
            print(f"  local pool, 2 workers: {local:7.1f} s  {games / local:8.0f} games/s")
            print(f"  dask, 2 workers:       {dask2:7.1f} s  {games / dask2:8.0f} games/s")
            print(f"  dask, 1 worker:        {dask1:7.1f} s  {games / dask1:8.0f} games/s")
            print(f"  dask 2 / local 2: {local / dask2:.2f}x (goal >= 0.9x)")
            print(f"  dask 2 / dask 1:  {dask1 / dask2:.2f}x (goal >= 1.8x)")
    finally:
        for cluster in clusters.values():
            cluster.close()


if __name__ == "__main__":
    main()
