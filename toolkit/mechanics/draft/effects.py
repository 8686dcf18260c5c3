"""The draft's own effects (shop actions): they act on passing hands and parks, so only a
drafting game may use them. They reach the compiled mechanic through the draft's state,
since effects compile before the mechanic that runs them exists."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal

from toolkit.kernel.events import Declined, NothingToChoose
from toolkit.kernel.state import DECLINE, Decision, EffectFn, State
from toolkit.mechanics.draft.events import REVERSED
from toolkit.rules.effects.base import EffectModel
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.mechanics.draft.machine import DraftState


class ReversePassDirection(EffectModel):
    """From now on, hands are passed the other way."""

    effect: Literal["reverse_pass_direction"]

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        return reverse_effect


class ExtraPick(EffectModel):
    """Every player chooses, pays for and places one more card from their hand before passing."""

    effect: Literal["extra_pick"]

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        return extra_pick_effect


class SwapWithHand(EffectModel):
    """Swap one of the player's placed cards with a card of their hand; the new card is free."""

    effect: Literal["swap_with_hand"]
    interactive: ClassVar[bool] = True

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        return swap_with_hand_effect


class SwapWithOpponent(EffectModel):
    """Swap one of the player's placed cards with another player's placed card."""

    effect: Literal["swap_with_opponent"]
    interactive: ClassVar[bool] = True
    deck_fields: ClassVar[tuple[str, ...]] = ("match_field",)
    match_field: Id
    """Both cards must have the same value in this field (e.g. `number`)."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        return make_swap_with_opponent(c.table("deck").fields[self.match_field])


EFFECTS = (ReversePassDirection, ExtraPick, SwapWithHand, SwapWithOpponent)


def reverse_effect(state: State, player: int, card: int) -> None:
    mech: DraftState = state.mech
    mech.direction = -mech.direction
    state.log.append(REVERSED)


def extra_pick_effect(state: State, player: int, card: int) -> None:
    mech: DraftState = state.mech
    mech.extra_picks += 1


def swap_with_hand_effect(state: State, player: int, card: int) -> None:
    mech: DraftState = state.mech
    options = mech.machine.hand_swaps(state, player)
    if not options:
        state.log.append(NothingToChoose(player, "swap-hand"))
        return

    def resolve(state: State, decision: Decision, action: int) -> None:
        if action == DECLINE:
            state.stats.declined += 1
            state.log.append(Declined(decision.player, "swap-hand"))
            return
        mech.machine.swap_with_hand(state, decision.player, action)

    state.pending = Decision(player, "swap-hand", [*options, DECLINE], resolve, [], card)


def make_swap_with_opponent(match: tuple[Any, ...]) -> EffectFn:
    def swap_with_opponent_effect(state: State, player: int, card: int) -> None:
        mech: DraftState = state.mech
        options = mech.machine.opponent_swaps(state, player, match)
        if not options:
            state.log.append(NothingToChoose(player, "swap-opponent"))
            return

        def resolve(state: State, decision: Decision, action: int) -> None:
            if action == DECLINE:
                state.stats.declined += 1
                state.log.append(Declined(decision.player, "swap-opponent"))
                return
            mech.machine.swap_with_opponent(state, decision.player, action)

        state.pending = Decision(player, "swap-opponent", [*options, DECLINE], resolve, [], card)

    return swap_with_opponent_effect
