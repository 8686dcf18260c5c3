"""Progress for a long run whose stderr is a pipe or a log file: no bar to redraw, so a plain
line now and then (`ladder: 120/400 games (30%), 2m10s`), the first once the run has taken a
while, so short runs print nothing more than they did."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TextIO

FIRST_AFTER = 30.0
"""Seconds before the first line: a run shorter than this says nothing."""
EVERY = 30.0
"""Seconds between two lines after the first."""


def _duration(seconds: float) -> str:
    minutes, rest = divmod(int(seconds), 60)
    return f"{minutes}m{rest:02d}s" if minutes else f"{rest}s"


class PipedProgress:
    """`advance(n)` counts finished games; a line goes to `stream` when one is due."""

    def __init__(
        self,
        total: int,
        what: str,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.total = total
        self.what = what
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.due = self.started + FIRST_AFTER
        self.done = 0

    def advance(self, count: int) -> None:
        self.done += count
        now = self.clock()
        if now < self.due or self.total <= 0:
            return
        self.due = now + EVERY
        share = self.done / self.total
        self.stream.write(
            f"{self.what}: {self.done}/{self.total} games ({share:.0%}), "
            f"{_duration(now - self.started)}\n"
        )
        self.stream.flush()
