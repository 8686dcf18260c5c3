"""A/B comparison on paired seeds: baseline and variants meet the same deals and setups.

Per-game quantities (scores, wins, margins, counts) are compared game by game, so the
interval of their difference is that of a paired mean; rates over different sets of games
(a card's ride rate) use the two-sample interval. A difference is marked significant when its
95% interval excludes zero.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable
from typing import Any

from toolkit.sim.balance import lead_changes, win_credit, winning_margin
from toolkit.sim.intervals import Z95, rounded
from toolkit.sim.runner import GameRecord

PerGame = Callable[[GameRecord], float]


def paired(base: list[GameRecord], other: list[GameRecord], measure: PerGame) -> dict[str, Any]:
    a = [measure(r) for r in base]
    b = [measure(r) for r in other]
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs) if diffs else 0.0
    error = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    low, high = mean - Z95 * error, mean + Z95 * error
    return _row(
        statistics.fmean(a) if a else 0.0, statistics.fmean(b) if b else 0.0, mean, low, high
    )


def _row(base: float, other: float, diff: float, low: float, high: float) -> dict[str, Any]:
    return {
        "baseline": rounded(base),
        "variant": rounded(other),
        "difference": rounded(diff),
        "ci95": [rounded(low), rounded(high)],
        "significant": low > 0 or high < 0,
    }


def compare_runs(
    base: list[GameRecord],
    other: list[GameRecord],
    base_summary: dict[str, Any],
    other_summary: dict[str, Any],
) -> dict[str, Any]:
    """Every statistic of `simulate`, baseline against variant, with intervals."""
    players = len(base[0].totals) if base else 0
    rows: dict[str, dict[str, Any]] = {}
    for seat in range(players):
        rows[f"seat {seat + 1} win rate"] = paired(base, other, _seat_wins(seat))
        rows[f"seat {seat + 1} mean score"] = paired(base, other, _seat_score(seat))
    rows["mean score, all seats"] = paired(base, other, lambda r: statistics.fmean(r.totals))
    labels = list(dict.fromkeys(k for r in base + other for b in r.breakdown for k in b))
    for label in labels:
        rows[f"points from {label}"] = paired(base, other, _source_points(label))
    rows["winning margin"] = paired(base, other, winning_margin)
    rows["lead changes"] = paired(base, other, lead_changes)
    rows["choices declined per game"] = paired(base, other, lambda r: r.declined)
    rows["supply ran short"] = paired(base, other, lambda r: float(r.supply_short > 0))
    rows["shared victory"] = paired(base, other, lambda r: float(len(r.winners) > 1))
    counters = sorted({k for r in base + other for k in r.counters})
    for name in counters:
        rows[f"{name} per game"] = paired(base, other, _counter(name))
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


def _seat_wins(seat: int) -> PerGame:
    return lambda record: win_credit(record, seat)


def _seat_score(seat: int) -> PerGame:
    return lambda record: record.totals[seat]


def _source_points(label: str) -> PerGame:
    return lambda record: statistics.fmean(b.get(label, 0) for b in record.breakdown)


def _counter(name: str) -> PerGame:
    return lambda record: record.counters.get(name, 0)


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
