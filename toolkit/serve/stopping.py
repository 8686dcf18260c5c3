"""uvicorn's server, stopped by Ctrl-C or SIGTERM without a traceback.

uvicorn raises the signal that stopped it again as its event loop ends, inside asyncio's own
Ctrl-C handling, which prints a traceback when two Ctrl-C come quickly. Here the signals are
only noted, and `serve` turns them into the toolkit's exits (130 or 143) once the loop is
closed and the runs are stopped. Imported only when uvicorn is there (the `web` extra).
"""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from collections.abc import Iterator
from types import FrameType

import uvicorn

STOPPING = (signal.SIGINT, signal.SIGTERM)


class Server(uvicorn.Server):
    """`uvicorn.Server` whose stopping signals end up in `signals` instead of being raised."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.signals: list[int] = []

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        before = {number: signal.signal(number, self.handle_exit) for number in STOPPING}
        try:
            yield
        finally:
            for number, handler in before.items():
                signal.signal(number, handler)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """uvicorn's shutdown; after a second Ctrl-C it skips the app's own, whose task is
        then cancelled with a traceback: the app's is quick, so it runs all the same."""
        await super().shutdown(sockets)
        if self.force_exit:
            await self.lifespan.shutdown()

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.signals.append(sig)
        super().handle_exit(sig, frame)

    def exit_code(self) -> int | None:
        """128 + the signal that stopped the server (SIGTERM first), or None."""
        for number in reversed(STOPPING):
            if number in self.signals:
                return 128 + number
        return None
