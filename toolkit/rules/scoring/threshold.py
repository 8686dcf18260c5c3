"""`threshold`: points when a measure reaches a threshold (at least 4 even cards: 3 points)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.scoring.base import PointsFn, RuleModel
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


class Threshold(RuleModel):
    """Points when a measure reaches a threshold (at least 4 even cards: 3 points)."""

    rule: Literal["threshold"]
    measure: Measure
    """What is measured."""
    at_least: int
    """The threshold."""
    points: int
    """Points when the threshold is reached."""

    def describe(self, words: Words) -> str:
        return f"{self.points} for at least {self.at_least}"

    def compile(self, c: Compiler) -> PointsFn:
        measure, at_least, points = c.measure(self.measure), self.at_least, self.points
        return lambda state: [
            points if measure(state, p) >= at_least else 0 for p in range(state.n)
        ]
