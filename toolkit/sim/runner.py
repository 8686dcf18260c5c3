"""Play many games with bots and tally them as they end.

Game `i` of a run with seed `s` is seeded from (s, i) alone, and a worker sends back the
tally of its chunk of games (whole-number aggregates, `tally.py`), never their records
unless a transcript is asked for; the tallies merge to the same numbers however the games
were chunked, so the results do not depend on how many worker processes played them.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, TypeVar

from toolkit.agents import RandomBot, make_bot
from toolkit.engine.compiled import Game
from toolkit.errors import ActionCapError
from toolkit.kernel.state import State
from toolkit.sim.executor import Executor, LocalExecutor, pool_size
from toolkit.sim.game_record import GameRecord as GameRecord
from toolkit.sim.sources import BundleSource, PathSource
from toolkit.sim.tally import Tally

GameSource = PathSource | BundleSource


class Shared(Protocol):
    """What every task of a run gets: builds the game, and travels as `portable()` data."""

    def compile(self) -> Game: ...

    def portable(self) -> Any: ...


Src = TypeVar("Src", bound=Shared)

CHUNK = 50


@dataclass(frozen=True, slots=True)
class Keep:
    """What a run keeps of each game beyond its tally: the records with their actions (for
    transcripts), or the columns of a paired comparison."""

    records: bool = False
    paired: bool = False
    rounds: bool = True
    """Each game's provisional totals at every round's end (the length in rounds, lead
    changes, drama): a run whose statistics read none of them (a ladder) goes without."""

    def tally(self) -> Tally:
        return Tally.empty(keep_records=self.records, paired=self.paired, by_round=self.rounds)


def game_seed(seed: int, index: int) -> int:
    digest = hashlib.blake2b(f"{seed}:{index}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play_game(
    game: Game,
    seed: int,
    players: int,
    bots: list[str],
    *,
    record_actions: bool = False,
    options: dict[str, Any] | None = None,
    rounds: bool = True,
) -> GameRecord:
    state = game.new_state(seed, players, options)
    return play_from(game, state, seed, bots, record_actions=record_actions, rounds=rounds)


def play_from(
    game: Game,
    state: State,
    seed: int,
    bots: list[str],
    *,
    record_actions: bool = False,
    rounds: bool = True,
) -> GameRecord:
    """Bots play `state` to its end (a new game, or a position); `seed` seeds the bots.
    `rounds`: checkpoint the totals at each round's end (else only the final ones)."""
    players = state.n
    played: list[tuple[int, int]] = []
    display = {
        zone.id: tuple(game.tables[zone.kind].ids[c] for c in state.shared[zone.index])
        for zone in game.shared_zones
        if not zone.hidden_from_others  # a face-down pile is no display
    }
    agents = [make_bot(name, seed + seat + 1, game) for seat, name in enumerate(bots)]
    choosers = [agent.choose for agent in agents]
    # The loop runs once per action: bound methods and locals keep it to plain calls.
    apply, answer = state.apply, state.answer
    machine = game.mechanic
    machine_to_move, machine_apply = machine.to_move, machine.apply
    # Random bots pick from the legal actions alone: a mechanic that can play its own turns
    # for them does so in one call, without a call per layer per action.
    picks = [agent.pick for agent in agents if isinstance(agent, RandomBot)]
    random_table = len(picks) == len(agents)
    autoplay = game.autoplay.autoplay if game.autoplay and random_table else None
    log = played if record_actions else None
    checkpoints: list[tuple[int, ...]] = []
    current_round = state.round
    left = game.mechanic.max_actions(players)
    while not state.terminal:
        if left <= 0:  # a bounded loop: a game that never ends is reported
            raise ActionCapError(game.name, seed, game.mechanic.max_actions(players))
        pending = state.pending
        if pending is None and autoplay is not None and (done := autoplay(state, picks, log, left)):
            left -= done
        elif pending is None:
            # The mechanic's own turn: straight to its machine, since all `State.apply` adds
            # is the handling of a pending choice. A choice stops the simultaneous moves.
            for player in machine_to_move(state):
                action = choosers[player](state, player)
                if record_actions:
                    played.append((player, action))
                machine_apply(state, player, action)
                if state.pending is not None:
                    break
            left -= 1
        elif random_table and pending.options:
            # A random bot's pick among the options of a choice: nothing to check.
            player = pending.player
            action = picks[player](pending.options)
            if record_actions:
                played.append((player, action))
            answer(action)
            left -= 1
        else:
            player = pending.player
            action = choosers[player](state, player)
            if record_actions:
                played.append((player, action))
            apply(player, action)
            left -= 1
        if rounds and state.round != current_round and not state.terminal:
            current_round = state.round
            checkpoints.append(game.totals(state))
    return _record(game, state, display, checkpoints, played)


