"""`best_groups` and `best_per_group`: cards grouped by a field's value."""

from __future__ import annotations

from collections.abc import Iterable, Sequence


def group_worth(size: int, total: int, table: Sequence[int] | None, summed: bool) -> int:
    """What one group is worth: its entry of `table` by size, its summed field, or its size."""
    if table is not None:
        return table[min(size, len(table)) - 1]
    return total if summed else size


def best_groups(worths: Iterable[int], best: int) -> int:
    """The `best` most valuable groups added, every other group taken away."""
    ordered = sorted(worths, reverse=True)
    return sum(ordered[:best]) - sum(ordered[best:])


def best_per_group(groups: Iterable[Iterable[int]], lowest: bool) -> int:
    """The highest (or lowest) value of each non-empty group, added up."""
    pick = min if lowest else max
    return sum(pick(values) for values in (list(g) for g in groups) if values)
