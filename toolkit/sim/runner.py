"""Play many games with bots and keep one plain record per game.

Game `i` of a run with seed `s` is seeded from (s, i) alone, and records come back in game
order, so the results do not depend on how many worker processes played them.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.agents import make_bot
from toolkit.engine.game import Game
from toolkit.engine.load import load_compiled_game
from toolkit.errors import ActionCapError
from toolkit.files import discard_unfinished
from toolkit.schema.limits import WORKERS_PER_CPU

CHUNK = 50
AHEAD = 2
"""Jobs queued per worker: enough to keep every worker busy, few enough that a long run holds
only a handful of them (and their results) at a time."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the statistics need from one finished game; plain data, cheap to pickle."""

    seed: int
    totals: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    decided_by: str
    display: dict[str, tuple[str, ...]]
    """Shared zone id to the card ids in it at setup."""
    acquired: tuple[tuple[str, int, str, int], ...]
    """(zone id, player, card id, turn) of every acquisition."""
    track_gains: dict[str, dict[str, int]]
    """Track id to cause to the total steps gained by all players."""
    declined: int
    supply_short: int
    turns: int
    counters: dict[str, int]
    """Named event counts (face-down cards, shop actions used), summed over players."""
    slots: dict[str, tuple[str, ...]]
    """Setup slot to the cards in it (`card` or `card:side`): plan, scoring cards."""
    resources_left: dict[str, tuple[int, ...]]
    """Resource id to what each player holds at the end."""
    holdings: tuple[tuple[str, ...], ...]
    """Per player, the cards in their public zones at the end (attractions ridden, park)."""
    checkpoints: tuple[tuple[int, ...], ...]
    """Provisional totals (as if the game ended) at the end of each round, for drama."""
    actions: tuple[tuple[int, int], ...] = ()
    """(player, action) in the order played, kept only when asked (for transcripts)."""
    lowest_wins: bool = False
    """The game's lowest total wins: margins and leaders read the totals the other way."""
    held: tuple[str, ...] = ()
    """Ids of the cards some player held in a public zone at the end of a round."""


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
) -> GameRecord:
    state = game.new_state(seed, players, options)
    display = {
        zone.id: tuple(game.tables[zone.kind].ids[c] for c in state.shared[zone.index])
        for zone in game.shared_zones
        if not zone.hidden_from_others  # a face-down pile is no display
    }
    choosers = [make_bot(name, seed + seat + 1, game).choose for seat, name in enumerate(bots)]
    # The loop runs once per action: bound methods and locals keep it to plain calls.
    apply = state.apply
    machine = game.mechanic
    machine_to_move, machine_apply = machine.to_move, machine.apply
    checkpoints: list[tuple[int, ...]] = []
    current_round = state.round
    played: list[tuple[int, int]] = []
    cap = game.mechanic.max_actions(players)
    for _ in range(cap):  # a bounded loop: the cap costs no counter of its own
        if state.terminal:
            break
        pending = state.pending
        if pending is None:
            # The mechanic's own turn: straight to its machine, since all `State.apply` adds
            # is the handling of a pending choice. A choice stops the simultaneous moves.
            for player in machine_to_move(state):
                action = choosers[player](state, player)
                if record_actions:
                    played.append((player, action))
                machine_apply(state, player, action)
                if state.pending is not None:
                    break
        else:
            player = pending.player
            action = choosers[player](state, player)
            if record_actions:
                played.append((player, action))
            apply(player, action)
        if state.round != current_round and not state.terminal:
            current_round = state.round
            checkpoints.append(game.totals(state))
    else:
        if not state.terminal:
            raise ActionCapError(game.name, seed, cap)
    scores = state.scores()
    checkpoints.append(scores.totals)
    public = [zone for zone in game.player_zones if not zone.hidden_from_others]
    zones = game.player_zones
    gains: dict[str, dict[str, int]] = {}
    for (track, cause), steps in sorted(state.stats.track_gains.items()):
        gains.setdefault(game.tracks[track].id, {})[cause] = steps
    return GameRecord(
        seed=seed,
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
        held=tuple(sorted({game.tables[zones[z].kind].ids[card] for z, card in state.stats.held})),
    )


