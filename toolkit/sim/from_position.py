"""Many games from one position: "who wins from here?"

Each game deals what the position leaves to chance (cards written `?`, the unseen rest of
the deck, later shuffles) from a seed of its own, made from the run's seed and the game's
number as in any run, so a run from a position is reproducible. The position is read and
checked once here; the games run on the run's executor like any others. Workers get the
position's text, never a live state, and read it again themselves (once per process).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.agents import reproducible
from toolkit.content.models.position import Position
from toolkit.content.project import LoadedFile, load_content_file
from toolkit.content.yaml_loader import MAX_FILE_BYTES, display_path, load_bytes, load_file
from toolkit.engine.compiled import Game
from toolkit.engine.position_load import position_start
from toolkit.errors import ContentError, UsageError
from toolkit.files import FileRefused, is_file, read_bytes
from toolkit.kernel.state import State
from toolkit.record.transcript_file import MAX_POSITION_TEXT
from toolkit.record.transcripts import StartPosition
from toolkit.sim.executor import Executor, LocalExecutor
from toolkit.sim.names import names_of
from toolkit.sim.run import Run, RunSpec, check_seats, seats_for
from toolkit.sim.runner import Chunk, GameSource, Keep, game_seed, play_chunks, play_from
from toolkit.sim.sources import load_source
from toolkit.sim.stats import summarise
from toolkit.sim.tally import Tally


@dataclass(frozen=True, slots=True)
class PositionSource:
    """The game and the position file's bytes (and its name, for messages): plain data."""

    game: GameSource
    name: str
    data: bytes

    def compile(self) -> Game:
        return self.game.compile()

    def portable(self) -> PositionSource:
        return PositionSource(self.game.portable(), self.name, self.data)


def _checked(game: Game, name: str, data: bytes) -> tuple[LoadedFile, State]:
    """The position read from its bytes and checked, and its state before its moves; every
    problem raises one `ContentError` at its place in the file."""
    loaded, problems = load_content_file(Path(name), "position", read=load_bytes(data, name))
    if loaded is None:
        raise ContentError(problems)
    state, _, problems = position_start(game, loaded)
    if state is None:
        raise ContentError(problems)
    return loaded, state


@lru_cache(maxsize=8)
def _read(source: PositionSource) -> tuple[Game, LoadedFile]:
    """The game and the position, read once per worker process (checked before the run)."""
    game = source.compile()
    return game, _checked(game, source.name, source.data)[0]


def _file_bytes(position: Path) -> bytes:
    """The position file's bytes, read once: the run's games all start from these."""
    try:
        return read_bytes(position, MAX_FILE_BYTES)
    except FileRefused as refused:
        _, problems = load_file(position)  # the refusal as a content file's diagnostic
        raise (ContentError(problems) if problems else UsageError(refused.reason)) from None


def _play_chunk(job: tuple[PositionSource, Chunk]) -> Tally:
    source, (seed, indexes, _, bots, keep, _) = job
    game, loaded = _read(source)
    tally = keep.tally()
    for index in indexes:
        game_seeded = game_seed(seed, index)
        state, moves, problems = position_start(game, loaded, game_seeded)
        if state is None:
            raise ContentError(problems)
        for player, action in moves:
            state.apply(player, action)
        tally.add(play_from(game, state, game_seeded, bots, record_actions=keep.records,
                            rounds=keep.rounds))  # fmt: skip
    return tally


def run_from_position(
    spec: RunSpec, position: Path, progress: Callable[[int], Any] | None = None
) -> Run:
    """Play `spec.games` games from the position with `spec.bots`; the players are the
    position's, and so are its options."""
    if spec.options:
        raise UsageError("--from plays with the position's options; write them in its 'options'")
    if not is_file(position):
        raise UsageError(f"no such file: '{position}'")
    _, game_source, game = load_source(spec.game, spec.variants, spec.sets)
    name, data = display_path(position), _file_bytes(position)
    loaded, first = _checked(game, name, data)
    if spec.record_actions and len(data) > MAX_POSITION_TEXT:
        raise UsageError(
            f"--transcript: '{position}' is larger than {MAX_POSITION_TEXT:,} bytes, more "
            "than a transcript embeds"
        )
    model = loaded.model
    assert isinstance(model, Position)
    players = first.n
    if spec.players is not None and spec.players != players:
        raise UsageError(f"the position has {players} players, not {spec.players}")
    if first.terminal:
        raise UsageError(f"the game in '{position}' is over: score it with toolkit score")
    seats = seats_for(check_seats(game, players, spec.bots), players)
    source = PositionSource(
        game_source,
        name,
        data,
    )
    executor: Executor = spec.executor or LocalExecutor(spec.workers)
    try:
        keep = Keep(records=spec.record_actions, paired=spec.paired)
        tally = play_chunks(_play_chunk, source, spec.games, players, seats, spec.seed,
                            progress, keep, {}, executor, 0)  # fmt: skip
    finally:
        if spec.executor is None:
            executor.close()
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
        **summarise(tally, seats, game.targets, game.deck_and_pool_ids()),
        "names": names_of(game),
    }
    start = StartPosition(name, data.decode("utf-8")) if spec.record_actions else None
    return Run(spec, players, tally, summary, dict(first.options), start, game)
