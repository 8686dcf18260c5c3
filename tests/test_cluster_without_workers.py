"""A scheduler that has no worker: the run waits a bounded time for one, then ends with one
line saying how to start one (exit 1), never a hang nor an internal error."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

import pytest
from entry_point import ROOT

distributed = pytest.importorskip("distributed")
DASK = Path(sys.executable).parent / "dask"


@pytest.mark.skipif(not DASK.exists(), reason="the dask command is not installed")
def test_a_scheduler_without_workers_is_given_up_with_a_hint() -> None:
    with socket.create_server(("127.0.0.1", 0)) as probe:
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen(
        [DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard"],
        start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        with distributed.Client(address, timeout=30):  # the scheduler is up and answers
            pass
        argv = ["toolkit", "simulate", "midway-memories", "--games", "4", "--players", "3",
                "--bots", "random", "--executor", "dask", "--scheduler", address]  # fmt: skip
        code = (
            "import sys; from toolkit.sim import executor; executor.WORKER_SECONDS = 0.5; "
            f"sys.argv = {argv!r}; from toolkit.cli import main; main()"
        )
        started = time.monotonic()
        done = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        waited = time.monotonic() - started
    finally:
        with suppress(ProcessLookupError):
            os.killpg(scheduler.pid, signal.SIGKILL)
        scheduler.wait()
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert done.stderr.strip() == (
        f"error: --scheduler {address}: no worker has joined it in 0.5 s "
        f"(start one with 'dask worker {address}')"
    )
    assert waited < 30
