"""A Dask cluster that fails, or an address that is no cluster: one line and exit 1 (exit 2
for an address that is not one), never a traceback or an internal error."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from entry_point import ROOT, run_toolkit

from toolkit.sim.executor import local_workers

distributed = pytest.importorskip("distributed")

QUICK = ("--games", "4", "--players", "3", "--bots", "random", "--executor", "dask")
DASK = Path(sys.executable).parent / "dask"


@contextmanager
def _server(reply: bytes, seconds: float = 20) -> Iterator[int]:
    """A plain TCP server on 127.0.0.1 that sends `reply` to whoever connects (garbage to
    Dask) and then holds the connection; it stops by itself after `seconds`."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()
    deadline = time.monotonic() + seconds

    def serve() -> None:
        held = []
        while not stop.is_set() and time.monotonic() < deadline:
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(connection)
            if reply:
                connection.sendall(reply)
        for connection in held:
            connection.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listener.getsockname()[1]
    finally:
        stop.set()
        thread.join()
        listener.close()


def _simulate_in_a_process(
    scheduler: str, connect_seconds: float | None = None
) -> subprocess.CompletedProcess[str]:
    """`toolkit simulate ... --scheduler ADDRESS` in a process of its own: a connection the
    command gives up on leaves Dask's client thread behind, holding the lock of Dask's shared
    event loop, and in the test's own process every later client would wait on it for ever.
    `connect_seconds` shortens the wait for a silent service."""
    setup = (
        ""
        if connect_seconds is None
        else (f"from toolkit.sim import executor; executor.CONNECT_SECONDS = {connect_seconds}; ")
    )
    argv = ["toolkit", "simulate", "midway-memories", *QUICK, "--scheduler", scheduler]
    code = f"import sys; {setup}sys.argv = {argv!r}; from toolkit.cli import main; main()"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=120, check=False,
    )  # fmt: skip
    assert "Traceback" not in done.stdout + done.stderr, done.stderr
    return done


def _one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: --scheduler"), result.stderr
    return lines[0]


def test_a_service_that_is_not_dask_is_an_error_not_a_huge_allocation() -> None:
    """An HTTP server's first bytes read as Dask's frame sizes claim exabytes."""
    with _server(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n") as port:
        done = _simulate_in_a_process(f"tcp://127.0.0.1:{port}")
    assert "is not a Dask scheduler" in _one_line_error(done)


def test_a_service_that_says_nothing_is_given_up_in_bounded_time() -> None:
    with _server(b"") as port:
        started = time.monotonic()
        done = _simulate_in_a_process(f"tcp://127.0.0.1:{port}", connect_seconds=0.5)
    assert time.monotonic() - started < 15
    assert "cannot reach it" in _one_line_error(done)


def test_tls_without_certificates_is_an_error_naming_the_settings() -> None:
    with _server(b"") as port:
        done = _simulate_in_a_process(f"tls://127.0.0.1:{port}")
    assert "tls:// needs certificates" in _one_line_error(done)


@pytest.mark.parametrize(
    "address",
    ["tcp://", "tcp://:8786", "tcp://host:0", "tcp://host:99999", "tcp://host:port",
     "tcp://host/path", "tcp://user@host:8786", "tcp://host:8786?x=1", "tcp://a b:1",
     "udp://host:8786", "host:8786"],
)  # fmt: skip
def test_an_address_that_is_not_one_is_a_usage_error(address: str) -> None:
    done = run_toolkit("simulate", "midway-memories", *QUICK, "--scheduler", address)
    assert done.returncode == 2, done.stderr
    assert done.stderr.startswith(f"usage error: --scheduler '{address}'")


def test_a_local_cluster_is_capped_like_the_worker_pool() -> None:
    cap = 4 * (os.cpu_count() or 1)
    assert local_workers(100_000) == cap
    assert local_workers(1) == 1
    done = run_toolkit("simulate", "midway-memories", *QUICK, "--scheduler", "local:0")
    assert done.returncode == 2 and "local:N with N >= 1" in done.stderr


def _free_port() -> int:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        return int(probe.getsockname()[1])


@contextmanager
def _cluster() -> Iterator[tuple[str, subprocess.Popen[bytes], subprocess.Popen[bytes]]]:
    """A scheduler and one worker, each a process group of its own (so one can be killed)."""
    address = f"tcp://127.0.0.1:{_free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
         "--no-dashboard"], start_new_session=True, **quiet,
    )  # fmt: skip
    worker = subprocess.Popen(
        [DASK, "worker", address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard"],
        start_new_session=True, **quiet,
    )  # fmt: skip
    try:
        with distributed.Client(address, timeout=30) as client:
            client.wait_for_workers(1, timeout=30)
        yield address, scheduler, worker
    finally:
        for process in (scheduler, worker):
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


def _killed_during_a_run(which: str) -> subprocess.CompletedProcess[str]:
    with _cluster() as (address, scheduler, worker):
        run = subprocess.Popen(
            [sys.executable, "-m", "toolkit", "simulate", "midway-memories", "--games", "200000",
             "--players", "3", "--bots", "random", "--executor", "dask", "--scheduler", address],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        with distributed.Client(address, timeout=30) as watcher:
            deadline = time.monotonic() + 60
            while not any(watcher.processing().values()):  # the run's tasks are on the worker
                assert time.monotonic() < deadline and run.poll() is None
                time.sleep(0.1)
        os.killpg((scheduler if which == "scheduler" else worker).pid, signal.SIGKILL)
        out, err = run.communicate(timeout=90)
    assert "Traceback" not in err
    return subprocess.CompletedProcess(run.args, run.returncode, out, err)


@pytest.mark.skipif(not DASK.exists(), reason="the dask command is not installed")
@pytest.mark.parametrize(
    ("which", "said"),
    [
        ("scheduler", "lost the connection to the scheduler"),
        ("worker", "a worker holding the run's data was lost"),
    ],
)
def test_a_scheduler_or_worker_killed_during_a_run_ends_it_with_one_line(
    which: str, said: str
) -> None:
    assert said in _one_line_error(_killed_during_a_run(which))
