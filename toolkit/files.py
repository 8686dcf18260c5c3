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
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO, Literal, NoReturn, TextIO, overload

PROJECT_MARKERS = ("rules",)

_UNFINISHED: set[Path] = set()
"""Temporary files and staging folders being filled now (removed if the process must end at
once, see `discard_unfinished`)."""


_NOTING: list[set[str]] = []
"""While `noting_reads` runs: the sets every path read or looked for is added to."""


@contextlib.contextmanager
def noting_reads() -> Iterator[set[str]]:
    """The absolute path of every file this module reads or looks for (whether it exists or
    not) while the block runs: what loading a game depended on (the cache of compiled games
    keeps a game only while all of them are unchanged)."""
    noted: set[str] = set()
    _NOTING.append(noted)
    try:
        yield noted
    finally:  # this set itself: another block's, in another thread, may hold the same paths
        del _NOTING[next(i for i, each in enumerate(_NOTING) if each is noted)]


def _note(path: Path | str) -> None:
    if _NOTING:
        with contextlib.suppress(OSError, ValueError):
            full = os.path.abspath(path)
            for noted in _NOTING:
                noted.add(full)


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
    _note(path)
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def is_dir(path: Path) -> bool:
    """`Path.is_dir`, but False for a name the system refuses."""
    _note(path)
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


# -- writing: where outputs may go ----------------------------------------------------------
#
# A downloaded project is untrusted, and so are the links in it: no write follows a symlink,
# neither at the target nor in a folder from the project root down (each folder is opened
# with O_NOFOLLOW and the next one is found from its descriptor), and every file is written
# under a temporary name in its own folder and renamed. A path outside the project is one the
# user typed: its parent folders are theirs, but its last part must not be a link either.

SOURCE_FOLDERS = ("rules", "cards", "print")
"""A project's own folders, whose files only the designer (and `new`, `import`) writes."""
SOURCE_SUFFIXES = (".yaml", ".yml", ".j2", ".jinja", ".jinja2")
"""What content, layouts, variants and templates are named; no output replaces one."""

PDF = (b"%PDF-1.4\n%\x93\x8c\x8b\x9e ReportLab Generated PDF document",)
SCHEMA = (b'{\n  "$',)
TABLES = (b'{\n  "seats": [',)
TRANSCRIPT = (b'{"type": "game"',)
"""How the files the toolkit writes begin (its PDFs are ReportLab's, its JSON indented and
keyed as written): an existing file is replaced only when it begins as the one about to be
written does, or is empty, so it is one the toolkit wrote and never a designer's PDF or JSON."""

OUTPUT_MARK = ".toolkit-output"
"""The file that marks a folder as one the toolkit wrote, and may write again (whole)."""
_MARK_TEXT = (
    "Written by the toolkit, which may replace this whole folder when it writes it again.\n"
)

_DIRECTORY = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_BY_DESCRIPTOR = {os.open, os.mkdir, os.rename, os.stat} <= os.supports_dir_fd
"""Where the system can open a name relative to an open folder (every Unix); elsewhere the
same checks run on whole paths."""


class _Folder:
    """A folder reached without following links below the project root; names inside it are
    looked at, created and renamed relative to its descriptor, so no link swapped in above
    it can redirect them."""

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self.fd = fd

    def name(self, name: str) -> str:
        return name if self.fd is not None else str(self.path / name)

    def lstat(self, name: str) -> os.stat_result | None:
        try:
            return os.stat(self.name(name), dir_fd=self.fd, follow_symlinks=False)
        except FileNotFoundError:
            return None

    def child(self, name: str, *, create: bool) -> _Folder:
        """The folder `name` inside this one (made when missing and `create`); a link, a
        plain file or a missing folder is refused."""
        info = self.lstat(name)
        if info is None:
            if not create:
                raise FileRefused(f"folder '{self.path / name}' does not exist", "create it first")
            os.mkdir(self.name(name), 0o777, dir_fd=self.fd)
            info = self.lstat(name)
        _refuse_link(self.path / name, info)
        if info is not None and not stat.S_ISDIR(info.st_mode):
            raise FileRefused(
                f"'{self.path / name}' is not a folder ({_kind(info.st_mode)})",
                "choose a path inside a folder",
            )
        if self.fd is None:
            return _Folder(self.path / name, None)
        fd = os.open(name, _DIRECTORY | _NOFOLLOW, dir_fd=self.fd)
        return _Folder(self.path / name, fd)

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _refuse_link(path: Path, info: os.stat_result | None) -> None:
    if info is not None and stat.S_ISLNK(info.st_mode):
        raise FileRefused(
            f"'{path}' is a symlink, and the toolkit never writes through one",
            "remove the link, or name a path that is no link",
            "symlink",
        )


