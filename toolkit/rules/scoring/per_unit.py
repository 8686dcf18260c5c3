"""`per_unit`: points per whole `per` units of a measure (1 per 2 coins; -2 per penalty step)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

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
class PerUnit(PlayerRuleModel):
    """Points per whole `per` units of a measure (1 per 2 coins; -2 per penalty step)."""

    rule: Literal["per_unit"]
    measure: Measure
    """What is counted."""
    per: int = Field(default=1, ge=1)
    """Units per award; remainders score nothing."""
    points: Amount
    """Points per award (negative for penalties; or a table by player count)."""

    def describe(self, words: Words) -> str:
        per = f"{self.per} " if self.per != 1 else ""
        return f"{amount_words(self.points)} per {per}{words.measure(self.measure)}"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        measure, per, points = c.measure(self.measure), self.per, c.per_players(self.points)
        return lambda state, player: measure(state, player) // per * points[state.n]
