"""`distinct_values`: points for each different value of a field among the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import (
    PlayerPointsFn,
    PlayerRuleModel,
    zone_cards,
    zone_field,
)
from toolkit.schema.params import PlayerZone, ZoneField, ZoneFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SCORING_RULES.register
class DistinctValues(PlayerRuleModel):
    """Points for each different value of a field among the player's cards (symbols)."""

    rule: Literal["distinct_values"]
    zone: PlayerZone
    """The player's zone."""
    field: ZoneField
    """The field whose distinct values count; cards without a value are ignored."""
    where: ZoneFilter | None = None
    """Only cards matching this filter."""
    points: int = 1
    """Points per distinct value."""

    def describe(self, words: Words) -> str:
        return f"{self.points} per different {self.field}"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards, values = zone_cards(c, self.zone, self.where), zone_field(c, self.zone, self.field)
        points = self.points
        if any(isinstance(v, list) for v in values):  # a list field counts each of its items
            items = tuple(tuple(v) if isinstance(v, list) else (v,) for v in values)

            def distinct(state: State, player: int) -> int:
                return len({i for k in cards(state, player) for i in items[k]} - {None})

        else:

            def distinct(state: State, player: int) -> int:
                return len({values[k] for k in cards(state, player)} - {None})

        return lambda state, player: distinct(state, player) * points