def output_project() -> Path:
    """The project outputs belong to: that of the current folder (see `project_root`)."""
    return project_root(Path.cwd())


def _below_project(path: Path) -> tuple[Path, tuple[str, ...]] | None:
    """(project root, the parts of `path` below it) when `path` lies in the project of the
    current folder, as typed or once the links above its last part are followed; else None."""
    root = output_project()
    lexical = Path(os.path.abspath(path))
    for candidate in (lexical, _real_parent(lexical)):
        if candidate == root or root in candidate.parents:
            return root, candidate.relative_to(root).parts
    return None


def _real_parent(path: Path) -> Path:
    try:
        return path.parent.resolve() / path.name
    except (OSError, RuntimeError, ValueError):
        return path


@contextlib.contextmanager
def _opened_folder(folder: Path, *, create: bool) -> Iterator[_Folder]:
    """`folder` opened for writing names into it: below the project root every part is
    reached without following a link (and made when missing and `create`); outside the
    project, the folder the user typed, links and all."""
    opened: list[_Folder] = []
    try:
        try:
            below = _below_project(folder)
            if below is None and create:
                folder.mkdir(parents=True, exist_ok=True)
            base, parts = below or (Path(os.path.abspath(folder)), ())
            fd = os.open(base, _DIRECTORY) if _BY_DESCRIPTOR else None
            opened.append(_Folder(base, fd))
            for part in parts:
                opened.append(opened[-1].child(part, create=create))
        except FileNotFoundError:
            raise FileRefused(f"folder '{folder}' does not exist", "create it first") from None
        except NotADirectoryError:
            raise FileRefused(
                f"'{folder}' is not a folder", "choose a path inside a folder"
            ) from None
        except (OSError, ValueError) as error:
            raise FileRefused(f"cannot write in '{folder}': {_why(error)}", _LOOP_HINT) from None
        yield opened[-1]
    finally:
        for each in opened:
            each.close()


def ensure_folder(folder: Path) -> None:
    """Create a folder (and its parents) for an output such as `build/<game>/`, following no
    link below the project root; a link or a plain file in the way is refused, not raised."""
    with _opened_folder(folder, create=True):
        pass


def check_output(
    path: Path,
    *,
    folder: bool = False,
    made: tuple[bytes, ...] | None = None,
    source: bool = False,
    yaml: bool = False,
) -> None:
    """Refuse, before any work, an output path that cannot or must not be written: a link
    (at the path, or a folder on the way below the project root), a folder (or, with
    `folder`, anything but a folder), a device or pipe, a missing or non-folder parent, a
    parent without write permission; and a designer's file: anything under a project's
    `rules/`, `cards/` or `print/`, a file named like content (`.yaml`, `.j2`, ...), or an
    existing file that does not begin as `made` says the output does (none: any start).
    `source` is for the commands that write content (`import`): its folders and names are
    allowed there. `yaml` is for an output that is YAML by nature (a saved position): its
    name may end in `.yaml`, `made` protects a designer's file of that name, and the source
    folders stay refused. A named output's parent folder must already exist; only an output
    folder itself may be created."""
    try:
        _check_output(path, folder, made, source, yaml)
    except (OSError, ValueError) as error:  # a name too long, a NUL in it
        raise FileRefused(f"cannot write '{path}': {_why(error)}") from None


def _check_output(
    path: Path, folder: bool, made: tuple[bytes, ...] | None, source: bool, yaml: bool
) -> None:
    if not source:
        _refuse_source(path, folder, yaml)
    parent = path.parent if str(path.parent) else Path(".")
    if not os.path.lexists(parent):
        raise FileRefused(f"folder '{parent}' does not exist", "create it first")
    with _opened_folder(parent, create=False) as opened:
        info = opened.lstat(path.name) if path.name not in ("", ".", "..") else os.stat(path)
        _refuse_link(path, info)
        if folder:
            if info is not None and not stat.S_ISDIR(info.st_mode):
                raise FileRefused(
                    f"'{path}' is not a folder ({_kind(info.st_mode)})",
                    "name a folder, or a new name inside an existing folder",
                )
            writable = path if info is not None else parent
            if not os.access(writable, os.W_OK | os.X_OK):
                raise FileRefused(f"folder '{writable}' is not writable")
            return
        if info is not None:
            if stat.S_ISDIR(info.st_mode):
                raise FileRefused(f"'{path}' is a folder", "name a file inside it")
            if not stat.S_ISREG(info.st_mode):
                raise FileRefused(
                    f"'{path}' is not a regular file ({_kind(info.st_mode)})", "name a plain file"
                )
            if made is not None and info.st_size and not _begins(opened, path.name, made):
                raise FileRefused(
                    f"'{path}' is a file the toolkit did not write, and would be replaced",
                    "name a new file (the toolkit never writes over one of yours)",
                    "not-an-output",
                )
        if not os.access(parent, os.W_OK | os.X_OK):
            raise FileRefused(f"folder '{parent}' is not writable")


