"""Dask against the local process pool: random-bot games of each shipped game, 4 players.

Run from the project root: `python benchmarks/executor_speed.py [games]` (default 20,000 per
game; needs the `[dask]` extra). Three timings per game, each of the same games (their tallies
are checked to be equal): the local pool with 2 workers, a Dask LocalCluster with 2 workers,
and one with 1 worker. Each cluster is started, and warmed up with a short run (workers import
the toolkit and build the game), before the clock starts: a long-lived cluster is the use Dask
is for. Only one cluster lives at a time, so no idle one takes CPU from the timing. The
pool's timing includes starting its processes, as a real run's does.

Beside each timing, the CPU it cost, per game: in this process (the client, Dask's scheduler
and nannies, unpickling the tallies) and in the worker processes (playing, and what a worker
does besides). On a machine shared with other work the wall-clock rates vary; the CPU per game
says where the time went whatever the load. From it, the ratios two cores would give if
nothing else ran: 2 workers and this process share both cores, so a game costs the CPU of
both, while 1 worker has a core to itself (this process uses the other), so its rate is one
over the worker's CPU per game alone.

Goals: Dask 2 workers >= 0.9x the local pool's rate; Dask 2 workers >= 1.8x Dask 1 worker.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path

import psutil  # a dependency of distributed

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.sim.executor import DaskExecutor, Executor, LocalExecutor  # noqa: E402
from toolkit.sim.runner import Tally, simulate  # noqa: E402

GAMES = {
    "midway-memories": ROOT / "rules/midway-memories.yaml",
    "oh-my-park": ROOT / "rules/oh-my-park.yaml",
}


@dataclass
class Timing:
    seconds: float
    client_cpu: float
    workers_cpu: float
    tally: Tally

    @property
    def cpu(self) -> float:
        return self.client_cpu + self.workers_cpu


def cpu_seconds(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
    except psutil.Error:
        return 0.0
    return times.user + times.system


def children() -> dict[int, psutil.Process]:
    return {child.pid: child for child in psutil.Process().children(recursive=True)}


def timed(manifest: Path, games: int, executor: Executor) -> Timing:
    me = psutil.Process()
    before = {pid: cpu_seconds(child) for pid, child in children().items()}
    client = cpu_seconds(me)
    start = time.perf_counter()
    tally = simulate(manifest, games, 4, ["random"] * 4, seed=1, executor=executor)
    seconds = time.perf_counter() - start
    client = cpu_seconds(me) - client
    workers = sum(  # the pool's processes are still running here: they end with its `with`
        cpu_seconds(child) - before.get(pid, 0.0) for pid, child in children().items()
    )
    return Timing(seconds, client, workers, tally)


def on_cluster(manifest: Path, games: int, workers: int) -> Timing:
    """A LocalCluster of `workers`, started and warmed up before the clock, closed after."""
    with DaskExecutor(f"local:{workers}") as cluster:
        simulate(manifest, 200, 4, ["random"] * 4, seed=99, executor=cluster)  # warm up
        return timed(manifest, games, cluster)


def line(label: str, timing: Timing, games: int) -> str:
    return (
        f"  {label:22s} {timing.seconds:7.1f} s {games / timing.seconds:6.0f} games/s   CPU per "
        f"game: this process {timing.client_cpu / games * 1e6:4.0f} us, "
        f"workers {timing.workers_cpu / games * 1e6:5.0f} us"
    )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    print(f"{games:,} random-bot games per game, 4 players")
    for name, manifest in GAMES.items():
        with LocalExecutor(2) as pool:
            local = timed(manifest, games, pool)
        dask2 = on_cluster(manifest, games, 2)
        dask1 = on_cluster(manifest, games, 1)
        assert dask2.tally == local.tally, "executors disagree"
        assert dask1.tally == local.tally, "executors disagree"
        print(f"\n{name}")
        print(line("local pool, 2 workers:", local, games))
        print(line("dask, 2 workers:", dask2, games))
        print(line("dask, 1 worker:", dask1, games))
        print(f"  dask 2 / local 2: {local.seconds / dask2.seconds:.2f}x (goal >= 0.9x)")
        print(f"  dask 2 / dask 1:  {dask1.seconds / dask2.seconds:.2f}x (goal >= 1.8x)")
        over_local, over_one = local.cpu / dask2.cpu, 2 * dask1.workers_cpu / dask2.cpu
        print(
            f"  from the CPU per game (two cores kept busy): dask 2 / local 2 {over_local:.2f}x, "
            f"dask 2 / dask 1 {over_one:.2f}x"
        )


if __name__ == "__main__":
    main()
