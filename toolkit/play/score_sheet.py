"""A game's final (or provisional) scores as `toolkit score` prints them: the breakdown by
source per player, the totals, the winners and the tie-break that decided them. The command
line and the workbench's end screen both read this, so they never disagree."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.kernel.specs import Scores


@dataclass(frozen=True)
class ScoreSheet:
    names: list[str]
    sources: list[str]
    """Every source of points any player scored from, in the order they first appear."""
    breakdown: list[dict[str, int]]
    totals: list[int]
    winners: list[int]
    """Seats (0-based) of the winners: several for a shared victory."""
    decided_by: str

    @property
    def rows(self) -> list[list[Any]]:
        """One row per source (its points for each player), then the totals."""
        rows: list[list[Any]] = [
            [source, *[points.get(source, 0) for points in self.breakdown]]
            for source in self.sources
        ]
        rows.append(["total", *self.totals])
        return rows

    @property
    def winner_names(self) -> str:
        return " and ".join(self.names[p] for p in self.winners)

    @property
    def how(self) -> str:
        """How the winners were decided, in words."""
        return {
            "points": "on points",
            "shared": "shared victory: still tied after every tie-breaker",
        }.get(self.decided_by, f"tie broken: {self.decided_by}")

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def score_sheet(result: Scores, names: Sequence[str]) -> ScoreSheet:
    breakdown = [dict(points) for points in result.breakdown]
    return ScoreSheet(
        names=list(names),
        sources=list(dict.fromkeys(source for points in breakdown for source in points)),
        breakdown=breakdown,
        totals=list(result.totals),
        winners=list(result.winners),
        decided_by=result.decided_by,
    )
