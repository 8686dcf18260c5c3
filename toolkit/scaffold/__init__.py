"""`toolkit new`: a new game in the current project, from a family's template.

Each family is a folder of text files under `families/<family>/project/`, laid out as a
project is (`rules/`, `cards/<game>/`, `print/<game>/`), with `__GAME__` (in names and text)
for the game id, `__NAME__` for its display name and `__NAME_YAML__` for the name as a quoted
YAML scalar. `families/<family>/family.txt` is its one-line summary. Files under `shared/`
(the print defaults every layout extends) are written only where the project lacks them.

Nothing is ever overwritten: if any file of the new game exists, or a folder on the way to one
is a symlink, nothing is written. The
templates are data, so a family is added by adding a folder; `tests/test_new.py` validates,
simulates, prints and plays every one.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath

from toolkit.diagnostics import plural, printable
from toolkit.errors import UsageError, choose_id
from toolkit.files import FileRefused, check_new_file, ensure_folder, write_atomic

GAME_ID = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
"""A game id: lowercase words of letters and digits joined by single hyphens."""

RESERVED_NAMES = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?", re.IGNORECASE)
"""Names Windows keeps for devices, with any extension: a game's files could not be made
there (`con.yaml`), so such an id is refused everywhere, for a project that travels."""

MAX_ID = 64
MAX_NAME = 80

PLACEHOLDER_ID = "__GAME__"
PLACEHOLDER_NAME = "__NAME__"
PLACEHOLDER_NAME_YAML = "__NAME_YAML__"


@dataclass(frozen=True)
class Family:
    """A template: its name (the `--family` value) and what kind of game it makes."""

    name: str
    summary: str
    files: Traversable


@dataclass(frozen=True)
class Scaffold:
    """What `new_game` wrote, relative to the project, and the shared files it left alone."""

    game: str
    name: str
    family: str
    written: list[PurePosixPath]
    kept: list[PurePosixPath]


def _root() -> Traversable:
    return resources.files(__name__)


def families() -> dict[str, Family]:
    """Every family shipped, by name, sorted."""
    found: dict[str, Family] = {}
    for folder in sorted(_root().joinpath("families").iterdir(), key=lambda f: f.name):
        about = folder.joinpath("family.txt")
        if folder.is_dir() and about.is_file():
            summary = about.read_text(encoding="utf-8").strip()
            found[folder.name] = Family(folder.name, summary, folder.joinpath("project"))
    return found


def check_game_id(game_id: str) -> None:
    """Refuse an id that is not lowercase-kebab (a usage error with a suggestion)."""
    if RESERVED_NAMES.fullmatch(game_id.rstrip(". ")):
        raise UsageError(
            f"game id '{printable(game_id, newlines=False)}' is a name Windows keeps for a "
            "device (con, prn, aux, nul, com1-9, lpt1-9), so its files could not be copied "
            "there; choose another, such as 'my-game'"
        )
    if len(game_id) <= MAX_ID and GAME_ID.fullmatch(game_id):
        return
    suggestion = re.sub(r"[^a-z0-9]+", "-", game_id.lower()).strip("-")
    suggestion = re.sub(r"^[0-9-]+", "", suggestion)[:MAX_ID].strip("-")
    fits = GAME_ID.fullmatch(suggestion) and not RESERVED_NAMES.fullmatch(suggestion)
    hint = f"; try '{suggestion}'" if suggestion and fits else ""
    raise UsageError(
        f"game id '{printable(game_id, newlines=False)}' must be lowercase words of letters and "
        f"digits joined by hyphens, starting with a letter, at most {MAX_ID} characters "
        f"(like 'my-game'){hint}"
    )


def display_name(game_id: str, name: str | None) -> str:
    """The name given (checked), or one made from the id: `night-market` -> `Night Market`."""
    if name is None:
        return " ".join(word.capitalize() for word in game_id.split("-"))
    shown = printable(name, newlines=False)
    if shown != name or not name.strip() or name != name.strip() or len(name) > MAX_NAME:
        raise UsageError(
            f"--name '{shown}' must be 1-{MAX_NAME} characters of text on one line, without "
            "control characters or spaces at either end"
        )
    return name


def find_family(name: str) -> Family:
    """The family `--family` names, in any case (`Draft` is `draft`)."""
    known = families()
    return known[choose_id(name, known, "family")]


def _files(folder: Traversable, at: PurePosixPath) -> list[tuple[PurePosixPath, Traversable]]:
    """Every file under a template folder, with its path relative to the folder, sorted."""
    found: list[tuple[PurePosixPath, Traversable]] = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name == "__pycache__":
            continue
        if entry.is_dir():
            found.extend(_files(entry, at / entry.name))
        else:
            found.append((at / entry.name, entry))
    return found


def _fill(text: str, game_id: str, name: str) -> str:
    text = text.replace(PLACEHOLDER_NAME_YAML, json.dumps(name, ensure_ascii=False))
    return text.replace(PLACEHOLDER_NAME, name).replace(PLACEHOLDER_ID, game_id)


def _exists(path: Path) -> bool:
    return path.exists() or path.is_symlink()


def new_game(project: Path, game_id: str, family: str, name: str | None = None) -> Scaffold:
    """Write a new game of `family` into `project`; refuse (UsageError) a bad id, name or
    family, and any file of the game that already exists, before writing anything."""
    check_game_id(game_id)
    chosen = find_family(family)
    title = display_name(game_id, name)
    planned = [
        (PurePosixPath(str(relative).replace(PLACEHOLDER_ID, game_id)), source)
        for relative, source in _files(chosen.files, PurePosixPath())
    ]
    taken = [relative for relative, _ in planned if _exists(project / relative)]
    if taken:
        paths = ", ".join(f"'{path}'" for path in taken)
        raise UsageError(
            f"{paths} already exist{'s' if len(taken) == 1 else ''}: toolkit new never "
            "overwrites a file; choose another game id, or move the game's files away first"
        )
    shared = _files(_root().joinpath("shared"), PurePosixPath())
    kept = [relative for relative, _ in shared if _exists(project / relative)]
    missing = [(relative, source) for relative, source in shared if relative not in kept]
    written: list[PurePosixPath] = []
    try:
        for relative, _ in [*planned, *missing]:  # all checked before anything is written
            check_new_file(project / relative)
        for relative, source in [*planned, *missing]:
            target = project / relative
            ensure_folder(target.parent)
            write_atomic(target, _fill(source.read_text(encoding="utf-8"), game_id, title))
            written.append(relative)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        so_far = f" (written so far: {plural(len(written), 'file')})" if written else ""
        raise UsageError(f"{error.reason}{hint}{so_far}") from None
    return Scaffold(game_id, title, chosen.name, written, kept)


__all__ = ["Family", "Scaffold", "check_game_id", "families", "new_game"]