def _record(
    game: Game,
    state: State,
    display: dict[str, tuple[str, ...]],
    checkpoints: list[tuple[int, ...]],
    played: list[tuple[int, int]],
) -> GameRecord:
    """The plain record of a finished game: its scores, and its statistics by id."""
    scores = state.scores()
    checkpoints.append(scores.totals)
    public = [zone for zone in game.player_zones if not zone.hidden_from_others]
    zones = game.player_zones
    gains: dict[str, dict[str, int]] = {}
    for (track, cause), steps in sorted(state.stats.track_gains.items()):
        gains.setdefault(game.tracks[track].id, {})[cause] = steps
    return GameRecord(
        seed=state.seed,
        totals=scores.totals,
        breakdown=scores.breakdown,
        winners=scores.winners,
        decided_by=scores.decided_by,
        display=display,
        acquired=tuple(
            (zones[z].id, player, game.tables[zones[z].kind].ids[card], turn)
            for z, player, card, turn in state.stats.acquired
        ),
        track_gains=gains,
        declined=state.stats.declined,
        supply_short=state.stats.supply_short,
        turns=state.turn,
        counters=dict(sorted(state.stats.counters.items())),
        slots={
            slot: tuple(
                game.tables[kind].ids[card] + (f":{side}" if side else "")
                for kind, card, side in entries
            )
            for slot, entries in sorted(state.slots.items())
        },
        resources_left={
            resource.id: tuple(state.res[p][index] for p in range(state.n))
            for index, resource in enumerate(game.resources)
        },
        holdings=tuple(
            tuple(
                game.tables[zone.kind].ids[card]
                for zone in public
                for card in state.zones[zone.index][player]
            )
            for player in range(state.n)
        ),
        checkpoints=tuple(checkpoints),
        actions=tuple(played),
        lowest_wins=game.lowest_wins,
        teams=game.teams[state.n],
        first_player=state.first_player,
        held=tuple(sorted({game.tables[zones[z].kind].ids[card] for z, card in state.stats.held})),
    )


Chunk = tuple[int, list[int], int, list[str], Keep, dict[str, Any]]
"""(run seed, game indexes, players, bots, what to keep, game options): plain data."""
Job = tuple[GameSource, Chunk]
"""What a worker gets: how to build the game (files or their bytes) and which games to play."""
ChunkTask = Callable[[tuple[Src, Chunk]], Tally]
"""Plays a chunk's games in a worker: new games, or games from a position."""


