"""`majority`: the most of a measure scores the first value, the second most the next."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.scoring.base import PointsFn, RuleModel
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


class Majority(RuleModel):
    """Rank players by a measure: the most get the first value, the second most the next...

    Tied players share a rank and each receive its full value; the next distinct measure takes
    the next rank (dense ranking). Players whose measure is below `minimum` receive nothing.
    """

    rule: Literal["majority"]
    measure: Measure
    """What players are ranked by."""
    points: list[int] = Field(min_length=1)
    """Points for the first, second, ... rank."""
    minimum: int = 1
    """A player needs at least this much to rank at all."""

    def describe(self, words: Words) -> str:
        places = ["most", "second", "third", "fourth", "fifth"]
        shown = "/".join(str(p) for p in self.points)
        return f"{shown} for the {'/'.join(places[: len(self.points)])}"

    def compile(self, c: Compiler) -> PointsFn:
        measure, ladder, minimum = c.measure(self.measure), self.points, self.minimum

        def majority(state: State) -> list[int]:
            values = [measure(state, p) for p in range(state.n)]
            ranked = sorted({v for v in values if v >= minimum}, reverse=True)
            award = {v: ladder[i] for i, v in enumerate(ranked[: len(ladder)])}
            return [award.get(v, 0) for v in values]

        return majority
