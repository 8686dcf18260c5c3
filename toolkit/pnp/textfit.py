"""Text in a box: a small markup with inline icons, line breaking, and shrink-to-fit.

The markup is what templates produce: one paragraph per line; `# ` a title, `## ` a heading,
`- ` a bullet (two leading spaces per level nest it under the item above), `1. ` a numbered
item, an empty line a gap; `**bold**`, `*italic*` and icon tokens such as `:coin:` inline;
a backslash shows the next character as written (`\\*`).
Values from content enter templates through `markup.literal`, so a card named `**x**` prints
its asterisks. Word widths are measured once at size 1 (widths scale with the size), so trying
many sizes while shrinking costs only multiplications.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.fonts import FontSet
from toolkit.pnp.icons import draw_icon
from toolkit.pnp.markup import literal as literal

ICON_ADVANCE = 1.05
"""Width an inline icon takes, as a multiple of the font size."""
SIZE_STEP = 0.25
"""Shrinking goes down in steps of this many points."""
SCALE = {"title": 1.45, "heading": 1.15, "body": 1.0, "item": 1.0, "gap": 1.0}
_TOKEN = re.compile(r"(\\\S|\*\*|\*|:[a-z][a-z0-9_-]*:|[^\S\u00a0]+)")
"""Escapes, bold and italic marks, icons, and spaces; a no-break space (U+00A0) joins."""
_NUMBER = re.compile(r"^[+\-\u2212\u00d7]?\d")
_UNIT = re.compile(r"^[A-Z]{1,3}[.,;:)]*$")
"""A short capitalised unit (`VP`), kept on the line of the number before it."""
_NUMBERED = re.compile(r"(\d{1,3}[.)]) ")
MAX_LEVEL = 5
"""Bullets nest at most this many levels deep; deeper ones line up with the deepest."""
_MARKERS = ("\u2022", "\u2013")
"""Bullet marks by level (a bullet, an en dash), alternating, so a nested step reads apart
from its parent."""


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of text in one style (0 regular, 1 bold, 2 italic, 3 bold italic) or an icon."""

    text: str
    style: int
    icon: str | None = None


Word = tuple[Piece, ...]


@dataclass(frozen=True, slots=True)
class Paragraph:
    kind: str
    words: tuple[Word, ...]
    marker: str = ""
    level: int = 0


@dataclass(slots=True)
class Line:
    kind: str
    size: float
    height: float
    indent: float
    words: list[Word]
    widths: list[float]
    space: float
    marker: str = ""
    gap_after: float = 0.0

    @property
    def width(self) -> float:
        return self.indent + sum(self.widths) + self.space * max(0, len(self.words) - 1)


@dataclass(slots=True)
class Fitted:
    size: float
    lines: list[Line]
    height: float
    overflow: bool


@dataclass
class Parsed:
    paragraphs: list[Paragraph]
    unknown_icons: list[str] = field(default_factory=list)


