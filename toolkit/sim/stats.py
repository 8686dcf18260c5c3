"""Statistics over game records: win rates with intervals, score distributions, card usage."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from toolkit.sim.balance import balance, card_effects, check_targets, never_used
from toolkit.sim.intervals import rounded, wilson_interval
from toolkit.sim.runner import GameRecord

if TYPE_CHECKING:
    from toolkit.content.models.manifest import Target


def summarise(
    records: list[GameRecord],
    bots: list[str],
    targets: Sequence[Target] = (),
    all_cards: Sequence[str] = (),
) -> dict[str, Any]:
    """Every statistic of a run, as plain data (the JSON output and every report read it)."""
    summary = _summarise(records, bots)
    summary["balance"] = balance(records, len(bots))
    summary["card_effects"] = card_effects(records)
    summary["never_used"] = never_used(records, all_cards)
    summary["targets"] = check_targets(targets, summary, len(bots))
    return summary


def _summarise(records: list[GameRecord], bots: list[str]) -> dict[str, Any]:
    games = len(records)
    players = len(bots)
    seats = []
    for seat in range(players):
        scores = [r.totals[seat] for r in records]
        wins = sum(1 / len(r.winners) for r in records if seat in r.winners)
        low, high = wilson_interval(wins, games)
        sources: dict[str, float] = defaultdict(float)
        for record in records:
            for label, points in record.breakdown[seat].items():
                sources[label] += points
        seats.append(
            {
                "seat": seat + 1,
                "bot": bots[seat],
                "wins": rounded(wins),
                "win_rate": rounded(wins / games) if games else 0.0,
                "win_rate_ci95": [rounded(low), rounded(high)],
                "score_mean": rounded(statistics.fmean(scores)) if scores else 0.0,
                "score_sd": rounded(statistics.stdev(scores)) if len(scores) > 1 else 0.0,
                "score_min": min(scores, default=0),
                "score_max": max(scores, default=0),
                "score_by_source": {k: rounded(v / games) for k, v in sources.items()},
            }
        )
    return {
        "seats": seats,
        "cards": _card_usage(records),
        "setups": _by_setup(records),
        "game": _game_level(records),
    }


def _by_setup(records: list[GameRecord]) -> dict[str, list[dict[str, Any]]]:
    """Per setup slot (project plan, scoring card ...), how games went with each card in it."""
    games: dict[str, dict[str, list[GameRecord]]] = defaultdict(lambda: defaultdict(list))
    for record in records:
        for slot, cards in record.slots.items():
            for card in cards:
                games[slot][card].append(record)
    result: dict[str, list[dict[str, Any]]] = {}
    for slot in sorted(games):
        rows = []
        for card, played in sorted(games[slot].items()):
            scores = [total for r in played for total in r.totals]
            counters: dict[str, float] = defaultdict(float)
            for record in played:
                for name, count in record.counters.items():
                    counters[name] += count / len(record.totals)
            rows.append(
                {
                    "card": card,
                    "games": len(played),
                    "score_mean": rounded(statistics.fmean(scores)),
                    "winning_score_mean": rounded(
                        statistics.fmean(r.totals[r.winners[0]] for r in played)
                    ),
                    "per_player_per_game": {
                        name: rounded(total / len(played))
                        for name, total in sorted(counters.items())
                    },
                }
            )
        result[slot] = rows
    return result


def _card_usage(records: list[GameRecord]) -> dict[str, list[dict[str, Any]]]:
    """Per shared zone (the attraction display), how each card that appeared there fared."""
    shown: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    taken: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    acquisitions: dict[str, list[int]] = defaultdict(list)
    for record in records:
        for zone, cards in record.display.items():
            for card in cards:
                shown[zone][card] += 1
            taken_here = {card for _, _, card, _ in record.acquired if card in cards}
            for card in taken_here:
                taken[zone][card] += 1
        for _, _, card, turn in record.acquired:
            acquisitions[card].append(turn)
    usage: dict[str, list[dict[str, Any]]] = {}
    for zone in sorted(shown):
        rows = []
        for card in sorted(shown[zone]):
            on_display = shown[zone][card]
            turns = acquisitions.get(card, [])
            rows.append(
                {
                    "card": card,
                    "games_on_display": on_display,
                    "acquire_rate": rounded(taken[zone][card] / on_display),
                    "acquisitions_per_game": rounded(len(turns) / on_display),
                    "mean_turn": rounded(statistics.fmean(turns)) if turns else None,
                }
            )
        usage[zone] = rows
    return usage


def _game_level(records: list[GameRecord]) -> dict[str, Any]:
    games = len(records) or 1
    gains: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for record in records:
        for track, causes in record.track_gains.items():
            for cause, steps in causes.items():
                gains[track][cause] += steps
    decided: dict[str, int] = defaultdict(int)
    for record in records:
        decided[record.decided_by] += 1
    counters: dict[str, float] = defaultdict(float)
    for record in records:
        for name, count in record.counters.items():
            counters[name] += count
    left: dict[str, list[int]] = defaultdict(list)
    for record in records:
        for resource, amounts in record.resources_left.items():
            left[resource].extend(amounts)
    return {
        "counters_per_game": {
            name: rounded(total / games) for name, total in sorted(counters.items())
        },
        "resources_left_mean": {
            resource: rounded(statistics.fmean(amounts))
            for resource, amounts in sorted(left.items())
        },
        "track_gains_per_game": {
            track: {cause: rounded(total / games) for cause, total in sorted(causes.items())}
            for track, causes in sorted(gains.items())
        },
        "declined_per_game": rounded(sum(r.declined for r in records) / games),
        "supply_exhausted_rate": rounded(sum(r.supply_short > 0 for r in records) / games),
        "shared_victory_rate": rounded(sum(len(r.winners) > 1 for r in records) / games),
        "decided_by": dict(sorted(decided.items())),
        "mean_turns": rounded(statistics.fmean(r.turns for r in records)) if records else 0.0,
    }
