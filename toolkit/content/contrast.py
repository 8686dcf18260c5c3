"""Colour science for printed cards: contrast ratios and colours told apart.

Both `validate` and `print` use it: the contrast of text and icons against what lies under
them (WCAG 2.x: relative luminance, a ratio from 1 to 21; AA asks 4.5:1 of small text and 3:1
of large text and icons), and whether the colours that tell suits or score sources apart
still differ for the one person in twelve who sees colour differently. Colour-vision
deficiencies are simulated with the matrices of Machado, Oliveira and Fernandes (2009) at
full severity, applied in linear RGB; colours are compared by CIEDE2000.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

RGB = tuple[float, float, float]
"""sRGB components from 0 to 1."""

SMALL_TEXT = 4.5
LARGE_TEXT = 3.0
ICON = 3.0
LARGE_POINTS = 18.0
LARGE_BOLD_POINTS = 14.0
"""WCAG's large text: 18 pt, or 14 pt in bold."""

DISTINCT = 10.0
"""CIEDE2000 difference under which two colours that must be told apart (two suits, two
score sources) read as one at a glance on a card or in a legend."""

_HEX = re.compile(r"#?([0-9a-fA-F]{6})")

VISIONS: dict[str, tuple[RGB, RGB, RGB]] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
}
"""Machado et al. (2009), severity 1.0, on linear RGB."""


@lru_cache(maxsize=1024)
def parse(text: str) -> RGB:
    """`#rrggbb` as components; ValueError for anything else."""
    match = _HEX.fullmatch(text.strip())
    if match is None:
        raise ValueError(f"'{text}' is not a colour; write #rrggbb")
    value = int(match[1], 16)
    return ((value >> 16) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255)


def hex_of(rgb: RGB) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, c)) * 255):02x}" for c in rgb)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _encoded(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


@lru_cache(maxsize=1024)
def luminance(rgb: RGB) -> float:
    """WCAG relative luminance."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio, from 1 (the same) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def text_needs(points: float, bold: bool) -> float:
    """The ratio WCAG AA asks of text of this size and weight."""
    large = points >= LARGE_POINTS or (bold and points >= LARGE_BOLD_POINTS)
    return LARGE_TEXT if large else SMALL_TEXT


def simulate(rgb: RGB, vision: str) -> RGB:
    """How `rgb` looks to a person with the colour vision named (a key of `VISIONS`)."""
    matrix = VISIONS[vision]
    linear = [_linear(c) for c in rgb]
    seen = (sum(m * c for m, c in zip(row, linear, strict=True)) for row in matrix)
    r, g, b = (_encoded(c) for c in seen)
    return (r, g, b)


def _lab(rgb: RGB) -> RGB:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def difference(a: RGB, b: RGB) -> float:
    """CIEDE2000 colour difference (about 1: just noticeable; 2.3 in the literature's
    threshold; above 10: different colours)."""
    return delta_e_2000(_lab(a), _lab(b))


def delta_e_2000(lab1: RGB, lab2: RGB) -> float:
    """CIEDE2000 (Sharma, Wu and Dalal, 2005) between two CIELAB colours."""
    l1, a1, b1 = lab1
    l2, a2, b2 = lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    else:
        dh = h2p - h1p - 360 if h2p > h1p else h2p - h1p + 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * cp_mean
    sh = 1 + 0.015 * cp_mean * t
    rt = (
        -2
        * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


@dataclass(frozen=True)
class Clash:
    """Two colours that read as one: their names, and for whom (`normal vision`,
    `protanopia`, `deuteranopia`)."""

    first: str
    second: str
    vision: str
    difference: float


def clashes(named: Sequence[tuple[str, str]], *, normal_only: bool = False) -> list[Clash]:
    """Pairs of `(name, #rrggbb)` colours closer than `DISTINCT`, each pair once, for the
    first vision (normal, then each simulated deficiency) under which they meet."""
    found = []
    parsed = [(name, parse(text)) for name, text in named]
    visions = [] if normal_only else list(VISIONS)
    for i, (first, a) in enumerate(parsed):
        for second, b in parsed[i + 1 :]:
            if a == b and normal_only:
                continue
            seen = [("normal vision", a, b)] + [
                (v, simulate(a, v), simulate(b, v)) for v in visions
            ]
            for vision, x, y in seen:
                gap = difference(x, y)
                if gap < DISTINCT:
                    found.append(Clash(first, second, vision, gap))
                    break
    return found
