"""The report's look: embedded fonts, and colours taken from the game's own data.

Fonts are Bitstream Vera, shipped with ReportLab and embedded in the PDF, so a report reads
the same in every viewer (the standard PDF fonts are left to the viewer, which may space
them badly). A score source whose label names one of the game's colours is drawn in that
colour; every other source gets a colour far from the game's own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import reportlab
from reportlab.lib import colors
from reportlab.lib.colors import Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from toolkit.content.contrast import DISTINCT, VISIONS, difference, simulate

FONT = "ReportVera"
BOLD = "ReportVera-Bold"

SEAT_COLOURS = [
    colors.HexColor(c)
    for c in ("#2f6fb5", "#c8372d", "#e8b923", "#7d4a9e", "#27864a", "#8a5a2b", "#555555")
]
"""Seat lines and plain bars; seats have no colour in the game's data."""

_NEUTRAL = (
    "#4d4d4d",
    "#17becf",
    "#8a5a2b",
    "#bcbd22",
    "#e377c2",
    "#9e9e9e",
    "#27864a",
    "#ff7f0e",
    "#1f3b73",
    "#d6c8a8",
    "#7f2704",
    "#2ca089",
)
"""Colours for sources the game does not colour, tried in order."""

_MORE = (
    "#9467bd",
    "#aec7e8",
    "#98df8a",
    "#ffbb78",
    "#f7b6d2",
    "#393b79",
    "#637939",
    "#8c6d31",
    "#843c39",
    "#7b4173",
    "#c5b0d5",
    "#111111",
)
"""Further colours, for games with more sources than the neutral ones can tell apart."""

_CLOSE = 80.0
"""RGB distance (0-441) under which two colours read as the same in a legend."""


@cache
def register_fonts() -> None:
    """Register the embedded report fonts once per process."""
    folder = Path(reportlab.__file__).parent / "fonts"
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(folder / "VeraBd.ttf")))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)


@dataclass(frozen=True)
class SourceColour:
    """How one score source is painted: its fill, and a border when it names two colours."""

    fill: Color
    border: Color | None = None


def source_colours(labels: list[str], game_colours: dict[str, str]) -> list[SourceColour]:
    """A colour per source label. A label naming one of the game's colours takes it; a label
    naming two takes a light tint of one with a border of the other, or, when both tints read
    as a colour already given, a neutral colour with a border of the first; other sources
    take neutral colours unlike the game's. A fill is chosen unlike every fill given before
    it, also as seen with protanopia or deuteranopia, as far as the colours left allow
    (`Blue-red pairs` and `Blue-purple pairs` differ)."""
    named = {name.casefold(): colors.HexColor(hex_) for name, hex_ in game_colours.items()}
    taken = list(named.values())
    neutral = [colors.HexColor(c) for c in (*_NEUTRAL, *_MORE)]
    # Colours far from the game's come first; the rest only when those are used up.
    spares = sorted(neutral, key=lambda c: not _far_from_all(c, taken))
    given = list(taken)  # the game's colours belong to the sources named after them
    result = []
    for label in labels:
        words = [w.casefold() for w in re.findall(r"[^\W\d_]+", label)]
        hits = list(dict.fromkeys(named[w] for w in words if w in named))
        if len(hits) == 1:
            chosen = SourceColour(hits[0])
        elif len(hits) >= 2:
            first, second = hits[0], hits[1]
            candidates = [
                SourceColour(_tint(first), second),
                SourceColour(_tint(second), first),
            ] + [SourceColour(spare, first) for spare in spares]
            chosen = max(candidates, key=lambda c: _least_difference(c.fill, given))
        else:
            chosen = SourceColour(max(spares or [_GREY], key=lambda c: _least_difference(c, given)))
        if chosen.fill in spares:
            spares.remove(chosen.fill)
        given.append(chosen.fill)
        result.append(chosen)
    return result


_GREY = colors.HexColor("#cccccc")


def _least_difference(colour: Color, others: list[Color]) -> tuple[float, float]:
    """How far `colour` is from the nearest of `others` (CIEDE2000) with normal vision, then
    the least as seen with protanopia or deuteranopia, each capped at `DISTINCT` (past it
    every colour is as good, and the first such candidate is kept). Compared in that order,
    so a legend first tells its sources apart for most readers."""
    mine = colour.rgb()
    normal = deficient = DISTINCT
    for other in others:
        theirs = other.rgb()
        normal = min(normal, difference(mine, theirs))
        for vision in VISIONS:
            deficient = min(deficient, difference(simulate(mine, vision), simulate(theirs, vision)))
    return normal, deficient


def _tint(colour: Color) -> Color:
    return Color(*(0.5 + part / 2 for part in colour.rgb()))


def _distance(a: Color, b: Color) -> float:
    return float(sum((255 * (x - y)) ** 2 for x, y in zip(a.rgb(), b.rgb(), strict=True)) ** 0.5)


def _far_from_all(colour: Color, others: list[Color]) -> bool:
    return all(_distance(colour, other) >= _CLOSE for other in others)
