"""`longest_run`: points per card in the longest run of directly consecutive numbers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.measures.counts import longest_run
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
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SCORING_RULES.register
class LongestRun(PlayerRuleModel):
    """Points per card in the longest run of directly consecutive numbers.

    Where the cards lie does not matter: a run may span several rows of a park. With
    `same_field`, every card of the run must share that field's value (one colour).
    """

    rule: Literal["longest_run"]
    zone: PlayerZone
    """The player's zone."""
    field: ZoneField
    """The numeric field the run is made of (e.g. `number`)."""
    same_field: ZoneField | None = None
    """If set, a run's cards share this field's value (e.g. `colour`)."""
    min_length: int = Field(default=3, ge=2)
    """Shorter runs score nothing."""
    points_per_card: int
    """Points per card of the longest run."""

    def describe(self, words: Words) -> str:
        same = f" of one {self.same_field}" if self.same_field else ""
        return (
            f"{self.points_per_card} per card of the longest run{same} (at least {self.min_length})"
        )

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        cards, numbers = zone_cards(c, self.zone, None), zone_field(c, self.zone, self.field)
        same = zone_field(c, self.zone, self.same_field) if self.same_field is not None else None
        minimum, points = self.min_length, self.points_per_card

        def run(state: State, player: int) -> int:
            mine = cards(state, player)
            groups: dict[object, set[int]] = {}
            for k in mine:
                number = numbers[k]
                if isinstance(number, int):
                    groups.setdefault(same[k] if same is not None else None, set()).add(number)
            best = max(
                (
                    longest_run(group)
                    for key, group in groups.items()
                    if key is not None or same is None
                ),
                default=0,
            )
            return best * points if best >= minimum else 0

        return run
