"""A whole game as readable text (a playthrough): the golden-file format."""

from __future__ import annotations

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.errors import ActionCapError
from toolkit.record.events import narrate, narrate_scores


def playthrough(game: Game, seed: int, players: int, bots: list[str]) -> str:
    state = game.new_state(seed, players)
    agents = [make_bot(name, seed + seat + 1, game) for seat, name in enumerate(bots)]
    cap, steps = game.mechanic.max_actions(players), 0
    while not state.terminal:
        steps += 1
        if steps > cap:
            raise ActionCapError(game.name, seed, cap)
        for player in state.to_move():
            state.apply(player, agents[player].choose(state, player))
    header = f"{game.name}: seed {seed}, {players} players, bots {', '.join(bots)}"
    lines = [header, *narrate(game, state.log), *narrate_scores(game, state)]
    return "\n".join(lines) + "\n"
