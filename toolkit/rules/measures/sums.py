"""`best_total` and `lowest_of_runs`: totals of a numeric field worked out from a hand."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence


def best_total(
    values: Iterable[int], counts_as: Mapping[int, Sequence[int]], limit: int, bust: int
) -> int:
    """The highest total not over `limit`, each value counting as itself or one of its
    alternatives; `bust` when even the least total is over it. The reachable totals are
    tracked as a set, so a hand of many aces stays linear in the limit."""
    base, choices = 0, []
    for value in values:
        also = counts_as.get(value)
        if also:
            choices.append((value, *also))
        else:
            base += value
    if not choices:
        return base if base <= limit else bust
    totals = {base}
    for options in choices:
        reached = {total + option for total in totals for option in options}
        least = min(reached)
        # Totals over the limit never come back under it unless an option is negative:
        # keep the least of them only, so a bust is still told apart.
        totals = {t for t in reached if t <= limit} or {least}
        if least > limit and any(o < 0 for o in options):
            totals.add(least)
    fitting = [t for t in totals if t <= limit]
    return max(fitting) if fitting else bust


def lowest_of_runs(groups: Iterable[Iterable[int]]) -> int:
    """The sum of the lowest value of each run of consecutive values, per group (a value
    held twice is one member of its run)."""
    total = 0
    for group in groups:
        held = set(group)
        total += sum(value for value in held if value - 1 not in held)
    return total
