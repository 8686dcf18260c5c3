"""`sum_field`: add up a numeric field of the player's cards (printed VP of attractions ridden)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.scoring.base import PointsFn, RuleModel, zone_cards, zone_field
from toolkit.schema.base import Id
from toolkit.schema.filters import CardFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


class SumField(RuleModel):
    """Add up a numeric field of the player's cards (printed VP of attractions ridden)."""

    rule: Literal["sum_field"]
    zone: Id
    """The player's zone whose cards are summed."""
    field: Id
    """The numeric card field to add up."""
    where: CardFilter | None = None
    """Only cards matching this filter."""

    def describe(self, words: Words) -> str:
        return f"the {self.field} printed on {words.zone(self.zone)}"

    def compile(self, c: Compiler) -> PointsFn:
        cards, values = zone_cards(c, self.zone, self.where), zone_field(c, self.zone, self.field)
        value = values.__getitem__
        return lambda state: [
            sum(map(value, cards(state, p)))  # type: ignore[arg-type]
            for p in range(state.n)
        ]
