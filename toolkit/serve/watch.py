"""Watch the project's folders and reload the games when a file is saved.

watchfiles wakes this loop (debounced briefly, so an editor's write-rename-touch counts as
one save); the reload itself runs in a thread, so the page's requests go on meanwhile.
A reload bumps the project's version, which the page hears through its event stream.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from toolkit.serve.project_state import WATCHED, ProjectState

DEBOUNCE_MS = 150
"""Quiet time before a burst of file events counts as one save (the page updates within
about this plus the reload's time)."""


async def watch(project: ProjectState, stop: asyncio.Event) -> None:
    """Reload `project` after each save until `stop` is set."""
    from watchfiles import awatch

    folders = [project.root / name for name in WATCHED if (project.root / name).is_dir()]
    if not folders:
        return
    async for _ in awatch(*folders, stop_event=stop, debounce=DEBOUNCE_MS, step=50):
        await asyncio.to_thread(project.refresh)


@contextlib.asynccontextmanager
async def watching(project: ProjectState) -> AsyncIterator[None]:
    """Watch for the lifetime of the server."""
    stop = asyncio.Event()
    task = asyncio.create_task(watch(project, stop))
    try:
        yield
    finally:
        stop.set()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