def parse(markup: str, resolve_icon: Callable[[str], str | None]) -> Parsed:
    """Markup to paragraphs; icon tokens that resolve to no icon stay as text (and are listed)."""
    parsed = Parsed([])
    for raw in markup.splitlines():
        line = raw.strip()
        kind, marker, level = "body", "", 0
        if not line:
            parsed.paragraphs.append(Paragraph("gap", ()))
            continue
        if line.startswith("## "):
            kind, line = "heading", line[3:]
        elif line.startswith("# "):
            kind, line = "title", line[2:]
        elif line.startswith(("- ", "* ")):
            level = min(MAX_LEVEL, (len(raw) - len(raw.lstrip(" "))) // 2)
            kind, marker, line = "item", _MARKERS[level % len(_MARKERS)], line[2:]
        elif number := _NUMBERED.match(line):
            kind, marker, line = "item", number[1], line[number.end() :]
        words = _words(line, resolve_icon, parsed)
        parsed.paragraphs.append(Paragraph(kind, words, marker, level))
    while parsed.paragraphs and parsed.paragraphs[-1].kind == "gap":
        parsed.paragraphs.pop()
    return parsed


def _words(
    line: str, resolve_icon: Callable[[str], str | None], parsed: Parsed
) -> tuple[Word, ...]:
    bold = italic = False
    words: list[Word] = []
    current: list[Piece] = []

    def add(piece: Piece) -> None:
        last = current[-1] if current else None
        if last and last.icon is None and piece.icon is None and last.style == piece.style:
            current[-1] = Piece(last.text + piece.text, piece.style)
            return
        current.append(piece)

    for token in _TOKEN.split(line):
        if not token:
            continue
        style = (1 if bold else 0) + (2 if italic else 0)
        if token.startswith("\\") and len(token) == 2:
            add(Piece(token[1], style))
        elif token == "**":
            bold = not bold
        elif token == "*":
            italic = not italic
        elif token.isspace():
            if current:
                words.append(tuple(current))
                current.clear()
        elif token.startswith(":") and token.endswith(":") and len(token) > 2:
            name = resolve_icon(token[1:-1])
            if name is None:
                parsed.unknown_icons.append(token[1:-1])
                add(Piece(token, style))
            else:
                add(Piece("", style, name))
        else:
            add(Piece(token, style))
    if current:
        words.append(tuple(current))
    return _bind_icons(words)


def _bind_icons(words: list[Word]) -> tuple[Word, ...]:
    """An icon or a unit never starts a line apart from what it counts: a word of icons alone
    joins the word before it (`3 VP :vp:`), or, first on its line, the number after it; a
    unit such as `VP` joins the number before it."""
    bound: list[Word] = []
    for index, word in enumerate(words):
        icons_only = all(piece.icon is not None for piece in word)
        unit = len(word) == 1 and word[0].icon is None and _UNIT.match(word[0].text)
        after_number = (
            bool(bound) and bound[-1][-1].icon is None and bound[-1][-1].text[-1:].isdigit()
        )
        if (icons_only and bound) or (unit and after_number):
            bound[-1] = (*bound[-1], Piece("\u00a0", bound[-1][-1].style), *word)
            continue
        following = words[index + 1] if index + 1 < len(words) else None
        if (
            icons_only
            and following
            and following[0].icon is None
            and _NUMBER.match(following[0].text)
        ):
            words[index + 1] = (*word, Piece("\u00a0", following[0].style), *following)
            continue
        bound.append(word)
    return tuple(bound)


class Measurer:
    """Widths at size 1, cached per piece: a width at size s is that times s."""

    def __init__(self, fonts: FontSet) -> None:
        self.fonts = fonts
        self._cache: dict[tuple[str, int], float] = {}

    def unit(self, text: str, style: int) -> float:
        key = (text, style)
        width = self._cache.get(key)
        if width is None:
            width = stringWidth(text, self.fonts.name(style), 1.0)
            self._cache[key] = width
        return width

    def word(self, word: Word) -> float:
        return sum(ICON_ADVANCE if p.icon else self.unit(p.text, p.style) for p in word)


def lines_at(
    paragraphs: list[Paragraph],
    width: float,
    size: float,
    leading: float,
    measure: Measurer,
    base_style: int = 0,
) -> tuple[list[Line], float, bool]:
    """Break paragraphs into lines at one size: (lines, total height, a word too wide)."""
    lines: list[Line] = []
    too_wide = False
    height = 0.0
    for paragraph in paragraphs:
        psize = size * SCALE[paragraph.kind]
        line_height = psize * leading
        if paragraph.kind == "gap":
            lines.append(Line("gap", psize, line_height * 0.4, 0, [], [], 0))
            height += line_height * 0.4
            continue
        style = 1 if paragraph.kind in ("title", "heading") else base_style
        space = measure.unit(" ", style) * psize
        indent = psize * 1.1 * (1 + paragraph.level) if paragraph.kind == "item" else 0.0
        words = [_styled(w, style) for w in paragraph.words]
        widths = [measure.word(w) * psize for w in words]
        current = Line(paragraph.kind, psize, line_height, indent, [], [], space, paragraph.marker)
        for word, word_width in zip(words, widths, strict=True):
            if current.words and current.width + space + word_width > width:
                lines.append(current)
                height += current.height
                current = Line(paragraph.kind, psize, line_height, indent, [], [], space)
            if indent + word_width > width + 0.01:
                too_wide = True
            current.words.append(word)
            current.widths.append(word_width)
        current.gap_after = psize * 0.25
        lines.append(current)
        height += current.height + current.gap_after
    if lines:
        height -= lines[-1].gap_after
    return lines, height, too_wide


def _styled(word: Word, style: int) -> Word:
    """Headings are bold throughout: merge the paragraph's style into each piece."""
    if style == 0:
        return word
    return tuple(Piece(p.text, p.style | style, p.icon) for p in word)


def fit(
    paragraphs: list[Paragraph],
    width: float,
    height: float,
    max_size: float,
    min_size: float,
    leading: float,
    measure: Measurer,
    base_style: int = 0,
) -> Fitted:
    """The largest size (in SIZE_STEP steps, from `max_size` down to `min_size`) that fits."""

    def attempt(size: float) -> Fitted:
        lines, total, too_wide = lines_at(paragraphs, width, size, leading, measure, base_style)
        return Fitted(size, lines, total, too_wide or total > height + 0.01)

    best = attempt(max_size)
    if not best.overflow or max_size <= min_size:
        return best
    steps = int((max_size - min_size) / SIZE_STEP)
    low, high = 0, steps  # sizes min_size + k * SIZE_STEP, k < high is known to overflow at high
    smallest = attempt(min_size)
    if smallest.overflow:
        return smallest
    best = smallest
    while high - low > 1:
        middle = (low + high) // 2
        trial = attempt(min_size + middle * SIZE_STEP)
        if trial.overflow:
            high = middle
        else:
            low, best = middle, trial
    return best


def draw(
    c: Canvas,
    fitted: Fitted,
    fonts: FontSet,
    box: tuple[float, float, float, float],
    align: str,
    valign: str,
    colour: Color,
) -> None:
    """Draw fitted lines in box (x, y, width, height; PDF coordinates, y up), clipped to it."""
    x, y, width, height = box
    used = min(fitted.height, height)
    top = y + height
    if valign == "middle":
        top -= (height - used) / 2
    elif valign == "bottom":
        top -= height - used
    bottom_limit = y - 0.5
    c.setFillColor(colour)
    for line in fitted.lines:
        if top - line.height < bottom_limit:
            break
        baseline = top - (line.height - line.size) / 2 - line.size * 0.78
        if line.words:
            _draw_line(c, line, fonts, x, width, baseline, align, colour)
        top -= line.height + line.gap_after


def _draw_line(
    c: Canvas,
    line: Line,
    fonts: FontSet,
    x: float,
    width: float,
    baseline: float,
    align: str,
    colour: Color,
) -> None:
    start = x + line.indent
    if align == "center":
        start = x + (width - line.width) / 2 + line.indent
    elif align == "right":
        start = x + width - line.width + line.indent
    if line.marker:
        font = fonts.name(0)
        c.setFont(font, line.size)
        c.drawRightString(start - line.size * 0.3, baseline, line.marker)
    # Runs of text in one style are drawn as one string (spaces included), so the PDF's text
    # reads naturally when extracted or copied; icons break runs.
    run: list[str] = []
    run_style, run_x = -1, start

    def flush() -> None:
        if run:
            c.setFont(fonts.name(run_style), line.size)
            c.setFillColor(colour)
            c.drawString(run_x, baseline, "".join(run))
            run.clear()

    cursor = start
    for index, (word, word_width) in enumerate(zip(line.words, line.widths, strict=True)):
        position = cursor
        for piece in word:
            if piece.icon is not None:
                flush()
                side = line.size * 0.95
                draw_icon(c, piece.icon, position + line.size * 0.05, baseline - side * 0.17, side)
                position += ICON_ADVANCE * line.size
                continue
            if run and piece.style != run_style:
                flush()
            if not run:
                run_style, run_x = piece.style, position
            run.append(piece.text)
            position += stringWidth(piece.text, fonts.name(piece.style), line.size)
        cursor += word_width + line.space
        last = word[-1]
        if index + 1 < len(line.words) and run and last.icon is None:
            following = line.words[index + 1][0]
            if following.icon is None and following.style == run_style:
                run.append(" ")
            else:
                flush()
    flush()
