"""Embedded TrueType fonts: registered once per file, named by the file, subset into the PDF.

A font file comes from a designer's project, so it is read with a size limit and parsed when
the layout loads: a file that is not a font is an error at the layout's line, not a crash
while drawing.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from toolkit.files import read_bytes

MAX_FONT_BYTES = 32 * 1024 * 1024

STYLES = ("regular", "bold", "italic", "bold_italic")
"""Font styles by index: the text engine stores a style as 0..3 (bold = 1, italic = 2)."""


@dataclass(frozen=True, slots=True)
class FontSet:
    """The registered font name of each style."""

    names: tuple[str, str, str, str]

    def name(self, style: int) -> str:
        return self.names[style]

    def by_style_name(self, style: str) -> str:
        return self.names[STYLES.index(style)]

    def missing(self, text: str, style: int) -> list[str]:
        """The characters of `text` the style's font cannot draw (they would print as empty
        boxes), each once, in order."""
        font = self.name(style)
        return [ch for ch in dict.fromkeys(text) if not ch.isspace() and not has_glyph(font, ch)]


@cache
def has_glyph(font_name: str, character: str) -> bool:
    """Whether a registered font draws `character`: a TrueType font by its character map, a
    standard PDF font by its encoding."""
    from reportlab.pdfbase import pdfmetrics

    font = pdfmetrics.getFont(font_name)
    char_map = getattr(getattr(font, "face", None), "charToGlyph", None)
    if isinstance(char_map, dict):
        return ord(character) in char_map
    encoding = getattr(getattr(font, "encoding", None), "name", "WinAnsiEncoding")
    codec = {"WinAnsiEncoding": "cp1252", "MacRomanEncoding": "mac_roman"}.get(encoding, "latin-1")
    try:
        character.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


class FontError(Exception):
    """A file that ReportLab cannot read as a TrueType font; the message says why."""


_registered: dict[tuple[Path, tuple[int, int] | None], str] = {}
"""Font names by file and the file's size and modification time: a file saved again (while
`validate --watch` runs) is parsed again."""


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None  # reading it reports the problem
    return stat.st_size, stat.st_mtime_ns


def register(path: Path) -> str:
    """Register a TTF file with ReportLab (once per process and version of the file) and
    return its font name.

    Raises `FileRefused` (not a regular file, too large) or `FontError` (not a font).
    ReportLab is imported here, not with the module: checking a layout that names only
    ReportLab's own fonts never loads it."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    resolved = path.resolve()
    key = (resolved, _stamp(resolved))
    name = _registered.get(key)
    if name is None:
        data = read_bytes(resolved, MAX_FONT_BYTES)
        taken = set(_registered.values())
        name, n = path.stem, 1
        while name in taken:  # another file with the same name: keep both apart
            name, n = f"{path.stem}-{n}", n + 1
        try:
            font = TTFont(name, io.BytesIO(data))
        except Exception as error:  # a third-party parser fed any bytes: any error means "bad"
            raise FontError(str(error) or type(error).__name__) from None
        pdfmetrics.registerFont(font)
        _registered[key] = name
    return name


def font_set(files: dict[str, Path]) -> FontSet:
    names = tuple(register(files[style]) for style in STYLES)
    return FontSet(names)  # type: ignore[arg-type]
