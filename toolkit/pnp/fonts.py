"""Embedded TrueType fonts: registered once per file, named by the file, subset into the PDF."""

from __future__ import annotations

from dataclasses import dataclass
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
