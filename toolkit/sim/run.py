"""One simulation run from a game argument to its summary: what every command shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.agents import check_bot_name, reproducible
from toolkit.diagnostics import players_span
from toolkit.errors import UsageError
from toolkit.sim.executor import Executor
from toolkit.sim.names import names_of
from toolkit.sim.runner import simulate
from toolkit.sim.sources import load_source
from toolkit.sim.stats import summarise
from toolkit.sim.tally import Tally

if TYPE_CHECKING:
    from toolkit.engine.compiled import Game
    from toolkit.record.transcripts import StartPosition


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
    options: list[str] = field(default_factory=list)
    """`--option id=value` texts, checked against the game's options before any game."""
    executor: Executor | None = None
    """Where the games run (None: a local pool of `workers` processes)."""
    paired: bool = False
    """Keep each game's measures for a paired comparison (`compare`)."""


@dataclass
class Run:
    spec: RunSpec
    players: int
    tally: Tally
    summary: dict[str, Any]
    options: dict[str, Any] = field(default_factory=dict)
    """The options chosen, typed (the defaults fill the rest)."""
    start: StartPosition | None = None
    """The position every game started from (`simulate --from`), for the transcript."""
    game: Game | None = None
    """The compiled game the run played, for its transcript (None: load it again)."""


def seats_for(bots: list[str], players: int) -> list[str]:
    return bots * players if len(bots) == 1 else bots


def check_seats(game: Game, players: int, bots: list[str]) -> list[str]:
    """A supported player count, known bots, and one bot for all seats or one per seat;
    returns the bots as the game spells them (typed in any case)."""
    if not game.min_players <= players <= game.max_players:
        raise UsageError(f"{game.name} is for {players_span(game.min_players, game.max_players)}")
    bots = [check_bot_name(name, game) for name in bots]
    if len(bots) not in (1, players):
        raise UsageError(
            f"--bots names {len(bots)} bots for {players} players: give one name, or one per seat"
        )
    return bots


def run(spec: RunSpec, progress: Callable[[int], Any] | None = None) -> Run:
    manifest, _, game = load_source(spec.game, spec.variants, spec.sets)  # compiled once
    players = spec.players if spec.players is not None else min(4, game.max_players)
    bots = check_seats(game, players, spec.bots)
    options = game.read_options(spec.options)
    seats = seats_for(bots, players)
    tally = simulate(
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
        options,
        spec.executor,
        paired=spec.paired,
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
            **({"options": options} if options else {}),
        },
        # A bot thinking for a time plays differently as the machine's load varies.
        "reproducible": all(reproducible(bot) for bot in seats),
        **summarise(tally, seats, game.targets, game.deck_and_pool_ids()),
        "names": names_of(game),
    }
    return Run(spec, players, tally, summary, options, game=game)


def write_run(path: Path, result: Run) -> int:
    """Write every game of a simulation run kept with `record_actions`; returns the count."""
    from toolkit.files import ensure_folder
    from toolkit.record.transcripts import LoadedGame, simulation_games, write_transcript

    spec = result.spec
    if result.game is not None:  # the game the run compiled, not a second one
        from toolkit.record.narration import Narrator

        game = result.game
        loaded = LoadedGame(game, game.content, Narrator(game, game.content))
    else:
        loaded = LoadedGame.load(spec.game, spec.variants, spec.sets)
    ensure_folder(path.parent)
    games = simulation_games(
        loaded,
        manifest=spec.game,
        records=result.tally.records or [],
        players=result.players,
        bots=result.summary["arguments"]["bots"],
        run_seed=spec.seed,
        variants=[str(v) for v in spec.variants],
        sets=spec.sets,
        options=result.options,
        position=result.start,
    )
    return write_transcript(path, games)