def _refuse_source(path: Path, folder: bool, yaml: bool = False) -> None:
    """Refuse a project's sources as an output: its source folders (or a folder holding
    them: the project itself, or above it), and files named like content anywhere (unless
    the output is YAML itself and protected by its start)."""
    real = _real_parent(Path(os.path.abspath(path)))
    if not folder and not yaml and real.suffix.casefold() in SOURCE_SUFFIXES:
        raise FileRefused(
            f"'{path}' is named like a game's content ({real.suffix}), and an output never "
            "replaces content",
            "name the output with its own suffix (.pdf, .json, .jsonl, .txt), outside rules/, "
            "cards/ and print/",
            "not-an-output",
        )
    for above in (real, *real.parents):
        if above.name in SOURCE_FOLDERS and is_dir(above.parent / "rules"):
            raise FileRefused(
                f"'{path}' is inside the project's {above.name}/ folder, where the game's own "
                "files live",
                "write outputs elsewhere, such as build/",
                "not-an-output",
            )
    if folder and any(is_dir(real / marker) for marker in PROJECT_MARKERS):
        raise FileRefused(
            f"'{path}' is a project folder (it holds rules/)",
            "name a folder inside it, such as build/",
        )


def check_output_folder(path: Path) -> None:
    """Refuse, before any work, a folder that an output fills (`--out` of build, export and
    tune): as `check_output(folder=True)`, and never the current folder or one above it."""
    here = Path.cwd()
    real = _real_parent(Path(os.path.abspath(path)))
    if real == here or real in here.parents:
        raise FileRefused(
            f"'{path}' is the current folder or holds it, and the command fills it with its "
            "own files",
            "name a new folder inside it, such as build/",
        )
    check_output(path, folder=True)


def _begins(opened: _Folder, name: str, made: tuple[bytes, ...]) -> bool:
    """Whether the regular file `name` begins with one of `made` (read without a link)."""
    try:
        fd = os.open(opened.name(name), os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0),
                     dir_fd=opened.fd)  # fmt: skip
    except OSError:
        return False
    with os.fdopen(fd, "rb") as stream:
        start = stream.read(max(len(prefix) for prefix in made))
    return any(start.startswith(prefix) for prefix in made)


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write a whole file under its final name or not at all: a temporary file beside it,
    flushed to disk, then renamed over the target (never through a link)."""
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
    the permissions `open()` would give it (an existing file's, else 0o666 less the umask).
    A link at `path` or on the way to it below the project root is refused, never followed;
    the parent folder must exist. Failing to write raises `FileRefused`."""
    return _atomic(path, binary)


@contextlib.contextmanager
def _atomic(path: Path, binary: bool) -> Iterator[IO[Any]]:
    parent = path.parent if str(path.parent) else Path(".")
    with _opened_folder(parent, create=False) as folder:
        name = path.name
        info = folder.lstat(name)
        _refuse_link(path, info)
        if info is not None and not stat.S_ISREG(info.st_mode):
            raise FileRefused(f"'{path}' is not a regular file ({_kind(info.st_mode)})")
        mode = stat.S_IMODE(info.st_mode) if info is not None else 0o666 & ~_umask()
        handle, temporary = _new_file(folder, f".{name}.", ".part", path)
        _UNFINISHED.add(folder.path / temporary)
        try:
            with os.fdopen(handle, "wb" if binary else "w", **({} if binary else _TEXT)) as stream:
                yield stream
                try:
                    stream.flush()
                    os.fchmod(stream.fileno(), mode)
                    os.fsync(stream.fileno())
                except OSError as error:
                    raise FileRefused(f"cannot write '{path}': {_why(error)}") from None
            _refuse_link(path, folder.lstat(name))  # a link put there meanwhile is no target
            try:
                os.rename(folder.name(temporary), folder.name(name),
                          src_dir_fd=folder.fd, dst_dir_fd=folder.fd)  # fmt: skip
            except OSError as error:
                raise FileRefused(f"cannot write '{path}': {_why(error)}") from None
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(folder.name(temporary), dir_fd=folder.fd)
            raise
        finally:
            _UNFINISHED.discard(folder.path / temporary)


