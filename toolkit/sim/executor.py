"""Where chunks of games run: this machine's process pool, or a Dask cluster.

An executor maps a task over jobs and yields the results in job order, so a run's records
(and its JSON) are the same whatever runs them and on how many workers. Each job carries the
game's source: a local pool reads the files, a Dask worker gets their bytes (`portable`).
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
import threading
from abc import ABC, abstractmethod
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from toolkit.errors import ClusterError, UsageError
from toolkit.files import discard_unfinished
from toolkit.schema.limits import WORKERS_PER_CPU
from toolkit.sim.scheduler_address import scheduler_address

if TYPE_CHECKING:  # a pool is imported when a run starts one: one worker needs none
    from concurrent.futures import Future, ProcessPoolExecutor

AHEAD = 2
"""Jobs queued per worker: enough to keep every worker busy, few enough that a long run holds
only a handful of them (and their results) at a time."""
RETRIES = 2
"""A Dask task whose worker died, or that failed, runs again up to this many times."""
PROFILE_SETTING = "distributed.worker.profile.enabled"
"""Dask's per-worker stack sampler, switched off for the clusters started here (docs/scale.md
says how to switch it off on workers started by hand)."""
LOCAL_CLUSTER_SETTINGS: dict[str, object] = {
    PROFILE_SETTING: False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings of the clusters `local:N` starts. The stack sampler interrupts a task every
10 ms for the dashboard's profile (a sixth of a run of short games). The others are periodic
checks that wake each worker, nanny and the scheduler 50, 2 and 10 times a second (event
loop health, system and memory monitors): 5% of a core in this process and 2% in each worker
while idle, 1% and 0.4% at these intervals; nobody reads them here, and a worker whose memory
runs away is still stopped within a second."""
CONNECT_SECONDS = 20
"""How long connecting to a scheduler may take, handshake included."""
WORKER_SECONDS = 20
"""How long a run waits for a first worker on a scheduler that has none."""


class Shippable(Protocol):
    def portable(self) -> Any: ...


S = TypeVar("S", bound=Shippable)
J = TypeVar("J")
R = TypeVar("R")


class Executor(ABC):
    """Runs `task((shared, job))` for every job; results in job order."""

    workers: int
    chunk_seconds: float | None = None
    """Seconds of play a job should hold (None: the runner's fixed chunks)."""

    @abstractmethod
    def map(
        self, task: Callable[[tuple[S, J]], R], shared: S, jobs: Iterable[J], limit: int
    ) -> Iterator[R]:
        """`limit`: the most workers worth using (no more than there are games)."""

    def start(self, limit: int) -> None:
        """Start the workers now, from the calling thread (`limit` as in `map`): for a caller
        about to run maps from other threads. Workers a cluster already has: nothing to do."""
        return None

    def close(self) -> None:
        """Release the workers (a cluster this executor started); a pool ends with its run."""
        return None

    def __enter__(self) -> Executor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def pool_size(workers: int, games: int) -> int:
    """The worker processes a run starts: as asked, but no more than its games and than
    `WORKERS_PER_CPU` per CPU (more only share the same cores and each costs a process)."""
    return max(1, min(workers, games, WORKERS_PER_CPU * (os.cpu_count() or 1)))


