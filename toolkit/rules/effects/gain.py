"""`gain`: take a resource from the supply."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS
from toolkit.schema.params import GainedResource

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import Words


@EFFECTS.register
class Gain(EffectModel):
    """The player takes an amount of a resource from the supply (as far as the supply can pay)."""

    effect: Literal["gain"]
    resource: GainedResource
    """The resource gained."""
    amount: int = Field(ge=1)
    """How much is gained."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        resource, amount = c.resource(self.resource), self.amount

        def gain(state: State, player: int, card: int) -> None:
            state.gain(player, resource, amount)

        return gain

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"+{self.amount} {words.resource(self.resource, words=names)}"
