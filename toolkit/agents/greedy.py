"""The greedy bot: tries every legal action one step ahead and keeps the best.

"Best" is the game's own scoring applied to the position reached as if the round and the game
ended there: the round's end effects run (coins over a cap lost, with their penalty), then
the points banked in earlier rounds, what the round scoring would bank now (a penalty card
taken, a wager met or missed) and the end scoring (for a simultaneous choice:
the bot's own choice, placed at once, without guessing the others'), plus the weights the
manifest gives under `bots.greedy` for what does not score yet (coins, track progress). It
knows nothing of any particular game. Ties are broken at random. Moves the mechanic knows to
score alike (the same card placed in different cells, when no scoring rule in play looks at
positions) are evaluated once.
"""

from __future__ import annotations

import random

from toolkit.agents.legal import legal_moves
from toolkit.kernel.state import State


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, player: int) -> int:
        actions = legal_moves(state, player)
        if len(actions) == 1:
            return actions[0]
        game = state.game
        if game.mechanic.is_quiet(state, player):
            return self.rng.choice(actions)  # no action changes the evaluation
        best: list[int] = []
        best_value = float("-inf")
        for group in game.mechanic.equivalent_actions(state, player, actions):
            after = game.at_round_end(game.mechanic.preview(state, player, group[0]))
            value = game.heuristic(after, player) + game.round_points(after, player)
            if value > best_value:
                best_value, best = value, list(group)
            elif value == best_value:
                best.extend(group)
        return best[0] if len(best) == 1 else self.rng.choice(best)
