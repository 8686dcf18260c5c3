"""A small, bounded pool of daemon threads for the server's slow work off the event loop.

Reloads, page renders of big games, bots thinking in a page game and card pictures take from
milliseconds to a minute (`ismcts:20s`); run in the event loop they would stall every other
request. asyncio's own thread pool is the wrong home for them: its threads are joined when the
loop closes, so a bot thinking for a minute would hold the server past Ctrl-C. These threads
are daemons, a fixed few, fed from one queue: a burst of requests waits its turn instead of
starting a thread each, and a stopping server leaves whatever still runs behind.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

T = TypeVar("T")

THREADS = 4
"""Enough that a thinking bot does not hold up a reload or a picture; few enough that
Python's one interpreter lock is shared by a handful."""


class Workers:
    """`await workers.run(fn, *args)`: `fn(*args)` in one of the pool's threads."""

    def __init__(self, threads: int = THREADS) -> None:
        self._jobs: queue.SimpleQueue[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = (
            queue.SimpleQueue()
        )
        self._threads = [
            threading.Thread(target=self._serve, name=f"workbench-{n}", daemon=True)
            for n in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        future: Future[T] = Future()
        self._jobs.put((future, fn, args))
        return future

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.wrap_future(self.submit(fn, *args))

    def _serve(self) -> None:
        while True:
            future, fn, args = self._jobs.get()
            if not future.set_running_or_notify_cancel():
                continue  # the request that asked went away
            try:
                future.set_result(fn(*args))
            except BaseException as error:  # handed to the request that waits for it
                future.set_exception(error)
