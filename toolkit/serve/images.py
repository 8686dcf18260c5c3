"""Card pictures for the page, from the print pipeline (`toolkit.pnp.raster`), drawn on demand.

A game's cards are printed (the print-shop PDF, one card per page) when its files change, but
a page becomes a picture only when the browser asks for it, and the pictures are kept in a
cache bounded by count and bytes, the least recently shown dropped first: a game of 10,000
cards costs its PDF and the pictures on screen, not 10,000 pictures.

Printing takes a moment, so each printed version is kept by a hash of the bytes of the game's
files and everything under `print/`: a save that changes nothing printed (or an undo of an
edit) finds it again. A picture's address names the version and its page, so a browser may
keep it for ever and an edited card gets a new address. Nothing is read through a link that
leaves the project, and a file too large to hash is told by its size and time instead.
"""

from __future__ import annotations

import hashlib
import importlib.util
import io
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.files import FileRefused, confine, read_bytes

DPI = 110
"""Sharp enough for a large view on a screen, small enough to draw a card at once."""
MAX_HASHED_BYTES = 64 * 1024 * 1024
"""Past this a file under `print/` counts by its size and modification time, unread."""
KEPT = 8
"""Printed versions kept per game (an edit and its undo both hit); every game of the project
keeps its own, so a project of many games never loses one game's pictures to the others'."""
KEPT_PDF = 256 * 1024 * 1024
"""The printed versions' PDFs together; the newest is kept whatever its size."""
CACHE_PICTURES = 4000
CACHE_BYTES = 96 * 1024 * 1024
"""Pictures kept drawn: a few screens of cards in every open game (a card is 20-60 KB)."""
KEY = re.compile(r"([0-9a-f]{16})-(\d{1,6})")
PDFIUM = threading.Lock()
"""pdfium is not thread-safe: everything in the server that draws a PDF page takes this."""


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
    ids: tuple[str, ...] = ()
    """Every card printed as this one (twins: a design with a count)."""


@dataclass
class _Printed:
    """One printed version of a game's cards."""

    ident: str
    pdf: bytes
    cards: list[CardPicture]
    pages: frozenset[int]
    """The pages that are card pictures (any other number is no picture)."""
    document: Any = None
    """The PDF opened for drawing, once a picture of it is asked for."""

    def close(self) -> None:
        if self.document is not None:
            with PDFIUM:
                self.document.close()
            self.document = None


class ImageCache:
    """Printed versions by content hash, and pictures drawn from them by key."""

    def __init__(
        self, dpi: int = DPI, *, pictures: int = CACHE_PICTURES, cache_bytes: int = CACHE_BYTES
    ) -> None:
        self.dpi = dpi
        self.limits = (pictures, cache_bytes)
        self._sets: OrderedDict[str, _Printed] = OrderedDict()
        self._jpeg: OrderedDict[str, bytes] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        """pdfium draws one page at a time in a process; the caches change under it too."""

    def jpeg(self, key: str) -> bytes | None:
        """The picture `key` names, drawn now if it is not kept; None if no kept version
        has it (the cards have changed since)."""
        with self._lock:
            data = self._jpeg.get(key)
            if data is not None:
                self._jpeg.move_to_end(key)
                return data
            match = KEY.fullmatch(key)
            printed = next((p for p in self._sets.values() if match and p.ident == match[1]), None)
            if match is None or printed is None or int(match[2]) not in printed.pages:
                return None
            data = self._draw(printed, int(match[2]))
            self._jpeg[key] = data
            self._bytes += len(data)
            most, most_bytes = self.limits
            while len(self._jpeg) > most or (self._bytes > most_bytes and len(self._jpeg) > 1):
                self._bytes -= len(self._jpeg.popitem(last=False)[1])
            return data

    def kept(self) -> tuple[int, int]:
        """Pictures kept drawn and their bytes."""
        return len(self._jpeg), self._bytes

    def pictures(
        self, manifest: Path, root: Path, files: set[Path], variants: Sequence[Path] = ()
    ) -> tuple[list[CardPicture], str]:
        """The game's cards (printed, not yet drawn), and a note when they cannot be shown
        (the images extra missing); content errors raise `ContentError` as printing does.
        `files` are the game's own files (its `variants` among them); everything under
        `print/` counts too (fonts, pictures)."""
        named = "\0".join(str(v) for v in variants)
        key = f"{manifest.name}\0{named}\0{_content_hash(root, files)}"
        with self._lock:
            if key in self._sets:
                self._sets.move_to_end(key)
                return self._sets[key].cards, ""
        from toolkit.pnp.raster import ImagesUnavailable, card_pages

        if importlib.util.find_spec("pypdfium2") is None:  # the images extra
            return [], str(ImagesUnavailable())
        pdf, pages = card_pages(manifest, variants=variants)
        ident = hashlib.sha256(key.encode()).hexdigest()[:16]
        cards = [
            CardPicture(
                family=page.family,
                card_id=page.card_id,
                name=page.name,
                copies=page.copies,
                front=f"{ident}-{page.front}",
                back=f"{ident}-{page.front + 1}" if page.has_back else None,
                data=page.data,
                words=page.words,
                ids=page.ids,
            )
            for page in pages
        ]
        numbers = {p.front for p in pages} | {p.front + 1 for p in pages if p.has_back}
        with self._lock:
            self._sets[key] = _Printed(ident, pdf, cards, frozenset(numbers))
            mine = [k for k in self._sets if k.startswith(f"{manifest.name}\0")]
            for old in mine[: max(0, len(mine) - KEPT)]:
                self._sets.pop(old).close()
            while len(self._sets) > 1 and sum(len(p.pdf) for p in self._sets.values()) > KEPT_PDF:
                self._sets.popitem(last=False)[1].close()
        return cards, ""

    def _draw(self, printed: _Printed, number: int) -> bytes:
        from toolkit.pnp.raster import open_pdf, render_page

        with PDFIUM:
            if printed.document is None:
                printed.document = open_pdf(printed.pdf)
            image = render_page(printed.document, number, self.dpi)
        buffer = io.BytesIO()
        image.save(buffer, format="JPEG", quality=90)  # a tenth of a PNG's time to make
        return buffer.getvalue()


def _content_hash(root: Path, files: set[Path]) -> str:
    """A hash of the bytes of every file a game prints from: its own files and everything
    under `print/` (followed through links that stay inside the project)."""
    digest = hashlib.sha256()
    for path in sorted(files | _print_files(root)):
        # Paths relative to the project: a copy of it finds the same pictures.
        shown = path.relative_to(root) if path.is_relative_to(root) else path
        digest.update(str(shown).encode() + b"\0" + _file_hash(path))
    return digest.hexdigest()


def _print_files(root: Path) -> set[Path]:
    """The real paths of the regular files under `print/` that lie inside the project."""
    found: set[Path] = set()
    seen: set[Path] = set()
    for here, folders, names in os.walk(root / "print", followlinks=True):
        try:
            real = confine(Path(here), root)
        except FileRefused:
            folders[:] = []
            continue
        if real in seen:  # a link back up the tree
            folders[:] = []
            continue
        seen.add(real)
        for name in names:
            try:
                found.add(confine(Path(here) / name, root))
            except FileRefused:
                continue  # a link out of the project: never read
    return found


def _file_hash(path: Path) -> bytes:
    """The file's bytes hashed; for one too large (or unreadable), its size and time."""
    try:
        return hashlib.sha256(read_bytes(path, MAX_HASHED_BYTES)).digest()
    except FileRefused:
        try:
            info = path.stat()
        except OSError:
            return b"-"
        return f"{info.st_size}:{info.st_mtime_ns}".encode()
