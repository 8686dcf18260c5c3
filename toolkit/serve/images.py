"""Card pictures for the page, from the print pipeline (`toolkit.pnp.raster`), cached.

Printing and rasterising a deck takes a moment, so the pictures are kept by a hash of the
bytes of the project's files: a save that changes nothing printed (or an undo of an edit)
finds them again. Each picture is served under the hash of its own bytes, so a browser may keep
it for ever and an edited card gets a new address.
"""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.errors import UsageError
from toolkit.files import read_bytes

if TYPE_CHECKING:
    from PIL.Image import Image

DPI = 110
"""Sharp enough for a large view on a screen, small enough to print a deck in a second."""
MAX_HASHED_BYTES = 64 * 1024 * 1024
KEPT = 8
"""How many versions of the project's pictures are kept (an edit and its undo both hit)."""


@dataclass(frozen=True)
class CardPicture:
    """One distinct card: its pictures' keys (`ImageCache.jpeg`) and its data beside them."""

    family: str
    card_id: str
    name: str
    copies: int
    front: str
    back: str | None
    data: dict[str, Any] = field(default_factory=dict)
    words: dict[str, str] = field(default_factory=dict)


class ImageCache:
    """Pictures by content hash, and JPEG bytes by picture key."""

    def __init__(self, dpi: int = DPI) -> None:
        self.dpi = dpi
        self._sets: OrderedDict[str, list[CardPicture]] = OrderedDict()
        self._jpeg: dict[str, bytes] = {}

    def jpeg(self, key: str) -> bytes | None:
        return self._jpeg.get(key)

    def pictures(
        self, manifest: Path, root: Path, files: set[Path], variants: Sequence[Path] = ()
    ) -> tuple[list[CardPicture], str]:
        """The game's cards as pictures, and a note when they cannot be made (the images
        extra missing); content errors raise `ContentError` as printing does. `files` are
        the game's own files (its `variants` among them); everything under `print/` counts
        too (fonts, pictures)."""
        named = "\0".join(str(v) for v in variants)
        key = f"{manifest.name}\0{named}\0{_content_hash(root, files)}"
        if key in self._sets:
            self._sets.move_to_end(key)
            return self._sets[key], ""
        try:
            from toolkit.pnp.raster import card_images
        except ImportError:
            return [], "card pictures need the print pipeline's rasteriser (toolkit.pnp.raster)"
        try:
            images = card_images(manifest, dpi=self.dpi, variants=variants)
        except UsageError as error:  # the images extra (pypdfium2) is not installed
            return [], str(error)
        pictures = [
            CardPicture(
                family=image.family,
                card_id=image.card_id,
                name=image.name,
                copies=image.copies,
                front=self._keep(image.front),
                back=self._keep(image.back) if image.back is not None else None,
                data=image.data,
                words=image.words,
            )
            for image in images
        ]
        self._sets[key] = pictures
        while len(self._sets) > KEPT:
            self._sets.popitem(last=False)
            self._forget_unused()
        return pictures, ""

    def _keep(self, image: Image) -> str:
        buffer = io.BytesIO()
        image.save(buffer, format="JPEG", quality=90)  # a tenth of a PNG's time to make
        data = buffer.getvalue()
        key = hashlib.sha256(data).hexdigest()[:24]
        self._jpeg[key] = data
        return key

    def _forget_unused(self) -> None:
        used = {k for pictures in self._sets.values() for p in pictures for k in (p.front, p.back)}
        for key in [k for k in self._jpeg if k not in used]:
            del self._jpeg[key]


def _content_hash(root: Path, files: set[Path]) -> str:
    """A hash of the bytes of every file a game prints from."""
    printing = root / "print"
    shared = {p.resolve() for p in printing.rglob("*")} if printing.is_dir() else set()
    digest = hashlib.sha256()
    for path in sorted(files | shared):
        if path.is_file() and not path.is_symlink():
            # Paths relative to the project: a copy of it finds the same pictures.
            shown = path.relative_to(root) if path.is_relative_to(root) else path
            digest.update(str(shown).encode() + b"\0")
            digest.update(hashlib.sha256(read_bytes(path, MAX_HASHED_BYTES)).digest())
    return digest.hexdigest()
