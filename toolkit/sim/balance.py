"""Balance metrics beyond win rates, and the manifest's targets checked against them."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from toolkit.engine.compiled import TargetSpec
from toolkit.sim.game_record import GameRecord
from toolkit.sim.intervals import rounded, wilson_interval
from toolkit.sim.moments import Moments, credits, difference
from toolkit.sim.tally import Tally, lead_changes, win_credit, winning_margin

__all__ = [
    "Games",
    "balance",
    "card_effects",
    "check_targets",
    "diff_interval",
    "lead_changes",
    "never_used",
    "tallied",
    "win_credit",
    "winning_margin",
]


Games = Tally | Sequence[GameRecord]
"""A run's games: their tally, or records (tallied here)."""


def tallied(games: Games) -> Tally:
    return games if isinstance(games, Tally) else Tally.of(games)


def diff_interval(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Difference of two means (a - b) with a 95% normal interval (Welch's standard error)."""
    return difference(
        Moments.of_histogram((Fraction(v), 1) for v in a),
        Moments.of_histogram((Fraction(v), 1) for v in b),
    )


def side_rates(tally: Tally) -> list[Fraction]:
    """Each side's (team's, or player's) share of the games it won, a shared win split."""
    sides = len(tally.sides)
    credit = [Fraction(0)] * sides
    for (side, k), count in tally.side_wins.items():
        credit[side] += Fraction(count, k)
    return [c / tally.games if tally.games else Fraction(0) for c in credit]


def balance(games: Games, players: int) -> dict[str, Any]:
    """Seat, side and starting-player fairness, margins, lead changes and drama, and how
    much each source of points weighs."""
    tally = tallied(games)
    rates = side_rates(tally) if tally.games else [Fraction(0)] * players
    sides = max(len(rates), 1)
    first = Moments.of_histogram(
        (Fraction(1, k) if k else Fraction(0), count) for k, count in tally.first_wins.items()
    )
    first_low, first_high = wilson_interval(float(first.total), first.n)
    total_points = sum(tally.magnitudes.values()) or 1
    shares = {label: rounded(points / total_points) for label, points in tally.magnitudes.items()}
    drama = Moments.of_histogram(tally.drama.items())
    return {
        "first_seat_advantage": rounded(float(rates[0] - Fraction(1, sides))),
        "first_player_advantage": rounded(first.mean - 1 / sides) if first.n else 0.0,
        "first_player_win_rate": rounded(first.mean),
        "first_player_win_rate_ci95": [rounded(first_low), rounded(first_high)],
        "win_rate_spread": rounded(float(max(rates) - min(rates))),
        "winning_margin": rounded(Moments.of_histogram(tally.margins.items()).mean),
        "lead_changes": rounded(Moments.of_histogram(tally.lead_changes.items()).mean),
        "drama": rounded(drama.mean),
        "source_shares": shares,
        "top_source_share": max(shares.values(), default=0.0),
    }


def card_effects(games: Games) -> list[dict[str, Any]]:
    """Per card held at the end by someone: how often, and the win-rate difference it goes
    with (holders versus the other players of the games where it was held or on show)."""
    tally = tallied(games)
    groups: dict[str, dict[bool, dict[int, int]]] = {}
    for (card, held, k), count in tally.effects.items():
        groups.setdefault(card, {True: {}, False: {}})[held][k] = count
    rows = []
    for card in sorted(groups):
        holders, rest = credits(groups[card][True]), credits(groups[card][False])
        diff, low, high = difference(holders, rest)
        rows.append(
            {
                "card": card,
                "held_by_share": rounded(holders.n / (holders.n + rest.n)),
                "win_rate_held": rounded(holders.mean) if holders.n else None,
                "win_rate_not_held": rounded(rest.mean) if rest.n else None,
                "difference": rounded(diff),
                "difference_ci95": [rounded(low), rounded(high)],
            }
        )
    return rows


def never_used(games: Games, all_cards: Sequence[str]) -> list[str]:
    """Cards of the game that no player held at the end of a game, or of a round (in games
    whose rounds clear the table)."""
    seen = tallied(games).seen
    return [card for card in all_cards if card not in seen]


def check_targets(
    targets: Sequence[TargetSpec], summary: dict[str, Any], players: int
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


def _distance(value: float, target: TargetSpec) -> float:
    """How far a value lies outside a target's bounds (0 inside)."""
    below = target.at_least - value if target.at_least is not None else 0.0
    above = value - target.at_most if target.at_most is not None else 0.0
    return max(below, above, 0.0)


def _within(value: float, low: float | None, high: float | None) -> bool:
    return (low is None or value >= low) and (high is None or value <= high)
