"""Balance metrics beyond win rates, and the manifest's targets checked against them."""

from __future__ import annotations

import itertools
import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from toolkit.content.models.manifest import Target
from toolkit.sim.intervals import Z95, rounded
from toolkit.sim.runner import GameRecord


def win_credit(record: GameRecord, player: int) -> float:
    """A win is worth 1, a shared victory 1/k to each of the k winners."""
    return 1 / len(record.winners) if player in record.winners else 0.0


def diff_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of two means (a - b) with a 95% normal interval (Welch's standard error)."""
    if not a or not b:
        return 0.0, 0.0, 0.0
    diff = statistics.fmean(a) - statistics.fmean(b)
    var_a = statistics.variance(a) if len(a) > 1 else 0.0
    var_b = statistics.variance(b) if len(b) > 1 else 0.0
    error = math.sqrt(var_a / len(a) + var_b / len(b))
    return diff, diff - Z95 * error, diff + Z95 * error


def balance(records: list[GameRecord], players: int) -> dict[str, Any]:
    games = len(records) or 1
    rates = [sum(win_credit(r, seat) for r in records) / games for seat in range(players)]
    margins = [winning_margin(r) for r in records]
    changes = [lead_changes(r) for r in records]
    drama: list[int] = []
    for record in records:
        middle = record.checkpoints[len(record.checkpoints) // 2 - 1] if record.checkpoints else ()
        if middle:
            winner = record.winners[0]
            others = [t for p, t in enumerate(middle) if p != winner]
            if record.lowest_wins:  # how far above the best of the others the winner was
                behind = middle[winner] - min(others, default=middle[winner])
            else:
                behind = max(others, default=0) - middle[winner]
            drama.append(max(0, behind))
    sources: dict[str, float] = defaultdict(float)
    for record in records:
        for breakdown in record.breakdown:
            for label, points in breakdown.items():
                sources[label] += abs(points)
    total_points = sum(sources.values()) or 1.0
    shares = {label: rounded(points / total_points) for label, points in sources.items()}
    return {
        "first_seat_advantage": rounded(rates[0] - 1 / players),
        "win_rate_spread": rounded(max(rates) - min(rates)),
        "winning_margin": rounded(statistics.fmean(margins)) if margins else 0.0,
        "lead_changes": rounded(statistics.fmean(changes)) if changes else 0.0,
        "drama": rounded(statistics.fmean(drama)) if drama else 0.0,
        "source_shares": shares,
        "top_source_share": max(shares.values(), default=0.0),
    }


def winning_margin(record: GameRecord) -> int:
    """Points between the winner and the runner-up."""
    ordered = sorted(record.totals, reverse=not record.lowest_wins)
    return abs(ordered[0] - ordered[1]) if len(ordered) > 1 else 0


def lead_changes(record: GameRecord) -> int:
    """How often the sole leader changed from one round's end to the next."""
    leaders = []
    for totals in record.checkpoints:
        best = min(totals) if record.lowest_wins else max(totals)
        top = [p for p, t in enumerate(totals) if t == best]
        if len(top) == 1:
            leaders.append(top[0])
    return sum(1 for a, b in itertools.pairwise(leaders) if a != b)


def card_effects(records: list[GameRecord]) -> list[dict[str, Any]]:
    """Per card held at the end by someone: how often, and the win-rate difference it goes
    with (holders versus the other players of the games where it was held or on show)."""
    held: dict[str, list[float]] = defaultdict(list)
    others: dict[str, list[float]] = defaultdict(list)
    for record in records:
        shown = {card for cards in record.display.values() for card in cards}
        owners: dict[str, set[int]] = defaultdict(set)
        for player, cards in enumerate(record.holdings):
            for card in cards:
                owners[card].add(player)
        for card in set(owners) | shown:
            for player in range(len(record.totals)):
                credit = win_credit(record, player)
                (held if player in owners[card] else others)[card].append(credit)
    rows = []
    for card in sorted(set(held) | set(others)):
        holders = held.get(card, [])
        rest = others.get(card, [])
        diff, low, high = diff_interval(holders, rest)
        rows.append(
            {
                "card": card,
                "held_by_share": rounded(len(holders) / (len(holders) + len(rest))),
                "win_rate_held": rounded(statistics.fmean(holders)) if holders else None,
                "win_rate_not_held": rounded(statistics.fmean(rest)) if rest else None,
                "difference": rounded(diff),
                "difference_ci95": [rounded(low), rounded(high)],
            }
        )
    return rows


def never_used(records: list[GameRecord], all_cards: Sequence[str]) -> list[str]:
    """Cards of the game that no player held at the end of a game, or of a round (in games
    whose rounds clear the table)."""
    seen = {card for record in records for cards in record.holdings for card in cards}
    seen.update(card for record in records for card in record.held)
    return [card for card in all_cards if card not in seen]


def check_targets(
    targets: Sequence[Target], summary: dict[str, Any], players: int
) -> list[dict[str, Any]]:
    """Each target that applies at this player count, passed or failed, with its value."""
    results = []
    metrics = summary["balance"]
    for target in targets:
        if target.players is not None and players not in target.players:
            continue
        detail = ""
        if target.metric == "acquire_rate":
            rows = summary["cards"].get(target.zone or "", [])
            values = {row["card"]: row["acquire_rate"] for row in rows}
            failing = [
                card
                for card, value in values.items()
                if not _within(value, target.at_least, target.at_most)
            ]
            passed = bool(values) and not failing
            shown = [f"{card} {values[card]:.0%}" for card in failing]
            detail = "outside: " + ", ".join(shown) if failing else f"all {len(values)} cards"
            # The value shown is the card farthest outside the goal (or the mean when all pass).
            value = rounded(
                max(values.values(), key=lambda v: _distance(v, target), default=0.0)
                if failing
                else sum(values.values()) / max(len(values), 1)
            )
        elif target.metric == "shared_victory_rate":
            value = summary["game"]["shared_victory_rate"]
            passed = _within(value, target.at_least, target.at_most)
        else:
            value = metrics[target.metric]
            passed = _within(value, target.at_least, target.at_most)
        results.append(
            {
                "target": target.label or target.metric,
                "metric": target.metric,
                "value": value,
                "at_least": target.at_least,
                "at_most": target.at_most,
                "passed": passed,
                "detail": detail,
            }
        )
    return results


def _distance(value: float, target: Target) -> float:
    """How far a value lies outside a target's bounds (0 inside)."""
    below = target.at_least - value if target.at_least is not None else 0.0
    above = value - target.at_most if target.at_most is not None else 0.0
    return max(below, above, 0.0)


def _within(value: float, low: float | None, high: float | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)
