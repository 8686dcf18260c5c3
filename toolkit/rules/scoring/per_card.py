"""`per_card`: points for each card of the player's zone that matches a filter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.scoring.base import PointsFn, RuleModel, zone_cards
from toolkit.schema.base import Id
from toolkit.schema.filters import CardFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


class PerCard(RuleModel):
    """Points for each card of the player's zone that matches a filter."""

    rule: Literal["per_card"]
    zone: Id
    """The player's zone."""
    where: CardFilter = Field(default_factory=dict)
    """Which cards count."""
    points: int
    """Points per matching card."""

    def describe(self, words: Words) -> str:
        return f"{self.points} each"

    def compile(self, c: Compiler) -> PointsFn:
        cards, points = zone_cards(c, self.zone, self.where), self.points
        return lambda state: [len(cards(state, p)) * points for p in range(state.n)]
