"""Draw one card face from its layout and its card's template context.

Shared by every card family: fills, outlines, icons, drawings and fitted text, each clipped to
the card's bleed. Problems in the designer's templates are collected as positioned errors;
text that cannot fit even at its minimum size is a warning naming the card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from toolkit.diagnostics import Diagnostic
from toolkit.pnp import icons, textfit
from toolkit.pnp.colours import colour, shade
from toolkit.pnp.contrast_check import Underlay, icon_finding, inline_icon_findings, text_finding
from toolkit.pnp.fonts import STYLES, FontSet
from toolkit.pnp.geometry import Rect, Slot
from toolkit.pnp.layout_load import Element, Face, Where
from toolkit.pnp.pictures import PictureError, Pictures, named_by, picture_path
from toolkit.pnp.templates import RENDER_ERRORS, CheckedTemplate, render

_OBJECT = re.compile(r"'(?:[a-z_]+\.)*([A-Za-z]+) object'")
"""Jinja names a card as 'toolkit.content.kind_models.SuitsCard object'; a designer reads
'SuitsCard'."""
EDGE = 0.01
"""A box this close to the cut edge counts as touching it, and bleeds."""
LABEL = "card_label"
"""The element of the layout's `card_label`: it sees the id the card prints (`card_ids`)."""


@dataclass
class Renderer:
    """What drawing needs across a document: fonts, icon aliases, defaults, and findings."""

    fonts: FontSet
    aliases: dict[str, str]
    text_colour: str
    measure: textfit.Measurer
    pictures: Pictures
    warnings: list[str] = field(default_factory=list)
    errors: dict[Where, Diagnostic] = field(default_factory=dict)

    def resolve_icon(self, name: str) -> str | None:
        return icons.resolve(name, self.aliases)

    def has_icon(self, name: str) -> bool:
        return self.resolve_icon(name) is not None

    def warn(self, message: str) -> None:
        if message not in self.warnings:
            self.warnings.append(message)

    def check_glyphs(self, parsed: textfit.Parsed, who: str, base_style: int = 0) -> None:
        """Warn about characters the fonts cannot draw (emoji, scripts the font lacks): they
        would print as empty boxes."""
        missing: dict[str, None] = {}
        for paragraph in parsed.paragraphs:
            heading = 1 if paragraph.kind in ("title", "heading") else 0
            for word in paragraph.words:
                for piece in word:
                    style = piece.style | base_style | heading
                    missing.update(dict.fromkeys(self.fonts.missing(piece.text, style)))
        if missing:
            shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in missing)
            self.warn(f"{who}: the font has no glyph for {shown}; they print as empty boxes")

    def note(self, who: str, finding: str | None) -> None:
        """Warn of a contrast finding about a card's element, if there is one."""
        if finding is not None:
            self.warn(who + finding)

    def error(self, where: Where, message: str, hint: str = "") -> None:
        """Record a problem once per layout position (a typo would otherwise repeat per card)."""
        self.errors.setdefault(where, where.diagnostic("template-error", message, hint))

    def text(
        self,
        template: CheckedTemplate | None,
        context: dict[str, Any],
        where: Where,
        who: str,
        *,
        own_file: bool = False,
    ) -> str:
        """A template's text for one card; an error is recorded (and '' drawn) on failure.

        `own_file`: the template is a file of its own, so an error points at its line there.
        """
        if template is None:
            return ""
        try:
            return render(template, context)
        except RENDER_ERRORS as error:
            line = _template_line(error) if own_file else None
            if line is not None:
                where = Where(where.file, line, 1)
            message = _OBJECT.sub(r"'\1'", str(error))
            self.error(where, f"{who}: {message}", "it can use: " + ", ".join(sorted(context)))
            return ""

    def picture(self, c: Canvas, e: Element, name: str, box: Rect, context: dict[str, Any]) -> None:
        """Draw the picture an element names; a missing or broken one is an error at the card
        value that named it (or the layout's `image`)."""
        try:
            self.pictures.draw(c, picture_path(name, e.image_where), box)
        except PictureError as error:
            card_value = named_by(name, context)
            where = card_value.where if card_value else e.image_where or e.where
            self.errors.setdefault(
                where,
                where.diagnostic(
                    "bad-picture",
                    f"picture {error}",
                    "pictures are SVG or PNG files in the project",
                ),
            )

    def colour(
        self, template: CheckedTemplate | None, context: dict[str, Any], where: Where, who: str
    ) -> Color | None:
        text = self.text(template, context, where, who)
        if not text:
            return None
        try:
            return colour(text)
        except ValueError as error:
            self.error(where, f"{who}: {error}")
            return None

    def draw_text(
        self,
        c: Canvas,
        markup: str,
        box: Rect,
        *,
        size: float,
        min_size: float,
        leading: float,
        align: str,
        valign: str,
        text_colour: Color,
        who: str,
        base_style: int = 0,
    ) -> None:
        parsed = textfit.parse(markup, self.resolve_icon)
        for name in parsed.unknown_icons:
            self.warn(f"{who}: unknown icon ':{name}:'")
        self.check_glyphs(parsed, who, base_style)
        fitted = textfit.fit(
            parsed.paragraphs,
            box.width,
            box.height,
            size,
            min_size,
            leading,
            self.measure,
            base_style,
        )
        if fitted.overflow:
            self.warn(f"{who}: text overflows its box even at {min_size:g}pt")
        textfit.draw(
            c,
            fitted,
            self.fonts,
            (box.x, box.y, box.width, box.height),
            align,
            valign,
            text_colour,
        )


