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
from collections.abc import Callable
from typing import TYPE_CHECKING

from toolkit.agents.legal import legal_moves
from toolkit.kernel.state import State

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView

Worth = Callable[[State, int], float]
"""What a position looked ahead to is worth to a player."""


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self._game: GameView | None = None
        self._worth: Worth = worth_to_player

    def choose(self, state: State, player: int) -> int:
        actions = legal_moves(state, player)
        if len(actions) == 1:
            return actions[0]
        game = state.game
        mechanic = game.mechanic
        if mechanic.is_quiet(state, player):
            return self.rng.choice(actions)  # no action changes the evaluation
        if self._game is not game:
            self._game, self._worth = game, worth_in(game)
        preview, worth = mechanic.preview, self._worth
        best: list[int] = []
        best_value = float("-inf")
        for group in mechanic.equivalent_actions(state, player, actions):
            value = worth(preview(state, player, group[0]), player)
            if value > best_value:
                best_value, best = value, list(group)
            elif value == best_value:
                best.extend(group)
        return best[0] if len(best) == 1 else self.rng.choice(best)


def worth_to_player(after: State, player: int) -> float:
    """The position as if the round and the game ended there (`after`, a copy, is changed)."""
    game = after.game
    after = game.at_round_end(after)
    return game.heuristic(after, player) + game.round_points(after, player)


def worth_in(game: GameView) -> Worth:
    """`worth_to_player` without the steps this game has nothing for (no effects at a
    round's end, no round scoring): the same values, a few calls fewer per look."""
    heuristic = game.heuristic
    if game.mechanic.round_end_effects or game.round_rules:
        return worth_to_player
    return heuristic
