"""The `--storage` URL of `toolkit tune`, checked before anything opens it.

SQLite creates its database, and a `-journal` file beside it, as soon as a URL is opened: a
URL naming a device, a folder or a link would make it write there before any error, and an
empty database is made in any empty file. So a SQLite URL must name a plain file that is a
SQLite database (or empty), or a new one in an existing writable folder, and nothing in the
URL may reach SQLite's own options (`?uri=true` would open `file:` URIs). A database
server (PostgreSQL, MySQL) is reached over the network and is passed to Optuna as given.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from toolkit.errors import UsageError
from toolkit.files import FileRefused, check_output

SQLITE_MAGIC = b"SQLite format 3\x00"
"""The first bytes of every SQLite database (an empty file is a new database)."""
SERVERS = ("postgresql", "mysql")
"""Database servers Optuna's storage speaks to (with their SQLAlchemy driver installed)."""
FORMS = "sqlite:///FILE, postgresql://... or mysql://..."


def check_storage(url: str) -> None:
    """Refuse (a usage error naming `--storage`) a URL the toolkit would not open safely."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise UsageError(f"--storage '{url}': not a database URL; give {FORMS}") from None
    backend = parsed.get_backend_name()
    if backend in SERVERS:
        return
    if backend != "sqlite":
        raise UsageError(f"--storage '{url}': '{backend}' is not supported; give {FORMS}")
    if parsed.query:
        raise UsageError(f"--storage '{url}': a SQLite URL takes no options after '?'")
    if not parsed.database or parsed.database == ":memory:":
        raise UsageError(
            f"--storage '{url}': names no file (the study would be lost); give sqlite:///FILE"
        )
    _check_database_file(url, Path(parsed.database))


def _check_database_file(url: str, path: Path) -> None:
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        info = None
    except (OSError, ValueError) as error:
        raise UsageError(f"--storage '{url}': cannot use '{path}' ({error})") from None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise UsageError(
                f"--storage '{url}': '{path}' is a symbolic link; name the database itself"
            )
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"--storage '{url}': '{path}' is not a plain file")
        if not os.access(path, os.R_OK | os.W_OK):
            raise UsageError(f"--storage '{url}': '{path}' is not readable and writable")
        if info.st_size and not _is_sqlite(path):
            raise UsageError(
                f"--storage '{url}': '{path}' is not a SQLite database; name a new file, or "
                "the study.db of an earlier run"
            )
    try:  # the folder too: SQLite writes its journal beside the database
        check_output(path)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise UsageError(f"--storage '{url}': {error.reason}{hint}") from None


def _is_sqlite(path: Path) -> bool:
    try:
        with open(path, "rb") as stream:
            return stream.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC
    except OSError:
        return False
