"""`windfall` (everyone gains a resource) and `most_of` (points to who holds the most of one).

The toolkit imports this module when a registry is first needed, because the package's
metadata names it in the entry point group `toolkit.primitives`; the decorators register both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import Field

from toolkit.kernel.events import Event, EventWords
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS, SCORING_RULES
from toolkit.rules.scoring.base import RuleModel
from toolkit.schema.params import ResourceId


@dataclass(frozen=True, slots=True)
class Windfallen(Event):
    """A windfall: every player gained."""

    kind: ClassVar[str] = "windfall"
    player: int
    resource: int
    amount: int

    def words(self, names: EventWords) -> Iterator[str]:
        resource = names.resource_name(self.resource)
        yield f"  player {self.player + 1} brings a windfall: everyone +{self.amount} {resource}"


@EFFECTS.register
class Windfall(EffectModel):
    """Every player gains an amount of a resource."""

    effect: Literal["windfall"]
    events: ClassVar[tuple[type[Event], ...]] = (Windfallen,)
    resource: ResourceId
    """The resource everyone gains."""
    amount: int = Field(ge=1)
    """How much each player gains."""

    def compile(self, c: Any, cause: str) -> Callable[[Any, int, int], None]:
        resource, amount = c.resource(self.resource), self.amount

        def windfall(state: Any, player: int, card: int) -> None:
            for each in range(state.n):
                state.gain(each, resource, amount)
            state.log.append(Windfallen(player, resource, amount))

        return windfall

    def describe(self, words: Any, *, names: bool = True) -> str:
        return f"everyone +{self.amount} {words.resource(self.resource, words=names)}"


@SCORING_RULES.register
class MostOf(RuleModel):
    """Points to every player holding the most of a resource at the end."""

    rule: Literal["most_of"]
    resource: ResourceId
    """The resource counted."""
    points: int = Field(ge=1)
    """Points to each player holding the most."""

    def compile(self, c: Any) -> Callable[[Any], list[int]]:
        resource, points = c.resource(self.resource), self.points

        def most_of(state: Any) -> list[int]:
            held = [state.res[p][resource] for p in range(state.n)]
            top = max(held)
            return [points if count == top else 0 for count in held]

        return most_of

    def describe(self, words: Any) -> str:
        return f"{self.points} points to whoever holds the most {words.resource(self.resource)}"
