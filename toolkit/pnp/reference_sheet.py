"""Reference sheets: the rendered reference template flowed into columns over paper pages."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp import textfit
from toolkit.pnp.colours import GREY, colour
from toolkit.pnp.layout_load import Component
from toolkit.pnp.pages import Page
from toolkit.pnp.render_card import Renderer

KEEP_WITH_NEXT = ("title", "heading")


def reference_pages(
    r: Renderer,
    component: Component,
    context: dict[str, Any],
    paper: tuple[float, float],
    margin: float,
    text_size: float,
    leading: float,
    footer: str,
) -> list[Page]:
    where = component.template_where or component.where
    markup = r.text(component.template, context, where, component.id, own_file=True)
    parsed = textfit.parse(markup, r.resolve_icon)
    for name in parsed.unknown_icons:
        r.warn(f"{component.id}: unknown icon ':{name}:'")
    r.check_glyphs(parsed, component.id)
    columns = component.settings.columns or 2
    size = component.settings.text_size or text_size
    width, height = paper
    gap = size * 2
    frame_width = (width - 2 * margin - (columns - 1) * gap) / columns
    frame_height = height - 2 * margin - size * 2
    lines, _, too_wide = textfit.lines_at(parsed.paragraphs, frame_width, size, leading, r.measure)
    if too_wide:
        r.warn(f"{component.id}: a word is wider than a column")
    frames = _pour(lines, frame_height)
    per_page = [frames[i : i + columns] for i in range(0, len(frames), columns)] or [[]]
    pages = []
    for number, page_frames in enumerate(per_page, start=1):
        label = f"{footer} \u00b7 page {number} of {len(per_page)}"

        def draw(
            c: Canvas, page_frames: list[list[textfit.Line]] = page_frames, label: str = label
        ) -> None:
            for index, frame in enumerate(page_frames):
                x = margin + index * (frame_width + gap)
                fitted = textfit.Fitted(size, frame, frame_height, False)
                box = (x, height - margin - frame_height, frame_width, frame_height)
                textfit.draw(c, fitted, r.fonts, box, "left", "top", colour(r.text_colour))
            c.setFillColor(GREY)
            c.setFont(r.fonts.name(0), 7)
            c.drawCentredString(width / 2, margin - 2, label)

        pages.append(Page(width, height, "reference", draw))
    return pages


def _pour(lines: list[textfit.Line], height: float) -> list[list[textfit.Line]]:
    """Lines into columns of `height`; a heading never ends a column, gaps never start one."""
    frames: list[list[textfit.Line]] = [[]]
    used = 0.0
    for index, line in enumerate(lines):
        frame = frames[-1]
        if line.kind == "gap" and not frame:
            continue
        needed = line.height + line.gap_after
        if line.kind in KEEP_WITH_NEXT and index + 1 < len(lines):
            following = lines[index + 1]
            needed += following.height
        if frame and used + needed > height:
            frames.append([])
            frame, used = frames[-1], 0.0
            if line.kind == "gap":
                continue
        frame.append(line)
        used += line.height + line.gap_after
    return frames
