"""What a worker needs to rebuild a game: its files on this machine, or their bytes.

A compiled `Game` holds closures, which plain pickling cannot carry, so workers compile the game
themselves (or read it from this machine's cache of compiled games, `toolkit.engine.cache`). A
local worker reads the same files as the parent (`PathSource`); a worker on another machine gets
their bytes (`BundleSource`) and writes them into a folder of its own, so no path of the
parent's machine need exist there.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
import threading
from collections import OrderedDict
from contextlib import suppress
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from toolkit.engine.cache import load_compiled_game_cached
from toolkit.engine.compiled import Game
from toolkit.errors import UsageError
from toolkit.files import FileRefused, confine, project_root, read_bytes

Sets = tuple[tuple[str, Any], ...]
MAX_BUNDLE_FILE = 32 * 1024 * 1024
"""The largest file a game may name (an image, a font): the checks' own limit."""
MAX_BUNDLE_BYTES = 256 * 1024 * 1024
"""All the files of one game together: sent once to every worker."""


@dataclass(frozen=True, slots=True)
class PathSource:
    """The game by its files on this machine: manifest, variant files, `--set` values."""

    manifest: str
    variants: tuple[str, ...] = ()
    sets: Sets = ()

    def __hash__(self) -> int:
        return hash(repr((self.manifest, self.variants, self.sets)))  # a value may be a table

    @classmethod
    def of(
        cls,
        manifest: Path,
        variants: list[Path] | None = None,
        sets: list[tuple[str, Any]] | None = None,
    ) -> PathSource:
        """The source of a manifest with its variant files and `--set` values, by absolute
        paths: the same source whoever builds it, so its compiled game is shared."""
        return cls(
            str(manifest.resolve()),
            tuple(str(v.resolve()) for v in variants or []),
            tuple((p, v) for p, v in sets or []),
        )

    def compile(self) -> Game:
        return _compiled_from_paths(self)

    def portable(self) -> BundleSource:
        """The same game as bytes, for a worker that may not have these files: the manifest
        and every file of the game's own folders (content with its pictures, layouts with
        the layouts they extend, templates, fonts, icons), so the worker's checks and
        compilation open exactly the files a local run opens."""
        manifest = Path(self.manifest)
        from toolkit.engine.load import load_valid_game

        _, content = load_valid_game(self.manifest)
        root = project_root(manifest).resolve()
        listed = {manifest.resolve()}
        folders = {loaded.path.resolve().parent for loaded in content.files.values()}
        layouts = [manifest.parent / layout for layout in content.game.print_layouts]
        folders |= {layout.parent for layout in _layout_chain(layouts, root)}
        folders -= {root, manifest.resolve().parent}  # never the whole project or all manifests
        listed |= {loaded.path.resolve() for loaded in content.files.values()}
        for folder in folders:
            listed |= _files_under(folder, root)
        files = tuple(
            sorted(
                (str(path.relative_to(root)), read_bytes(path, MAX_BUNDLE_FILE)) for path in listed
            )
        )
        if sum(len(data) for _, data in files) > MAX_BUNDLE_BYTES:
            raise UsageError(
                f"the files of '{self.manifest}' exceed {MAX_BUNDLE_BYTES:,} bytes together: "
                "move files the game does not use out of its folders"
            )
        variants = tuple(
            (Path(v).name, read_bytes(Path(v), MAX_BUNDLE_FILE)) for v in self.variants
        )
        return BundleSource(str(manifest.resolve().relative_to(root)), files, variants, self.sets)


def _layout_chain(layouts: list[Path], root: Path) -> set[Path]:
    """The layout files and every file they `extends`, transitively, inside the project."""
    found: set[Path] = set()
    pending = list(layouts)
    while pending:
        try:
            path = confine(pending.pop(), root)
            data = yaml.safe_load(read_bytes(path, MAX_BUNDLE_FILE))
        except (FileRefused, yaml.YAMLError):
            continue  # the worker's own checks report it, as a local run's do
        if path in found:
            continue
        found.add(path)
        extends = data.get("extends", []) if isinstance(data, dict) else []
        if isinstance(extends, list):
            pending += [path.parent / name for name in extends if isinstance(name, str)]
    return found


