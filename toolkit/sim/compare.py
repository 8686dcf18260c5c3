"""A/B comparison on paired seeds: baseline and variants meet the same deals and setups.

Per-game quantities (scores, wins, margins, counts) are compared game by game, so the
interval of their difference is that of a paired mean; rates over different sets of games
(a card's ride rate) use the two-sample interval. A difference is marked significant when its
95% interval excludes zero. Pairing needs each game's measures: the runs keep them as
columns of whole numbers (8 bytes per measure a game), the one statistic whose memory grows
with the number of games.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from toolkit.sim.balance import Games
from toolkit.sim.intervals import Z95, rounded
from toolkit.sim.moments import Moments
from toolkit.sim.tally import PairedColumns, Tally

Value = Fraction | int


def paired(base: Iterable[Value], other: Iterable[Value]) -> dict[str, Any]:
    """One measure of the same games under baseline and variant: the means and the mean of
    the game-by-game differences with its 95% interval, exact whatever the games' order."""
    a, b, diffs = Moments(), Moments(), Moments()
    for x, y in zip(base, other, strict=True):
        for moments, value in ((a, x), (b, y), (diffs, y - x)):
            moments.n += 1
            moments.total += value
            moments.squares += Fraction(value) * value
    error = math.sqrt(diffs.variance / diffs.n) if diffs.n > 1 else 0.0
    mean = diffs.mean
    return _row(a.mean, b.mean, mean, mean - Z95 * error, mean + Z95 * error)


def _row(base: float, other: float, diff: float, low: float, high: float) -> dict[str, Any]:
    return {
        "baseline": rounded(base),
        "variant": rounded(other),
        "difference": rounded(diff),
        "ci95": [rounded(low), rounded(high)],
        "significant": low > 0 or high < 0,
    }


def _columns(games: Games) -> PairedColumns:
    tally = games if isinstance(games, Tally) else Tally.of(games, paired=True)
    if tally.paired is None:
        raise ValueError("a paired comparison needs runs that kept their paired columns")
    return tally.paired


def compare_runs(
    base: Games,
    other: Games,
    base_summary: dict[str, Any],
    other_summary: dict[str, Any],
) -> dict[str, Any]:
    """Every statistic of `simulate`, baseline against variant, with intervals."""
    a, b = _columns(base), _columns(other)
    names = list(dict.fromkeys([*a.columns, *b.columns]))
    counters = sorted(
        (n for n in names if n.endswith(" per game") and n not in _FIXED_TAIL),
        key=lambda n: n.removesuffix(" per game"),
    )
    head = [n for n in names if n not in counters and n not in _FIXED_TAIL]
    rows: dict[str, dict[str, Any]] = {}
    for name in [*head, *_FIXED_TAIL, *counters]:
        rows[name] = paired(a.values(name), b.values(name))
    for zone, rows_base in base_summary["cards"].items():
        other_rows = {row["card"]: row for row in other_summary["cards"].get(zone, [])}
        for row in rows_base:
            match = other_rows.get(row["card"])
            if match is None:
                continue
            rows[f"{row['card']} taken"] = _two_proportions(
                row["acquire_rate"],
                row["games_on_display"],
                match["acquire_rate"],
                match["games_on_display"],
            )
    return {"differences": rows, "targets": _verdicts(base_summary, other_summary)}


_FIXED_TAIL = (
    "winning margin",
    "lead changes",
    "choices declined per game",
    "supply ran short",
    "shared victory",
)
"""The measures every game has, after the seats' and the sources'; counters come last."""


def _two_proportions(p1: float, n1: int, p2: float, n2: int) -> dict[str, Any]:
    diff = p2 - p1
    error = math.sqrt(p1 * (1 - p1) / max(n1, 1) + p2 * (1 - p2) / max(n2, 1))
    return _row(p1, p2, diff, diff - Z95 * error, diff + Z95 * error)


def _verdicts(base: dict[str, Any], other: dict[str, Any]) -> list[dict[str, Any]]:
    verdicts = []
    for before, after in zip(base["targets"], other["targets"], strict=True):
        if before["passed"] == after["passed"]:
            verdict = "still passes" if after["passed"] else "still fails"
        else:
            verdict = "now passes" if after["passed"] else "now fails"
        verdicts.append(
            {
                "target": before["target"],
                "baseline": before["value"],
                "variant": after["value"],
                "baseline_passed": before["passed"],
                "variant_passed": after["passed"],
                "verdict": verdict,
                "detail": after["detail"],
            }
        )
    return verdicts
