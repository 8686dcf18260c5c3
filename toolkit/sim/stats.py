"""Statistics of a run, read from its tally: win rates with intervals, score distributions,
game length, card usage. Plain data: the JSON output and every report read it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from toolkit.sim.balance import Games, balance, card_effects, check_targets, never_used, tallied
from toolkit.sim.intervals import rounded, wilson_interval
from toolkit.sim.moments import Moments, quantile
from toolkit.sim.tally import PARTNERS, Tally

if TYPE_CHECKING:
    from toolkit.engine.compiled import TargetSpec

__all__ = ["length", "summarise", "wilson_interval"]


def summarise(
    games: Games,
    bots: list[str],
    targets: Sequence[TargetSpec] = (),
    all_cards: Sequence[str] = (),
) -> dict[str, Any]:
    """Every statistic of a run, as plain data (the JSON output and every report read it)."""
    tally = tallied(games)
    summary = _summarise(tally, bots)
    summary["balance"] = balance(tally, len(bots))
    summary["card_effects"] = card_effects(tally)
    summary["never_used"] = never_used(tally, all_cards)
    summary["targets"] = check_targets(targets, summary, len(bots))
    return summary


def _summarise(tally: Tally, bots: list[str]) -> dict[str, Any]:
    seats = []
    for seat in range(len(bots)):
        wins = {k: count for (s, k), count in tally.wins.items() if s == seat}
        seats.append(
            {
                "seat": seat + 1,
                "bot": bots[seat],
                **_wins(wins, tally.games),
                **_scores(tally, seat),
                "score_by_source": {
                    label: rounded(points / tally.games)
                    for (s, label), points in tally.sources.items()
                    if s == seat
                },
            }
        )
    summary: dict[str, Any] = {"seats": seats}
    if tally.teams:
        summary["teams"] = _teams(tally, bots)
    summary |= {
        "cards": _card_usage(tally),
        "setups": _by_setup(tally),
        "game": _game_level(tally),
    }
    return summary


def _wins(wins: dict[int, int], games: int) -> dict[str, Any]:
    """Wins as credit (a win shared by k is worth 1/k), split into wins alone and shared."""
    credit = sum((Fraction(count, k) for k, count in wins.items()), Fraction(0))
    low, high = wilson_interval(float(credit), games)
    return {
        "wins": rounded(float(credit)),
        "wins_alone": wins.get(1, 0),
        "wins_shared": sum(count for k, count in wins.items() if k > 1),
        "win_rate": rounded(float(credit / games)) if games else 0.0,
        "win_rate_ci95": [rounded(low), rounded(high)],
    }


def _scores(tally: Tally, seat: int) -> dict[str, Any]:
    histogram = {total: count for (s, total), count in tally.scores.items() if s == seat}
    moments = Moments.of_histogram(histogram.items())
    return {
        "score_mean": rounded(moments.mean),
        "score_sd": rounded(moments.sd),
        "score_min": min(histogram, default=0),
        "score_max": max(histogram, default=0),
    }


def _teams(tally: Tally, bots: list[str]) -> list[dict[str, Any]]:
    """Partners win and score together: one row per team, its points by source summed over
    its members (what partners add to each other is no source)."""
    rows = []
    for index, team in enumerate(tally.teams):
        wins = {k: count for (side, k), count in tally.side_wins.items() if side == index}
        sources: Counter[str] = Counter()
        for (seat, label), points in tally.sources.items():
            if seat in team and label != PARTNERS:
                sources[label] += points
        rows.append(
            {
                "team": index + 1,
                "seats": [seat + 1 for seat in team],
                "bots": [bots[seat] for seat in team],
                **_wins(wins, tally.games),
                **_scores(tally, team[0]),
                "score_by_source": {
                    label: rounded(points / tally.games) for label, points in sources.items()
                },
            }
        )
    return rows


def _by_setup(tally: Tally) -> dict[str, list[dict[str, Any]]]:
    """Per setup slot (project plan, scoring card ...), how games went with each card in it."""
    result: dict[str, list[dict[str, Any]]] = {}
    players = tally.players or 1
    for slot in sorted({slot for slot, _ in tally.setup_games}):
        rows = []
        for card in sorted(c for s, c in tally.setup_games if s == slot):
            games = tally.setup_games[slot, card]
            counters = sorted(
                (name, total)
                for (s, c, name), total in tally.setup_counters.items()
                if (s, c) == (slot, card)
            )
            rows.append(
                {
                    "card": card,
                    "games": games,
                    "score_mean": rounded(tally.setup_scores[slot, card] / (games * players)),
                    "winning_score_mean": rounded(tally.setup_winning[slot, card] / games),
                    "per_player_per_game": {
                        name: rounded(total / (players * games)) for name, total in counters
                    },
                }
            )
        result[slot] = rows
    return result


def _card_usage(tally: Tally) -> dict[str, list[dict[str, Any]]]:
    """Per shared zone (the attraction display), how each card that appeared there fared."""
    usage: dict[str, list[dict[str, Any]]] = {}
    for zone in sorted({zone for zone, _ in tally.shown}):
        rows = []
        for card in sorted(c for z, c in tally.shown if z == zone):
            on_display = tally.shown[zone, card]
            count = tally.acquisitions[card]
            rows.append(
                {
                    "card": card,
                    "games_on_display": on_display,
                    "acquire_rate": rounded(tally.taken[zone, card] / on_display),
                    "acquisitions_per_game": rounded(count / on_display),
                    "mean_turn": rounded(tally.acquisition_turns[card] / count) if count else None,
                }
            )
        usage[zone] = rows
    return usage


def length(histogram: Counter[int]) -> dict[str, Any]:
    """How long games lasted (turns or rounds): the mean with its 95% interval, the spread,
    and the range of the middle 90% of games, exact from the histogram."""
    moments = Moments.of_histogram(histogram.items())
    low, high = moments.mean_interval()
    return {
        "mean": rounded(moments.mean),
        "mean_ci95": [rounded(low), rounded(high)],
        "sd": rounded(moments.sd),
        "min": min(histogram, default=0),
        "median": quantile(histogram, Fraction(1, 2)),
        "middle_90": [quantile(histogram, Fraction(1, 20)), quantile(histogram, Fraction(19, 20))],
        "max": max(histogram, default=0),
    }


def _game_level(tally: Tally) -> dict[str, Any]:
    games = tally.games or 1
    gains: dict[str, dict[str, float]] = {}
    for (track, cause), steps in sorted(tally.track_gains.items()):
        gains.setdefault(track, {})[cause] = rounded(steps / games)
    held = games * (tally.players or 1)
    return {
        "counters_per_game": {
            name: rounded(total / games) for name, total in sorted(tally.counters.items())
        },
        "resources_left_mean": {
            resource: rounded(total / held)
            for resource, total in sorted(tally.resources_left.items())
        },
        "track_gains_per_game": gains,
        "declined_per_game": rounded(tally.declined / games),
        "supply_exhausted_rate": rounded(tally.supply_short / games),
        "shared_victory_rate": rounded(tally.shared / games),
        "decided_by": dict(sorted(tally.decided_by.items())),
        "mean_turns": rounded(Moments.of_histogram(tally.turns.items()).mean),
        "length": {"turns": length(tally.turns), "rounds": length(tally.rounds)},
    }
