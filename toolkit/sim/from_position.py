"""Many games from one position: "who wins from here?"

Each game deals what the position leaves to chance (cards written `?`, the unseen rest of
the deck, later shuffles) from a seed of its own, made from the run's seed and the game's
number as in any run, so a run from a position is reproducible. The position is read and
checked once; games are played in this process, one after another.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from toolkit.agents import reproducible
from toolkit.content.models.position import Position
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import position_start, read_position
from toolkit.errors import ContentError, UsageError
from toolkit.files import is_file
from toolkit.sim.names import names_of
from toolkit.sim.run import Run, RunSpec, check_seats, seats_for
from toolkit.sim.runner import GameRecord, game_seed, play_from
from toolkit.sim.stats import summarise


def run_from_position(
    spec: RunSpec, position: Path, progress: Callable[[int], Any] | None = None
) -> Run:
    """Play `spec.games` games from the position with `spec.bots`; the players are the
    position's, and so are its options."""
    if spec.options:
        raise UsageError("--from plays with the position's options; write them in its 'options'")
    if not is_file(position):
        raise UsageError(f"no such file: '{position}'")
    _, game = load_compiled_game(spec.game, spec.variants, spec.sets)
    loaded, first, _, diagnostics = read_position(game, position)
    if loaded is None or first is None:
        raise ContentError(diagnostics)
    model = loaded.model
    assert isinstance(model, Position)
    players = first.n
    if spec.players is not None and spec.players != players:
        raise UsageError(f"the position has {players} players, not {spec.players}")
    if first.terminal:
        raise UsageError(f"the game in '{position}' is over: score it with toolkit score")
    seats = seats_for(check_seats(game, players, spec.bots), players)
    records: list[GameRecord] = []
    for index in range(spec.games):
        seed = game_seed(spec.seed, index)
        state, moves, problems = position_start(game, loaded, seed)
        if state is None:
            raise ContentError(problems)
        for player, action in moves:
            state.apply(player, action)
        records.append(play_from(game, state, seed, seats, record_actions=spec.record_actions))
        if progress is not None:
            progress(1)
    summary = {
        "arguments": {
            "game": game.id,
            "games": spec.games,
            "players": players,
            "bots": seats,
            "seed": spec.seed,
            "from": str(position),
            "variants": [str(v) for v in spec.variants],
            "set": {path: value for path, value in spec.sets},
        },
        "reproducible": all(reproducible(bot) for bot in seats),
        **summarise(records, seats, game.targets, game.deck_and_pool_ids()),
        "names": names_of(game),
    }
    return Run(spec, players, records, summary, dict(first.options))
