"""`table_by_count`: points looked up in a table by how many of something a player has."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PlayerPointsFn, PlayerRuleModel
from toolkit.schema.base import Model
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words


class TableRow(Model):
    """One row of a table by count."""

    at_most: int = Field(ge=0)
    """The row applies when the measure is at most this (and above the previous row)."""
    points: int
    """Points for this row."""


@SCORING_RULES.register
class TableByCount(PlayerRuleModel):
    """Points from a table by a count (5/3/1 for at most 0/1/2 face-down cards; else 0)."""

    rule: Literal["table_by_count"]
    measure: Measure
    """What is counted."""
    table: list[TableRow] = Field(min_length=1)
    """Rows in ascending `at_most` order; a count above the last row scores 0."""

    def describe(self, words: Words) -> str:
        return ", ".join(f"at most {row.at_most}: {row.points}" for row in self.table)

    @model_validator(mode="after")
    def _ascending(self) -> TableByCount:
        bounds = [row.at_most for row in self.table]
        if bounds != sorted(set(bounds)):
            raise ValueError(f"table rows must have strictly ascending 'at_most' (got {bounds})")
        return self

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        measure = c.measure(self.measure)
        rows = [(row.at_most, row.points) for row in self.table]

        def lookup(value: int) -> int:
            return next((points for at_most, points in rows if value <= at_most), 0)

        return lambda state, player: lookup(measure(state, player))
