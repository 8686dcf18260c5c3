"""Colours from data (`#rrggbb`) as ReportLab colours, and the few shades derived from them."""

from __future__ import annotations

import re
from functools import cache

from reportlab.lib.colors import Color

_HEX = re.compile(r"#([0-9a-fA-F]{6})")


def is_colour(text: str) -> bool:
    return _HEX.fullmatch(text.strip()) is not None


@cache
def colour(text: str) -> Color:
    """A `#rrggbb` colour; ValueError for anything else (templates can produce anything)."""
    match = _HEX.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"'{text}' is not a colour; write #rrggbb")
    value = int(match[1], 16)
    return Color(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255)


def shade(base: Color, amount: float) -> Color:
    """Darker (amount < 0) or lighter (amount > 0) by mixing with black or white."""
    target = 1.0 if amount > 0 else 0.0
    mix = abs(amount)
    return Color(*(c + (target - c) * mix for c in (base.red, base.green, base.blue)))


def readable_on(background: Color) -> Color:
    """Black or white, whichever reads better on `background` (relative luminance)."""
    luminance = 0.2126 * background.red + 0.7152 * background.green + 0.0722 * background.blue
    return Color(0, 0, 0) if luminance > 0.55 else Color(1, 1, 1)


BLACK = Color(0, 0, 0)
WHITE = Color(1, 1, 1)
GREY = Color(0.55, 0.55, 0.55)
