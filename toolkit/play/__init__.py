"""A person plays a game against bots in the terminal (`toolkit play`).

The only package besides the command line that imports rich: it draws the position (the
person's hand, the trick or the parks as coloured grids, tracks and coins), numbers the
legal moves, lets bots answer, and records the game as a transcript that `toolkit replay`
re-runs.
"""

from __future__ import annotations

import itertools
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path

from toolkit.agents import check_bot_name
from toolkit.diagnostics import players_span
from toolkit.errors import UsageError
from toolkit.kernel.state import State
from toolkit.play.session import HUMAN, Session
from toolkit.play.terminal import Outcome, Terminal
from toolkit.record.transcript_file import MAX_SEED
from toolkit.record.transcripts import (
    LoadedGame,
    fresh_transcript,
    iter_transcript,
    prepare_output,
    replay_game,
)


def play(
    argument: str | None,
    *,
    players: int | None = None,
    seat: int | None = None,
    bots: Sequence[str] | None = None,
    seed: int | None = None,
    transcript: Path | None = None,
    variants: Sequence[Path] = (),
    resume: Path | None = None,
    options: Sequence[str] = (),
    start: Path | None = None,
) -> Outcome:
    """Set up and play one game, or go on with a saved one; `seat` counts from 1, as players
    are shown. `options` are `--option id=value` texts (a resumed game keeps its own)."""
    if resume is not None:
        given = {
            "--players": players, "--seat": seat, "--bots": bots, "--seed": seed,
            "--variant": variants or None, "--option": options or None, "--from": start,
        }  # fmt: skip
        clashing = [flag for flag, value in given.items() if value is not None]
        if clashing:
            raise UsageError(f"--resume takes the game as saved; drop {', '.join(clashing)}")
        session = resumed(resume, argument)
        prepare_output(transcript or resume)
        return Terminal(session, transcript or resume).run()
    if argument is None:
        raise UsageError("name a game to play, or --resume a saved one")
    if start is not None:
        return _play_from(argument, start, seat=seat, bots=bots, players=players, seed=seed,
                          transcript=transcript, variants=variants, options=options)  # fmt: skip
    seat = 1 if seat is None else seat
    bots = bots or ("greedy",)
    loaded = LoadedGame.load(argument, variants)
    game = loaded.game
    count = players if players is not None else min(4, game.max_players)
    if not game.min_players <= count <= game.max_players:
        raise UsageError(f"{game.name} is for {players_span(game.min_players, game.max_players)}")
    if not 1 <= seat <= count:
        raise UsageError(f"--seat must be 1-{count} for {count} players, not {seat}")
    seats = [
        name if name == HUMAN else check_bot_name(name, game)
        for name in bot_seats(list(bots), count, seat - 1)
    ]
    chosen = game.read_options(options)
    if seed is not None and abs(seed) > MAX_SEED:
        raise UsageError(f"--seed must be at most 2**64 in size, not {str(seed)[:24]}...")
    chosen_seed = seed if seed is not None else secrets.randbelow(1_000_000)
    if transcript is not None:
        prepare_output(transcript)
    session = Session(
        loaded, seed=chosen_seed, players=count, seat=seat - 1, bots=seats, manifest=argument,
        variants=[str(v) for v in variants], options=chosen,
    )  # fmt: skip
    # A default name of its own, never an earlier game's (the same seed played twice).
    path = transcript or fresh_transcript(
        Path("build") / "play" / f"{game.id}-seed-{chosen_seed}.jsonl"
    )
    return Terminal(session, path).run()


