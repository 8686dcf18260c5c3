"""What a worker needs to rebuild a game: its files on this machine, or their bytes.

A compiled `Game` holds closures and cannot be pickled, so workers compile the game
themselves. A local worker reads the same files as the parent (`PathSource`); a worker on
another machine gets their bytes (`BundleSource`) and writes them into a folder of its own,
so no path of the parent's machine need exist there.
"""

from __future__ import annotations

import hashlib
import shutil
import tempfile
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.engine.game import Game
from toolkit.engine.load import load_compiled_game, load_valid_game
from toolkit.files import project_root, read_bytes

Sets = tuple[tuple[str, Any], ...]
MAX_BUNDLE_FILE = 16 * 1024 * 1024
"""A file of a bundle is content (YAML) or a print layout: far below this."""


@dataclass(frozen=True, slots=True)
class PathSource:
    """The game by its files on this machine: manifest, variant files, `--set` values."""

    manifest: str
    variants: tuple[str, ...] = ()
    sets: Sets = ()

    def __hash__(self) -> int:
        return hash(repr((self.manifest, self.variants, self.sets)))  # a value may be a table

    def compile(self) -> Game:
        return _compiled_from_paths(self)

    def portable(self) -> BundleSource:
        """The same game as bytes, for a worker that may not have these files."""
        manifest = Path(self.manifest)
        _, content = load_valid_game(self.manifest)
        root = project_root(manifest)
        listed = {manifest.resolve()}
        listed |= {loaded.path.resolve() for loaded in content.files.values()}
        listed |= {(manifest.parent / layout).resolve() for layout in content.game.print_layouts}
        files = tuple(
            sorted(
                (str(path.relative_to(root)), read_bytes(path, MAX_BUNDLE_FILE)) for path in listed
            )
        )
        variants = tuple(
            (Path(v).name, read_bytes(Path(v), MAX_BUNDLE_FILE)) for v in self.variants
        )
        return BundleSource(str(manifest.resolve().relative_to(root)), files, variants, self.sets)


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


@lru_cache(maxsize=8)
def _compiled_from_paths(source: PathSource) -> Game:
    _, game = load_compiled_game(
        source.manifest, [Path(v) for v in source.variants], list(source.sets)
    )
    return game


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
        _, game = load_compiled_game(str(root / source.manifest), variants, list(source.sets))
        return game
    finally:
        shutil.rmtree(root, ignore_errors=True)
