"""The random bot: uniform over the legal actions; the baseline every other bot must beat."""

from __future__ import annotations

from toolkit.agents.legal import legal_moves, stuck
from toolkit.kernel.state import State
from toolkit.kernel.streams import picker


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.pick = picker(f"bot/{seed}")
        """The whole of its choice: uniform over the legal actions, from a stream that starts
        cheaply (a table starts one per seat each game), taken by `Autoplay`."""

    def choose(self, state: State, player: int) -> int:
        if state.pending is None:  # the mechanic's own turn (the hot loop): ask it directly
            actions = state.machine.legal_actions(state, player)
            if not actions:
                raise stuck(state, player)
            return self.pick(actions)
        return self.pick(legal_moves(state, player))
