"""Run a check again whenever a file it looked at changes (`toolkit validate --watch`).

Polling, with nothing beyond the standard library: every look stats the files the check read,
the files beside them (card pictures, print templates, fonts) and the files named but missing,
and lists the folders they are in, so a file that appears or goes counts. Editors' own files
(`.suits.yaml.swp`, `#suits.yaml#`, `suits.yaml~`) are left out, so opening a file or an
autosave is not a save. What is watched only grows while the watch runs (up to `MOST_PATHS`):
a game's folder removed and brought back is noticed. The check runs again in the same
process, where the models are already built: a save shows its problems again well within a
second.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
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
folder watches a bounded part of it (the files it read always come first)."""

SKIPPED_FOLDERS = frozenset({"__pycache__", "node_modules"})
"""Folders never watched, beside hidden ones (`.git`, `.venv`) and the toolkit's own outputs
(`build/` of the working folder): they hold no content and change for other reasons."""

CLOCK_LAG_NS = 10_000_000
"""How far the kernel's time stamps may lag the clock (they come from a coarse clock): a
change this close before a check began counts as made during it."""


@dataclass(frozen=True)
class Stamp:
    """What a look saw of a path: a file's inode, size and times, or a folder's listing of
    the names worth watching. `changed_at` (the inode's change time, set by the kernel from
    its clock, whatever a tool does to the modification time) tells whether it changed
    while a check ran; it is left out of comparisons, since a folder's changes when an
    editor's hidden file comes and goes."""

    seen: tuple[object, ...]
    changed_at: int = field(compare=False)


def worth_watching(name: str) -> bool:
    """A name that is not an editor's own file: hidden (swap files, locks), backup or
    autosave."""
    return not name.startswith((".", "#")) and not name.endswith("~")


def stamp(path: Path) -> Stamp | None:
    """What a look sees of `path`; None when it is gone (or cannot be looked at)."""
    try:
        status = path.stat()
    except OSError:
        return None
    if not stat.S_ISDIR(status.st_mode):
        seen: tuple[object, ...] = (
            status.st_ino,
            status.st_size,
            status.st_mtime_ns,
            status.st_ctime_ns,
        )
        return Stamp(seen, status.st_ctime_ns)
    try:
        names = tuple(sorted(name for name in os.listdir(path) if worth_watching(name)))
    except OSError:  # unreadable now; a change of its permissions shows as a new listing
        names = ()
    return Stamp(("folder", names), status.st_ctime_ns)


def stamps(paths: Iterable[Path]) -> dict[Path, Stamp | None]:
    """The stamp of each path."""
    return {path: stamp(path) for path in paths}


def is_folder(path: Path) -> bool:
    """Whether `path` is a folder now; False when it cannot be told (gone, no permission)."""
    try:
        return stat.S_ISDIR(path.stat().st_mode)
    except OSError:
        return False


def _above(folder: Path, here: Path) -> Iterator[Path]:
    """The folders above `folder` and below the working folder `here` (a game's folder
    removed, or made for a file the manifest names, changes one of them), as paths from
    `here`."""
    resolved = folder.resolve()
    for above in resolved.parents:
        if above == here or here not in above.parents:
            return
        yield above.relative_to(here)


def _beside(folder: Path, here: Path) -> Iterator[Path]:
    """The folders and files under `folder`, editors' files and skipped folders left out."""
    output = here / "build"
    for top, folders, files in os.walk(folder):
        folders[:] = sorted(
            name
            for name in folders
            if worth_watching(name)
            and name not in SKIPPED_FOLDERS
            and Path(top, name).resolve() != output
        )
        for name in (*folders, *sorted(files)):
            if worth_watching(name):
                yield Path(top) / name


def looked_at(
    files: Iterable[str | Path], named: Iterable[Path] = (), missing: Iterable[Path] = ()
) -> list[Path]:
    """What a check read, and what it may read next, most telling first and at most
    `MOST_PATHS`: its files; files named but missing; the folders of all these and the
    folders above them up to the working folder; the folders given; then everything under
    those folders."""
    here = Path.cwd().resolve()
    watched: dict[Path, None] = dict.fromkeys(map(Path, files))
    watched.update(dict.fromkeys(missing))
    folders = dict.fromkeys(path.parent for path in watched)
    folders.update(dict.fromkeys(path for path in named if is_folder(path)))
    for folder in list(folders):
        watched[folder] = None
        watched.update(dict.fromkeys(_above(folder, here)))
    for folder in folders:
        for path in _beside(folder, here):
            if len(watched) >= MOST_PATHS:
                return list(watched)[:MOST_PATHS]
            watched[path] = None
    return list(watched)[:MOST_PATHS]


def watch(
    check: Callable[[list[Path] | None], list[Path]],
    stop: Callable[[], bool] = lambda: False,
    interval: float = INTERVAL,
) -> None:
    """Run `check(None)`, then `check(changed)` each time watched paths change, until
    `stop()` is true (polled between looks; Ctrl-C ends it too, as KeyboardInterrupt).
    `check` returns the paths to watch, most telling first; those watched before stay
    watched while there is room. A path that changed while a check ran counts as changed
    at the next look: the check may have read it before the change."""
    watched: list[Path] = []
    changed: list[Path] | None = None
    before: dict[Path, Stamp | None] = {}
    while True:
        started = time.time_ns() - CLOCK_LAG_NS
        watched = list(dict.fromkeys([*check(changed), *watched]))[:MOST_PATHS]
        seen = stamps(watched)
        ended = time.time_ns()
        for path, now in seen.items():
            if path in before and now != before[path]:
                seen[path] = before[path]  # changed since the look that started this check
            elif now is not None and started <= now.changed_at <= ended:
                seen[path] = None  # first looked at now, and changed while the check ran
        changed, before = _next_change(watched, seen, stop, interval)
        if changed is None:
            return


def _next_change(
    watched: list[Path],
    seen: dict[Path, Stamp | None],
    stop: Callable[[], bool],
    interval: float,
) -> tuple[list[Path] | None, dict[Path, Stamp | None]]:
    """The paths that differ from `seen`, files first, once they have stopped changing (or
    `MOST_SETTLING` passed), with the stamps they rest at; None when `stop()` says so
    first."""
    while not stop():
        time.sleep(interval)
        now = stamps(watched)
        if now == seen:
            continue
        give_up = time.monotonic() + MOST_SETTLING
        time.sleep(SETTLE)
        while (later := stamps(watched)) != now and time.monotonic() < give_up:
            now = later  # still being written: let it rest
            time.sleep(SETTLE)
        changed = [path for path in watched if later[path] != seen[path]]
        if changed:  # else it changed and changed back: nothing to check
            changed.sort(key=lambda path: (is_folder(path), str(path)))
            return changed, later
        seen = later
    return None, seen
