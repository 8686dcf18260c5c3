"""`per_card`: points for each card of the player's zone that matches a filter."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import (
    PlayerPointsFn,
    PlayerRuleModel,
    amount_words,
    zone_cards,
)
from toolkit.schema.amounts import Amount
from toolkit.schema.empty import empty_dict
from toolkit.schema.params import PlayerZone, ZoneFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


@SCORING_RULES.register
class PerCard(PlayerRuleModel):
    """Points for each card of the player's zone that matches a filter."""

    rule: Literal["per_card"]
    zone: PlayerZone
    """The player's zone."""
    where: ZoneFilter = Field(default_factory=empty_dict)
    """Which cards count."""
    points: Amount
    """Points per matching card (or a table by player count)."""

    def describe(self, words: Words) -> str:
        return f"{amount_words(self.points)} each"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards, points = zone_cards(c, self.zone, self.where), c.per_players(self.points)
        return lambda state, player: len(cards(state, player)) * points[state.n]