def _files_under(folder: Path, root: Path) -> set[Path]:
    """The regular files in `folder` and below that lie inside the project, hidden ones left
    out (a `.git`, an editor's swap file)."""
    found: set[Path] = set()
    for here, dirs, names in os.walk(folder):
        dirs[:] = [name for name in dirs if not name.startswith(".")]
        for name in names:
            if name.startswith("."):
                continue
            with suppress(FileRefused):
                path = confine(Path(here) / name, root)
                if path.is_file():
                    found.add(path)
    return found


@dataclass(frozen=True, slots=True)
class BundleSource:
    """The game as the bytes of its files (paths relative to the project root)."""

    manifest: str
    files: tuple[tuple[str, bytes], ...]
    variants: tuple[tuple[str, bytes], ...] = ()
    sets: Sets = ()
    digest: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not self.digest:
            hashed = hashlib.blake2b(repr((self.manifest, self.sets)).encode(), digest_size=16)
            for name, data in (*self.files, *self.variants):
                hashed.update(name.encode() + b"\0" + data)
            object.__setattr__(self, "digest", hashed.hexdigest())

    def __hash__(self) -> int:
        return hash(self.digest)

    def compile(self) -> Game:
        return _compiled_from_bundle(self)

    def portable(self) -> BundleSource:
        return self


class _CompiledGames:
    """The games compiled in this process, by source (the last few): a run compiles its game
    once, whether the command, the runner or a forked worker asks for it."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.games: OrderedDict[PathSource, Game] = OrderedDict()
        self.lock = threading.Lock()  # `tune` runs trials in threads

    def __call__(self, source: PathSource) -> Game:
        with self.lock:
            game = self.games.get(source)
            if game is not None:
                self.games.move_to_end(source)
                return game
        _, game = load_compiled_game_cached(
            source.manifest, [Path(v) for v in source.variants], list(source.sets)
        )
        self.remember(source, game)
        return game

    def remember(self, source: PathSource, game: Game) -> None:
        with self.lock:
            self.games[source] = game
            while len(self.games) > self.size:
                self.games.popitem(last=False)

    def cache_clear(self) -> None:
        with self.lock:
            self.games.clear()


_compiled_from_paths = _CompiledGames(8)


def load_source(
    argument: str, variants: list[Path] | None = None, sets: list[tuple[str, Any]] | None = None
) -> tuple[Path, PathSource, Game]:
    """The game a user named (a game id or a manifest path) loaded, checked and compiled, with
    its source: the source's `compile()` then returns this game, so a run compiles its game
    once, or none when the cache of compiled games holds it (`toolkit.engine.cache`). Errors
    are those of `load_compiled_game`, with the paths as the user gave them."""
    manifest, game = load_compiled_game_cached(argument, variants, sets)
    source = PathSource.of(manifest, variants, sets)
    _compiled_from_paths.remember(source, game)
    return manifest, source, game


@lru_cache(maxsize=8)
def _compiled_from_bundle(source: BundleSource) -> Game:
    """Write the files into a fresh folder, compile, and remove the folder again."""
    root = Path(tempfile.mkdtemp(prefix="toolkit-game-"))
    try:
        (root / "rules").mkdir()  # marks the project root for the loader's confinement
        for name, data in source.files:
            target = root / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        variants = []
        for index, (name, data) in enumerate(source.variants):
            target = root / ".variants" / f"{index}-{name}"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            variants.append(target)
        from toolkit.engine.load import load_compiled_game

        _, game = load_compiled_game(str(root / source.manifest), variants, list(source.sets))
        return game
    finally:
        shutil.rmtree(root, ignore_errors=True)
