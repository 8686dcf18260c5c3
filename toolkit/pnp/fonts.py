"""Embedded TrueType fonts: registered once per file, named by the file, subset into the PDF."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

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


_registered: dict[Path, str] = {}


def register(path: Path) -> str:
    """Register a TTF file with ReportLab (once per process) and return its font name."""
    resolved = path.resolve()
    name = _registered.get(resolved)
    if name is None:
        taken = set(_registered.values())
        name, n = path.stem, 1
        while name in taken:  # another file with the same name: keep both apart
            name, n = f"{path.stem}-{n}", n + 1
        pdfmetrics.registerFont(TTFont(name, str(resolved)))
        _registered[resolved] = name
    return name


def font_set(files: dict[str, Path]) -> FontSet:
    names = tuple(register(files[style]) for style in STYLES)
    return FontSet(names)  # type: ignore[arg-type]
