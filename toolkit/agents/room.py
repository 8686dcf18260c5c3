"""Room for later moves: of several actions, those after which the mechanic leaves the player
the most options (`options_left`), e.g. a card placed where it squeezes a park's ascending
order least. Shared by ISMCTS (which cell to play a card in) and the `most_room` preference."""

from __future__ import annotations

from toolkit.kernel.state import State


def roomiest(state: State, player: int, actions: list[int]) -> list[int]:
    """The actions after which `player` has the most room, looked at one step ahead."""
    if len(actions) <= 1:
        return actions
    mechanic = state.game.mechanic
    room = [
        mechanic.options_left(mechanic.preview(state, player, action), player) for action in actions
    ]
    most = max(room)
    return [action for action, r in zip(actions, room, strict=True) if r == most]
