"""Compiled games kept between runs: a command that plays a game compiled before starts without
loading, checking or compiling it again, and without building a single content model.

An entry is the compiled `Game` pickled with cloudpickle (its rules are closures), beside what
it was made from: every file under the game's project the load read or looked for (through
`toolkit.files`), by size and modification time, and the listing of each folder holding one. It
is used only while all of them are unchanged, the toolkit's own modules are unchanged (their
sizes and times) and the same Python and the same arguments (variants, `--set` values) ask for
it; anything else compiles the game again and replaces the entry. The content a tool asks for
later (strategies, printing, rules help) is loaded again then, checks and all (`ContentSource`).

A pickle runs code when it is loaded, so entries live in the user's own cache folder
(`$TOOLKIT_CACHE`, else `$XDG_CACHE_HOME/toolkit`, else `~/.cache/toolkit`), never in a project a
game came with, and are read only from a folder and files the user owns and nobody else may
write. `TOOLKIT_CACHE=off` turns the cache off, and so does any installed plugin (its code may
change what a game means, and it must be loaded, and any failure of it reported, as without a
cache). A game whose compiled form refers to code outside the toolkit and Python's own library
is not kept.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import pickle
import re
import stat
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from types import BuiltinFunctionType, ModuleType
from typing import TYPE_CHECKING, Any

from toolkit.engine.compiled import ContentColumns, ContentSource, Game

if TYPE_CHECKING:
    from toolkit.content.project import GameContent

FORMAT = 1
"""The layout of an entry; a change of it (or of the toolkit's code) makes old entries unused."""
KEPT_ENTRIES = 64
"""Entries beyond this many, the least recently written first, are removed."""
MAX_ENTRY_BYTES = 64 * 1024 * 1024
OFF = ("off", "0", "no", "false")
SUFFIX = ".compiled-game"
"""An entry's name: the hex SHA-256 of what asked for it, then this (`_prune` removes no other
file)."""

Dependencies = tuple[tuple[tuple[str, int, int], ...], tuple[tuple[str, tuple[str, ...]], ...]]
"""Files (path, size, modification time in ns) and folders (path, sorted names)."""


def load_compiled_game_cached(
    argument: str, variants: list[Path] | None = None, sets: list[tuple[str, Any]] | None = None
) -> tuple[Path, Game]:
    """`load_compiled_game` through the cache: the game kept for these arguments when its files
    are unchanged, else loaded, checked and compiled (errors as there), then kept."""
    from toolkit import plugins
    from toolkit.content.locate import resolve_path_or_game

    # A plugin's code may change what any game means (or fail to load, which must be said).
    used = not plugins.installed() and cache_folder() is not None
    manifest = resolve_path_or_game(argument).resolve()
    game = cached_game(manifest, variants, sets) if used else None
    if game is not None:
        return manifest, game
    from toolkit.engine.load import load_compiled_game  # the content layer, on a miss alone

    if not used:
        return load_compiled_game(argument, variants, sets)
    with recording(manifest) as dependencies:
        _, game = load_compiled_game(argument, variants, sets)
    keep(game, manifest, variants, sets, dependencies[0])
    return manifest, game


def cached_game(
    manifest: Path, variants: list[Path] | None = None, sets: list[tuple[str, Any]] | None = None
) -> Game | None:
    """The game kept for these arguments, if its entry is still true to its files; else None."""
    entry = _entry(manifest, variants, sets)
    if entry is None:
        return None
    from toolkit.files import FileRefused, read_private

    try:
        data = read_private(entry, MAX_ENTRY_BYTES)
    except FileRefused:  # none yet, or not the user's alone: compile again
        return None
    try:
        dependencies, payload = _HeaderUnpickler(io.BytesIO(data)).load()
        if not _unchanged(dependencies):
            return None
        game = pickle.loads(payload)
    except Exception:  # an entry from another version or half-removed: compile again
        return None
    if not isinstance(game, Game):
        return None
    game.source.load = partial(_content_again, manifest, variants, sets)
    return game


def keep(
    game: Game,
    manifest: Path,
    variants: list[Path] | None,
    sets: list[tuple[str, Any]] | None,
    dependencies: Dependencies,
) -> bool:
    """Write the entry of a game just compiled; whether it was kept (never an error: a game
    that cannot be kept, or a cache folder that cannot be written, only means no entry)."""
    entry = _entry(manifest, variants, sets)
    if entry is None:
        return False
    try:
        payload = _pickled(game)
    except Exception:  # code from outside the toolkit, or what pickle cannot carry: no entry
        return False
    data = pickle.dumps((dependencies, payload), protocol=pickle.HIGHEST_PROTOCOL)
    from toolkit.files import FileRefused, write_atomic

    try:
        write_atomic(entry, data)
        os.chmod(entry, 0o600)  # read back only while nobody else may write it
    except (FileRefused, OSError):
        return False
    _prune(entry.parent)
    return True


@contextlib.contextmanager
def recording(manifest: Path) -> Iterator[list[Dependencies]]:
    """Note every file read or looked for while the block runs (loading and checking a game,
    through `toolkit.files`: content, pictures, layouts, a variant file wherever it lies); the
    list yielded then holds what the game depends on: those files, and the listing of each
    folder of the game's project holding one (a file added beside them counts too)."""
    from toolkit.files import noting_reads, project_root

    root = os.path.join(str(project_root(manifest)), "")
    result: list[Dependencies] = []
    with noting_reads() as noted:
        yield result
    files = sorted(noted)
    folders = {os.path.dirname(path) for path in files if path.startswith(root)}
    result.append(_dependencies(files, sorted(folders)))


def cache_folder() -> Path | None:
    """The folder entries live in, made private if new; None when the cache is off or the
    folder is not the user's alone."""
    from toolkit.files import is_private

    setting = os.environ.get("TOOLKIT_CACHE")
    if setting is not None and setting.strip().lower() in OFF:
        return None
    try:
        if setting:
            base = Path(setting)
        else:
            home = os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache")
            base = Path(home) / "toolkit"
        folder = base / "games"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = os.lstat(folder)
    except (OSError, RuntimeError, ValueError):  # a file in the way, no home folder
        return None
    return folder if is_private(info) and stat.S_ISDIR(info.st_mode) else None


def _entry(
    manifest: Path, variants: list[Path] | None, sets: list[tuple[str, Any]] | None
) -> Path | None:
    folder = cache_folder()
    if folder is None:
        return None
    arguments = repr(
        (
            FORMAT,
            sys.version,
            _code_signature(),
            str(manifest),
            [os.path.realpath(v) for v in variants or []],
            list(sets or []),
        )
    )
    return folder / (hashlib.sha256(arguments.encode("utf-8", "replace")).hexdigest() + SUFFIX)


def _content_again(
    manifest: Path, variants: list[Path] | None, sets: list[tuple[str, Any]] | None
) -> GameContent:
    from toolkit.engine.load import load_valid_game

    return load_valid_game(str(manifest), variants, sets)[1]


# -- pickling ---------------------------------------------------------------------------------


class NotKept(Exception):
    """The compiled game refers to something an entry must not hold."""


def _pickled(game: Game) -> bytes:
    import cloudpickle

    from toolkit.kernel.tables import CardTable

    source = game.source
    tables: dict[int, CardTable] = {}
    shared = _module_values()

    class Pickler(cloudpickle.Pickler):  # type: ignore[misc]
        def reducer_override(self, obj: Any) -> Any:
            if isinstance(obj, (type, _FUNCTION)) and not _importable_here(obj.__module__):
                raise NotKept(f"{obj.__module__}.{obj.__qualname__}")
            named = shared.get(id(obj))
            if named is not None and named[0] is obj:
                return _module_value, named[1:]
            if type(obj) is CardTable and not isinstance(obj.fields, ContentColumns):
                deferred = tables.get(id(obj))
                if deferred is None:
                    deferred = tables[id(obj)] = _deferred_table(obj, source)
                if deferred is not obj:
                    return _rebuilt, (deferred,)
            return super().reducer_override(obj)

    stream = io.BytesIO()
    Pickler(stream, protocol=pickle.HIGHEST_PROTOCOL).dump(game)
    return stream.getvalue()


def _module_values() -> dict[int, tuple[Any, str, str]]:
    """Every value a toolkit module holds at its top level that is an object of its own (a
    sentinel such as the staged mechanic's picked cards, a table, a cache), by id: pickled by
    its name, so the game read back shares it with the modules (`x is PICKED` holds) instead of
    holding a copy. A module without content models is preferred when several hold it."""
    plain: tuple[type, ...] = (int, float, complex, str, bytes, bool, type(None), type)
    plain += (ModuleType, _FUNCTION, BuiltinFunctionType)
    found: dict[int, tuple[Any, str, str, bool]] = {}
    for module_name, module in sorted(sys.modules.items()):
        if module is None or not module_name.startswith("toolkit."):
            continue
        values = list(vars(module).items())
        models = any(_from_pydantic(value) for _, value in values)
        for name, value in values:
            if name.startswith("__") or isinstance(value, plain):
                continue
            known = found.get(id(value))
            if known is None or (known[3] and not models):
                found[id(value)] = (value, module_name, name, models)
    return {key: (value, module, name) for key, (value, module, name, _) in found.items()}


def _from_pydantic(value: Any) -> bool:
    module = getattr(value, "__module__", None)
    return isinstance(module, str) and module.startswith("pydantic")


def _module_value(module: str, name: str) -> Any:
    """A module's top-level value, by name (see `_module_values`)."""
    import importlib

    return getattr(importlib.import_module(module), name)


def _rebuilt(table: Any) -> Any:
    """A card table unpickled as it was written (its deferred columns included)."""
    return table


def _deferred_table(table: Any, source: ContentSource) -> Any:
    """The table with its columns of content models (effects, scoring rules, sides) read again
    from the content when a tool asks for them."""
    from pydantic import BaseModel

    def holds_models(column: tuple[Any, ...]) -> bool:
        stack: list[Any] = list(column)
        while stack:
            value = stack.pop()
            if isinstance(value, BaseModel):
                return True
            if isinstance(value, (list, tuple)):
                stack.extend(value)
            elif isinstance(value, dict):
                stack.extend(value.values())
        return False

    deferred = tuple(name for name, column in table.fields.items() if holds_models(column))
    if not deferred:
        return table
    plain = {name: column for name, column in table.fields.items() if name not in deferred}
    return replace(table, fields=ContentColumns(plain, table.kind, deferred, source))


_FUNCTION = type(_entry)
_ENTRY_NAME = re.compile("[0-9a-f]{64}" + re.escape(SUFFIX))


def _importable_here(module: str) -> bool:
    """Code an entry may refer to by name: the toolkit's, Python's own and cloudpickle's."""
    top = module.partition(".")[0]
    return top in ("toolkit", "cloudpickle", "builtins") or top in sys.stdlib_module_names


class _HeaderUnpickler(pickle.Unpickler):
    """An entry's outer layer holds plain data only (its dependencies and the game's bytes)."""

    def find_class(self, module: str, name: str) -> Any:
        raise pickle.UnpicklingError(f"an entry's header names {module}.{name}")


# -- what an entry depends on -----------------------------------------------------------------


def _dependencies(files: list[str], folders: list[str]) -> Dependencies:
    return (
        tuple((path, *_signature_of(path)) for path in files),
        tuple((folder, _listing(folder)) for folder in folders),
    )


def _signature_of(path: str) -> tuple[int, int]:
    """(size, modification time in ns) of a file; (-1, -1) for one that is not there (a
    file looked for and missed must still be missing)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return -1, -1
    return info.st_size, info.st_mtime_ns


def _listing(folder: str) -> tuple[str, ...]:
    try:
        return tuple(sorted(os.listdir(folder)))
    except (OSError, ValueError):
        return ()


def _unchanged(dependencies: Dependencies) -> bool:
    files, folders = dependencies
    return all(_signature_of(path) == (size, modified) for path, size, modified in files) and all(
        _listing(folder) == names for folder, names in folders
    )


_signature: str | None = None


def _code_signature() -> str:
    """The toolkit's own modules by name, size and modification time (an edited or upgraded
    toolkit compiles anew)."""
    global _signature
    if _signature is None:
        digest = hashlib.sha256()
        for folder, subfolders, names in os.walk(_package_folder()):
            subfolders[:] = sorted(name for name in subfolders if name != "__pycache__")
            for name in sorted(names):
                if name.endswith(".py"):
                    info = os.stat(os.path.join(folder, name))
                    digest.update(f"{folder}/{name}:{info.st_size}:{info.st_mtime_ns};".encode())
        _signature = digest.hexdigest()
    return _signature


def _package_folder() -> str:
    return os.path.dirname(os.path.dirname(os.path.realpath(__file__)))


# -- the folder and its files -----------------------------------------------------------------


def _prune(folder: Path) -> None:
    """Remove the oldest entries beyond `KEPT_ENTRIES` (files named as entries only)."""
    with contextlib.suppress(OSError):
        entries = sorted(
            (entry.lstat().st_mtime_ns, entry)
            for entry in folder.iterdir()
            if _ENTRY_NAME.fullmatch(entry.name) and not entry.is_symlink()
        )
        for _, entry in entries[:-KEPT_ENTRIES]:
            with contextlib.suppress(OSError):
                entry.unlink()
