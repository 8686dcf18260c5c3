"""Files the toolkit does not trust: paths confined to the project, bounded reads, atomic writes.

Content, layouts, templates, fonts, variants and transcripts are written by people the toolkit
must not trust, and outputs must never be left half-written. Every read and write of such a file
goes through this module, so the rules live in one place. It imports nothing from the toolkit:
callers turn `FileRefused` into their own positioned diagnostic or usage error.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import secrets
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, NoReturn, TextIO, overload

PROJECT_MARKERS = ("rules",)

_UNFINISHED: set[Path] = set()
"""Temporary files and staging folders being filled now (removed if the process must end at
once, see `discard_unfinished`)."""


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
    except (OSError, RuntimeError, ValueError) as error:  # RuntimeError: a symlink loop
        # before 3.13; ValueError: a NUL in the name
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


def is_file(path: Path) -> bool:
    """`Path.is_file`, but False for a name the system refuses (too long, a NUL in it)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """`Path.is_dir`, but False for a name the system refuses."""
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def read_bytes(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, checked before and while reading,
    so a FIFO, a device such as /dev/zero or a huge file never hangs or fills memory. The
    opened file is checked again (a path swapped after the first check is still refused)."""
    _check_regular(path, path, limit)
    try:
        with open_regular(path) as stream:
            data = stream.read(limit + 1)
    except OSError as error:
        raise FileRefused(f"cannot read '{path}': {_why(error)}") from None
    if len(data) > limit:
        raise FileRefused(
            f"'{path}' grew past the limit of {limit:,} bytes while being read",
            code="file-too-large",
        )
    return data


def check_output(path: Path, *, folder: bool = False) -> None:
    """Refuse, before any work, an output path that cannot be written: a folder (or, with
    `folder`, anything but a folder), a device or pipe, a missing or non-folder parent, or a
    parent without write permission. The rule: a named output's parent folder must already
    exist; only an output folder itself may be created."""
    try:
        _check_output(path, folder)
    except (OSError, ValueError) as error:  # a name too long, a NUL in it
        raise FileRefused(f"cannot write '{path}': {_why(error)}") from None


def _check_output(path: Path, folder: bool) -> None:
    if path.exists() or path.is_symlink():
        try:
            info = os.stat(path)
        except (OSError, RuntimeError) as error:
            raise FileRefused(f"cannot write '{path}': {_why(error)}", _LOOP_HINT) from None
        if folder:
            if not stat.S_ISDIR(info.st_mode):
                raise FileRefused(
                    f"'{path}' is not a folder ({_kind(info.st_mode)})",
                    "name a folder, or a new name inside an existing folder",
                )
            if not os.access(path, os.W_OK | os.X_OK):
                raise FileRefused(f"folder '{path}' is not writable")
            return
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


def ensure_folder(folder: Path) -> None:
    """Create a folder (and its parents) for a default output such as `build/<game>/`;
    a plain file in the way is refused, not raised."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise FileRefused(f"cannot create folder '{folder}': {_why(error)}") from None


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write a whole file under its final name or not at all: a temporary file beside it,
    flushed to disk, then renamed over the target."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    with atomic_output(path, binary=True) as stream:
        try:
            stream.write(payload)
        except OSError as error:
            raise FileRefused(f"cannot write '{path}': {_why(error)}") from None


@overload
def atomic_output(
    path: Path, *, binary: Literal[False] = False
) -> contextlib.AbstractContextManager[TextIO]: ...
@overload
def atomic_output(
    path: Path, *, binary: Literal[True]
) -> contextlib.AbstractContextManager[BinaryIO]: ...
def atomic_output(path: Path, *, binary: bool = False) -> contextlib.AbstractContextManager[Any]:
    """A stream whose file appears under `path` only when the block ends without an error;
    an interrupted write leaves the old file (or none), never a truncated one. The file gets
    the permissions `open()` would give it (an existing file's, else 0o666 less the umask);
    a symlink is written through, as `open()` would. Failing to write raises `FileRefused`."""
    return _atomic(path, binary)


@contextlib.contextmanager
def _atomic(path: Path, binary: bool) -> Iterator[IO[Any]]:
    target = _through_symlink(path)
    folder = target.parent if str(target.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=folder)
    except OSError as error:
        raise FileRefused(f"cannot write '{path}': {_why(error)}") from None
    _UNFINISHED.add(Path(temporary))
    try:
        with os.fdopen(handle, "wb" if binary else "w", **({} if binary else _TEXT)) as stream:
            yield stream
            try:
                stream.flush()
                os.fchmod(stream.fileno(), _mode_for(target))
                os.fsync(stream.fileno())
            except OSError as error:
                raise FileRefused(f"cannot write '{path}': {_why(error)}") from None
        try:
            os.replace(temporary, target)
        except OSError as error:
            raise FileRefused(f"cannot write '{path}': {_why(error)}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    finally:
        _UNFINISHED.discard(Path(temporary))


OUTPUT_MARK = ".toolkit-output"
"""The file that marks a folder as one the toolkit wrote whole, and may replace whole."""
_MARK_TEXT = "Written by the toolkit, which replaces this whole folder when it writes it again.\n"
_LEGACY_MARKS = ("build.json",)
"""Folders written before the mark existed: a build names itself by its manifest."""


def check_replaceable(final: Path) -> None:
    """Refuse to replace a folder holding files the toolkit did not write (a project, a
    folder of the designer's own): only a missing or empty folder, or one a staged write
    made (it carries `OUTPUT_MARK`), may be replaced whole."""
    try:
        entries = list(os.scandir(final))
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise FileRefused(f"'{final}' is not a folder", "choose another --out") from None
    except OSError as error:
        raise FileRefused(f"cannot read folder '{final}': {_why(error)}") from None
    names = {entry.name for entry in entries}
    if names and not names & {OUTPUT_MARK, *_LEGACY_MARKS}:
        raise FileRefused(
            f"'{final}' holds files the toolkit did not write, and writing there replaces "
            "the whole folder",
            "name a new or empty folder",
        )


@contextlib.contextmanager
def staged_folder(final: Path) -> Iterator[Path]:
    """An empty folder beside `final` (`.<name>.<random>.part`) to fill; when the block ends
    without an error it takes `final`'s place by renames, else it is removed. So `final` never
    mixes files of two runs, and an interrupted run leaves the old folder (or none) behind.
    The folder carries `OUTPUT_MARK`; a folder without it that holds anything is refused
    before any work (`check_replaceable`), so a mistaken `--out` never deletes a project."""
    final = Path(os.path.abspath(final))  # `.` has no name to stage beside
    here = Path.cwd()
    if final == here or final in here.parents:
        raise FileRefused(
            f"'{final}' is the folder you are working in (or holds it)", "name a folder inside it"
        )
    parent = final.parent
    if final.exists() and not final.is_dir():
        raise FileRefused(f"'{final}' is not a folder", "move it away or choose another --out")
    check_replaceable(final)
    ensure_folder(parent)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{final.name}.", suffix=".part", dir=parent))
    except OSError as error:
        raise FileRefused(f"cannot create a folder in '{parent}': {_why(error)}") from None
    _UNFINISHED.add(staging)
    try:
        os.chmod(staging, 0o777 & ~_umask())
        (staging / OUTPUT_MARK).write_text(_MARK_TEXT, encoding="utf-8")
        yield staging
        _swap_in(staging, final)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    finally:
        _UNFINISHED.discard(staging)


def discard_unfinished() -> None:
    """Remove every temporary file and staging folder still being filled, for a process that
    must end at once (`os._exit` runs no `finally` block), so no `.part` is left behind."""
    for path in list(_UNFINISHED):
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(path)
    _UNFINISHED.clear()


def _swap_in(staging: Path, final: Path) -> None:
    """Put `staging` under `final`'s name; an old `final` is moved aside first and removed
    after, or put back if the second rename fails."""
    old = None
    try:
        if final.exists():
            old = final.with_name(f".{final.name}.{secrets.token_hex(4)}.old")
            os.rename(final, old)
        try:
            os.rename(staging, final)
        except OSError:
            if old is not None:
                os.rename(old, final)
            raise
    except OSError as error:
        raise FileRefused(f"cannot replace folder '{final}': {_why(error)}") from None
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex, read in chunks."""
    with open(path, "rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()


def _through_symlink(path: Path) -> Path:
    """The file a symlink names (so the rename replaces it, not the link); else `path`."""
    if not path.is_symlink():
        return path
    return resolve(path)


def _mode_for(target: Path) -> int:
    """The permission bits `open(target, "w")` would leave: an existing file keeps its own,
    a new one gets 0o666 less the process umask."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask (read by setting it and putting it straight back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_TEXT: dict[str, Any] = {"encoding": "utf-8", "newline": "\n"}
_LOOP_HINT = "check for a symlink that points to itself or a path that is too long"


def _why(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror.lower()
    return str(error) or type(error).__name__


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "a plain file"
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
        _refuse_irregular(path, mode)
    return os.fdopen(descriptor, "rb")


def check_file(path: Path, limit: int, root: Path | None = None) -> Path:
    """The real path of a regular file of at most `limit` bytes, inside `root` when one is given,
    checked without reading it: for a file a library opens itself, or one named by a value whose
    position an error should point at before the file is read."""
    real = confine(path, root) if root is not None else resolve(path)
    _check_regular(real, path, limit)
    return real


def _check_regular(real: Path, shown: Path, limit: int) -> None:
    """Refuse, by its metadata alone, anything but a regular file of at most `limit` bytes;
    messages name the path as the caller was given it (`shown`)."""
    try:
        info = os.stat(real)
    except (OSError, RuntimeError, ValueError) as error:
        # a name longer than the system allows cannot exist either
        if isinstance(error, FileNotFoundError) or getattr(error, "errno", 0) == errno.ENAMETOOLONG:
            raise FileRefused(f"'{shown}' does not exist", code="missing-file") from None
        raise FileRefused(f"'{shown}' cannot be read ({_why(error)})", _LOOP_HINT) from None
    if not stat.S_ISREG(info.st_mode):
        _refuse_irregular(shown, info.st_mode)
    if info.st_size > limit:
        raise FileRefused(
            f"'{shown}' is {info.st_size:,} bytes; the limit is {limit:,}",
            "split it into smaller files",
            "file-too-large",
        )


def _refuse_irregular(shown: Path, mode: int) -> NoReturn:
    raise FileRefused(
        f"'{shown}' is not a regular file ({_kind(mode)})",
        "name a plain file; folders, pipes and devices are not read",
        "not-a-file",
    )


def read_confined(path: Path, root: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes that lies inside `root`."""
    return read_bytes(check_file(path, limit, root), limit)
