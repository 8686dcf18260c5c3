"""Icons drawn as vector paths, so the PDF needs no image files and prints sharp at any size.

Each icon draws into a unit square (0..1, origin bottom left) in its own colours; a colour
passed in replaces the icon's main colour (a suit icon in its suit's colour). Content names
icons by id (`coin`, `roller-coaster`); the layout's `icons` mapping adds aliases such as
`fame: star`, so data and drawings stay independent. A layout's `icon_files` add the
designer's own icons for the document being made (`DESIGNER`), in place of built-in ones of
the same name.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from contextvars import ContextVar

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp import icon_specs
from toolkit.pnp.colours import WHITE, colour, shade
from toolkit.pnp.icon_specs import DEFAULT_COLOURS, OUTLINE_SHADE

IconFn = Callable[[Canvas, Color], None]
ICONS: dict[str, tuple[IconFn, Color]] = {}
DESIGNER: ContextVar[dict[str, IconFn] | None] = ContextVar("designer_icons", default=None)
"""The designer's icons of the document being made, each drawing into the unit square."""


def icon(name: str) -> Callable[[IconFn], IconFn]:
    """Register a drawing as the icon `name`, in its colour from `icon_specs`."""

    def register(draw: IconFn) -> IconFn:
        ICONS[name] = (draw, colour(DEFAULT_COLOURS[name]))
        return draw

    return register


def resolve(name: str, aliases: dict[str, str]) -> str | None:
    """The drawn icon a name stands for, through the layout's aliases; None if unknown."""
    return icon_specs.resolve(name, aliases, ICONS.keys() | (DESIGNER.get() or {}).keys())


def draw_icon(
    c: Canvas, name: str, x: float, y: float, size: float, main: Color | None = None
) -> None:
    """Draw icon `name` (already resolved) in the square at (x, y) of side `size`."""
    own = (DESIGNER.get() or {}).get(name)
    draw, default = (own, WHITE) if own is not None else ICONS[name]
    c.saveState()
    c.translate(x, y)
    c.scale(size, size)
    c.setLineJoin(1)
    c.setLineCap(1)
    draw(c, main or default)
    c.restoreState()


def _outline(c: Canvas, fill: Color, width: float = 0.05) -> None:
    c.setFillColor(fill)
    c.setStrokeColor(shade(fill, OUTLINE_SHADE))
    c.setLineWidth(width)


def _star_path(c: Canvas, cx: float, cy: float, outer: float, inner: float) -> object:
    path = c.beginPath()
    for i in range(10):
        radius = outer if i % 2 == 0 else inner
        angle = math.pi / 2 + i * math.pi / 5
        px, py = cx + radius * math.cos(angle), cy + radius * math.sin(angle)
        if i == 0:
            path.moveTo(px, py)
        else:
            path.lineTo(px, py)
    path.close()
    return path


@icon("coin")
def _coin(c: Canvas, main: Color) -> None:
    _outline(c, main)
    c.circle(0.5, 0.5, 0.45, stroke=1, fill=1)
    c.setStrokeColor(shade(main, -0.3))
    c.setLineWidth(0.04)
    c.circle(0.5, 0.5, 0.33, stroke=1, fill=0)
    c.setFillColor(shade(main, 0.45))
    c.drawPath(_star_path(c, 0.5, 0.5, 0.2, 0.09), stroke=0, fill=1)


@icon("ticket")
def _ticket(c: Canvas, main: Color) -> None:
    _outline(c, main)
    path = c.beginPath()
    path.moveTo(0.05, 0.22)
    path.lineTo(0.95, 0.22)
    path.lineTo(0.95, 0.4)
    path.arcTo(0.87, 0.4, 1.03, 0.6, startAng=270, extent=-180)
    path.lineTo(0.95, 0.78)
    path.lineTo(0.05, 0.78)
    path.lineTo(0.05, 0.6)
    path.arcTo(-0.03, 0.4, 0.13, 0.6, startAng=90, extent=-180)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    c.setStrokeColor(WHITE)
    c.setLineWidth(0.04)
    c.setDash([0.05, 0.05])
    c.line(0.7, 0.27, 0.7, 0.73)
    c.setDash([])
    c.setFillColor(WHITE)
    c.drawPath(_star_path(c, 0.38, 0.5, 0.17, 0.07), stroke=0, fill=1)


@icon("star")
def _star(c: Canvas, main: Color) -> None:
    _outline(c, main)
    c.drawPath(_star_path(c, 0.5, 0.47, 0.5, 0.21), stroke=1, fill=1)


def _face(c: Canvas, main: Color, happy: bool) -> None:
    _outline(c, main)
    c.circle(0.5, 0.5, 0.45, stroke=1, fill=1)
    c.setFillColor(shade(main, -0.6))
    c.circle(0.35, 0.6, 0.06, stroke=0, fill=1)
    c.circle(0.65, 0.6, 0.06, stroke=0, fill=1)
    c.setStrokeColor(shade(main, -0.6))
    c.setLineWidth(0.07)
    if happy:
        c.arc(0.27, 0.18, 0.73, 0.56, startAng=200, extent=140)
    else:
        c.arc(0.3, 0.2, 0.7, 0.5, startAng=20, extent=140)


