"""`sets_of_distinct`: points per set of cards with pairwise different values."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.measures.counts import count_sets
from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import (
    PlayerPointsFn,
    PlayerRuleModel,
    zone_cards,
    zone_field,
)
from toolkit.schema.params import PlayerZone, ZoneField

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


@SCORING_RULES.register
class SetsOfDistinct(PlayerRuleModel):
    """Points for each set of `size` cards with pairwise different values of a field."""

    rule: Literal["sets_of_distinct"]
    zone: PlayerZone
    """The player's zone."""
    field: ZoneField
    """The field whose values must differ within a set (e.g. `colour`)."""
    size: int = Field(ge=2)
    """Cards per set."""
    points: int
    """Points per complete set."""

    def describe(self, words: Words) -> str:
        return f"{self.points} per set of {self.size} different {self.field}s"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards, values = zone_cards(c, self.zone, None), zone_field(c, self.zone, self.field)
        size, points = self.size, self.points
        return lambda state, player: (
            count_sets([values[k] for k in cards(state, player)], size) * points
        )
