"""`pairs`: points for each pair of one card with each of two values (a blue and a red card)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import (
    PlayerPointsFn,
    PlayerRuleModel,
    zone_cards,
    zone_field,
)
from toolkit.schema.base import Scalar
from toolkit.schema.params import PlayerZone, ZoneField

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SCORING_RULES.register
class Pairs(PlayerRuleModel):
    """Points for each pair of one card with each of two values (a blue and a red card)."""

    rule: Literal["pairs"]
    zone: PlayerZone
    """The player's zone."""
    field: ZoneField
    """The field the two values belong to (e.g. `colour`)."""
    values: list[Scalar] = Field(min_length=2, max_length=2)
    """The two values that form a pair."""
    points: int
    """Points per pair."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not check_declared(self, ctx, path):
            return
        kind = ctx.zone_kind(self.zone) or ""
        allowed = ctx.vocabulary(kind if kind != "deck" else ctx.deck_kind() or "", self.field)
        for v_index, value in enumerate(self.values):
            if allowed is not None and value not in allowed:
                ctx.error(
                    (*path, "values", v_index),
                    "unknown-reference",
                    f"unknown {self.field} '{value}'",
                    ctx.did_you_mean(value, allowed),
                )

    def describe(self, words: Words) -> str:
        return f"{self.points} per pair"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards, values = zone_cards(c, self.zone, None), zone_field(c, self.zone, self.field)
        first, second = self.values
        points = self.points

        def pairs(state: State, player: int) -> int:
            found = [values[k] for k in cards(state, player)]
            return min(found.count(first), found.count(second))

        return lambda state, player: pairs(state, player) * points
