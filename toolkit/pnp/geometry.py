"""Sheet geometry (imposition): where cards sit on a page, their bleed, mirrors and tiles.

Pure arithmetic in points with the PDF's origin at the bottom left, so it is tested without
drawing. The home sheet decides per axis: each card gets its full bleed when the paper has
room for the gutters; otherwise neighbouring cards share their cut line and only the
sheet's outer edges bleed (as far as the margin allows).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def mirrored(self, page_width: float) -> Rect:
        """The same rectangle seen through the paper after a long-edge (left-right) flip."""
        return Rect(page_width - self.right, self.y, self.width, self.height)

    def contains(self, x: float, y: float, tolerance: float = 0.5) -> bool:
        return (
            self.x - tolerance <= x <= self.right + tolerance
            and self.y - tolerance <= y <= self.top + tolerance
        )


@dataclass(frozen=True, slots=True)
class Bleed:
    """Bleed on each side of a card (zero where it shares a cut line with a neighbour)."""

    left: float
    right: float
    bottom: float
    top: float

    def around(self, trim: Rect) -> Rect:
        return Rect(
            trim.x - self.left,
            trim.y - self.bottom,
            trim.width + self.left + self.right,
            trim.height + self.bottom + self.top,
        )

    def mirrored(self) -> Bleed:
        return Bleed(self.right, self.left, self.bottom, self.top)


@dataclass(frozen=True, slots=True)
class Slot:
    trim: Rect
    bleed: Bleed

    @property
    def outer(self) -> Rect:
        return self.bleed.around(self.trim)

    def mirrored(self, page_width: float) -> Slot:
        return Slot(self.trim.mirrored(page_width), self.bleed.mirrored())


@dataclass(frozen=True, slots=True)
class Sheet:
    """A page of card slots (row by row from the top left), and the cut lines for marks."""

    width: float
    height: float
    slots: tuple[Slot, ...]
    cuts_x: tuple[float, ...]
    cuts_y: tuple[float, ...]
    content: Rect
    """Everything printed for the cards, bleed included; marks stay outside it."""
    shared_x: bool
    shared_y: bool

    def partial(self, count: int) -> Sheet:
        """The sheet with only its first `count` slots: cut lines and marks for those alone,
        so the rest of the paper is free for something else."""
        slots = self.slots[:count]
        cuts_x = sorted({round(x, 4) for s in slots for x in (s.trim.x, s.trim.right)})
        cuts_y = sorted({round(y, 4) for s in slots for y in (s.trim.y, s.trim.top)})
        return Sheet(
            self.width,
            self.height,
            slots,
            tuple(cuts_x),
            tuple(cuts_y),
            _around([s.outer for s in slots]),
            self.shared_x,
            self.shared_y,
        )

    def mirrored(self) -> Sheet:
        """The back of this sheet for a long-edge flip: every slot mirrored left to right."""
        return Sheet(
            self.width,
            self.height,
            tuple(slot.mirrored(self.width) for slot in self.slots),
            tuple(sorted(self.width - x for x in self.cuts_x)),
            self.cuts_y,
            self.content.mirrored(self.width),
            self.shared_x,
            self.shared_y,
        )


class SheetDoesNotFit(ValueError):
    """The cards of a sheet template do not fit the paper inside its margins."""


@dataclass(frozen=True, slots=True)
class _Axis:
    starts: tuple[float, ...]
    before: tuple[float, ...]
    after: tuple[float, ...]
    shared: bool


def _axis(
    paper: float, card: float, count: int, bleed: float, margin: float, mark_room: float
) -> _Axis:
    if count * card + 2 * margin > paper + 0.01:
        raise SheetDoesNotFit(
            f"{count} cards of {card * 25.4 / 72:.1f} mm need "
            f"{(count * card + 2 * margin) * 25.4 / 72:.1f} mm with the margins; "
            f"the paper has {paper * 25.4 / 72:.1f} mm"
        )
    separate = count * (card + 2 * bleed) + 2 * margin <= paper + 0.01
    if separate or bleed == 0:
        step = card + 2 * bleed
        first = (paper - count * step) / 2 + bleed
        starts = tuple(first + i * step for i in range(count))
        return _Axis(starts, (bleed,) * count, (bleed,) * count, shared=bleed == 0)
    first = (paper - count * card) / 2
    # Crop marks before bleed: the outer bleed shrinks (to nothing if need be) so that the
    # marks keep their full length inside the paper's printable part.
    outer = max(0.0, min(bleed, first - margin, first - mark_room))
    starts = tuple(first + i * card for i in range(count))
    before = tuple(outer if i == 0 else 0.0 for i in range(count))
    after = tuple(outer if i == count - 1 else 0.0 for i in range(count))
    return _Axis(starts, before, after, shared=True)


def home_sheet(
    paper: tuple[float, float],
    card: tuple[float, float],
    grid: tuple[int, int],
    bleed: float,
    margin: float,
    mark_room: float = 0.0,
) -> Sheet:
    """Slots of a `columns x rows` grid centred on the paper (portrait); `mark_room` is the
    space crop marks need beyond the cards where bleed has to be shared."""
    width, height = paper
    columns, rows = grid
    xs = _axis(width, card[0], columns, bleed, margin, mark_room)
    ys = _axis(height, card[1], rows, bleed, margin, mark_room)
    slots = []
    for row in range(rows):
        j = rows - 1 - row  # rows count from the top; PDF y grows upwards
        for column in range(columns):
            trim = Rect(xs.starts[column], ys.starts[j], card[0], card[1])
            edge = Bleed(xs.before[column], xs.after[column], ys.before[j], ys.after[j])
            slots.append(Slot(trim, edge))
    cuts_x = sorted({round(x, 4) for s in slots for x in (s.trim.x, s.trim.right)})
    cuts_y = sorted({round(y, 4) for s in slots for y in (s.trim.y, s.trim.top)})
    content = _around([s.outer for s in slots])
    return Sheet(
        width, height, tuple(slots), tuple(cuts_x), tuple(cuts_y), content, xs.shared, ys.shared
    )


def _around(rects: list[Rect]) -> Rect:
    """The smallest rectangle holding every one of `rects`."""
    left, bottom = min(r.x for r in rects), min(r.y for r in rects)
    return Rect(
        left, bottom, max(r.right for r in rects) - left, max(r.top for r in rects) - bottom
    )


def single_card_page(card: tuple[float, float], bleed: float) -> Sheet:
    """A print-shop page: the card and its bleed, nothing else."""
    trim = Rect(bleed, bleed, card[0], card[1])
    slot = Slot(trim, Bleed(bleed, bleed, bleed, bleed))
    page = slot.outer
    return Sheet(page.width, page.height, (slot,), (), (), page, False, False)


@dataclass(frozen=True, slots=True)
class Tile:
    """One page of a tiled board: the part of the board it shows and where it is printed."""

    column: int
    row: int
    board: Rect
    """The board area shown, in board coordinates (origin at the board's bottom left)."""
    page: Rect
    """Where that area lands on the page."""


@dataclass(frozen=True, slots=True)
class Tiling:
    page_width: float
    page_height: float
    columns: int
    rows: int
    overlap: float
    tiles: tuple[Tile, ...]


def tile_board(
    board: tuple[float, float], paper: tuple[float, float], margin: float, overlap: float
) -> Tiling:
    """Split a board over pages, portrait or landscape, whichever needs fewer pages (on a
    tie, the one turned like the board).

    Neighbouring tiles share an `overlap` strip, printed on both, for gluing.
    """
    best: Tiling | None = None
    for page_width, page_height in (paper, (paper[1], paper[0])):
        area = (page_width - 2 * margin, page_height - 2 * margin)
        counts = [_tiles(board[i], area[i], overlap) for i in (0, 1)]
        tiles = []
        for row in range(counts[1]):
            for column in range(counts[0]):
                x0 = column * (area[0] - overlap)
                top = board[1] - row * (area[1] - overlap)
                w = min(area[0], board[0] - x0)
                h = min(area[1], top)
                shown = Rect(x0, top - h, w, h)
                if counts == [1, 1]:  # one page: centred across, at the top (below: free)
                    where = Rect((page_width - w) / 2, page_height - margin - h, w, h)
                else:
                    where = Rect(margin, page_height - margin - h, w, h)
                tiles.append(Tile(column, row, shown, where))
        tiling = Tiling(page_width, page_height, counts[0], counts[1], overlap, tuple(tiles))
        if best is None or _rank(tiling, board) < _rank(best, board):
            best = tiling
    assert best is not None
    return best


def _rank(tiling: Tiling, board: tuple[float, float]) -> tuple[int, bool]:
    """Fewer pages first; on a tie, pages turned the same way as the board."""
    same_way = (tiling.page_width >= tiling.page_height) == (board[0] >= board[1])
    return len(tiling.tiles), not same_way


def _tiles(length: float, area: float, overlap: float) -> int:
    if length <= area + 0.01:
        return 1
    return math.ceil((length - overlap) / (area - overlap) - 1e-9)
