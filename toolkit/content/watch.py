"""Run a check again whenever a file it looked at changes (`toolkit validate --watch`).

The folders of the checked files are polled, with every file and folder in them (inode, size
and modification time of each: cheap, and enough to notice an editor's save, a new file or a
removed one), so it needs nothing beyond the standard library and sees what the check read
beside its own files: card pictures, print templates, fonts. What is watched only grows while
the watch runs: a folder removed and brought back is noticed. The check runs again in the same
process, where the models are already built: a save shows its problems again well within a
second.
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

MOST_SETTLING = 2.0
"""Seconds after which the check runs even if a watched file is still being written (a log
beside the content files would otherwise hold it back for ever)."""

MOST_PATHS = 5000
"""Paths watched at most: each is looked at every `INTERVAL`, so a check that names a huge
folder watches a bounded part of it."""

SKIPPED_FOLDERS = frozenset({"__pycache__", "node_modules", "build"})
"""Folders never watched, beside hidden ones (`.git`, `.venv`, an editor's): they hold no
content and change for other reasons (a commit, the toolkit's own outputs)."""

CLOCK_LAG_NS = 10_000_000
"""How far a file's modification time may lag the clock (the kernel stamps files from a
coarse clock): a save this close before a check began counts as made during it."""

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


def _watched_name(name: str) -> bool:
    return not name.startswith(".") and name not in SKIPPED_FOLDERS


def _contents(folder: Path, room: int) -> list[Path]:
    """Up to `room` files and folders under `folder`, hidden and skipped folders left out."""
    found: list[Path] = []
    for top, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if _watched_name(name))
        for name in (*folders, *sorted(files)):
            if len(found) >= room:
                return found
            if not name.startswith("."):  # an editor's swap and lock files
                found.append(Path(top) / name)
    return found


def _above(folder: Path, here: Path) -> Iterable[Path]:
    """The folders above `folder` and below the working folder `here`."""
    for above in folder.parents:
        absolute = above if above.is_absolute() else here / above
        if absolute == here or here not in absolute.parents:
            return
        yield above


def looked_at(files: Iterable[str | Path], named: Iterable[Path] = ()) -> set[Path]:
    """What a check read, and what it may read next: its files, the folders they are in with
    everything under them (pictures, templates, a file new there), and the folders above
    those up to the working folder (a game's folder removed, or made for a file the manifest
    names); every folder given, with everything under it. At most `MOST_PATHS` paths."""
    folders: dict[Path, None] = {}
    watched: dict[Path, None] = {}
    for file in map(Path, files):
        watched[file] = None
        folders[file.parent] = None
    folders.update((path, None) for path in named if path.is_dir())
    here = Path.cwd()
    for folder in folders:
        watched[folder] = None
        watched.update((above, None) for above in _above(folder, here))
    for folder in folders:
        watched.update((path, None) for path in _contents(folder, MOST_PATHS - len(watched)))
    return set(list(watched)[:MOST_PATHS])


def watch(
    check: Callable[[list[Path]], set[Path]],
    stop: Callable[[], bool] = lambda: False,
    interval: float = INTERVAL,
) -> None:
    """Run `check([])`, then `check(changed)` each time a watched path changes, until
    `stop()` is true (polled between looks; Ctrl-C ends it too, as KeyboardInterrupt).
    `check` returns paths to watch; they join those watched so far. A path saved while a
    check ran counts as changed at the next look: the check may have read it before."""
    watched: set[Path] = set()
    changed: list[Path] = []
    while True:
        started = time.time_ns() - CLOCK_LAG_NS
        watched |= check(changed)
        ended = time.time_ns()
        seen = {
            path: None if stamp is not None and started <= stamp[2] <= ended else stamp
            for path, stamp in stamps(watched).items()
        }
        now = _next_change(watched, seen, stop, interval)
        if now is None:
            return
        changed = [path for path in now if now[path] != seen[path]]
        changed.sort(key=lambda path: (path.is_dir(), str(path)))  # the file saved first


def _next_change(
    watched: set[Path], seen: dict[Path, Stamp], stop: Callable[[], bool], interval: float
) -> dict[Path, Stamp] | None:
    """The stamps once a watched path differs from `seen` and has stopped changing (or
    `MOST_SETTLING` passed); None when `stop()` says so first."""
    while not stop():
        time.sleep(interval)
        now = stamps(watched)
        if now == seen:
            continue
        settling = 0.0
        time.sleep(SETTLE)
        while (later := stamps(watched)) != now and settling < MOST_SETTLING:
            now, settling = later, settling + SETTLE  # still being written: let it rest
            time.sleep(SETTLE)
        return later
    return None
