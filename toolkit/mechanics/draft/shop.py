"""What the draft's shop actions do at play time (their models are in `effects.py`): kept
apart so validation, which reads the models, never loads the kernel's State or the log's
events."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.kernel.events import Declined, NothingToChoose
from toolkit.kernel.state import DECLINE, Decision, EffectFn, State
from toolkit.mechanics.draft.events import REVERSED

if TYPE_CHECKING:
    from toolkit.mechanics.draft.machine import DraftState


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
