"""The draft's own effects (shop actions): they act on passing hands and parks, so only a
drafting game may use them. They reach the compiled mechanic through the draft's state,
since effects compile before the mechanic that runs them exists. What they do at play time is
in `shop.py`, imported when a game compiles: validation reads these models and never compiles."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from toolkit.rules.effects.base import EffectModel
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn


class ReversePassDirection(EffectModel):
    """From now on, hands are passed the other way."""

    effect: Literal["reverse_pass_direction"]

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        from toolkit.mechanics.draft.shop import reverse_effect

        return reverse_effect


class ExtraPick(EffectModel):
    """Every player chooses, pays for and places one more card from their hand before passing."""

    effect: Literal["extra_pick"]

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        from toolkit.mechanics.draft.shop import extra_pick_effect

        return extra_pick_effect


class SwapWithHand(EffectModel):
    """Swap one of the player's placed cards with a card of their hand; the new card is free."""

    effect: Literal["swap_with_hand"]
    interactive: ClassVar[bool] = True

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        from toolkit.mechanics.draft.shop import swap_with_hand_effect

        return swap_with_hand_effect


class SwapWithOpponent(EffectModel):
    """Swap one of the player's placed cards with another player's placed card."""

    effect: Literal["swap_with_opponent"]
    interactive: ClassVar[bool] = True
    deck_fields: ClassVar[tuple[str, ...]] = ("match_field",)
    match_field: Id
    """Both cards must have the same value in this field (e.g. `number`)."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        from toolkit.mechanics.draft.shop import make_swap_with_opponent

        return make_swap_with_opponent(c.table("deck").fields[self.match_field])


EFFECTS = (ReversePassDirection, ExtraPick, SwapWithHand, SwapWithOpponent)
