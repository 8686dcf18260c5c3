"""`lose`: return a resource to the supply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS
from toolkit.rules.words import MINUS
from toolkit.schema.params import ResourceId

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import Words


@EFFECTS.register
class Lose(EffectModel):
    """The player returns an amount of a resource to the supply (as much as they hold)."""

    effect: Literal["lose"]
    resource: ResourceId
    """The resource lost."""
    amount: int = Field(ge=1)
    """How much is lost."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        resource, amount = c.resource(self.resource), self.amount

        def lose(state: State, player: int, card: int) -> None:
            state.pay(player, resource, amount)

        return lose

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"{MINUS}{self.amount} {words.resource(self.resource, words=names)}"
