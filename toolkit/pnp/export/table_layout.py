"""Where each piece goes on a virtual table: rows of footprints that never overlap.

The table is laid out for the players chosen, in millimetres on the table's plane (`x` to
the right, `y` away from the players, the middle of the table at 0, 0), row by row from the
far side: the card decks, each board, the supply, then a place per player along the near
edge with that player's pieces. Items of a row sit side by side, centred, `GAP` apart, and
rows are `GAP` apart, so no two footprints overlap (the export tests check it from the files
written). Each table format turns these places into its own units.
"""

from __future__ import annotations

from dataclasses import dataclass

GAP = 25.0
"""Millimetres between pieces and between rows: room to pick each up."""


@dataclass(frozen=True)
class Item:
    """A piece to place: its key (the caller's), and its footprint in millimetres."""

    key: str
    width: float
    depth: float


@dataclass(frozen=True)
class Place:
    """Where an item lies: the centre of its footprint, and the footprint."""

    key: str
    x: float
    y: float
    width: float
    depth: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        """Left, near, right and far edges."""
        return (
            self.x - self.width / 2,
            self.y - self.depth / 2,
            self.x + self.width / 2,
            self.y + self.depth / 2,
        )


def lay_out(
    decks: list[Item], boards: list[Item], supply: list[Item], players: list[list[Item]]
) -> list[Place]:
    """Every item's place: decks in a row at the far side, each board in a row of its own,
    the supply in a row, and each player's items grouped in a row along the near side (the
    first player at the left). Empty rows take no room."""
    rows: list[list[Item]] = []
    if decks:
        rows.append(decks)
    rows.extend([board] for board in boards)
    if supply:
        rows.append(supply)
    places: list[Place] = []
    y = 0.0
    for row in rows:
        depth = max(item.depth for item in row)
        places.extend(_row(row, y - depth / 2))
        y -= depth + GAP
    seats = [_seat(items) for items in players if items]
    if seats:
        depth = max(seat[1] for seat in seats)
        width = sum(seat[0] for seat in seats) + GAP * 2 * (len(seats) - 1)
        left = -width / 2
        for items, (seat_width, _) in zip([p for p in players if p], seats, strict=True):
            places.extend(_row(items, y - depth / 2, left + seat_width / 2))
            left += seat_width + 2 * GAP
    return _centred(places)


def _seat(items: list[Item]) -> tuple[float, float]:
    """A player's place: its items side by side."""
    width = sum(item.width for item in items) + GAP * (len(items) - 1)
    return width, max(item.depth for item in items)


def _row(items: list[Item], y: float, middle: float = 0.0) -> list[Place]:
    width = sum(item.width for item in items) + GAP * (len(items) - 1)
    x = middle - width / 2
    places = []
    for item in items:
        places.append(Place(item.key, x + item.width / 2, y, item.width, item.depth))
        x += item.width + GAP
    return places


def _centred(places: list[Place]) -> list[Place]:
    """The places moved so the middle of everything is the middle of the table."""
    if not places:
        return places
    boxes = [place.box for place in places]
    middle_y = (min(box[1] for box in boxes) + max(box[3] for box in boxes)) / 2
    return [Place(p.key, p.x, p.y - middle_y, p.width, p.depth) for p in places]


def overlapping(places: list[Place]) -> list[tuple[str, str]]:
    """Pairs of places whose footprints overlap (touching edges do not)."""
    pairs = []
    for index, one in enumerate(places):
        a = one.box
        for other in places[index + 1 :]:
            b = other.box
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                pairs.append((one.key, other.key))
    return pairs
