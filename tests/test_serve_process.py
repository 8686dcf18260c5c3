"""The workbench as a real `python -m toolkit serve` process on 127.0.0.1: it answers while a
bot thinks and runs play, keeps its threads and processes bounded, survives broken and
abandoned requests without a traceback, and ends on Ctrl-C or SIGTERM at once, its run
processes with it."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("pypdfium2")
from shipped_project import copy_project

psutil = pytest.importorskip("psutil")

GAME = "oh-my-park"
STOP_SECONDS = 2
"""The promise: the server is gone this soon after the signal."""
SLACK_SECONDS = 3
"""Allowed on top on a busy machine before the test calls it a hang."""


@dataclass
class Server:
    process: subprocess.Popen[str]
    base: str
    port: int

    def get(self, path: str, timeout: float = 10) -> bytes:
        with urllib.request.urlopen(self.base + path, timeout=timeout) as response:
            return bytes(response.read())

    def post(self, path: str, body: str, timeout: float = 10) -> int:
        request = urllib.request.Request(self.base + path, data=body.encode())
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return int(response.status)

    def raw(self, data: bytes) -> socket.socket:
        connection = socket.create_connection(("127.0.0.1", self.port), timeout=10)
        connection.sendall(data)
        return connection

    def stop(self, *signals: signal.Signals) -> tuple[float, str]:
        """Send the signals; the seconds until the process ended, and its stderr."""
        start = time.monotonic()
        for number in signals:
            self.process.send_signal(number)
            time.sleep(0.05)
        _, err = self.process.communicate(timeout=STOP_SECONDS + SLACK_SECONDS)
        return time.monotonic() - start, err


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    root = copy_project(tmp_path)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "serve", GAME, "--port", str(port)],
        cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and process.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    try:
        yield Server(process, f"http://127.0.0.1:{port}", port)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def _think(server: Server) -> threading.Thread:
    """A page game against a bot that thinks 20 s a move, started in the background."""

    def start() -> None:
        with contextlib.suppress(OSError):  # the server was stopped meanwhile
            server.post(f"/game/{GAME}/play", "players=2&bot=ismcts:20s&seed=1", timeout=60)

    thread = threading.Thread(target=start, daemon=True)
    thread.start()
    time.sleep(0.5)  # the bot is thinking
    return thread


def test_answers_while_bots_think_and_runs_pile_up(server: Server) -> None:
    threads = psutil.Process(server.process.pid).num_threads()
    _think(server)
    for _ in range(10):  # each run stops the one before
        server.post(f"/game/{GAME}/sim", "players=2&bots=ismcts:2s&games=20")
    assert server.get("/static/app.css", timeout=5)  # no waiting for the bot
    assert b"Oh my park" in server.get(f"/game/{GAME}", timeout=5)
    process = psutil.Process(server.process.pid)
    assert process.num_threads() <= threads + 1  # the pool was there from the start
    runs = [child for child in process.children() if child.status() != psutil.STATUS_ZOMBIE]
    assert len(runs) == 1  # one run of the game alive, the nine before it stopped
    seconds, err = server.stop(signal.SIGINT)
    assert seconds < STOP_SECONDS + SLACK_SECONDS and "Traceback" not in err
    assert server.process.returncode == 130
    assert not any(run.is_running() and run.status() != psutil.STATUS_ZOMBIE for run in runs)


@pytest.mark.parametrize(
    ("signals", "codes"),
    [
        ((signal.SIGTERM,), (-signal.SIGTERM, 143)),
        ((signal.SIGINT, signal.SIGINT), (-signal.SIGINT, 130)),
    ],
    ids=["sigterm", "two-quick-ctrl-c"],
)
def test_a_signal_ends_it_whatever_runs(
    server: Server, signals: tuple[signal.Signals, ...], codes: tuple[int, ...]
) -> None:
    _think(server)
    server.post(f"/game/{GAME}/sim", "players=2&bots=ismcts:2s&games=20")
    runs = psutil.Process(server.process.pid).children()
    seconds, err = server.stop(*signals)
    assert seconds < STOP_SECONDS + SLACK_SECONDS
    assert server.process.returncode in codes and "Traceback" not in err, err
    time.sleep(0.2)
    assert not any(run.is_running() and run.status() != psutil.STATUS_ZOMBIE for run in runs)


def test_broken_and_abandoned_requests_print_no_traceback(server: Server) -> None:
    post = f"POST /game/{GAME}/sim HTTP/1.1\r\nHost: 127.0.0.1\r\n".encode()
    with server.raw(post + b"Transfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n") as bad:
        assert bad.recv(100).startswith(b"HTTP/1.1 400")
    with server.raw(post + b"Content-Length: 1000\r\n\r\nplayers=2"):
        time.sleep(0.2)  # gone mid-body
    with server.raw(post + b"Transfer-Encoding: chunked\r\n\r\n10\r\nplay"):
        time.sleep(0.2)  # gone mid-chunk
    with server.raw(post + b"Content-Length: 314572800\r\n\r\n") as huge:
        assert huge.recv(100).startswith(b"HTTP/1.1 413")  # 300 MiB announced, none read
    rss = psutil.Process(server.process.pid).memory_info().rss
    with server.raw(post + b"Transfer-Encoding: chunked\r\n\r\n") as streamed:
        chunk = b"4000\r\n" + b"a" * 0x4000 + b"\r\n"
        try:
            for _ in range(4096):  # 64 MiB: the server refuses after 16 KiB, keeps none
                streamed.sendall(chunk)
        except OSError:
            pass  # it closed the connection
        assert streamed.recv(100).startswith(b"HTTP/1.1 413")
    assert psutil.Process(server.process.pid).memory_info().rss < rss + 64 * 2**20
    assert server.get("/static/app.css")
    _, err = server.stop(signal.SIGINT)
    assert "Traceback" not in err, err