def _new_file(folder: _Folder, prefix: str, suffix: str, shown: Path) -> tuple[int, str]:
    """A new, empty, private file in `folder` under a random name (never an existing one)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    for _ in range(100):
        name = f"{prefix}{secrets.token_hex(4)}{suffix}"
        try:
            return os.open(folder.name(name), flags, 0o600, dir_fd=folder.fd), name
        except FileExistsError:
            continue
        except OSError as error:
            raise FileRefused(f"cannot write '{shown}': {_why(error)}") from None
    raise FileRefused(f"cannot write '{shown}': no free temporary name")


def claim_fresh_name(path: Path) -> Path:
    """`path`, or the first of `<stem>-2<suffix>`, `-3`... that is free, claimed at once by
    creating it empty (so two games started together never share a name); for default
    output names such as a game's transcript, which must never replace an earlier game."""
    parent = path.parent if str(path.parent) else Path(".")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    with _opened_folder(parent, create=True) as folder:
        for number in range(1, 10_000):
            name = path.name if number == 1 else f"{path.stem}-{number}{path.suffix}"
            try:
                os.close(os.open(folder.name(name), flags, 0o666, dir_fd=folder.fd))
            except FileExistsError:
                continue
            except OSError as error:
                raise FileRefused(f"cannot write '{parent / name}': {_why(error)}") from None
            return parent / name
    raise FileRefused(f"no free name like '{path}'", "move earlier files away")


def check_new_file(path: Path) -> None:
    """Refuse, before anything is written, a new file that exists already (a link included)
    or whose way down from the project root passes a link or a plain file; folders still
    missing are fine (they will be made). For commands that write several files and must
    write none when one is refused (`new`)."""
    below = _below_project(path)
    base, parts = below if below is not None else (Path(os.path.abspath(path.parent)), (path.name,))
    folder = base
    for part in parts[:-1]:
        folder = folder / part
        try:
            info = os.lstat(folder)
        except FileNotFoundError:
            break
        except (OSError, ValueError) as error:
            raise FileRefused(f"cannot write in '{folder}': {_why(error)}") from None
        _refuse_link(folder, info)
        if not stat.S_ISDIR(info.st_mode):
            raise FileRefused(f"'{folder}' is not a folder ({_kind(info.st_mode)})")
    if os.path.lexists(path):
        raise FileRefused(f"'{path}' already exists", "move it away first", "exists")


def check_replaceable(final: Path) -> None:
    """Refuse to replace a folder the toolkit did not write whole: only a missing or empty
    folder, or one that carries `OUTPUT_MARK` (a staged write put it there), may be replaced
    whole. A folder that merely looks like an output (a `build.json` in it) is refused too:
    it may hold a designer's files."""
    try:
        entries = list(os.scandir(final))
    except FileNotFoundError:
        return
    except NotADirectoryError:
        raise FileRefused(f"'{final}' is not a folder", "choose another --out") from None
    except OSError as error:
        raise FileRefused(f"cannot read folder '{final}': {_why(error)}") from None
    names = {entry.name for entry in entries}
    if names and OUTPUT_MARK not in names:
        raise FileRefused(
            f"'{final}' holds files the toolkit did not write (it has no {OUTPUT_MARK} mark), "
            "and writing there replaces the whole folder",
            "name a new or empty folder, or remove this one yourself",
        )


def mark_folder(folder: Path) -> None:
    """Put `OUTPUT_MARK` in a folder the toolkit fills (a tuning folder) unless it is there."""
    if not os.path.lexists(folder / OUTPUT_MARK):
        write_atomic(folder / OUTPUT_MARK, _MARK_TEXT)


