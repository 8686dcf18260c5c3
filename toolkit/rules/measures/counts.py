"""What scoring rules count at play: the largest group of like cells in a grid, the longest
run of numbers, the most sets of distinct values, a dense ranking. Plain functions, apart
from the rules' models, so a compiled game from the cache scores without them."""

from __future__ import annotations

from collections import Counter


def largest_group(cells: dict[tuple[int, int], object]) -> int:
    """Size of the largest set of orthogonally adjacent cells sharing one value."""
    seen: set[tuple[int, int]] = set()
    best = 0
    for start, value in cells.items():
        if start in seen or value is None:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            r, c = stack.pop()
            size += 1
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell not in seen and cells.get(cell) == value:
                    seen.add(cell)
                    stack.append(cell)
        best = max(best, size)
    return best


def longest_run(numbers: set[int]) -> int:
    """Length of the longest run of directly consecutive numbers."""
    best = 0
    for number in numbers:
        if number - 1 not in numbers:
            length = 1
            while number + length in numbers:
                length += 1
            best = max(best, length)
    return best


def dense(values: list[int], ladder: list[int], minimum: int) -> list[int]:
    """Tied players share a rank; the next distinct value takes the next rank."""
    ranked = sorted({v for v in values if v >= minimum}, reverse=True)
    award = {v: ladder[i] for i, v in enumerate(ranked[: len(ladder)])}
    return [award.get(v, 0) for v in values]


def count_sets(values: list[object], size: int) -> int:
    """The most disjoint sets of `size` cards with pairwise different values."""
    counts = sorted(Counter(v for v in values if v is not None).values(), reverse=True)
    best = 0
    for sets in range(1, len(values) // size + 1):
        if sum(min(count, sets) for count in counts) >= size * sets:
            best = sets
    return best
