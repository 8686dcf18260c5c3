"""Cutting and assembly marks, drawn only where no card or board is printed.

Crop marks extend each cut line into the sheet's margin, starting a small gap beyond the
cards' bleed, so a mark never crosses a card face (or its bleed). Tile marks show where a
board's tiles overlap and how they line up.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from toolkit.pnp.colours import BLACK, GREY
from toolkit.pnp.geometry import Sheet, Tile, Tiling

MIN_MARK_WIDTH = 0.25
"""Thinner marks vanish on many home printers; a layout's thinner `mark_width` is raised."""


def crop_marks(
    c: Canvas, sheet: Sheet, length: float, gap: float, width: float, edge: float = 0.0
) -> None:
    """Marks on every cut line, from `gap` beyond the cards to at most `edge` from the paper's
    edge (printers leave the outermost millimetres blank), at least `MIN_MARK_WIDTH` wide."""
    content = sheet.content
    c.saveState()
    c.setStrokeColor(BLACK)
    c.setLineWidth(max(width, MIN_MARK_WIDTH))
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


def cross_points(
    tiling: Tiling, tile: Tile, free_x: tuple[float, ...] = (), free_y: tuple[float, ...] = ()
) -> list[tuple[float, float]]:
    """Where registration crosses go in a tile's overlap strips, in page coordinates.

    `free_y` (for the strips at the left and right) and `free_x` (top and bottom) are places
    along the strip with nothing printed under a cross (between rows of a board, in its
    padding); crosses sit on those inside the tile, else at a quarter and three quarters.
    """
    page, overlap = tile.page, tiling.overlap
    arm = cross_arm(tiling)
    ys = [y for y in free_y if page.y + arm <= y <= page.top - arm][:2] or [
        page.y + page.height * 0.25,
        page.y + page.height * 0.75,
    ]
    xs = [x for x in free_x if page.x + arm <= x <= page.right - arm][:2] or [
        page.x + page.width * 0.25,
        page.x + page.width * 0.75,
    ]
    points = []
    if tile.column > 0:
        points += [(page.x + overlap / 2, y) for y in ys]
    if tile.column < tiling.columns - 1:
        points += [(page.right - overlap / 2, y) for y in ys]
    if tile.row > 0:
        points += [(x, page.top - overlap / 2) for x in xs]
    if tile.row < tiling.rows - 1:
        points += [(x, page.y + overlap / 2) for x in xs]
    return points


def tile_marks(
    c: Canvas,
    tiling: Tiling,
    tile: Tile,
    mark_length: float,
    free_x: tuple[float, ...] = (),
    free_y: tuple[float, ...] = (),
) -> None:
    """Overlap strips (dashed), registration crosses in them, and cut marks at the corners."""
    if len(tiling.tiles) == 1:
        return
    page, overlap = tile.page, tiling.overlap
    c.saveState()
    c.setStrokeColor(GREY)
    c.setLineWidth(0.5)
    c.setDash([3, 3])
    if tile.column > 0:
        c.line(page.x + overlap, page.y, page.x + overlap, page.top)
    if tile.column < tiling.columns - 1:
        c.line(page.right - overlap, page.y, page.right - overlap, page.top)
    if tile.row > 0:
        c.line(page.x, page.top - overlap, page.right, page.top - overlap)
    if tile.row < tiling.rows - 1:
        c.line(page.x, page.y + overlap, page.right, page.y + overlap)
    c.setDash([])
    c.setStrokeColor(BLACK)
    for x, y in cross_points(tiling, tile, free_x, free_y):
        _cross(c, x, y, cross_arm(tiling))
    c.setLineWidth(max(0.3, MIN_MARK_WIDTH))
    for x in (page.x, page.right):
        c.line(x, page.top + 2, x, page.top + 2 + mark_length)
        c.line(x, page.y - 2, x, page.y - 2 - mark_length)
    for y in (page.y, page.top):
        c.line(page.x - 2, y, page.x - 2 - mark_length, y)
        c.line(page.right + 2, y, page.right + 2 + mark_length, y)
    c.restoreState()


def cross_arm(tiling: Tiling) -> float:
    """Half the width of a registration cross."""
    return tiling.overlap * 0.25


def _cross(c: Canvas, x: float, y: float, arm: float) -> None:
    c.circle(x, y, arm * 0.6, stroke=1, fill=0)
    c.line(x - arm, y, x + arm, y)
    c.line(x, y - arm, x, y + arm)