class LocalExecutor(Executor):
    """A pool of processes on this machine (one process: no pool at all)."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def _started(self, workers: int) -> ProcessPoolExecutor:
        """One pool for every run of this executor (runs in threads share it: `tune`)."""
        with self._lock:
            if self._pool is None:
                from concurrent.futures import ProcessPoolExecutor

                self._pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
            return self._pool

    def start(self, limit: int) -> None:
        """Fork the worker processes now: a process forked while other threads of this one
        run could inherit a lock one of them holds (the pool forks all its workers at its
        first task)."""
        workers = pool_size(self.workers, limit)
        if workers > 1:
            self._started(workers).submit(int).result()

    def map(
        self, task: Callable[[tuple[S, J]], R], shared: S, jobs: Iterable[J], limit: int
    ) -> Iterator[R]:
        workers = pool_size(self.workers, limit)
        if workers <= 1:
            for job in jobs:
                yield task((shared, job))
            return
        pool = self._started(workers)
        queued: deque[Future[bytes]] = deque()
        try:
            with stop_workers_on_sigterm():
                for job in jobs:
                    queued.append(pool.submit(packed, task, (shared, job)))
                    if len(queued) >= AHEAD * workers:
                        yield unpacked(queued.popleft().result())
                while queued:
                    yield unpacked(queued.popleft().result())
        finally:
            # After an error (a game past its cap) the queued chunks are dropped and the
            # running ones finish: each is a few games, each bounded by its action cap.
            for future in queued:
                future.cancel()

    def close(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=True, cancel_futures=True)
                self._pool = None


class DaskExecutor(Executor):
    """A Dask cluster: `tcp://HOST:PORT` (a running scheduler) or `local:N` (a cluster of N
    worker processes started here, and stopped by `close`). `distributed` is imported only
    here: it is the optional extra `[dask]`."""

    chunk_seconds = 1.0
    """A task costs the scheduler about a millisecond: a second of play keeps that small."""

    def __init__(self, scheduler: str, client: Any = None) -> None:
        self.scheduler = scheduler
        self._cluster: Any = None
        self.client: Any = client if client is not None else self._connect(scheduler)
        try:
            threads = sum(self.client.nthreads().values())
            if not threads:  # workers started beside the scheduler may still be joining
                self.client.wait_for_workers(1, timeout=WORKER_SECONDS)
                threads = sum(self.client.nthreads().values())
        except TimeoutError:
            self.close()
            raise ClusterError(
                f"--scheduler {scheduler}: no worker has joined it in {WORKER_SECONDS:g} s "
                f"(start one with 'dask worker {scheduler}')"
            ) from None
        except Exception as error:  # the scheduler went away at once
            self.close()
            raise ClusterError(f"--scheduler {scheduler}: {_failure(error)}") from None
        self.workers = max(1, threads)

    def _connect(self, scheduler: str) -> Any:
        try:
            from distributed import Client, LocalCluster
        except ImportError:
            raise UsageError(
                "--executor dask needs the Dask extra: pip install 'toolkit[dask]'"
            ) from None
        _quiet_dask_logs()
        if scheduler.startswith("local:"):
            count = scheduler.removeprefix("local:")
            if not count.isdigit() or int(count) < 1:
                raise UsageError(f"--scheduler '{scheduler}': write local:N with N >= 1")
            import dask

            # The nannies hand these settings on to the worker processes they start.
            with dask.config.set(LOCAL_CLUSTER_SETTINGS):
                self._cluster = LocalCluster(
                    n_workers=local_workers(int(count[:12])),
                    threads_per_worker=1,
                    processes=True,
                    dashboard_address=None,
                    # The scheduler's HTTP server (health checks) runs even without the
                    # dashboard; on a free port, two local clusters never race for 8787.
                    scheduler_kwargs={"dashboard_address": ":0"},
                    silence_logs=50,  # logging.CRITICAL: workers' chatter is not the output
                )
            client = Client(self._cluster)
            client.register_plugin(_ignoring_interrupts())
            return client
        address = scheduler_address(scheduler)
        security = _security(scheduler) if address.startswith("tls://") else None
        try:
            return _within(
                CONNECT_SECONDS, lambda: Client(address, timeout=CONNECT_SECONDS, security=security)
            )
        except (OSError, TimeoutError) as error:
            why = _first_line(error)
            raise ClusterError(f"--scheduler {scheduler}: cannot reach it ({why})") from None
        except Exception as error:  # garbage read as Dask's frames: sizes of exabytes
            raise ClusterError(
                f"--scheduler {scheduler}: what answered there is not a Dask scheduler "
                f"({type(error).__name__})"
            ) from None

    def map(
        self, task: Callable[[tuple[S, J]], R], shared: S, jobs: Iterable[J], limit: int
    ) -> Iterator[R]:
        client = self.client
        # Once per run, to every worker: the game's bytes, never a path of this machine.
        try:
            [source] = client.scatter([shared.portable()], broadcast=True, hash=False)
        except TimeoutError:  # Dask's "No valid workers found": every worker has left
            raise ClusterError(
                f"--scheduler {self.scheduler}: no worker is left to run the games"
            ) from None
        queued: deque[Any] = deque()
        ahead = (AHEAD + 1) * min(self.workers, max(1, limit))
        try:
            for job in jobs:
                queued.append(
                    client.submit(packed, task, (source, job), pure=False, retries=RETRIES)
                )
                if len(queued) >= ahead:
                    yield unpacked(self._result(queued.popleft()))
            while queued:
                yield unpacked(self._result(queued.popleft()))
        finally:
            # Ctrl-C, an error or an abandoned run: nothing queued keeps the cluster busy.
            if queued:
                with suppress(Exception):
                    client.cancel(list(queued), force=True)
            with suppress(Exception):
                client.cancel([source], force=True)

    def _result(self, future: Any) -> Any:
        """A task's result; the task's own error as it is, the cluster's as `ClusterError`."""
        from distributed import KilledWorker
        from distributed.client import FutureCancelledError
        from distributed.comm import CommClosedError

        try:
            return future.result()
        except KilledWorker as error:
            raise ClusterError(
                f"--scheduler {self.scheduler}: a task killed its worker again and again "
                f"({_first_line(error)})"
            ) from None
        except (FutureCancelledError, CommClosedError) as error:
            raise ClusterError(f"--scheduler {self.scheduler}: {_failure(error)}") from None

    def close(self) -> None:
        with suppress(Exception):
            self.client.close()
        if self._cluster is not None:
            with suppress(Exception):
                self._cluster.close()


def make_executor(kind: str, workers: int, scheduler: str | None) -> Executor:
    """`local` with `workers` processes, or `dask` on `scheduler` (default: local:workers)."""
    if kind == "local":
        if scheduler is not None:
            raise UsageError("--scheduler goes with --executor dask")
        return LocalExecutor(workers)
    if kind == "dask":
        return DaskExecutor(scheduler or f"local:{workers}")
    raise UsageError(f"--executor '{kind}': local or dask")


