"""Computed measures: numbers worked out from the cards of a player's zone by a declared rule
(the best total under a limit, runs that count their lowest card, the best groups against
the rest, the best card of each group, equal cards cancelling in a grid's lines, the
unmatched cards of a hand laid out in sets and runs). A `Measure` names one of them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_list
from toolkit.schema.limits import Number

MAX_TOTAL_LIMIT = 10_000
"""The highest `limit` of a `best_total`: the totals a hand can reach are tracked one by one."""

MAX_DEADWOOD_CARDS = 20
"""The most cards a `deadwood` hand may hold: every way of laying a hand out is searched."""


class ComputedBase(Model):
    """What every computed measure reads: the cards of one of the player's zones."""

    zone: Id
    """The player's zone whose cards are read (`hand`)."""


class CountsAs(Model):
    """A value of the field that may count as another (an ace's 1 as 11)."""

    value: Number
    """The value printed on the card (`1`)."""
    also: list[Number] = Field(min_length=1, max_length=4)
    """What it may count as instead (`[11]`)."""


class BestTotal(ComputedBase):
    """The total of a numeric field, each card counting its value or one of its alternatives:
    the highest total not over `limit`. A hand over the limit even at its least busts, and
    then measures `bust` (an ace counts 1 or 11, the best total not over 21, over 21 busts)."""

    field: Id
    """The numeric card field added up (`points`)."""
    counts_as: list[CountsAs] = Field(default_factory=empty_list, max_length=20)
    """Values that may count as others (`[{value: 1, also: [11]}]`)."""
    limit: int = Field(ge=0, le=MAX_TOTAL_LIMIT)
    """The highest total that does not bust (`21`)."""
    bust: Number = 0
    """What a busted hand measures (`0`, or `-1` to tell it from an empty hand)."""


class LowestOfRuns(ComputedBase):
    """Cards laid in runs of consecutive values of a numeric field; each run counts only its
    lowest value (5-6-7 counts 5, a lone 9 counts 9), and the measure adds them up. A value
    held twice belongs to its run once."""

    field: Id
    """The numeric card field the runs are made of (`number`)."""
    same: Id | None = None
    """If set, a run's cards share this field's value (runs of one colour)."""


class BestGroups(ComputedBase):
    """Cards grouped by a field's value (a colour); each group is worth its number of cards,
    the sum of `sum`, or the entry of `table` for its size. The `best` most valuable groups
    add up, every other group counts against the player."""

    by: Id
    """The field whose value makes a group (`colour`)."""
    best: int = Field(ge=1, le=20)
    """How many groups count for the player (`3`)."""
    sum: Id | None = None
    """A numeric field: a group is worth the sum of its cards' values (unset: its size)."""
    table: list[Number] | None = Field(default=None, min_length=1, max_length=50)
    """A group of 1, 2, 3 ... cards is worth the first, second, third ... entry; a larger
    group the last (`[1, 3, 6, 10, 15, 21]`)."""


class BestPerGroup(ComputedBase):
    """The best card of each group: cards grouped by a field's value (a colour), each group
    counts its highest (or lowest) value of `field`, and the measure adds them up."""

    by: Id
    """The field whose value makes a group (`colour`)."""
    field: Id
    """The numeric card field compared and counted (`number`)."""
    lowest: bool = False
    """Count the lowest value of each group instead of the highest."""


class GridPairs(ComputedBase):
    """The sum of a numeric field over a grid zone's face-up cards, where cards in one line
    (a column or a row) sharing a value of `match` cancel in sets of `size`: two equal cards
    in a column count nothing. Face-down cards count `face_down` each and never cancel."""

    field: Id
    """The numeric card field added up (`points`)."""
    match: Id | None = None
    """The field compared within a line (unset: `field` itself)."""
    line: Literal["column", "row"] = "column"
    """Which cards are compared: those in one column, or in one row."""
    size: int = Field(default=2, ge=2, le=20)
    """How many equal cards cancel together (`2`: a pair)."""
    face_down: Number = 0
    """What a face-down card counts."""


class Deadwood(ComputedBase):
    """The least total `value` of the cards left unmatched when the hand is laid out in sets
    (at least `set_size` cards of one `rank`) and runs (at least `run_size` cards of one
    `suit` with consecutive ranks), over every way of laying it out: a rummy hand's
    deadwood. Hands hold at most `max_cards` cards (every layout is searched)."""

    rank: Id
    """The numeric card field of sets and runs (`rank`)."""
    suit: Id
    """The field a run's cards share (`suit`)."""
    value: Id | None = None
    """The numeric card field an unmatched card counts (`points`: court cards 10); unset:
    its rank."""
    set_size: int = Field(default=3, ge=2, le=8)
    """The fewest cards of a set."""
    run_size: int = Field(default=3, ge=2, le=20)
    """The fewest cards of a run."""
    max_cards: int = Field(default=16, ge=1, le=MAX_DEADWOOD_CARDS)
    """The most cards the hand holds when measured; a larger hand stops the game with an
    error naming the measure."""


COMPUTED = (
    "best_total",
    "lowest_of_runs",
    "best_groups",
    "best_per_group",
    "grid_pairs",
    "deadwood",
)
"""The keys of `Measure` that name a computed measure."""


Computed = BestTotal | LowestOfRuns | BestGroups | BestPerGroup | GridPairs | Deadwood
"""Any computed measure."""