def rgb(colour: Color) -> tuple[float, float, float]:
    return (float(colour.red), float(colour.green), float(colour.blue))


def label_context(context: dict[str, Any]) -> dict[str, Any]:
    """The context of the card's small label: `card_id` is the id it prints, or ''."""
    if "printed_id" not in context:
        return context
    return {**context, "card_id": context["printed_id"]}


def _template_line(error: BaseException) -> int | None:
    """The template line an error was raised at (Jinja keeps it in the traceback)."""
    line = None
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == "<template>":
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


Drawing = Callable[[Canvas, Rect, dict[str, Any], Color | None], str | None]
"""A named drawing from card data (`draw:` in a layout); returns a problem, or None."""


def _plan_grid(c: Canvas, box: Rect, context: dict[str, Any], tint: Color | None) -> str | None:
    """A project plan: its cells as a grid, and a thick line under the bottom row."""
    described = context.get("described") or {}
    shape = next(
        (v["rows"] for v in described.values() if isinstance(v, dict) and "rows" in v), None
    )
    if not isinstance(shape, list) or not shape:
        return "the card has no field of type 'shape' to draw"
    rows, columns = len(shape), max(len(row) for row in shape)
    cell = min(box.width / columns, box.height / (rows + 0.6))
    width, height = cell * columns, cell * rows
    left = box.x + (box.width - width) / 2
    top = box.y + (box.height + height + cell * 0.6) / 2
    fill = tint or colour("#555555")
    c.saveState()
    c.setStrokeColor(shade(fill, -0.5))
    c.setLineWidth(max(0.5, cell * 0.04))
    for r, row in enumerate(shape):
        for k, mark in enumerate(row):
            x, y = left + k * cell, top - (r + 1) * cell
            if mark == "#":
                c.setFillColor(shade(fill, 0.55 if (r + k) % 2 else 0.4))
                c.rect(x + cell * 0.06, y + cell * 0.06, cell * 0.88, cell * 0.88, 1, 1)
    line_y = top - height - cell * 0.15
    c.setLineWidth(max(1.5, cell * 0.12))
    c.setStrokeColor(shade(fill, -0.6))
    c.line(left - cell * 0.15, line_y, left + width + cell * 0.15, line_y)
    c.restoreState()
    return None


DRAWINGS: dict[str, Drawing] = {"plan-grid": _plan_grid}