@icon("smile")
def _smile(c: Canvas, main: Color) -> None:
    _face(c, main, happy=True)


@icon("frown")
def _frown(c: Canvas, main: Color) -> None:
    _face(c, main, happy=False)


@icon("points")
def _points(c: Canvas, main: Color) -> None:
    """Victory points: a rosette with ribbons."""
    _outline(c, shade(main, -0.15))
    for dx in (-0.14, 0.14):
        path = c.beginPath()
        path.moveTo(0.5 + dx - 0.09, 0.45)
        path.lineTo(0.5 + dx * 1.6 - 0.09, 0.02)
        path.lineTo(0.5 + dx * 1.6, 0.1)
        path.lineTo(0.5 + dx * 1.6 + 0.09, 0.02)
        path.lineTo(0.5 + dx + 0.09, 0.45)
        path.close()
        c.drawPath(path, stroke=1, fill=1)
    _outline(c, main)
    c.circle(0.5, 0.6, 0.36, stroke=1, fill=1)
    c.setFillColor(WHITE)
    c.drawPath(_star_path(c, 0.5, 0.59, 0.22, 0.09), stroke=0, fill=1)


@icon("roller-coaster")
def _roller_coaster(c: Canvas, main: Color) -> None:
    c.setStrokeColor(main)
    c.setLineWidth(0.035)
    for x in (0.18, 0.42, 0.66, 0.88):
        top = 0.22 + 0.55 * math.sin(math.pi * x) ** 2 * (1.0 if x < 0.5 else 0.6)
        c.line(x, 0.06, x, top)
    c.setLineWidth(0.07)
    path = c.beginPath()
    path.moveTo(0.02, 0.16)
    path.curveTo(0.25, 0.2, 0.22, 0.92, 0.45, 0.9)
    path.curveTo(0.62, 0.88, 0.6, 0.35, 0.75, 0.42)
    path.curveTo(0.86, 0.48, 0.9, 0.6, 0.98, 0.58)
    c.drawPath(path, stroke=1, fill=0)
    c.setLineWidth(0.05)
    c.line(0.02, 0.06, 0.98, 0.06)
    c.setFillColor(shade(main, 0.1))
    c.roundRect(0.36, 0.86, 0.2, 0.12, 0.03, stroke=0, fill=1)


@icon("masks")
def _masks(c: Canvas, main: Color) -> None:
    def mask(cx: float, cy: float, tilt: float, fill: Color, happy: bool) -> None:
        c.saveState()
        c.translate(cx, cy)
        c.rotate(tilt)
        _outline(c, fill, 0.04)
        path = c.beginPath()
        path.moveTo(-0.25, 0.22)
        path.curveTo(-0.1, 0.3, 0.1, 0.3, 0.25, 0.22)
        path.curveTo(0.27, -0.05, 0.15, -0.28, 0.0, -0.3)
        path.curveTo(-0.15, -0.28, -0.27, -0.05, -0.25, 0.22)
        c.drawPath(path, stroke=1, fill=1)
        c.setFillColor(shade(fill, -0.7))
        c.ellipse(-0.16, 0.04, -0.05, 0.13, stroke=0, fill=1)
        c.ellipse(0.05, 0.04, 0.16, 0.13, stroke=0, fill=1)
        c.setStrokeColor(shade(fill, -0.7))
        c.setLineWidth(0.04)
        if happy:
            c.arc(-0.12, -0.2, 0.12, -0.02, startAng=200, extent=140)
        else:
            c.arc(-0.1, -0.22, 0.1, -0.08, startAng=20, extent=140)
        c.restoreState()

    mask(0.34, 0.56, 12, shade(main, 0.55), happy=False)
    mask(0.64, 0.44, -12, main, happy=True)


@icon("tent")
def _tent(c: Canvas, main: Color) -> None:
    _outline(c, main, 0.04)
    path = c.beginPath()
    path.moveTo(0.04, 0.08)
    path.lineTo(0.42, 0.78)
    path.lineTo(0.8, 0.08)
    path.close()
    c.drawPath(path, stroke=1, fill=1)
    c.setFillColor(WHITE)
    for left in (0.16, 0.42):
        stripe = c.beginPath()
        stripe.moveTo(left, 0.08)
        stripe.lineTo(0.42, 0.78)
        stripe.lineTo(left + 0.12, 0.08)
        stripe.close()
        c.drawPath(stripe, stroke=0, fill=1)
    c.setStrokeColor(shade(main, -0.45))
    c.line(0.42, 0.78, 0.42, 0.95)
    c.setFillColor(main)
    flag = c.beginPath()
    flag.moveTo(0.42, 0.95)
    flag.lineTo(0.58, 0.9)
    flag.lineTo(0.42, 0.85)
    flag.close()
    c.drawPath(flag, stroke=0, fill=1)
    c.setStrokeColor(shade(main, -0.6))
    c.setFillColor(shade(main, -0.6))
    c.setLineWidth(0.05)
    c.circle(0.88, 0.42, 0.06, stroke=0, fill=1)
    c.line(0.88, 0.36, 0.88, 0.2)
    c.line(0.88, 0.2, 0.82, 0.08)
    c.line(0.88, 0.2, 0.94, 0.08)
    c.line(0.8, 0.3, 0.96, 0.3)


