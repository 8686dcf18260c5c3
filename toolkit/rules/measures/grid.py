"""`grid_pairs`: a grid's cards added up, equal cards in one line cancelling."""

from __future__ import annotations

from collections.abc import Iterable


def grid_pairs(
    cells: Iterable[tuple[tuple[int, int], int | None, object]],
    line: str,
    size: int,
    face_down: int,
) -> int:
    """Each cell is (row, column), the card's value (None: face down) and what it is matched
    by. Within each line (a column or a row) cards sharing a match value cancel in sets of
    `size`, the first ones in the line's order; the others add their value."""
    lines: dict[int, list[tuple[int, int, object]]] = {}
    total = 0
    for (row, column), value, match in cells:
        if value is None:
            total += face_down
            continue
        key, place = (column, row) if line == "column" else (row, column)
        lines.setdefault(key, []).append((place, value, match))
    for cards in lines.values():
        cards.sort(key=lambda card: card[0])
        by_match: dict[object, list[int]] = {}
        for _, value, match in cards:
            by_match.setdefault(match, []).append(value)
        for match, values in by_match.items():
            cancelled = len(values) // size * size if match is not None else 0
            total += sum(values[cancelled:])
    return total
