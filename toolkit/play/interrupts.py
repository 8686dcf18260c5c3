"""Signals that end a game in the terminal, turned into one exception so the game is saved.

Ctrl-C raises KeyboardInterrupt; while a game is played, SIGTERM (a `kill`, a shutdown) and
SIGHUP (the terminal closed) raise `Interrupted`, a KeyboardInterrupt that carries its signal,
so one handler saves the transcript for all three. While the transcript is written the signals
are held back and raised after it, so a second Ctrl-C cannot cut a save short.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

CAUGHT = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class Interrupted(KeyboardInterrupt):
    """A signal asked the game to stop; the exit code is 128 + `signum` (130 for Ctrl-C)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


def signal_of(stop: KeyboardInterrupt) -> int:
    return stop.signum if isinstance(stop, Interrupted) else signal.SIGINT


def _ignore(signum: int, frame: FrameType | None) -> None:
    """A Python handler that does nothing (SIG_IGN would make Python warn about a signal that
    already arrived but was not yet handled)."""


def _raise(signum: int, frame: FrameType | None) -> None:
    # The game is stopping: one signal is enough, and a second must not cut the save short.
    for caught in CAUGHT:
        signal.signal(caught, _ignore)
    raise Interrupted(signum)


@contextlib.contextmanager
def _handlers(handler: Callable[[int, FrameType | None], Any]) -> Iterator[None]:
    """`handler` for every caught signal inside the block; signals are only handled in the
    main thread, so elsewhere (a test driving a game in a thread) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, handler) for signum in CAUGHT}
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


def stopping_on_signals() -> contextlib.AbstractContextManager[None]:
    """Inside the block SIGINT, SIGTERM and SIGHUP raise `Interrupted`."""
    return _handlers(_raise)


def ignoring_signals() -> contextlib.AbstractContextManager[None]:
    """Inside the block SIGINT, SIGTERM and SIGHUP are ignored: for the last save of a game
    that is already stopping."""
    return _handlers(_ignore)


@contextlib.contextmanager
def held_signals() -> Iterator[None]:
    """Signals arriving inside the block wait until it ends, then raise `Interrupted`."""
    arrived: list[int] = []
    with _handlers(lambda signum, frame: arrived.append(signum)):
        yield
    if arrived:
        raise Interrupted(arrived[0])
