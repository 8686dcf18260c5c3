"""Quick simulations in the background, with progress, for the page's numbers.

A job plays the compiled game it was given when it started, one game at a time through the
simulator's own `play_game` and statistics (`summarise`), so a file saved meanwhile changes
nothing in a run already going: the result says which content version it ran on, and the
page marks it out of date when the files have moved on. One job per game runs at a time;
starting another stops the one before.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass, field
from typing import Any

from toolkit.errors import UsageError
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.charts import summary_charts
from toolkit.sim.names import names_of
from toolkit.sim.run import check_seats, seats_for
from toolkit.sim.runner import game_seed, play_game
from toolkit.sim.stats import summarise

MAX_QUICK_GAMES = 2000
"""A quick look, not a study: `toolkit simulate` is there for more."""


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
    status: str = "running"
    """running, done, stopped or failed."""
    error: str = ""
    summary: dict[str, Any] = field(default_factory=dict)
    charts: dict[str, str] = field(default_factory=dict)
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def progress(self) -> float:
        return self.done / self.games if self.games else 1.0


class SimJobs:
    """The jobs of one server; each runs in a thread of its own."""

    def __init__(self) -> None:
        self.jobs: dict[str, SimJob] = {}
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
            content_version, dict(options or {}),
        )  # fmt: skip
        with self._lock:
            for other in self.jobs.values():
                if other.game_id == game_id and other.status == "running":
                    other.stop.set()
            self.jobs[job.id] = job
        thread = threading.Thread(target=_run, args=(job, loaded, seed), daemon=True)
        thread.start()
        return job

    def get(self, job_id: str) -> SimJob | None:
        return self.jobs.get(job_id)

    def latest(self, game_id: str) -> SimJob | None:
        mine = [job for job in self.jobs.values() if job.game_id == game_id]
        return mine[-1] if mine else None

    def stop_all(self) -> None:
        for job in self.jobs.values():
            job.stop.set()


def _run(job: SimJob, loaded: LoadedGame, seed: int) -> None:
    game = loaded.game
    records = []
    try:
        for index in range(job.games):
            if job.stop.is_set():
                job.status = "stopped"
                return
            seed_of = game_seed(seed, index)
            records.append(play_game(game, seed_of, job.players, job.bots, options=job.options))
            job.done = index + 1
        job.summary = summarise(records, job.bots, game.targets, game.deck_and_pool_ids())
        job.summary["names"] = names_of(game)
        job.charts = summary_charts(job.summary)
        job.status = "done"
    except Exception as error:  # shown on the page as the run's failure, never a traceback
        job.error = f"{type(error).__name__}: {error}"
        job.status = "failed"
