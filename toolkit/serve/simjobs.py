"""Quick simulations in the background, with progress, for the page's numbers.

Each run is a process of its own, forked from the server with the compiled game it was given
when it started, so a file saved meanwhile changes nothing in a run already going: the result
says which content version it ran on, and the page marks it out of date when the files have
moved on. A process, not a thread, because a run must stop when asked: a bot in the middle of
a long decision cannot be interrupted in a thread, while a process ends at once. So at most
one run per game is alive (starting another stops the one before), at most `RUNNING` run at
a time (later ones wait their turn), and stopping the server ends them all.

The server learns of a run's progress when it looks (the page polls), through a pipe the run
writes a few times a second: no thread watches a run.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import threading
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from toolkit.errors import UsageError
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.charts import summary_charts
from toolkit.sim.names import names_of
from toolkit.sim.run import check_seats, seats_for
from toolkit.sim.runner import game_seed, play_game
from toolkit.sim.stats import summarise
from toolkit.sim.tally import Tally

MAX_QUICK_GAMES = 2000
"""A quick look, not a study: `toolkit simulate` is there for more."""
RUNNING = 2
"""Runs playing at once, across games: one per core of a small machine."""
KEPT = 20
"""Finished runs remembered (the latest of each game is what the page shows)."""
PROGRESS_SECONDS = 0.2
STOP_SECONDS = 1.0
"""How long a stopped run may take to end before it is killed."""


@dataclass
class SimJob:
    id: str
    game_id: str
    players: int
    bots: list[str]
    games: int
    content_version: int
    options: dict[str, Any] = field(default_factory=dict)
    """The game options every game of the run plays with (`serve --option`)."""
    done: int = 0
    status: str = "waiting"
    """waiting, running, done, stopped or failed."""
    error: str = ""
    summary: dict[str, Any] = field(default_factory=dict)
    charts: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    loaded: LoadedGame | None = field(default=None, repr=False)
    """The game to play, until the run starts (the process holds it then)."""
    process: Any = field(default=None, repr=False)
    pipe: Connection | None = field(default=None, repr=False)

    @property
    def progress(self) -> float:
        return self.done / self.games if self.games else 1.0

    @property
    def active(self) -> bool:
        return self.status in ("waiting", "running")


class SimJobs:
    """The runs of one server."""

    def __init__(self, running: int = RUNNING) -> None:
        self.jobs: dict[str, SimJob] = {}
        self.running = running
        self._ids = itertools.count(1)
        self._lock = threading.Lock()

    def start(
        self,
        loaded: LoadedGame,
        game_id: str,
        content_version: int,
        *,
        players: int,
        bots: list[str],
        games: int,
        seed: int = 1,
        options: dict[str, Any] | None = None,
    ) -> SimJob:
        game = loaded.game
        if not 1 <= games <= MAX_QUICK_GAMES:
            raise UsageError(f"a quick simulation plays 1-{MAX_QUICK_GAMES} games, not {games}")
        bots = check_seats(game, players, bots)
        job = SimJob(
            f"{game_id}-{next(self._ids)}", game_id, players, seats_for(bots, players), games,
            content_version, dict(options or {}), seed=seed, loaded=loaded,
        )  # fmt: skip
        with self._lock:
            for other in self.jobs.values():
                if other.game_id == game_id and other.active:
                    _stop(other, "stopped")
            self.jobs[job.id] = job
            self._forget_old()
            self._poll()
        return job

    def get(self, job_id: str) -> SimJob | None:
        with self._lock:
            self._poll()
        return self.jobs.get(job_id)

    def latest(self, game_id: str) -> SimJob | None:
        with self._lock:
            self._poll()
        mine = [job for job in self.jobs.values() if job.game_id == game_id]
        return mine[-1] if mine else None

    def alive(self) -> int:
        """Runs whose process has not ended yet."""
        return sum(job.process is not None and job.process.is_alive() for job in self.jobs.values())

    def stop_all(self) -> None:
        with self._lock:
            for job in self.jobs.values():
                if job.active:
                    _stop(job, "stopped")

    def _poll(self) -> None:
        """Take in what the running processes said, and start waiting runs in free slots."""
        for job in self.jobs.values():
            if job.status == "running":
                _hear(job)
        busy = sum(job.status == "running" for job in self.jobs.values())
        for job in self.jobs.values():
            if job.status == "waiting" and busy < self.running:
                _launch(job)
                busy += 1

    def _forget_old(self) -> None:
        finished = [key for key, job in self.jobs.items() if not job.active]
        latest = {job.game_id: key for key, job in self.jobs.items()}
        for key in finished[: max(0, len(self.jobs) - KEPT)]:
            if latest.get(self.jobs[key].game_id) != key:
                del self.jobs[key]


def _launch(job: SimJob) -> None:
    """Fork the run: the child has the compiled game already (it holds closures, so it could
    not be sent to a fresh interpreter), and nothing is copied until one of them writes."""
    context = multiprocessing.get_context("fork")
    parent, child = context.Pipe(duplex=False)
    process = context.Process(
        target=_run, args=(child, job, job.loaded, os.getpid()), daemon=True, name=job.id
    )
    process.start()
    child.close()
    job.process, job.pipe, job.loaded, job.status = process, parent, None, "running"


def _hear(job: SimJob) -> None:
    assert job.pipe is not None
    try:
        while job.pipe.poll():
            kind, *payload = job.pipe.recv()
            if kind == "progress":
                job.done = payload[0]
            elif kind == "done":
                job.summary, job.charts = payload
                job.done, job.status = job.games, "done"
            elif kind == "failed":
                job.error, job.status = payload[0], "failed"
    except (EOFError, OSError):
        if job.status == "running":
            job.error, job.status = "the run ended unexpectedly", "failed"
    if job.status != "running":
        _stop(job, job.status)


def _stop(job: SimJob, status: str) -> None:
    """End the run's process (a SIGTERM, then a SIGKILL if it lingers) and close its pipe."""
    job.status, job.loaded = status, None
    process, job.process = job.process, None
    if job.pipe is not None:
        job.pipe.close()
        job.pipe = None
    if process is None:
        return
    if process.is_alive():
        process.terminate()
        process.join(STOP_SECONDS)
        if process.is_alive():
            process.kill()
    process.join(STOP_SECONDS)
    with contextlib.suppress(ValueError):
        process.close()


def _run(pipe: Connection, job: SimJob, loaded: LoadedGame, server: int) -> None:
    """The run's process: play the games, tell the progress, send the summary."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the server's own handler is not ours
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)
    game = loaded.game
    tally = Tally()
    told = time.monotonic()
    try:
        for index in range(job.games):
            if os.getppid() != server:  # the server is gone: nobody will read the result
                return
            tally.add(
                play_game(game, game_seed(job.seed, index), job.players, job.bots,
                          options=job.options)
            )  # fmt: skip
            if time.monotonic() - told >= PROGRESS_SECONDS:
                pipe.send(("progress", index + 1))
                told = time.monotonic()
        summary = summarise(tally, job.bots, game.targets, game.deck_and_pool_ids())
        summary["names"] = names_of(game)
        pipe.send(("done", summary, summary_charts(summary)))
    except Exception as error:  # shown on the page as the run's failure, never a traceback
        pipe.send(("failed", f"{type(error).__name__}: {error}"))
    finally:
        pipe.close()
