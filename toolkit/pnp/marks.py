"""Cutting and assembly marks, drawn only where no card or board is printed.

Crop marks extend each cut line into the sheet's margin, starting a small gap beyond the
cards' bleed, so a mark never crosses a card face (or its bleed). Tile marks show where a
board's tiles overlap and how they line up.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.colours import BLACK, GREY
from toolkit.pnp.geometry import Sheet, Tile, Tiling


def crop_marks(
    c: Canvas, sheet: Sheet, length: float, gap: float, width: float, edge: float = 0.0
) -> None:
    """Marks on every cut line, from `gap` beyond the cards to at most `edge` from the paper's
    edge (printers leave the outermost millimetres blank)."""
    content = sheet.content
    c.saveState()
    c.setStrokeColor(BLACK)
    c.setLineWidth(width)
    top_room = sheet.height - content.top - gap - edge
    bottom_room = content.y - gap - edge
    left_room = content.x - gap - edge
    right_room = sheet.width - content.right - gap - edge
    for x in sheet.cuts_x:
        if top_room > 0:
            c.line(x, content.top + gap, x, content.top + gap + min(length, top_room))
        if bottom_room > 0:
            c.line(x, content.y - gap, x, content.y - gap - min(length, bottom_room))
    for y in sheet.cuts_y:
        if left_room > 0:
            c.line(content.x - gap, y, content.x - gap - min(length, left_room), y)
        if right_room > 0:
            c.line(content.right + gap, y, content.right + gap + min(length, right_room), y)
    c.restoreState()


def tile_marks(c: Canvas, tiling: Tiling, tile: Tile, mark_length: float) -> None:
    """Overlap strips (dashed), registration crosses in them, and cut marks at the corners."""
    if len(tiling.tiles) == 1:
        return
    page, overlap = tile.page, tiling.overlap
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.setDash([3, 3])
    # (direction, where the strip's inner edge is, the strip's middle)
    strips: list[tuple[str, float, float]] = []
    if tile.column > 0:
        strips.append(("v", page.x + overlap, page.x + overlap / 2))
    if tile.column < tiling.columns - 1:
        strips.append(("v", page.right - overlap, page.right - overlap / 2))
    if tile.row > 0:
        strips.append(("h", page.top - overlap, page.top - overlap / 2))
    if tile.row < tiling.rows - 1:
        strips.append(("h", page.y + overlap, page.y + overlap / 2))
    for direction, edge, _ in strips:
        if direction == "v":
            c.line(edge, page.y, edge, page.top)
        else:
            c.line(page.x, edge, page.right, edge)
    c.setDash([])
    c.setStrokeColor(BLACK)
    arm = overlap * 0.3
    for direction, _, middle in strips:
        if direction == "v":
            for y in (page.y + page.height * 0.25, page.y + page.height * 0.75):
                _cross(c, middle, y, arm)
        else:
            for x in (page.x + page.width * 0.25, page.x + page.width * 0.75):
                _cross(c, x, middle, arm)
    c.setLineWidth(0.3)
    for x in (page.x, page.right):
        c.line(x, page.top + 2, x, page.top + 2 + mark_length)
        c.line(x, page.y - 2, x, page.y - 2 - mark_length)
    for y in (page.y, page.top):
        c.line(page.x - 2, y, page.x - 2 - mark_length, y)
        c.line(page.right + 2, y, page.right + 2 + mark_length, y)
    c.restoreState()


def _cross(c: Canvas, x: float, y: float, arm: float) -> None:
    c.circle(x, y, arm * 0.6, stroke=1, fill=0)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
