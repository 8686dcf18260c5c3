"""How a game ends and who wins: the manifest's `end`.

A mechanic ends the game at its own limit (the last round, a full grid, an empty draw pile);
`end.when` adds conditions a designer states in data ("until someone reaches 100", "when the
market is empty"), checked by the mechanic at the end of each round (or turn, for mechanics
without rounds). `end.winner` says whether the highest or the lowest total wins.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from toolkit.rules.primitive import Primitive
from toolkit.schema.amounts import Amount, describe_amount, per_players
from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_list
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words

EndTest = Callable[["State"], bool]
"""A compiled end condition: whether it holds now."""


class EndWhen(Primitive):
    """One condition that ends the game: a player's measure reaching a bound, or an empty
    shared zone."""

    measure: Measure | None = None
    """A number per player (`{score: true}` is the points banked so far); the game ends when
    any player's reaches `at_least` or falls to `at_most`."""
    at_least: Amount | None = None
    """With `measure`: the game ends once a player has at least this."""
    at_most: Amount | None = None
    """With `measure`: the game ends once a player has at most this."""
    zone_empty: Id | None = None
    """A shared zone (a draw pile, a market): the game ends once it holds no card."""

    @model_validator(mode="after")
    def _one_kind(self) -> EndWhen:
        if (self.measure is None) == (self.zone_empty is None):
            raise ValueError("an end condition names either 'measure' or 'zone_empty'")
        if self.measure is not None and self.at_least is None and self.at_most is None:
            raise ValueError("a 'measure' end condition needs 'at_least' or 'at_most'")
        if self.zone_empty is not None and (self.at_least, self.at_most) != (None, None):
            raise ValueError("'at_least' and 'at_most' go with 'measure', not 'zone_empty'")
        return self

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if self.measure is not None:
            ctx.check_measure((*path, "measure"), self.measure)
        for key in ("at_least", "at_most"):
            bound = getattr(self, key)
            if bound is not None:
                ctx.check_amount((*path, key), bound)
        if self.zone_empty is not None:
            ctx.known((*path, "zone_empty"), self.zone_empty, ctx.zone_ids("shared"), "shared zone")

    def describe(self, words: Words, *, names: bool = True) -> str:
        if self.zone_empty is not None:
            return f"when the {words.zone(self.zone_empty)} is empty"
        assert self.measure is not None
        measure = words.measure(self.measure)
        if self.at_least is not None:
            return f"when a player has {describe_amount(self.at_least)} or more {measure}"
        assert self.at_most is not None
        return f"when a player has {describe_amount(self.at_most)} or fewer {measure}"

    def compile(self, c: Compiler) -> EndTest:
        if self.zone_empty is not None:
            z = c.zone(self.zone_empty).index
            return lambda state: not state.shared[z]
        assert self.measure is not None
        measure = c.measure(self.measure)
        most = c.max_players
        low = per_players(self.at_least, most) if self.at_least is not None else None
        high = per_players(self.at_most, most) if self.at_most is not None else None

        def reached(state: State) -> bool:
            for player in range(state.n):
                value = measure(state, player)
                if low is not None and value >= low[state.n]:
                    return True
                if high is not None and value <= high[state.n]:
                    return True
            return False

        return reached


class EndRules(Model):
    """When the game ends beyond the mechanic's own limit, and who wins."""

    winner: Literal["highest", "lowest"] = "highest"
    """Whether the highest or the lowest total wins (tie-breakers apply either way)."""
    when: list[EndWhen] = Field(default_factory=empty_list)
    """Conditions checked at the end of every round (every turn for mechanics without
    rounds); the game ends as soon as one holds."""
