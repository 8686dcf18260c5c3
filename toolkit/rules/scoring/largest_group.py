"""`largest_group`: points per card of the largest adjacent group sharing a value."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from toolkit.rules.measures.counts import largest_group
from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PlayerPointsFn, PlayerRuleModel, zone_field
from toolkit.schema.params import PlayerZone, ZoneField

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SCORING_RULES.register
class LargestGroup(PlayerRuleModel):
    """Points per card in the largest orthogonally adjacent group sharing a field's value."""

    rule: Literal["largest_group"]
    positional: ClassVar[bool] = True
    zone: PlayerZone
    """The player's grid zone."""
    field: ZoneField
    """The field shared by a group (e.g. `colour`)."""
    min_size: int = Field(default=3, ge=2)
    """Smaller groups score nothing."""
    points_per_card: int
    """Points per card of the largest group."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if check_declared(self, ctx, path) and self.zone not in ctx.grid_zones():
            ctx.error(
                (*path, "zone"),
                "invalid-value",
                f"'largest_group' needs a grid zone; '{self.zone}' is not one",
            )

    def describe(self, words: Words) -> str:
        return f"{self.points_per_card} per card of the largest group (at least {self.min_size})"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        z = c.zone(self.zone).index
        values = zone_field(c, self.zone, self.field)
        minimum, points = self.min_size, self.points_per_card

        def group(state: State, player: int) -> int:
            park = state.grids[z][player]
            best = largest_group({cell: values[card] for cell, card in park.items() if card >= 0})
            return best * points if best >= minimum else 0

        return group