@icon("restaurant")
def _restaurant(c: Canvas, main: Color) -> None:
    c.setStrokeColor(main)
    c.setFillColor(main)
    c.setLineWidth(0.06)
    c.line(0.32, 0.06, 0.32, 0.6)
    for x in (0.22, 0.32, 0.42):
        c.line(x, 0.62, x, 0.94)
    c.line(0.22, 0.62, 0.42, 0.62)
    c.line(0.68, 0.06, 0.68, 0.5)
    blade = c.beginPath()
    blade.moveTo(0.68, 0.45)
    blade.curveTo(0.58, 0.6, 0.6, 0.9, 0.7, 0.95)
    blade.lineTo(0.7, 0.45)
    blade.close()
    c.drawPath(blade, stroke=1, fill=1)


@icon("shop")
def _shop(c: Canvas, main: Color) -> None:
    c.setStrokeColor(main)
    c.setLineWidth(0.06)
    path = c.beginPath()
    path.moveTo(0.04, 0.86)
    path.lineTo(0.18, 0.86)
    path.lineTo(0.3, 0.32)
    path.lineTo(0.84, 0.32)
    path.lineTo(0.94, 0.72)
    path.lineTo(0.22, 0.72)
    c.drawPath(path, stroke=1, fill=0)
    c.setFillColor(shade(main, 0.6))
    basket = c.beginPath()
    basket.moveTo(0.23, 0.68)
    basket.lineTo(0.9, 0.68)
    basket.lineTo(0.82, 0.36)
    basket.lineTo(0.31, 0.36)
    basket.close()
    c.drawPath(basket, stroke=0, fill=1)
    c.setFillColor(main)
    c.circle(0.36, 0.16, 0.07, stroke=0, fill=1)
    c.circle(0.78, 0.16, 0.07, stroke=0, fill=1)


@icon("ferris-wheel")
def _ferris_wheel(c: Canvas, main: Color) -> None:
    c.setStrokeColor(main)
    c.setLineWidth(0.04)
    cx, cy, radius = 0.5, 0.56, 0.38
    c.circle(cx, cy, radius, stroke=1, fill=0)
    for i in range(8):
        angle = i * math.pi / 4
        c.line(cx, cy, cx + radius * math.cos(angle), cy + radius * math.sin(angle))
    c.setFillColor(shade(main, 0.35))
    for i in range(8):
        angle = i * math.pi / 4 + math.pi / 8
        c.circle(cx + radius * math.cos(angle), cy + radius * math.sin(angle), 0.055, 1, 1)
    c.setLineWidth(0.06)
    c.line(cx, cy, 0.28, 0.03)
    c.line(cx, cy, 0.72, 0.03)
    c.line(0.18, 0.03, 0.82, 0.03)


@icon("player")
def _player(c: Canvas, main: Color) -> None:
    _outline(c, main, 0.04)
    c.circle(0.5, 0.7, 0.2, stroke=1, fill=1)
    path = c.beginPath()
    path.moveTo(0.12, 0.05)
    path.curveTo(0.12, 0.45, 0.88, 0.45, 0.88, 0.05)
    path.close()
    c.drawPath(path, stroke=1, fill=1)


@icon("level")
def _level(c: Canvas, main: Color) -> None:
    """A rising bar chart: the attraction level's badge."""
    c.setFillColor(main)
    for i, height in enumerate((0.35, 0.6, 0.9)):
        c.rect(0.08 + i * 0.3, 0.05, 0.24, height, stroke=0, fill=1)


def _polygon(c: Canvas, main: Color, corners: int, turn: float, radius: float = 0.46) -> None:
    _outline(c, main, 0.06)
    path = c.beginPath()
    for i in range(corners):
        angle = turn + i * 2 * math.pi / corners
        point = (0.5 + radius * math.cos(angle), 0.5 + radius * math.sin(angle))
        (path.moveTo if i == 0 else path.lineTo)(*point)
    path.close()
    c.drawPath(path, stroke=1, fill=1)


@icon("circle")
def _circle(c: Canvas, main: Color) -> None:
    _outline(c, main, 0.06)
    c.circle(0.5, 0.5, 0.42, stroke=1, fill=1)


@icon("triangle")
def _triangle(c: Canvas, main: Color) -> None:
    _polygon(c, main, 3, math.pi / 2, 0.5)


@icon("square")
def _square(c: Canvas, main: Color) -> None:
    _polygon(c, main, 4, math.pi / 4, 0.55)


@icon("diamond")
def _diamond(c: Canvas, main: Color) -> None:
    _polygon(c, main, 4, math.pi / 2, 0.5)


@icon("hexagon")
def _hexagon(c: Canvas, main: Color) -> None:
    _polygon(c, main, 6, 0.0, 0.48)
