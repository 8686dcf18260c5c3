"""Executors: a Dask cluster plays the same games as the local pool, game for game."""

from __future__ import annotations

import gc
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from toolkit.diagnostics import json_text
from toolkit.errors import UsageError
from toolkit.sim.executor import (
    LOCAL_CLUSTER_SETTINGS,
    DaskExecutor,
    LocalExecutor,
    make_executor,
    packed,
    unpacked,
)
from toolkit.sim.run import RunSpec, run
from toolkit.sim.runner import tapered_spans
from toolkit.sim.sources import PathSource

distributed = pytest.importorskip("distributed")

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dask() -> Iterator[DaskExecutor]:
    """Two single-thread workers in this process: a real scheduler, no process start-up."""
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=False,
        dashboard_address=None,
        scheduler_kwargs={"dashboard_address": ":0"},  # never 8787, which another run may hold
    )
    client = distributed.Client(cluster)
    executor = DaskExecutor("in-process", client=client)
    yield executor
    executor.close()
    cluster.close()


def test_dask_output_is_byte_identical_to_one_local_worker(dask: DaskExecutor) -> None:
    spec = RunSpec("midway-memories", 120, 3, ["random"], seed=11)
    spec.executor = LocalExecutor(1)
    local = json_text(run(spec).summary)
    spec.executor = dask
    assert dask.workers == 2
    assert json_text(run(spec).summary) == local


def test_a_worker_gets_the_games_bytes_not_a_path() -> None:
    source = PathSource(str(REPO / "rules/midway-memories.yaml"))
    bundle = source.portable()
    names = [name for name, _ in bundle.files]
    assert bundle.manifest == "rules/midway-memories.yaml"
    assert "cards/midway-memories/attractions.yaml" in names
    assert "cards/midway-memories/art/carousel.svg" in names  # a picture a card names
    assert "print/shared/defaults.yaml" in names  # a layout the game's layout extends
    assert "print/midway-memories/reference.md.j2" in names  # a template
    assert "rules/cinder-tricks.yaml" not in names  # another game's manifest
    assert not any(name.startswith("/") for name in names)
    assert bundle.compile().id == source.compile().id


FAILED: set[int] = set()
LOCK = threading.Lock()


def _fails_once(job: tuple[Any, int]) -> int:
    """Fails the first time it meets each job: a task whose worker broke down."""
    _, number = job
    with LOCK:
        first = number not in FAILED
        FAILED.add(number)
    if first and number % 2:
        raise OSError("worker lost")
    return number * number


class _Shared:
    def portable(self) -> _Shared:
        return self


def test_a_task_that_fails_once_is_retried_and_the_result_unchanged(dask: DaskExecutor) -> None:
    FAILED.clear()
    results = list(dask.map(_fails_once, _Shared(), range(10), 10))
    assert results == [n * n for n in range(10)]
    assert set(range(10)) == FAILED


def _second(job: tuple[Any, Any]) -> Any:
    return job[1]


def _slow(job: tuple[Any, int]) -> int:
    time.sleep(0.05)
    return job[1]


def test_stopping_a_run_cancels_its_queued_tasks(dask: DaskExecutor) -> None:
    """What Ctrl-C does: the loop over results ends, and nothing is left on the cluster."""
    results = dask.map(_slow, _Shared(), range(1000), 1000)
    assert next(results) == 0
    results.close()
    deadline = time.monotonic() + 5
    while dask.client.processing() and any(dask.client.processing().values()):
        assert time.monotonic() < deadline, dask.client.processing()
        time.sleep(0.05)


def test_a_scheduler_the_toolkit_cannot_use_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="tcp://HOST:8786 or local:N"):
        make_executor("dask", 2, "localhost:8786")
    with pytest.raises(UsageError, match="local:N with N >= 1"):
        make_executor("dask", 2, "local:0")
    with pytest.raises(UsageError, match="goes with --executor dask"):
        make_executor("local", 2, "local:2")


def _settings() -> tuple[dict[str, object], bool]:
    import dask.config

    settings = {name: dask.config.get(name) for name in LOCAL_CLUSTER_SETTINGS}
    return settings, signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_a_local_cluster_runs_worker_processes_with_its_own_settings() -> None:
    """`--scheduler local:N` starts real worker processes, without Dask's 10 ms stack sampler
    (it cost a sixth of a run of short games), with its periodic checks slowed down and Ctrl-C
    left to this process, and plays the same games as the pool."""
    spec = RunSpec("midway-memories", 6, 3, ["random"], seed=5)
    with LocalExecutor(1) as pool:
        spec.executor = pool
        expected = json_text(run(spec).summary)
    with DaskExecutor("local:1") as cluster:
        assert list(cluster.client.run(_settings).values()) == [(LOCAL_CLUSTER_SETTINGS, True)]
        spec.executor = cluster
        assert json_text(run(spec).summary) == expected


@pytest.mark.parametrize("collecting", [True, False])
def test_a_result_travels_as_one_buffer_and_the_collector_is_left_as_found(
    collecting: bool,
) -> None:
    data = packed(_second, (None, {"records": [(1, "carousel")] * 3}))
    assert isinstance(data, bytes)
    was = gc.isenabled()
    try:
        (gc.enable if collecting else gc.disable)()
        assert unpacked(data) == {"records": [(1, "carousel")] * 3}
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()


@pytest.mark.parametrize(
    ("first", "games", "size", "workers"), [(1, 20_000, 1429, 2), (1, 9, 3, 2), (0, 7, 100, 1)]
)
def test_tasks_cover_every_game_once_and_the_last_ones_are_smaller(
    first: int, games: int, size: int, workers: int
) -> None:
    spans = list(tapered_spans(first, games, size, workers))
    assert [game for start, end in spans for game in range(start, end)] == list(range(first, games))
    lengths = [end - start for start, end in spans]
    assert max(lengths) <= size
    assert all(length <= -(-size // 4) for length in lengths[-workers:])