def tapered_spans(first: int, games: int, size: int, workers: int) -> Iterator[tuple[int, int]]:
    """Games `first` to `games` as tasks of `size`, the last `workers` tasks' games cut in
    quarters: the workers then finish within a quarter of a task of each other, not a whole
    task (a second of play), while the many tasks before keep the scheduler's share small."""
    tail = max(first, games - size * workers)
    for start in range(first, tail, size):
        yield start, min(start + size, tail)
    small = max(1, -(-(games - tail) // (4 * workers)))
    for start in range(tail, games, small):
        yield start, min(start + small, games)


def _play_chunk(job: Job) -> Tally:
    source, (seed, indexes, players, bots, keep, options) = job
    game = source.compile()
    tally = keep.tally()
    for i in indexes:
        record = play_game(
            game,
            game_seed(seed, i),
            players,
            bots,
            record_actions=keep.records,
            options=options,
            rounds=keep.rounds,
        )
        tally.add(record)
    return tally


def simulate(
    manifest: Path,
    games: int,
    players: int,
    bots: list[str],
    seed: int,
    workers: int = 1,
    progress: Callable[[int], Any] | None = None,
    variants: list[Path] | None = None,
    sets: list[tuple[str, Any]] | None = None,
    record_actions: bool = False,
    options: dict[str, Any] | None = None,
    executor: Executor | None = None,
    first_game: int = 0,
    paired: bool = False,
    rounds: bool = True,
) -> Tally:
    """Play `games` games and tally them; `progress(n)` is called as chunks of n games
    finish. `record_actions` keeps every record with its actions in the tally (for
    transcripts), `paired` the columns a paired comparison reads; without `rounds` the
    games keep no round checkpoints and their tally no length in rounds, lead changes or
    drama (`Keep.rounds`). `options`
    are the game options chosen (checked by the caller: `Game.read_options`). `executor`
    runs the chunks (default: a local pool of `workers` processes); `first_game` skips the
    games before it (more games of a run already played: the same seeds, extended).

    Game i is seeded from (seed, i) only, so a variant played with the same seed meets the
    same deals and setups wherever the rules let it: paired comparisons. The chunks of games
    are made as the workers take them, so nothing grows with `games` before the first game.
    """
    source = PathSource.of(manifest, variants, sets)  # compiled once: `load_source`
    owned = executor is None
    executor = executor or LocalExecutor(workers)
    try:
        keep = Keep(records=record_actions, paired=paired, rounds=rounds)
        return play_chunks(_play_chunk, source, games, players, bots, seed, progress,
                           keep, options, executor, first_game)  # fmt: skip
    finally:
        if owned:
            executor.close()


def play_chunks(
    task: ChunkTask[Src],
    source: Src,
    games: int,
    players: int,
    bots: list[str],
    seed: int,
    progress: Callable[[int], Any] | None,
    keep: Keep,
    options: dict[str, Any] | None,
    executor: Executor,
    first: int,
) -> Tally:
    """The chunks of a run on `executor`, merged in game order; `task` plays one in a
    worker, `source` is what every task shares (it compiles the game and travels as
    `portable()` data)."""
    chunk: Chunk = (seed, [], players, bots, keep, dict(options or {}))
    tally = keep.tally()
    if executor.chunk_seconds is not None and games - first > 1:
        # A first game here times the games, so each task holds about chunk_seconds of play
        # (a scheduler's cost per task stays small); game 0's seed is the same wherever.
        source.compile()  # cached: the timing is of play alone
        started = time.perf_counter()
        tally.merge(task((source, (seed, [first], *chunk[2:]))))
        per_game = max(time.perf_counter() - started, 1e-4)
        first += 1
        if progress is not None:
            progress(1)
        size = max(1, min(int(executor.chunk_seconds / per_game), 100_000))
        # ... but enough tasks for every worker to get a few, and as many for each worker.
        size = min(size, max(1, -(-(games - first) // (4 * executor.workers))))
        workers = executor.workers
        tasks = math.ceil(math.ceil((games - first) / size) / workers) * workers
        size = max(1, math.ceil((games - first) / tasks))
        spans = tapered_spans(first, games, size, workers)
    else:
        if pool_size(executor.workers, games - first) > 1:
            # Chunks of up to CHUNK games, smaller when there are few games (slow bots), so
            # that every worker gets a share; game i's seed does not depend on its chunk.
            pool = pool_size(executor.workers, games - first)
            size = max(1, min(CHUNK, -(-(games - first) // (4 * pool))))
        else:
            size = CHUNK
        spans = ((start, min(start + size, games)) for start in range(first, games, size))
    chunks: Iterator[Chunk] = ((seed, list(range(start, end)), *chunk[2:]) for start, end in spans)
    for played in executor.map(task, source, chunks, games - first):
        tally.merge(played)
        if progress is not None:
            progress(played.games)
    return tally