@contextlib.contextmanager
def staged_folder(final: Path) -> Iterator[Path]:
    """An empty folder beside `final` (`.<name>.<random>.part`) to fill; when the block ends
    without an error it takes `final`'s place by renames, else it is removed. So `final` never
    mixes files of two runs, and an interrupted run leaves the old folder (or none) behind.
    The folder carries `OUTPUT_MARK`; a folder without it that holds anything is refused
    before any work (`check_replaceable`), so a mistaken `--out` never deletes a project, and
    a link at `final` (or on the way to it) is refused, never replaced."""
    final = Path(os.path.abspath(final))  # `.` has no name to stage beside
    here = Path.cwd()
    if final == here or final in here.parents:
        raise FileRefused(
            f"'{final}' is the folder you are working in (or holds it)", "name a folder inside it"
        )
    with _opened_folder(final.parent, create=True) as parent:
        info = parent.lstat(final.name)
        _refuse_link(final, info)
        if info is not None and not stat.S_ISDIR(info.st_mode):
            raise FileRefused(f"'{final}' is not a folder", "move it away or choose another --out")
        check_replaceable(final)
        name = _new_folder(parent, f".{final.name}.", ".part", final)
        staging = parent.path / name
        _UNFINISHED.add(staging)
        try:
            write_atomic(staging / OUTPUT_MARK, _MARK_TEXT)
            yield staging
            _swap_in(parent, name, final)
        except BaseException:
            shutil.rmtree(parent.name(name), ignore_errors=True, dir_fd=parent.fd)
            raise
        finally:
            _UNFINISHED.discard(staging)


def _new_folder(folder: _Folder, prefix: str, suffix: str, shown: Path) -> str:
    """A new empty folder in `folder` under a random name, with the permissions `mkdir`
    gives (0o777 less the umask)."""
    for _ in range(100):
        name = f"{prefix}{secrets.token_hex(4)}{suffix}"
        try:
            os.mkdir(folder.name(name), 0o777, dir_fd=folder.fd)
            return name
        except FileExistsError:
            continue
        except OSError as error:
            raise FileRefused(f"cannot create a folder beside '{shown}': {_why(error)}") from None
    raise FileRefused(f"cannot create a folder beside '{shown}': no free name")


def discard_unfinished() -> None:
    """Remove every temporary file and staging folder still being filled, for a process that
    must end at once (`os._exit` runs no `finally` block), so no `.part` is left behind."""
    for path in list(_UNFINISHED):
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            with contextlib.suppress(OSError):
                os.unlink(path)
    _UNFINISHED.clear()


def _swap_in(parent: _Folder, staging: str, final: Path) -> None:
    """Put `staging` under `final`'s name; an old `final` is moved aside first and removed
    after, or put back if the second rename fails. Every rename is inside `parent`."""
    name, old = final.name, None

    def rename(source: str, target: str) -> None:
        os.rename(parent.name(source), parent.name(target),
                  src_dir_fd=parent.fd, dst_dir_fd=parent.fd)  # fmt: skip

    try:
        info = parent.lstat(name)
        _refuse_link(final, info)
        if info is not None:
            old = f".{name}.{secrets.token_hex(4)}.old"
            rename(name, old)
        try:
            rename(staging, name)
        except OSError:
            if old is not None:
                rename(old, name)
            raise
    except OSError as error:
        raise FileRefused(f"cannot replace folder '{final}': {_why(error)}") from None
    if old is not None:
        shutil.rmtree(parent.name(old), ignore_errors=True, dir_fd=parent.fd)


def sha256_of(path: Path) -> str:
    """The SHA-256 of a file's bytes, in hex, read in chunks."""
    with open(path, "rb") as stream:
        return hashlib.file_digest(stream, "sha256").hexdigest()


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


def is_private(info: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else (a file or folder whose contents the
    toolkit will run, such as the cache of compiled games)."""
    owner = getattr(os, "getuid", None)
    if owner is not None and info.st_uid != owner():
        return False
    return not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def read_private(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes that is this user's alone
    (`is_private`), opened without following a link and checked on the opened descriptor;
    `FileRefused` otherwise."""
    try:
        descriptor = os.open(path, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except (OSError, ValueError) as error:
        raise FileRefused(f"cannot read '{path}': {_why(error)}") from None
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            _refuse_irregular(path, info.st_mode)
        if not is_private(info):
            raise FileRefused(
                f"'{path}' is not yours alone (another owner, or others may write it)"
            )
        if info.st_size > limit:
            raise FileRefused(f"'{path}' is larger than {limit} bytes", code="file-too-large")
        return stream.read(limit)


def open_regular(path: Path) -> IO[bytes]:
    """A regular file opened for reading in binary, for a caller that reads it a line at a time
    with its own bounds. Checked on the opened descriptor (no race with a swapped path), so a
    FIFO, a device or a folder is refused rather than read or waited on."""
    _note(path)
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
    _note(real)
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
