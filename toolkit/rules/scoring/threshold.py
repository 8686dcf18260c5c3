"""`threshold`: points when a measure reaches a threshold (at least 4 even cards: 3 points)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import (
    PlayerPointsFn,
    PlayerRuleModel,
    amount_words,
)
from toolkit.schema.amounts import Amount
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


@SCORING_RULES.register
class Threshold(PlayerRuleModel):
    """Points when a measure reaches a threshold (at least 4 even cards: 3 points)."""

    rule: Literal["threshold"]
    measure: Measure
    """What is measured."""
    at_least: Amount
    """The threshold (a number, or `{by_players: {2: 5, 3: 4}}`)."""
    points: Amount
    """Points when the threshold is reached (a number, or a table by player count)."""

    def describe(self, words: Words) -> str:
        return f"{amount_words(self.points)} for at least {amount_words(self.at_least)}"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        measure = c.measure(self.measure)
        at_least, points = c.per_players(self.at_least), c.per_players(self.points)
        return lambda state, player: (
            points[state.n] if measure(state, player) >= at_least[state.n] else 0
        )
