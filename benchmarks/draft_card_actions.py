"""How often a drafted card's action resolves twice in one round, over random games.

The draft's rule: no card action resolves twice in a round, whoever ends up holding the card
(Oh my park!: a shop card swapped by P12 in the same pick acts once). Scenario tests pin each
case; this run looks for any case they missed, over many random games.

Run from the project root: `python benchmarks/draft_card_actions.py [GAMES] [SEED] [PLAYERS]`
(default 3000 games from seed 0 at 5 players). It prints the actions counted, the actions that
resolved twice (by card), and the actions that lapsed (a card swapped back into a hand).
"""

from __future__ import annotations

import sys
from collections import Counter

from toolkit.agents import make_bot
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import GAME_ENDED, GameEnded
from toolkit.mechanics.draft.events import CardActed, CardActionLapsed, HandsPassed


def main(games: int, first_seed: int, players: int) -> None:
    _, game = load_compiled_game("rules/oh-my-park.yaml")
    ids = game.deck.ids
    doubles: Counter[str] = Counter()
    games_with_doubles = actions = lapsed = 0
    for seed in range(first_seed, first_seed + games):
        state = game.new_state(seed, players)
        bots = [make_bot("random", seed + p + 1, game) for p in range(players)]
        while not state.is_terminal():
            for player in state.to_move():
                state.apply(player, bots[player].choose(state, player))
                if state.pending is not None:
                    break
        seen: Counter[int] = Counter()
        found = False
        for event in [*state.log, GAME_ENDED]:
            if isinstance(event, CardActed):
                seen[event.card] += 1
                actions += 1
            elif isinstance(event, CardActionLapsed):
                lapsed += 1
            elif isinstance(event, HandsPassed | GameEnded):  # a round of picks ends
                for card, times in seen.items():
                    if times > 1:
                        doubles[ids[card]] += times - 1
                        found = True
                seen.clear()
        games_with_doubles += found
    print(
        f"{games} games at {players} players: {actions} card actions, "
        f"{sum(doubles.values())} resolved twice in {games_with_doubles} games "
        f"{dict(sorted(doubles.items()))}, {lapsed} lapsed"
    )


if __name__ == "__main__":
    arguments = [int(a) for a in sys.argv[1:4]]
    defaults = [3000, 0, 5]
    main(*(arguments + defaults[len(arguments) :]))