Sets = tuple[tuple[str, Any], ...]
Job = tuple[str, tuple[str, ...], Sets, int, list[int], int, list[str], bool, dict[str, Any]]
"""(manifest, variant files, --set values, run seed, game indexes, players, bots, record
actions, game options): plain data for a worker."""


@lru_cache(maxsize=8)
def _compiled(manifest: str, variants: tuple[str, ...], sets: Sets) -> Game:
    _, game = load_compiled_game(manifest, [Path(v) for v in variants], list(sets))
    return game


def _play_chunk(job: Job) -> list[GameRecord]:
    manifest, variants, sets, seed, indexes, players, bots, record, options = job
    game = _compiled(manifest, variants, sets)
    return [
        play_game(game, game_seed(seed, i), players, bots, record_actions=record, options=options)
        for i in indexes
    ]


def pool_size(workers: int, games: int) -> int:
    """The worker processes a run starts: as asked, but no more than its games and than
    `WORKERS_PER_CPU` per CPU (more only share the same cores and each costs a process)."""
    return max(1, min(workers, games, WORKERS_PER_CPU * (os.cpu_count() or 1)))


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
) -> list[GameRecord]:
    """Play `games` games; `progress(n)` is called as chunks of n games finish. `options`
    are the game options chosen (checked by the caller: `Game.read_options`).

    Game i is seeded from (seed, i) only, so a variant played with the same seed meets the
    same deals and setups wherever the rules let it: paired comparisons. The chunks of games
    are made as the workers take them, so nothing grows with `games` before the first game.
    """
    path = str(manifest.resolve())
    overlays = tuple(str(v.resolve()) for v in variants or [])
    values: Sets = tuple((p, v) for p, v in sets or [])
    workers = pool_size(workers, games)
    # Chunks of up to CHUNK games, smaller when there are few games (slow bots), so that
    # every worker gets a share; game i's seed does not depend on its chunk.
    size = max(1, min(CHUNK, -(-games // (4 * workers)))) if workers > 1 else CHUNK
    jobs: Iterator[Job] = (
        (
            path,
            overlays,
            values,
            seed,
            list(range(start, min(start + size, games))),
            players,
            bots,
            record_actions,
            dict(options or {}),
        )
        for start in range(0, games, size)
    )
    records: list[GameRecord] = []
    for chunk in _run(jobs, workers):
        records.extend(chunk)
        if progress is not None:
            progress(len(chunk))
    return records


def _run(jobs: Iterator[Job], workers: int) -> Iterator[list[GameRecord]]:
    """Each job's records, in job order. With workers, at most `AHEAD` jobs per worker are
    queued at a time; an error drops the queued jobs, SIGTERM ends the workers too."""
    if workers <= 1:
        for job in jobs:
            yield _play_chunk(job)
        return
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_start)
    queued: deque[Future[list[GameRecord]]] = deque()
    finished = False
    try:
        with stop_workers_on_sigterm():
            for job in jobs:
                queued.append(pool.submit(_play_chunk, job))
                if len(queued) >= AHEAD * workers:
                    yield queued.popleft().result()
            while queued:
                yield queued.popleft().result()
        finished = True
    finally:
        # After an error (a game past its cap) the queued chunks are dropped and the running
        # ones finish: each is a few games, each bounded by its action cap.
        pool.shutdown(wait=True, cancel_futures=not finished)


def _worker_start() -> None:
    """A worker dies at once on SIGTERM, whatever the parent's handler (inherited by fork)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _terminate_workers() -> None:
    for child in multiprocessing.active_children():
        child.terminate()


@contextmanager
def stop_workers_on_sigterm() -> Iterator[None]:
    """While worker processes run: SIGTERM ends them and then the run, with exit status 143
    (128 + SIGTERM), instead of killing the parent alone and leaving the workers playing with
    the output pipe open. Only in the main thread, where Python runs signal handlers."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        _terminate_workers()
        discard_unfinished()
        for stream in (sys.stdout, sys.stderr):
            with suppress(OSError, ValueError):
                stream.flush()
        # At once, as the default action would: waiting on the pool's threads after its
        # workers were killed can block for ever (they may have died holding its queue).
        os._exit(128 + signum)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