def draw_face(
    r: Renderer,
    c: Canvas,
    face: Face,
    context: dict[str, Any],
    slot: Slot,
    who: str,
    card_width: float,
    card_height: float,
) -> None:
    """Draw a face into a slot: background to the bleed edge, then each box in order."""
    outer = slot.outer
    c.saveState()
    clip = c.beginPath()
    clip.rect(outer.x, outer.y, outer.width, outer.height)
    c.clipPath(clip, stroke=0, fill=0)
    where = face.elements[0].where if face.elements else Where("<layout>", 1, 1)
    background = r.colour(face.background, context, where, who)
    under = Underlay()
    if background is not None:
        c.setFillColor(background)
        c.rect(outer.x, outer.y, outer.width, outer.height, stroke=0, fill=1)
        under.paint(outer, rgb(background))
    for element in face.elements:
        _element(
            r,
            c,
            element,
            label_context(context) if element.name == LABEL else context,
            slot,
            under,
            f"{who}, element '{element.name}'",
            card_width,
            card_height,
        )
    c.restoreState()


def _element(
    r: Renderer,
    c: Canvas,
    e: Element,
    context: dict[str, Any],
    slot: Slot,
    under: Underlay,
    who: str,
    card_width: float,
    card_height: float,
) -> None:
    trim = slot.trim
    box = Rect(trim.x + e.x, trim.top - e.y - e.height, e.width, e.height)
    fill = r.colour(e.fill, context, e.where, who)
    stroke = r.colour(e.stroke, context, e.where, who)
    tint = r.colour(e.colour, context, e.where, who)
    ground = rgb(fill) if fill is not None else under.under(box)
    if fill is not None or stroke is not None:
        shape = _bleeding(box, e, slot, card_width, card_height) if fill is not None else box
        c.saveState()
        if fill is not None:
            c.setFillColor(fill)
        if stroke is not None:
            c.setStrokeColor(stroke)
            c.setLineWidth(e.stroke_width or 0.5)
        if e.radius:
            c.roundRect(
                shape.x,
                shape.y,
                shape.width,
                shape.height,
                e.radius,
                stroke=int(stroke is not None),
                fill=int(fill is not None),
            )
        else:
            c.rect(
                shape.x,
                shape.y,
                shape.width,
                shape.height,
                stroke=int(stroke is not None),
                fill=int(fill is not None),
            )
        c.restoreState()
    if fill is not None:
        under.paint(box, rgb(fill))
    if e.image is not None:
        picture = r.text(e.image, context, e.where, who)
        if picture:
            r.picture(c, e, picture, box, context)
    if e.icon is not None:
        name = r.text(e.icon, context, e.where, who)
        if name:
            resolved = r.resolve_icon(name)
            if resolved is None:
                r.warn(f"{who}: unknown icon '{name}'")
            else:
                r.note(
                    f"{who}: ", icon_finding(resolved, None if tint is None else rgb(tint), ground)
                )
                side = min(box.width, box.height)
                icons.draw_icon(
                    c,
                    resolved,
                    box.x + (box.width - side) / 2,
                    box.y + (box.height - side) / 2,
                    side,
                    tint,
                )
    if e.draw is not None:
        problem = DRAWINGS[e.draw](c, box, context, tint)
        if problem is not None:
            r.warn(f"{who}: {problem}")
    if e.text is not None:
        text_where = e.text_file or e.where
        markup = r.text(e.text, context, text_where, who, own_file=e.text_file is not None)
        if markup:
            ink = tint or colour(r.text_colour)
            r.note(f"{who}: ", text_finding(e, markup, rgb(ink), ground))
            for finding in inline_icon_findings(markup, r.resolve_icon, ground):
                r.note(f"{who}: ", finding)
            r.draw_text(
                c,
                markup,
                box,
                size=e.size,
                min_size=e.min_size,
                leading=e.leading,
                align=e.align,
                valign=e.valign,
                text_colour=tint or colour(r.text_colour),
                who=who,
                base_style=STYLES.index(e.font),
            )


def _bleeding(box: Rect, e: Element, slot: Slot, card_width: float, card_height: float) -> Rect:
    """A fill that touches the cut edge runs on into the bleed, so cutting leaves no white."""
    bleed = slot.bleed
    left = bleed.left if e.x <= EDGE else 0.0
    right = bleed.right if e.x + e.width >= card_width - EDGE else 0.0
    top = bleed.top if e.y <= EDGE else 0.0
    bottom = bleed.bottom if e.y + e.height >= card_height - EDGE else 0.0
    return Rect(box.x - left, box.y - bottom, box.width + left + right, box.height + top + bottom)