def _play_from(
    argument: str,
    position: Path,
    *,
    seat: int | None,
    bots: Sequence[str] | None,
    players: int | None,
    seed: int | None,
    transcript: Path | None,
    variants: Sequence[Path],
    options: Sequence[str],
) -> Outcome:
    """A game begun from a position: its players, options and seed are the position's; what
    is saved (on quitting, at the end, before a signal ends it) is its position."""
    from toolkit.engine.position_load import position_start, read_position
    from toolkit.errors import ContentError
    from toolkit.files import is_file
    from toolkit.play.position_file import check_position_output, fresh_position

    given = {"--players": players, "--seed": seed, "--option": options or None,
             "--transcript": transcript}  # fmt: skip
    clashing = [flag for flag, value in given.items() if value is not None]
    if clashing:
        raise UsageError(f"--from plays the position as written; drop {', '.join(clashing)}")
    if not is_file(position):
        raise UsageError(f"no such file: '{position}'")
    loaded = LoadedGame.load(argument, variants)
    game = loaded.game
    read, first, moves, diagnostics = read_position(game, position)
    if read is None or first is None:
        raise ContentError(diagnostics)
    if first.terminal:
        raise UsageError(f"the game in '{position}' is over: score it with toolkit score")
    count = first.n
    seat = 1 if seat is None else seat
    if not 1 <= seat <= count:
        raise UsageError(f"--seat must be 1-{count} for {count} players, not {seat}")
    seats = [
        name if name == HUMAN else check_bot_name(name, game)
        for name in bot_seats(list(bots or ("greedy",)), count, seat - 1)
    ]

    def start() -> State:
        state, _, _ = position_start(game, read, None)
        assert state is not None  # it loaded once: the same file loads again
        return state

    session = Session(
        loaded, seed=first.seed, players=count, seat=seat - 1, bots=seats, manifest=argument,
        variants=[str(v) for v in variants], options=dict(first.options), start=start,
    )  # fmt: skip
    session.resume(moves)
    path = fresh_position(Path("build") / "play" / f"{game.id}-position.yaml")
    check_position_output(path)
    return Terminal(session, path).run()


def resumed(path: Path, argument: str | None) -> Session:
    """The session of a game saved by `play`, replayed up to where it was left."""
    games = list(itertools.islice(iter_transcript(path, _warn), 2))  # one more is enough
    if len(games) != 1:
        raise UsageError(f"{path} holds several games; --resume takes one saved by play")
    recorded = games[0]
    head = recorded.header
    names = [str(name) for name in head.get("bots") or []]
    if names.count(HUMAN) != 1 or len(names) != head["players"]:
        raise UsageError(
            f"{path} is not a game saved by play (its seats are {', '.join(names) or 'unnamed'})"
        )
    if (recorded.end or {}).get("type") == "scores":
        raise UsageError(f"the game in {path} is over; watch it with: toolkit replay {path}")
    replayed = replay_game(path, recorded, {})
    loaded = replayed.loaded
    same_id = argument is not None and argument.casefold() == loaded.game.id.casefold()
    if argument is not None and not same_id and argument != head.get("manifest"):
        raise UsageError(f"{path} is a game of {loaded.game.id}, not '{argument}'")
    names = [name if name == HUMAN else check_bot_name(name, loaded.game) for name in names]
    session = Session(
        loaded, seed=head["seed"], players=head["players"], seat=names.index(HUMAN),
        bots=names, options=head.get("options") or {},
        manifest=str(head.get("manifest") or loaded.game.id),
        variants=[str(v) for v in head.get("variants") or []],
    )  # fmt: skip
    session.resume([(step.player, step.action) for step in recorded.actions])
    return session


def _warn(message: str) -> None:
    print(f"warning: {message}", file=sys.stderr)


def bot_seats(bots: list[str], players: int, seat: int) -> list[str]:
    """One bot name per seat, `human` at the person's: from one name for every bot, one per
    other seat, or one per seat (the person's written `human`, in any case)."""
    bots = [HUMAN if name.casefold() == HUMAN else name for name in bots]
    if len(bots) == 1:
        names = bots * (players - 1)
    elif len(bots) == players - 1:
        names = list(bots)
    elif len(bots) == players and bots[seat] == HUMAN:
        return list(bots)
    else:
        raise UsageError(
            f"--bots names {len(bots)} bots for {players - 1} bot seats: give one name, one "
            f"per other seat, or one per seat with '{HUMAN}' at seat {seat + 1}"
        )
    if HUMAN in names:
        raise UsageError(f"'{HUMAN}' is only for the person's seat ({seat + 1})")
    return [*names[:seat], HUMAN, *names[seat:]]


__all__ = ["Outcome", "Session", "bot_seats", "play", "resumed"]
