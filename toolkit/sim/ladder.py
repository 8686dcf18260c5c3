"""Bots against each other: every seat rotation on the same seeds, win rates with intervals,
and a rating from the pairwise results inside each game."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from toolkit.agents import reproducible
from toolkit.sim.executor import Executor
from toolkit.sim.intervals import rounded, wilson_interval
from toolkit.sim.runner import simulate
from toolkit.sim.tally import Tally


def rotations(bots: list[str], players: int) -> list[list[str]]:
    """Seat assignments: the bots cycled over the seats, shifted once per seat."""
    return [
        [bots[(seat + shift) % len(bots)] for seat in range(players)] for shift in range(players)
    ]


def ladder(
    manifest: Path,
    bots: list[str],
    games: int,
    players: int,
    seed: int,
    workers: int,
    progress: Callable[[int], Any] | None = None,
    variants: list[Path] | None = None,
    options: dict[str, Any] | None = None,
    executor: Executor | None = None,
) -> dict[str, Any]:
    results: list[tuple[list[str], Tally]] = []
    for seats in rotations(bots, players):
        played = simulate(
            manifest,
            games,
            players,
            seats,
            seed,
            workers,
            progress,
            variants,
            options=options,
            executor=executor,
            rounds=False,  # wins, scores and pairwise results: no round checkpoints
        )
        results.append((seats, played))
    return summarise_ladder(results, bots)


def summarise_ladder(results: list[tuple[list[str], Tally]], bots: list[str]) -> dict[str, Any]:
    """Each bot over every seat it played: wins, scores, and its share of the pairwise
    results against the other bots in the same games (a tie is half)."""
    wins: dict[str, Fraction] = defaultdict(Fraction)
    seats_played: dict[str, int] = defaultdict(int)
    scores: dict[str, int] = defaultdict(int)
    pairs: dict[str, int] = defaultdict(int)
    pair_points: dict[str, Fraction] = defaultdict(Fraction)
    for seats, tally in results:
        for (seat, k), count in tally.wins.items():
            wins[seats[seat]] += Fraction(count, k)
        for (seat, total), count in tally.scores.items():
            seats_played[seats[seat]] += count
            scores[seats[seat]] += total * count
        for seat, bot in enumerate(seats):
            for other, rival in enumerate(seats):
                if rival == bot:
                    continue
                pairs[bot] += tally.games
                pair_points[bot] += tally.beats[seat, other] + Fraction(tally.ties[seat, other], 2)
    rows: list[dict[str, Any]] = []
    for bot in dict.fromkeys(bots):
        played = seats_played[bot]
        low, high = wilson_interval(float(wins[bot]), played)
        share = float(pair_points[bot] / pairs[bot]) if pairs[bot] else 0.5
        share = min(max(share, 0.001), 0.999)
        rows.append(
            {
                "bot": bot,
                "seats_played": played,
                "wins": rounded(float(wins[bot])),
                "win_rate": rounded(float(wins[bot] / played)) if played else 0.0,
                "win_rate_ci95": [rounded(low), rounded(high)],
                "score_mean": rounded(scores[bot] / played) if played else 0.0,
                "pairwise_share": rounded(share),
                "rating": round(1500 + 400 * math.log10(share / (1 - share))),
            }
        )
    rows.sort(key=lambda row: -row["rating"])
    return {
        "bots": rows,
        "ordering": _ordering(rows),
        # A bot that thinks for a fixed time searches as far as the machine's speed allows.
        "reproducible": all(reproducible(bot) for bot in bots),
    }


def _ordering(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """For each neighbouring pair by rating: is the better one's win-rate interval clear of
    the other's?"""
    verdicts = []
    for better, worse in itertools.pairwise(rows):
        separated = better["win_rate_ci95"][0] > worse["win_rate_ci95"][1]
        verdicts.append({"better": better["bot"], "worse": worse["bot"], "separated": separated})
    return verdicts
