"""The built-in icons as data: each one's name and default colour, and which are outlined.

`icons.py` draws them (with ReportLab); checks that need only their names and colours
(`validate`'s contrast of icons, describing cards) read this table and load no drawing code.
"""

from __future__ import annotations

from collections.abc import Iterable

DEFAULT_COLOURS: dict[str, str] = {
    "coin": "#d9a520",
    "ticket": "#c0392b",
    "star": "#2c3e8f",
    "smile": "#27864a",
    "frown": "#5b6c8a",
    "points": "#7d3c98",
    "roller-coaster": "#34495e",
    "masks": "#8e44ad",
    "tent": "#c0392b",
    "restaurant": "#7f5a3c",
    "shop": "#16a085",
    "ferris-wheel": "#2e86c1",
    "player": "#555555",
    "level": "#555555",
    # Plain shapes: marks that tell colours apart for players who cannot see the colours.
    "circle": "#ffffff",
    "triangle": "#ffffff",
    "square": "#ffffff",
    "diamond": "#ffffff",
    "hexagon": "#ffffff",
}
"""Each built-in icon's main colour, used when nothing else is asked for."""

OUTLINED = frozenset(
    {"circle", "coin", "diamond", "hexagon", "masks", "player"}
    | {"points", "square", "star", "tent", "ticket", "triangle"}
)
"""Icons drawn with an outline in a darker shade of their colour: the outline sets them off
from their ground even when the fill does not."""

OUTLINE_SHADE = -0.45
"""How much darker the outline is than the fill (mixed with black)."""


def resolve(name: str, aliases: dict[str, str], known: Iterable[str]) -> str | None:
    """The drawn icon a name stands for, through the layout's aliases; None if unknown."""
    names = set(known)
    seen = 0
    while name in aliases and name not in names and seen < 8:
        name, seen = aliases[name], seen + 1
    return name if name in names else None
