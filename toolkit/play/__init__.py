"""A person plays a game against bots in the terminal (`toolkit play`).

The only package besides the command line that imports rich: it draws the position (the
person's hand, the trick or the parks as coloured grids, tracks and coins), numbers the
legal moves, lets bots answer, and records the game as a transcript that `toolkit replay`
re-runs.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from pathlib import Path

from toolkit.agents import check_bot_name
from toolkit.errors import UsageError
from toolkit.play.session import HUMAN, Session
from toolkit.play.terminal import Outcome, Terminal
from toolkit.sim.transcripts import LoadedGame


def play(
    argument: str,
    *,
    players: int | None = None,
    seat: int = 1,
    bots: Sequence[str] = ("random",),
    seed: int | None = None,
    transcript: Path | None = None,
    variants: Sequence[Path] = (),
) -> Outcome:
    """Set up and play one game; `seat` counts from 1, as players are shown."""
    loaded = LoadedGame.load(argument, variants)
    game = loaded.game
    count = players if players is not None else min(4, game.max_players)
    if not game.min_players <= count <= game.max_players:
        raise UsageError(f"{game.name} is for {game.min_players}-{game.max_players} players")
    if not 1 <= seat <= count:
        raise UsageError(f"--seat must be 1-{count} for {count} players, not {seat}")
    seats = bot_seats(list(bots), count, seat - 1)
    for name in seats:
        if name != HUMAN:
            check_bot_name(name, game)
    chosen_seed = seed if seed is not None else secrets.randbelow(1_000_000)
    path = transcript or Path("build") / "play" / f"{game.id}-seed-{chosen_seed}.jsonl"
    session = Session(
        loaded, seed=chosen_seed, players=count, seat=seat - 1, bots=seats, manifest=argument,
        variants=[str(v) for v in variants],
    )  # fmt: skip
    return Terminal(session, path).run()


def bot_seats(bots: list[str], players: int, seat: int) -> list[str]:
    """One bot name per seat, `human` at the person's: from one name for every bot, one per
    other seat, or one per seat (the person's written `human`)."""
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


__all__ = ["Outcome", "Session", "bot_seats", "play"]
