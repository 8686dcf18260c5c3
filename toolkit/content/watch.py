"""Run a check again whenever a file it looked at changes (`toolkit validate --watch`).

The files checked and the folders they are in are polled (size, modification time and inode
of each: cheap, and enough to notice an editor's save, a new file or a removed one), so it
needs nothing beyond the standard library. The check runs again in the same process, where
the models are already built: a save shows its problems again well within a second.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

INTERVAL = 0.3
"""Seconds between two looks at the watched files."""

SETTLE = 0.05
"""Seconds a change must stay still before the check runs, so a file caught half-written
by its editor is not checked until the write ends."""

Stamp = tuple[int, int, int] | None
"""Inode, size and modification time of a path; None when it is gone."""


def stamps(paths: Iterable[Path]) -> dict[Path, Stamp]:
    """The stamp of each path. A folder's changes when an entry is added, removed or renamed
    in it (an editor that saves by renaming a new file over the old one changes both)."""
    found: dict[Path, Stamp] = {}
    for path in paths:
        try:
            stat = path.stat()
        except OSError:
            found[path] = None
            continue
        found[path] = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
    return found


def looked_at(files: Iterable[str | Path], named: Iterable[Path] = ()) -> set[Path]:
    """What a check read: its files and the folders they are in (a file new there may be
    one of its games'), and every folder under a folder it was given."""
    watched: set[Path] = set()
    for file in map(Path, files):
        watched.update((file, file.parent))
    for path in named:
        if path.is_dir():
            watched.add(path)
            watched.update(
                Path(top) / name for top, folders, _ in os.walk(path) for name in folders
            )
    return watched


def watch(
    check: Callable[[list[Path]], set[Path]],
    stop: Callable[[], bool] = lambda: False,
    interval: float = INTERVAL,
) -> None:
    """Run `check([])`, then `check(changed)` each time a path the last run returned changes,
    until `stop()` is true (polled between looks; Ctrl-C ends it too, as KeyboardInterrupt).
    `check` returns the paths to watch from then on."""
    watched = check([])
    seen = stamps(watched)
    while not stop():
        time.sleep(interval)
        now = stamps(watched)
        if now == seen:
            continue
        time.sleep(SETTLE)
        while (later := stamps(watched)) != now:  # still being written: wait until it rests
            now = later
            time.sleep(SETTLE)
        changed = [path for path in now if now[path] != seen.get(path)]
        changed.sort(key=lambda path: (path.is_dir(), str(path)))  # the file saved first
        watched = check(changed)
        # Stamps from before this run, so a save made while it ran is seen at the next look.
        seen = {**stamps(watched), **{p: s for p, s in now.items() if p in watched}}
