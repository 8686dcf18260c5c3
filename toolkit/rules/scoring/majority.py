"""`majority`: the most of a measure scores the first value, the second most the next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.measures.counts import dense
from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PointsFn, RuleModel, amount_words
from toolkit.rules.words import printed_number
from toolkit.schema.amounts import Amount
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SCORING_RULES.register
class Majority(RuleModel):
    """Rank players by a measure: the most get the first value, the second most the next...

    How ties score is `ties`. Players whose measure is below `minimum` (by default: zero) never
    score and take no rank.
    """

    rule: Literal["majority"]
    measure: Measure
    """What players are ranked by."""
    points: list[int] = Field(min_length=1)
    """Points for the first, second, ... rank."""
    minimum: Amount = 1
    """A player needs at least this much to rank at all (by default a player with none of
    the measure never scores)."""
    ties: Literal["share", "split", "skip"] = "share"
    """How tied players score. `share`: each gets the full value of the rank, and the next
    measure down takes the next rank (5/3/1 with two tied first: 5, 5, 3). `split`: they
    split the values of the ranks they cover, rounded down (two tied first: 4, 4, then 1).
    `skip`: each gets the full value and the ranks they cover are used up (5, 5, then 1)."""

    def describe(self, words: Words) -> str:
        places = ["most", "second", "third", "fourth", "fifth"]
        shown = "/".join(printed_number(p) for p in self.points)
        text = f"{shown} for the {'/'.join(places[: len(self.points)])}"
        if self.ties != "share":
            text += "; " + TIE_WORDS[self.ties]
        if self.minimum != 1:
            text += f"; at least {amount_words(self.minimum)} to score"
        return text

    def compile(self, c: Compiler) -> PointsFn:
        measure, ladder, minimum = c.measure(self.measure), self.points, c.per_players(self.minimum)
        rank = RANKINGS[self.ties]

        def majority(state: State) -> list[int]:
            values = [measure(state, p) for p in range(state.n)]
            return rank(values, ladder, minimum[state.n])

        return majority


TIE_WORDS = {
    "split": "tied players split the points of the places they share, rounded down",
    "skip": "tied players each score the place, and the next places are skipped",
}


def competition(values: list[int], ladder: list[int], minimum: int) -> list[int]:
    """Tied players take the rank of the first of them; the ranks they cover are used up."""
    ranked = sorted((v for v in values if v >= minimum), reverse=True)
    award = {}
    for i, v in enumerate(ranked):
        if i < len(ladder) and v not in award:
            award[v] = ladder[i]
    return [award.get(v, 0) for v in values]


def split(values: list[int], ladder: list[int], minimum: int) -> list[int]:
    """Tied players share the sum of the ranks they cover, rounded down."""
    ranked = sorted((v for v in values if v >= minimum), reverse=True)
    award = {}
    for i, v in enumerate(ranked):
        if v not in award:
            tied = ranked.count(v)
            award[v] = sum(ladder[i : i + tied]) // tied
    return [award.get(v, 0) for v in values]


RANKINGS = {"share": dense, "skip": competition, "split": split}
