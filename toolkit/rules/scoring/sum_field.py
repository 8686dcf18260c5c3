"""`sum_field`: add up a numeric field of the player's cards (printed VP of attractions ridden)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.parameters import check_declared
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
    from toolkit.rules.context import CheckContext, Path, Words


@SCORING_RULES.register
class SumField(PlayerRuleModel):
    """Add up a numeric field of the player's cards (printed VP of attractions ridden)."""

    rule: Literal["sum_field"]
    zone: PlayerZone
    """The player's zone whose cards are summed."""
    field: ZoneField
    """The numeric card field to add up."""
    where: ZoneFilter | None = None
    """Only cards matching this filter."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not check_declared(self, ctx, path):
            return
        field_type = ctx.field_type(ctx.zone_kind(self.zone) or "", self.field)
        if field_type is not None and field_type != "int":
            ctx.error(
                (*path, "field"),
                "not-numeric",
                f"card field '{self.field}' is {field_type}, not a number: it cannot be summed",
                "name a field declared with type int",
            )

    def describe(self, words: Words) -> str:
        return f"the {self.field} printed on {words.zone(self.zone)}"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards = zone_cards(c, self.zone, self.where)
        # A card that leaves an optional number unset adds nothing to the sum.
        numbers = tuple(
            v if isinstance(v, int) else 0 for v in zone_field(c, self.zone, self.field)
        )
        value = numbers.__getitem__
        return lambda state, player: sum(map(value, cards(state, player)))
