"""`advance`: move the player's marker on a track."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import model_validator

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS
from toolkit.rules.words import signed
from toolkit.schema.params import TrackId

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import Words


@EFFECTS.register
class Advance(EffectModel):
    """Move the player's marker on a track; negative amounts move it back. Clamped to the track."""

    effect: Literal["advance"]
    track: TrackId
    """The track to move on."""
    amount: int
    """Steps to move: positive forward, negative back."""

    @model_validator(mode="after")
    def _moves(self) -> Advance:
        if self.amount == 0:
            raise ValueError("'amount' of 0 moves nothing")
        return self

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        track, amount = c.track(self.track), self.amount

        def advance(state: State, player: int, card: int) -> None:
            state.advance(player, track, amount, cause)

        return advance

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"{signed(self.amount)} {words.track(self.track, words=names)}"
