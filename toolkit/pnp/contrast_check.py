"""Text and icons that cannot be read against what lies under them, card by card.

A face is drawn in order: its background, then each box. What lies under a box's text or
icon is its own fill, or else the last fill drawn before it that covers the box's centre (or
the background). Text below WCAG AA for its size (4.5:1, or 3:1 from 18 pt, 14 pt bold) and
icons below 3:1 are warnings naming the card, the element and the colours. `print` finds them
while drawing (`render_card`); `validate` asks the same of every card without drawing
(`face_findings`), so this module loads no drawing code: colours are RGB tuples here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from toolkit.content.contrast import ICON, RGB, SMALL_TEXT, parse, ratio, text_needs
from toolkit.pnp import icon_specs
from toolkit.pnp.geometry import Rect
from toolkit.pnp.layout_load import Element, Face
from toolkit.pnp.template_limits import TemplateLimit

_INLINE_ICON = re.compile(r":[A-Za-z0-9][A-Za-z0-9_-]*:")


def hex_of(colour: RGB) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour)


def _darker(colour: RGB, amount: float) -> RGB:
    r, g, b = (c * (1 - amount) for c in colour)
    return (r, g, b)


@dataclass
class Underlay:
    """The fills drawn so far on one face, bottom first."""

    fills: list[tuple[Rect, RGB]] = field(default_factory=list)

    def paint(self, box: Rect, colour: RGB) -> None:
        self.fills.append((box, colour))

    def under(self, box: Rect) -> RGB | None:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        for area, colour in reversed(self.fills):
            if area.x <= cx <= area.x + area.width and area.y <= cy <= area.y + area.height:
                return colour
        return None


def bold_markup(markup: str, font: str) -> bool:
    """Whether text draws bold throughout: a bold font, or `**...**` around all of it."""
    text = markup.strip()
    whole = text.startswith("**") and text.endswith("**") and text.count("**") == 2
    return "bold" in font or whole


def text_finding(e: Element, markup: str, ink: RGB, ground: RGB | None) -> str | None:
    """Why this text is hard to read on its ground, or None."""
    if ground is None or not _INLINE_ICON.sub("", markup).replace("*", "").strip():
        return None  # no text, or inline icons only (they are checked as icons)
    needs = text_needs(e.size, bold_markup(markup, e.font))
    has = ratio(ink, ground)
    if has + 1e-9 >= needs:
        return None
    return (
        f"text {hex_of(ink)} on {hex_of(ground)} has contrast {has:.2f}:1; "
        f"WCAG AA asks {needs:g}:1 of {e.size:g}pt text"
    )


def icon_finding(name: str, tint: RGB | None, ground: RGB | None) -> str | None:
    """Why this icon is hard to see on its ground, or None (a designer's own icon draws in
    its own colours, so only built-in icons are checked)."""
    default = icon_specs.DEFAULT_COLOURS.get(name)
    if ground is None or default is None:
        return None
    ink = tint if tint is not None else parse(default)
    has = ratio(ink, ground)
    if name in icon_specs.OUTLINED:
        has = max(has, ratio(_darker(ink, -icon_specs.OUTLINE_SHADE), ground))
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


@lru_cache(maxsize=256)
def _any_text_reads(ink: RGB, ground: RGB | None) -> bool:
    """Whether any text in this ink, at any size, and any built-in icon written in it, reads
    on this ground: then what the text says cannot matter, and it need not be rendered."""
    if ground is None:
        return True
    if ratio(ink, ground) < SMALL_TEXT:
        return False
    return all(icon_finding(name, None, ground) is None for name in icon_specs.DEFAULT_COLOURS)


class Resolved:
    """What a face's templates give for one card, without drawing: texts, colours, icons.

    `prepare` turns a card's context into what templates read (once per face: a face reads
    it for every element); a template that fails gives nothing here, as `print` reports it
    where it draws."""

    def __init__(
        self,
        prepare: Callable[[dict[str, Any]], dict[str, Any]],
        render: Callable[[Any, dict[str, Any]], str],
        resolve_icon: Callable[[str], str | None],
        text_colour: str,
    ) -> None:
        self.prepare, self.render, self.resolve_icon = prepare, render, resolve_icon
        self.text_colour = parse(text_colour)

    def text(self, template: Any, data: dict[str, Any]) -> str:
        if template is None:
            return ""
        try:
            return self.render(template, data)
        except TemplateLimit:
            raise  # the face's time is up: its caller gives the face up
        except Exception:  # reported by `print` with its position; nothing to check here
            return ""

    def colour(self, template: Any, data: dict[str, Any]) -> RGB | None:
        text = self.text(template, data)
        try:
            return parse(text) if text else None
        except ValueError:
            return None


def face_findings(
    r: Resolved, face: Face, context: dict[str, Any], who: str
) -> list[tuple[Element, str]]:
    """What `print` would warn of on this face, found without drawing (for `validate`): each
    element at fault and why, with the grounds `print` sees (boxes in card coordinates)."""
    found: list[tuple[Element, str]] = []
    under = Underlay()
    context = r.prepare(context)
    background = r.colour(face.background, context)
    if background is not None:
        under.paint(Rect(-1e6, -1e6, 2e6, 2e6), background)
    for e in face.elements:
        box = Rect(e.x, -e.y - e.height, e.width, e.height)
        fill = r.colour(e.fill, context)
        tint = r.colour(e.colour, context)
        ground = fill if fill is not None else under.under(box)
        if fill is not None:
            under.paint(box, fill)
        findings: list[str | None] = []
        if e.icon is not None:
            icon = r.resolve_icon(r.text(e.icon, context))
            if icon is not None:
                findings.append(icon_finding(icon, tint, ground))
        ink = tint or r.text_colour
        if e.text is not None and not _any_text_reads(ink, ground):
            markup = r.text(e.text, context)
            findings.append(text_finding(e, markup, ink, ground))
            findings.extend(inline_icon_findings(markup, r.resolve_icon, ground))
        named = f"{who}, element '{e.name}'"
        found.extend((e, f"{named}: {finding}") for finding in findings if finding)
    return found
