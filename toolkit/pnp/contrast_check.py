"""Text and icons that cannot be read against what lies under them, card by card.

A face is drawn in order: its background, then each box. What lies under a box's text or
icon is its own fill, or else the last fill drawn before it that covers the box's centre (or
the background). Text below WCAG AA for its size (4.5:1, or 3:1 from 18 pt, 14 pt bold) and
icons below 3:1 are warnings naming the card, the element and the colours. `print` finds them
while drawing; `validate` asks the same of every card without drawing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color

from toolkit.content.contrast import ICON, ratio, text_needs
from toolkit.pnp import icons
from toolkit.pnp.colours import shade
from toolkit.pnp.geometry import Rect
from toolkit.pnp.layout_load import Element

RGB = tuple[float, float, float]
_INLINE_ICON = re.compile(r":[A-Za-z0-9][A-Za-z0-9_-]*:")


def rgb(colour: Color) -> RGB:
    return (float(colour.red), float(colour.green), float(colour.blue))


def hex_of(colour: RGB) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour)


@dataclass
class Underlay:
    """The fills drawn so far on one face, bottom first."""

    fills: list[tuple[Rect, RGB]] = field(default_factory=list)

    def paint(self, box: Rect, colour: Color) -> None:
        self.fills.append((box, rgb(colour)))

    def under(self, box: Rect) -> RGB | None:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        for area, colour in reversed(self.fills):
            if area.x <= cx <= area.x + area.width and area.y <= cy <= area.y + area.height:
                return colour
        return None


def bold_markup(markup: str, font: str) -> bool:
    """Whether text draws bold throughout: a bold font, or `**...**` around all of it."""
    text = markup.strip()
    return "bold" in font or (
        text.startswith("**") and text.endswith("**") and text.count("**") == 2
    )


def text_finding(e: Element, markup: str, ink: Color, ground: RGB | None) -> str | None:
    """Why this text is hard to read on its ground, or None."""
    if ground is None or not _INLINE_ICON.sub("", markup).replace("*", "").strip():
        return None  # no text, or inline icons only (they draw in their own colours)
    needs = text_needs(e.size, bold_markup(markup, e.font))
    has = ratio(rgb(ink), ground)
    if has + 1e-9 >= needs:
        return None
    return (
        f"text {hex_of(rgb(ink))} on {hex_of(ground)} has contrast {has:.2f}:1; "
        f"WCAG AA asks {needs:g}:1 of {e.size:g}pt text"
    )


def icon_finding(name: str, tint: Color | None, ground: RGB | None) -> str | None:
    """Why this icon is hard to see on its ground, or None (a designer's own icon draws in
    its own colours, so only built-in icons are checked)."""
    if ground is None or name not in icons.ICONS:
        return None
    main = tint if tint is not None else icons.ICONS[name][1]
    ink = rgb(main)
    has = ratio(ink, ground)
    if name in icons.OUTLINED:
        has = max(has, ratio(rgb(shade(main, -0.45)), ground))
    if has + 1e-9 >= ICON:
        return None
    return (
        f"icon '{name}' {hex_of(ink)} on {hex_of(ground)} has contrast {has:.2f}:1; "
        f"WCAG AA asks {ICON:g}:1 of icons"
    )


def inline_icon_findings(
    markup: str, resolve: Callable[[str], str | None], ground: RGB | None
) -> list[str]:
    """Icons written in text (`:vp:`) draw in their own colours: each one hard to see on
    the text's ground, once."""
    found = []
    for written in dict.fromkeys(_INLINE_ICON.findall(markup)):
        name = resolve(written.strip(":"))
        finding = icon_finding(name, None, ground) if name is not None else None
        if finding is not None:
            found.append(finding)
    return found


def face_findings(r: Any, face: Any, context: dict[str, Any], who: str) -> list[tuple[Any, str]]:
    """What `print` would warn of on this face, found without drawing (for `validate`): each
    element at fault and why, with the grounds `print` sees (boxes in card coordinates)."""
    from toolkit.pnp.colours import colour as parse_colour

    found: list[tuple[Any, str]] = []
    under = Underlay()
    if face.elements:
        background = r.colour(face.background, context, face.elements[0].where, who)
        if background is not None:
            under.paint(Rect(-1e6, -1e6, 2e6, 2e6), background)
    for e in face.elements:
        name = f"{who}, element '{e.name}'"
        box = Rect(e.x, -e.y - e.height, e.width, e.height)
        fill = r.colour(e.fill, context, e.where, name)
        tint = r.colour(e.colour, context, e.where, name)
        ground = rgb(fill) if fill is not None else under.under(box)
        if fill is not None:
            under.paint(box, fill)
        findings = []
        if e.icon is not None:
            icon = r.resolve_icon(r.text(e.icon, context, e.where, name) or "")
            if icon is not None:
                findings.append(icon_finding(icon, tint, ground))
        if e.text is not None and e.text_file is None:
            markup = r.text(e.text, context, e.where, name)
            findings.append(text_finding(e, markup, tint or parse_colour(r.text_colour), ground))
            findings.extend(inline_icon_findings(markup, r.resolve_icon, ground))
        found.extend((e, f"{name}: {f}") for f in findings if f)
    return found
