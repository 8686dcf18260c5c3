"""The random bot: uniform over the legal actions; the baseline every other bot must beat."""

from __future__ import annotations

import random

from toolkit.kernel.state import State


class RandomBot:
    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._choice = self.rng.choice

    def choose(self, state: State, player: int) -> int:
        if state.pending is None:  # the mechanic's own turn (the hot loop): ask it directly
            return self._choice(state.machine.legal_actions(state, player))
        return self._choice(state.legal_actions(player))
