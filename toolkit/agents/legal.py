"""What every bot asks first: the legal moves, or a clear error when the rules offer none."""

from __future__ import annotations

from toolkit.errors import NoLegalMoveError
from toolkit.kernel.state import State


def stuck(state: State, player: int) -> NoLegalMoveError:
    """The error for a player to move who has no legal move, with where it happened."""
    name = getattr(state.game, "name", "the game")
    return NoLegalMoveError(
        f"{name}: player {player + 1} has no legal move (round {state.round}, turn "
        f"{state.turn}, game seed {state.seed}): the rules leave them stuck, e.g. no card "
        "they hold can be paid for or placed; give the rules a way out (such as a free "
        "face-down placement) or make every card playable"
    )


def legal_moves(state: State, player: int) -> list[int]:
    """The player's legal moves; raises NoLegalMoveError when there are none."""
    actions = state.legal_actions(player)
    if not actions:
        raise stuck(state, player)
    return actions
