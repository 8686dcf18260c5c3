"""`transfer`: take a resource from other players, not from the supply (a toll, a theft)."""

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

_GIVERS = {
    "each_opponent": "from each opponent",
    "left": "from the player on your left",
    "right": "from the player on your right",
}
"""Who gives, as players read it."""


@EFFECTS.register
class Transfer(EffectModel):
    """The player takes an amount of a resource from other players (as much as each holds)."""

    effect: Literal["transfer"]
    resource: GainedResource
    """The resource taken."""
    amount: int = Field(ge=1)
    """How much each giver hands over, at most (a giver with less gives all they hold)."""
    giver: Literal["each_opponent", "left", "right"] = "each_opponent"
    """Who gives: every other player, or the next player in seat order (`left`) or the
    previous one (`right`)."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        resource, amount, giver = c.resource(self.resource), self.amount, self.giver

        def transfer(state: State, player: int, card: int) -> None:
            n = state.n
            if giver == "each_opponent":
                givers = [p for p in range(n) if p != player]
            else:
                givers = [(player + (1 if giver == "left" else -1)) % n]
            for other in givers:
                # Paid into the supply and taken straight back: the supply's count is unchanged.
                state.gain(player, resource, state.pay(other, resource, amount))

        return transfer

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"+{self.amount} {words.resource(self.resource, words=names)} {_GIVERS[self.giver]}"
