"""Exact statistics of whole-number histograms and of win credits: means, spreads,
quantiles and intervals, computed in fractions so that they do not depend on the order in
which games were counted."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from fractions import Fraction

from toolkit.sim.intervals import Z95


class Moments:
    """Count, sum and sum of squares of a sample, exactly."""

    __slots__ = ("n", "squares", "total")

    def __init__(self, n: int = 0, total: Fraction = Fraction(0), squares: Fraction = Fraction(0)):
        self.n, self.total, self.squares = n, total, squares

    @classmethod
    def of_histogram(cls, counts: Iterable[tuple[Fraction | int, int]]) -> Moments:
        moments = cls()
        for value, count in counts:
            moments.n += count
            moments.total += value * count
            moments.squares += Fraction(value) * value * count
        return moments

    @property
    def mean(self) -> float:
        return float(self.total / self.n) if self.n else 0.0

    @property
    def variance(self) -> Fraction:
        """The sample variance (n - 1 in the denominator), 0 for fewer than two."""
        if self.n < 2:
            return Fraction(0)
        return (self.squares - self.total * self.total / self.n) / (self.n - 1)

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    def mean_interval(self) -> tuple[float, float]:
        """The 95% normal interval of the mean."""
        if not self.n:
            return 0.0, 0.0
        half = Z95 * math.sqrt(self.variance / self.n)
        return self.mean - half, self.mean + half


def credits(counts: Mapping[int, int]) -> Moments:
    """Win credits as a sample: `counts` maps k (k winners shared the win; 0: a loss) to
    how many players ended so."""
    return Moments.of_histogram(
        (Fraction(1, k) if k else Fraction(0), count) for k, count in counts.items()
    )


def difference(a: Moments, b: Moments) -> tuple[float, float, float]:
    """Difference of two means (a - b) with a 95% normal interval (Welch's standard error)."""
    if not a.n or not b.n:
        return 0.0, 0.0, 0.0
    diff = a.mean - b.mean
    error = math.sqrt(a.variance / a.n + b.variance / b.n)
    return diff, diff - Z95 * error, diff + Z95 * error


def quantile(histogram: Mapping[int, int], share: Fraction) -> int:
    """The smallest value at or below which at least `share` of the sample lies (the
    nearest-rank quantile), exact."""
    n = sum(histogram.values())
    rank = max(1, math.ceil(share * n))
    seen = 0
    for value in sorted(histogram):
        seen += histogram[value]
        if seen >= rank:
            return value
    return 0
