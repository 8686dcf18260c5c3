"""Scoring primitives shared by every game; each rule names the source its points count under."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from toolkit.content.models.base import Id, Model, Scalar, Text
from toolkit.rules.filters import CardFilter, Measure


class _Rule(Model):
    label: Text
    """Name of the points' source in score breakdowns (e.g. 'yellow cards')."""


class SumField(_Rule):
    """Add up a numeric field of the player's cards (printed VP of attractions ridden)."""

    rule: Literal["sum_field"]
    zone: Id
    """The player's zone whose cards are summed."""
    field: Id
    """The numeric card field to add up."""
    where: CardFilter | None = None
    """Only cards matching this filter."""


class PerCard(_Rule):
    """Points for each card of the player's zone that matches a filter."""

    rule: Literal["per_card"]
    zone: Id
    """The player's zone."""
    where: CardFilter = Field(default_factory=dict)
    """Which cards count."""
    points: int
    """Points per matching card."""


class PerUnit(_Rule):
    """Points per whole `per` units of a measure (1 per 2 coins; -2 per Sadness)."""

    rule: Literal["per_unit"]
    measure: Measure
    """What is counted."""
    per: int = Field(default=1, ge=1)
    """Units per award; remainders score nothing."""
    points: int
    """Points per award (negative for penalties)."""


class TableRow(Model):
    """One row of a table by count."""

    at_most: int = Field(ge=0)
    """The row applies when the measure is at most this (and above the previous row)."""
    points: int
    """Points for this row."""


class TableByCount(_Rule):
    """Points from a table by a count (5/3/1 for at most 0/1/2 face-down cards; else 0)."""

    rule: Literal["table_by_count"]
    measure: Measure
    """What is counted."""
    table: list[TableRow] = Field(min_length=1)
    """Rows in ascending `at_most` order; a count above the last row scores 0."""

    @model_validator(mode="after")
    def _ascending(self) -> TableByCount:
        bounds = [row.at_most for row in self.table]
        if bounds != sorted(set(bounds)):
            raise ValueError(f"table rows must have strictly ascending 'at_most' (got {bounds})")
        return self


class DistinctValues(_Rule):
    """Points for each different value of a field among the player's cards (symbols)."""

    rule: Literal["distinct_values"]
    zone: Id
    """The player's zone."""
    field: Id
    """The field whose distinct values count; cards without a value are ignored."""
    where: CardFilter | None = None
    """Only cards matching this filter."""
    points: int = 1
    """Points per distinct value."""


class Pairs(_Rule):
    """Points for each pair of one card with each of two values (a blue and a red card)."""

    rule: Literal["pairs"]
    zone: Id
    """The player's zone."""
    field: Id
    """The field the two values belong to (e.g. `colour`)."""
    values: list[Scalar] = Field(min_length=2, max_length=2)
    """The two values that form a pair."""
    points: int
    """Points per pair."""


class SetsOfDistinct(_Rule):
    """Points for each set of `size` cards with pairwise different values of a field."""

    rule: Literal["sets_of_distinct"]
    zone: Id
    """The player's zone."""
    field: Id
    """The field whose values must differ within a set (e.g. `colour`)."""
    size: int = Field(ge=2)
    """Cards per set."""
    points: int
    """Points per complete set."""


class LongestRun(_Rule):
    """Points per card in the longest run of directly consecutive numbers.

    Where the cards lie does not matter: a run may span several rows of a park. With
    `same_field`, every card of the run must share that field's value (one colour).
    """

    rule: Literal["longest_run"]
    zone: Id
    """The player's zone."""
    field: Id
    """The numeric field the run is made of (e.g. `number`)."""
    same_field: Id | None = None
    """If set, a run's cards share this field's value (e.g. `colour`)."""
    min_length: int = Field(default=3, ge=2)
    """Shorter runs score nothing."""
    points_per_card: int
    """Points per card of the longest run."""


class LargestGroup(_Rule):
    """Points per card in the largest orthogonally adjacent group sharing a field's value."""

    rule: Literal["largest_group"]
    zone: Id
    """The player's grid zone."""
    field: Id
    """The field shared by a group (e.g. `colour`)."""
    min_size: int = Field(default=3, ge=2)
    """Smaller groups score nothing."""
    points_per_card: int
    """Points per card of the largest group."""


class Majority(_Rule):
    """Rank players by a measure: the most get the first value, the second most the next...

    Tied players share a rank and each receive its full value; the next distinct measure takes
    the next rank (dense ranking). Players whose measure is below `minimum` receive nothing.
    """

    rule: Literal["majority"]
    measure: Measure
    """What players are ranked by."""
    points: list[int] = Field(min_length=1)
    """Points for the first, second, ... rank."""
    minimum: int = 1
    """A player needs at least this much to rank at all."""


class Threshold(_Rule):
    """Points when a measure reaches a threshold (at least 4 even cards: 3 points)."""

    rule: Literal["threshold"]
    measure: Measure
    """What is measured."""
    at_least: int
    """The threshold."""
    points: int
    """Points when the threshold is reached."""


class MilestonePoints(_Rule):
    """The victory points of every milestone the player reached on a track."""

    rule: Literal["milestone_points"]
    track: Id
    """The track whose milestones score."""


class MilestoneEffects(_Rule):
    """Apply the game-end effects of milestones reached (Joy removing Sadness); scores 0 itself."""

    rule: Literal["milestone_effects"]
    track: Id
    """The track whose milestones' game-end effects apply."""


class CardsInPlay(_Rule):
    """Score the rules printed on the cards that setup placed in a slot (scoring or bonus cards)."""

    rule: Literal["cards_in_play"]
    slot: Id
    """The setup slot holding the cards."""


ScoringRule = Annotated[
    SumField
    | PerCard
    | PerUnit
    | TableByCount
    | DistinctValues
    | Pairs
    | SetsOfDistinct
    | LongestRun
    | LargestGroup
    | Majority
    | Threshold
    | MilestonePoints
    | MilestoneEffects
    | CardsInPlay,
    Field(discriminator="rule"),
]


class TieBreaker(Model):
    """One tie-breaker: among tied players, those with the most (or fewest) of a measure win."""

    prefer: Literal["most", "fewest"]
    """Whether more or less of the measure wins the tie."""
    measure: Measure
    """What the tied players are compared on."""
    label: Text
    """How the tie-breaker reads in results ('rode more attractions')."""
