"""`most_room`: the actions that leave the player the most room for later moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.preferences.base import CardPreference, Core, Option
from toolkit.rules.registry import PREFERENCES

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.preferences.base import StrategyGame


def roomiest(state: State, player: int, actions: list[int]) -> list[int]:
    """The actions after which `player` has the most room (`options_left`), looked at one
    step ahead. Shared with ISMCTS, which places a card where it squeezes least."""
    if len(actions) <= 1:
        return actions
    mechanic = state.game.mechanic
    room = [
        mechanic.options_left(mechanic.preview(state, player, action), player) for action in actions
    ]
    most = max(room)
    return [action for action, r in zip(actions, room, strict=True) if r == most]


@PREFERENCES.register
class MostRoom(CardPreference):
    """The actions that leave the player the most room for later moves: in a draft onto a
    grid, the placement after which the open cells can still take the most card numbers (a
    card put where it squeezes the ascending order forces face-down cards later). Keeps every
    action when the game has no such notion (a trick)."""

    prefer: Literal["most_room"]

    def compile(self, game: StrategyGame) -> Core:
        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            kept = set(roomiest(state, player, [option.action for option in options]))
            return [option for option in options if option.action in kept]

        return core
