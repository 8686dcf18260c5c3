"""The base of every scoring rule, and the card lookups several rules compile with."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar

from toolkit.rules.parameters import check_declared
from toolkit.rules.words import printed_number
from toolkit.schema.amounts import Amount, describe_amount
from toolkit.schema.base import Model, Text
from toolkit.schema.filters import CardFilter

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words

PointsFn = Callable[["State"], list[int]]
"""A compiled rule: the points of every player."""


PartsFn = Callable[["State"], list[tuple[str, list[int]]]]
"""A compiled rule as labelled parts, so cards in play keep their own labels."""

PlayerPointsFn = Callable[["State", int], int]
"""A compiled rule as one player's points: a bot weighing its own position scores itself
alone, not every player."""


class RuleModel(Model):
    """A scoring rule: checked, compiled and described by itself."""

    if TYPE_CHECKING:
        rule: str
        """The tag naming the rule in YAML; each rule declares it as a `Literal`."""

    label: Text
    """Name of the points' source in score breakdowns (e.g. 'yellow cards')."""

    events: ClassVar[tuple[type[Event], ...]] = ()
    """The log events it records, declared beside it (`tests/test_events.py` builds each and
    requires its words)."""
    positional: ClassVar[bool] = False
    """Whether the points depend on where cards lie (bots may then not merge placements)."""

    @abstractmethod
    def compile(self, c: Compiler) -> PointsFn:
        """The rule as a function of the state: every player's points."""

    def compile_parts(self, c: Compiler) -> PartsFn:
        points, label = self.compile(c), self.label
        return lambda state: [(label, points(state))]

    def compile_player(self, c: Compiler) -> PlayerPointsFn | None:
        """The rule as one player's points, for a rule that reckons each player's points
        apart (a `PlayerRuleModel`); None for one that weighs players against each other or
        changes the state it scores."""
        return None

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Report what the schema cannot see at `path` (unknown zones, fields, values). By
        default the parameters whose types declare what they refer to (`check_declared`)."""
        check_declared(self, ctx, path)

    def describe(self, words: Words) -> str:
        """How the rule awards points, for a scoring card or a reference sheet."""
        return self.label


class PlayerRuleModel(RuleModel):
    """A scoring rule that reckons each player's points apart: it writes `compile_player`, and
    every player's points are that for each (bots weighing their own position score themselves
    alone)."""

    @abstractmethod
    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        """The rule as one player's points, as a function of the state and the player."""

    def compile(self, c: Compiler) -> PointsFn:
        one = self.compile_player(c)
        return lambda state: [one(state, player) for player in range(state.n)]


def amount_words(amount: Amount) -> str:
    """A number as printed (a real minus sign), or a table by player count (`3/2 (2/3 players)`)."""
    return printed_number(amount) if isinstance(amount, int) else describe_amount(amount)


def zone_cards(c: Compiler, zone_id: str, where: CardFilter | None) -> Callable[..., list[int]]:
    """Cards of a player's zone that pass a filter, as a function of (state, player)."""
    zone = c.zone(zone_id)
    z, test = zone.index, c.predicate(zone.kind, where)
    if not where:
        return lambda state, player: state.zones[z][player]
    return lambda state, player: [card for card in state.zones[z][player] if test(card)]


def zone_field(c: Compiler, zone_id: str, field: str) -> tuple[object, ...]:
    return c.table(c.zone(zone_id).kind).fields[field]