def _within(seconds: float, connect: Callable[[], R]) -> R:
    """`connect()`, given up after `seconds` and a little: Dask's own timeout does not cover
    a service that accepts the connection and then says nothing. The attempt is left to a
    daemon thread, which the process does not wait for."""
    outcome: list[Any] = []

    def attempt() -> None:
        try:
            outcome.append(connect())
        except BaseException as error:  # handed to the caller's thread as it is
            outcome.append(error)

    thread = threading.Thread(target=attempt, name="toolkit-dask-connect", daemon=True)
    thread.start()
    thread.join(seconds + 2)
    if not outcome:
        raise TimeoutError(f"no answer in {seconds:g} s")
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    result: R = outcome[0]
    return result


def local_workers(count: int) -> int:
    """The worker processes of `local:N`: capped like `--workers` (without an error)."""
    return max(1, min(count, WORKERS_PER_CPU * (os.cpu_count() or 1)))


def _security(scheduler: str) -> Any:
    """Dask's TLS settings (certificates in its configuration); none is a clear error, not
    the TypeError Dask raises while connecting."""
    from distributed.security import Security

    security = Security()
    if security.get_connection_args("client").get("ssl_context") is None:
        raise ClusterError(
            f"--scheduler {scheduler}: tls:// needs certificates in Dask's configuration "
            "(distributed.comm.tls.ca-file, .client.cert and .client.key; docs/scale.md)"
        )
    return security


def _failure(error: BaseException) -> str:
    """What a lost connection or cancelled task says, in words and one line."""
    text = str(error)
    if "scheduler-connection-lost" in text or isinstance(error, OSError):
        return "lost the connection to the scheduler"
    if "forgotten" in text or "lost" in text:
        return "a worker holding the run's data was lost"
    return f"the cluster failed ({type(error).__name__}: {_first_line(error)})"


def _first_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0][:200] if lines else type(error).__name__


def _quiet_dask_logs() -> None:
    """Dask's client logs a lost scheduler with tracebacks; the run reports it in one line."""
    import logging

    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] == "distributed"]
    for name in ["distributed", *names]:  # Dask sets some of its loggers' levels one by one
        logging.getLogger(name).setLevel(logging.CRITICAL)


def _ignoring_interrupts() -> Any:
    """A plugin for the workers of a `local:N` cluster: Ctrl-C reaches every process of the
    terminal's group, and a worker would print its traceback. This process handles it (the
    queued tasks are cancelled, the cluster closed); the workers leave it to this process.
    A worker the nanny starts again gets the plugin too. (It comes once the cluster is up: a
    Ctrl-C while the workers still import stops the run, with their tracebacks. Ignoring it
    in this process during the start would let the children inherit that, but would drop the
    user's Ctrl-C for those seconds.)"""
    from distributed import WorkerPlugin

    class IgnoreInterrupt(WorkerPlugin):  # type: ignore[misc]  # distributed is untyped
        name = "toolkit-ignore-interrupt"

        def setup(self, worker: Any) -> None:
            if threading.current_thread() is threading.main_thread():
                signal.signal(signal.SIGINT, signal.SIG_IGN)

    return IgnoreInterrupt()


def packed(task: Callable[[J], R], job: J) -> bytes:
    """Runs `task` in a worker and returns its result pickled whole: one buffer to send.
    Dask would otherwise serialise a list's items one by one (each record pickled alone, its
    card ids again in every one), at several times the cost."""
    return pickle.dumps(task(job), protocol=pickle.HIGHEST_PROTOCOL)


_UNPICKLING = threading.Lock()


def unpacked(data: bytes) -> Any:
    """A worker's result, unpickled with the garbage collector paused: a batch is thousands
    of new containers, and on a heap that holds a long run's records the collections they
    trigger cost twice the unpickling itself. The lock keeps threads (runs of `tune`) from
    switching the collector back on under each other."""
    with _UNPICKLING:
        collecting = gc.isenabled()
        try:
            gc.disable()
            return pickle.loads(data)
        finally:
            if collecting:
                gc.enable()


def _worker_start() -> None:
    """A worker dies at once on SIGTERM, whatever the parent's handler (inherited by fork)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _terminate_workers() -> None:
    import multiprocessing

    for child in multiprocessing.active_children():
        child.terminate()


@contextmanager
def stop_workers_on_sigterm() -> Iterator[None]:
    """While worker processes run: SIGTERM ends them and then the run, with exit status 143
    (128 + SIGTERM), instead of killing the parent alone and leaving the workers playing with
    the output pipe open. Only in the main thread, where Python runs signal handlers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        _terminate_workers()
        discard_unfinished()
        for stream in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError):
                stream.flush()
        # At once, as the default action would: waiting on the pool's threads after its
        # workers were killed can block for ever (they may have died holding its queue).
        os._exit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
