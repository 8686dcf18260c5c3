"""One simulation run from a game argument to its summary: what every command shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.engine.load import load_compiled_game
from toolkit.sim.runner import GameRecord, simulate
from toolkit.sim.stats import summarise


@dataclass
class RunSpec:
    """What to play: the game, overlays, and how many games with which bots."""

    game: str
    games: int
    players: int | None
    bots: list[str]
    seed: int = 1
    workers: int = 1
    variants: list[Path] = field(default_factory=list)
    sets: list[tuple[str, Any]] = field(default_factory=list)
    record_actions: bool = False
    """Keep every game's actions in its record (for `--transcript`)."""


@dataclass
class Run:
    spec: RunSpec
    players: int
    records: list[GameRecord]
    summary: dict[str, Any]


def seats_for(bots: list[str], players: int) -> list[str]:
    return bots * players if len(bots) == 1 else bots


def run(spec: RunSpec, progress: Callable[[int], Any] | None = None) -> Run:
    manifest, game = load_compiled_game(spec.game, spec.variants, spec.sets)
    players = spec.players if spec.players is not None else min(4, game.max_players)
    if not game.min_players <= players <= game.max_players:
        from toolkit.errors import UsageError

        raise UsageError(f"{game.name} is for {game.min_players}-{game.max_players} players")
    seats = seats_for(spec.bots, players)
    records = simulate(
        manifest,
        spec.games,
        players,
        seats,
        spec.seed,
        spec.workers,
        progress,
        spec.variants,
        spec.sets,
        spec.record_actions,
    )
    summary = {
        "arguments": {
            "game": game.id,
            "games": spec.games,
            "players": players,
            "bots": seats,
            "seed": spec.seed,
            "variants": [str(v) for v in spec.variants],
            "set": {path: value for path, value in spec.sets},
        },
        **summarise(records, seats, game.targets, game.deck_and_pool_ids()),
    }
    return Run(spec, players, records, summary)
