"""Files the toolkit does not trust: paths confined to the project, bounded reads, atomic writes.

Content, layouts, templates, fonts, variants and transcripts are written by people the toolkit
must not trust, and outputs must never be left half-written. Every read and write of such a file
goes through this module, so the rules live in one place. It imports nothing from the toolkit:
callers turn `FileRefused` into their own positioned diagnostic or usage error.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

PROJECT_MARKERS = ("rules",)


class FileRefused(Exception):
    """A path the toolkit will not read or write; `reason` says why in a designer's words."""

    def __init__(self, reason: str, hint: str = "", code: str = "file-unreadable") -> None:
        self.reason = reason
        self.hint = hint
        self.code = code
        super().__init__(reason)


def project_root(start: Path) -> Path:
    """The project a path belongs to: the nearest folder (the path itself or above) that holds a
    `rules/` folder; without one, the folder of the path itself."""
    try:
        here = start.resolve()
    except (OSError, RuntimeError):
        here = Path(os.path.abspath(start))
    folder = here if here.is_dir() else here.parent
    for candidate in (folder, *folder.parents):
        if any((candidate / marker).is_dir() for marker in PROJECT_MARKERS):
            return candidate
    return folder


def resolve(path: Path) -> Path:
    """The real path, symlinks followed; a symlink loop is refused rather than raised."""
    try:
        return path.resolve()
    except (OSError, RuntimeError) as error:  # RuntimeError: a symlink loop before 3.13
        raise FileRefused(f"'{path}' cannot be resolved ({_why(error)})", _LOOP_HINT) from None


def confine(path: Path, root: Path) -> Path:
    """`path` resolved (symlinks followed) when it lies inside `root`; else `FileRefused`."""
    real = resolve(path)
    base = resolve(root)
    if real != base and base not in real.parents:
        raise FileRefused(
            f"'{path}' is outside the project folder '{base}'",
            "keep every file a game uses inside its project folder (no '..' out of it, "
            "no absolute paths, no symlinks that leave it)",
            "outside-project",
        )
    return real


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, checked before and while reading,
    so a FIFO, a device such as /dev/zero or a huge file never hangs or fills memory."""
    try:
        info = os.stat(path)
    except (OSError, RuntimeError) as error:
        if isinstance(error, FileNotFoundError):
            raise FileRefused(f"'{path}' does not exist", code="missing-file") from None
        raise FileRefused(f"cannot read '{path}': {_why(error)}", _LOOP_HINT) from None
    if not stat.S_ISREG(info.st_mode):
        raise FileRefused(
            f"'{path}' is not a regular file ({_kind(info.st_mode)})",
            "name a plain file; folders, pipes and devices are not read",
            "not-a-file",
        )
    if info.st_size > limit:
        raise FileRefused(
            f"'{path}' is {info.st_size:,} bytes; the limit is {limit:,}",
            "split it into smaller files",
            "file-too-large",
        )
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(descriptor, "rb") as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise FileRefused(f"cannot read '{path}': {_why(error)}") from None
    if len(data) > limit:
        raise FileRefused(
            f"'{path}' grew past the limit of {limit:,} bytes while being read",
            code="file-too-large",
        )
    return data


def check_output(path: Path) -> None:
    """Refuse, before any work, an output path that cannot be written: a folder, a device,
    a missing or non-folder parent, or a folder without write permission."""
    if path.exists() or path.is_symlink():
        try:
            info = os.stat(path)
        except (OSError, RuntimeError) as error:
            raise FileRefused(f"cannot write '{path}': {_why(error)}", _LOOP_HINT) from None
        if stat.S_ISDIR(info.st_mode):
            raise FileRefused(f"'{path}' is a folder", "name a file inside it")
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(
                f"'{path}' is not a regular file ({_kind(info.st_mode)})", "name a plain file"
            )
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.exists():
        raise FileRefused(f"folder '{parent}' does not exist", "create it first")
    if not parent.is_dir():
        raise FileRefused(f"'{parent}' is not a folder", "choose a path inside a folder")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise FileRefused(f"folder '{parent}' is not writable")


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write a whole file under its final name or not at all: a temporary file beside it,
    flushed to disk, then renamed over the target."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_output(path, binary=True) as stream:
        stream.write(payload)


@contextlib.contextmanager
def atomic_output(path: Path, *, binary: bool = False) -> Iterator[IO[Any]]:
    """A stream whose file appears under `path` only when the block ends without an error;
    an interrupted write leaves the old file (or none), never a truncated one."""
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=folder)
    except OSError as error:
        raise FileRefused(f"cannot write '{path}': {_why(error)}") from None
    try:
        with os.fdopen(handle, "wb" if binary else "w", **({} if binary else _TEXT)) as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


_TEXT: dict[str, Any] = {"encoding": "utf-8", "newline": "\n"}
_LOOP_HINT = "check for a symlink that points to itself or a path that is too long"


def _why(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error) or type(error).__name__


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def open_regular(path: Path) -> IO[bytes]:
    """A regular file opened for reading in binary, for a caller that reads it a line at a time
    with its own bounds. Checked on the opened descriptor (no race with a swapped path), so a
    FIFO, a device or a folder is refused rather than read or waited on."""
    try:
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (OSError, RuntimeError, ValueError) as error:
        if isinstance(error, FileNotFoundError):
            raise FileRefused(f"'{path}' does not exist", code="missing-file") from None
        if isinstance(error, IsADirectoryError):
            raise FileRefused(
                f"'{path}' is not a regular file (a folder)", code="not-a-file"
            ) from None
        raise FileRefused(f"cannot read '{path}': {_why(error)}", _LOOP_HINT) from None
    mode = os.fstat(descriptor).st_mode
    if not stat.S_ISREG(mode):
        os.close(descriptor)
        raise FileRefused(
            f"'{path}' is not a regular file ({_kind(mode)})",
            "name a plain file; folders, pipes and devices are not read",
            "not-a-file",
        )
    return os.fdopen(descriptor, "rb")
