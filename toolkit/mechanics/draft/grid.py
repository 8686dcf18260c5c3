"""Grid placement under a project plan: shape, adjacency, ascending numbers, unique numbers.

A park is a dict from (row, column) to a card (face-down cards stored as ~card). Rows grow
downwards. The plan's shape has a fixed orientation, but a park may sit at any translation of
it: the set of translations still possible shrinks as cards are placed, and a new cell is
legal while some remaining translation covers it. Coordinates start at (0, 0) for the first
card, so they may be negative.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Cell = tuple[int, int]
Park = dict[Cell, int]
NEIGHBOURS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True, slots=True)
class Shape:
    """A plan's cells, (row, column) with row 0 at the top; the last row lies on its line."""

    cells: frozenset[Cell]

    @classmethod
    def from_rows(cls, rows: Iterable[str]) -> Shape:
        return cls(
            frozenset(
                (r, c) for r, row in enumerate(rows) for c, mark in enumerate(row) if mark == "#"
            )
        )

    def translations(self, placed: Iterable[Cell]) -> frozenset[Cell]:
        """Every offset (dr, dc) such that all placed cells lie on the shape moved by it."""
        cells = list(placed)
        if not cells:
            return frozenset({(0, 0)})
        first = cells[0]
        candidates = {(first[0] - r, first[1] - c) for r, c in self.cells}
        return frozenset(
            (dr, dc)
            for dr, dc in candidates
            if all((r - dr, c - dc) in self.cells for r, c in cells)
        )

    def open_cells(self, park: Park, offsets: frozenset[Cell]) -> list[Cell]:
        """Empty cells where a card may go: on the shape under some offset, next to a card."""
        if not park:
            return [(0, 0)]
        found: set[Cell] = set()
        for dr, dc in offsets:
            for r, c in self.cells:
                row, col = r + dr, c + dc
                cell = (row, col)
                if cell in park or cell in found:
                    continue
                if (
                    (row - 1, col) in park
                    or (row + 1, col) in park
                    or (row, col - 1) in park
                    or (row, col + 1) in park
                ):
                    found.add(cell)
        return sorted(found)

    def narrow(self, offsets: frozenset[Cell], cell: Cell) -> frozenset[Cell]:
        """The offsets that remain once `cell` is used."""
        return frozenset(
            (dr, dc) for dr, dc in offsets if (cell[0] - dr, cell[1] - dc) in self.cells
        )


def initial_offsets(shape: Shape) -> frozenset[Cell]:
    """Offsets once the first card lies at (0, 0): that card may be any cell of the shape."""
    return frozenset((-r, -c) for r, c in shape.cells)


def ascending_ok(
    park: Park, cell: Cell, number: int, numbers: tuple[int, ...], reading_order: bool
) -> bool:
    """Whether a face-up card numbered `number` at `cell` keeps the park ascending.

    Rows and columns (the default): every face-up card left of it in its row and above it in
    its column is lower, every one right of it or below it higher. Reading order: every card
    before it reading left to right, top to bottom, is lower, every one after it higher.
    Face-down cards (negative) are ignored.
    """
    row, col = cell
    for (r, c), card in park.items():
        if card < 0 or (r, c) == cell:
            continue
        other = numbers[card]
        if reading_order:
            before = (r, c) < (row, col)
        elif r == row:
            before = c < col
        elif c == col:
            before = r < row
        else:
            continue
        if before and other >= number:
            return False
        if not before and other <= number:
            return False
    return True


def grid_is_valid(
    park: Park, shape: Shape, numbers: tuple[int, ...], reading_order: bool
) -> list[str]:
    """Every placement rule checked on a whole park; the problems (empty when valid)."""
    return [message for _, message in grid_problems(park, shape, numbers, reading_order)]


def grid_problems(
    park: Park, shape: Shape, numbers: tuple[int, ...], reading_order: bool
) -> list[tuple[Cell | None, str]]:
    """Placement-rule problems with the cell at fault (rows and columns counted from 1)."""
    problems: list[tuple[Cell | None, str]] = []
    if park and not shape.translations(park):
        problems.append((None, "the cards do not fit the plan's shape"))
    cells = set(park)
    if len(cells) > 1:
        start = next(iter(cells))
        seen, stack = {start}, [start]
        while stack:
            r, c = stack.pop()
            for a, b in NEIGHBOURS:
                n = (r + a, c + b)
                if n in cells and n not in seen:
                    seen.add(n)
                    stack.append(n)
        if seen != cells:
            problems.append((None, "the cards are not all connected"))
    first: dict[int, Cell] = {}
    for cell, card in sorted(park.items()):
        if card < 0:
            continue
        number = numbers[card]
        if number in first:
            problems.append(
                (
                    cell,
                    f"number {number} appears twice ({_where(first[number])} and {_where(cell)})",
                )
            )
        first.setdefault(number, cell)
        if not ascending_ok(park, cell, number, numbers, reading_order):
            problems.append((cell, f"the card at {_where(cell)} breaks the ascending order"))
    return problems


def connected(cells: Iterable[Cell]) -> bool:
    """Whether the cells form one shape, each bordering another on a side."""
    remaining = set(cells)
    if not remaining:
        return False
    stack = [remaining.pop()]
    while stack:
        r, c = stack.pop()
        for a, b in NEIGHBOURS:
            neighbour = (r + a, c + b)
            if neighbour in remaining:
                remaining.remove(neighbour)
                stack.append(neighbour)
    return not remaining


def _where(cell: Cell) -> str:
    return f"row {cell[0] + 1}, column {cell[1] + 1}"
