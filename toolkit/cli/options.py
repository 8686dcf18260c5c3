"""The options several commands share (games, players, bots, workers, executors, formats)
and what they turn into.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.cli.shared import (
    _one_of,
)
from toolkit.diagnostics import canonical_id, printable
from toolkit.errors import (
    UsageError,
)
from toolkit.schema.limits import MAX_SEED

DEFAULT_BOT = "greedy"
"""The bot of every seat when `--bots` is left out, in every command that plays games: it plays
each turn's best move for points, so statistics reflect sensible play (random is much weaker)."""

BOTS_HELP = (
    "One bot for every seat, or a comma list, one per seat: random, greedy, ismcts[:N] or a "
    f"strategy of the game. Default: {DEFAULT_BOT}."
)

GameArgument = Annotated[
    str,
    typer.Argument(
        metavar="GAME",
        help="A game id (from rules/, any case) or a manifest path.",
        show_default=False,
    ),
]
Players = Annotated[
    int | None,
    typer.Option(min=1, metavar="N", help="Players per game. Default: 4, or the game's most."),
]
Bots = Annotated[str, typer.Option(metavar="BOT[,BOT...]", help=BOTS_HELP, show_default=False)]
Workers = Annotated[
    int | None,
    typer.Option(
        min=1,
        metavar="N",
        help="Worker processes (at most one per game, 4 per core). Default: one per core.",
    ),
]


def seed_option(help: str) -> Any:
    """`--seed` of every command that takes one: 0..MAX_SEED (what a transcript records and
    `replay` reads back), a usage error (exit 2) beyond, before any work."""
    return typer.Option(metavar="N", help=help, parser=_seed)


def _seed(value: Any) -> int:
    if isinstance(value, int):
        return value
    text = str(value).strip()
    try:
        seed = int(text)
    except ValueError:
        seed = -1
    if not 0 <= seed <= MAX_SEED:
        shown = printable(text if len(text) <= 24 else text[:24] + "...")
        raise typer.BadParameter(f"a seed is a whole number from 0 to 2**64-1, not {shown}")
    return seed


Variants = Annotated[
    list[Path] | None,
    typer.Option("--variant", metavar="FILE", help="A variant overlay to apply (repeatable)."),
]


GameOptions = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        metavar="ID=VALUE",
        help="Set an option the game's manifest declares, by its id (repeatable).",
    ),
]


class ExecutorKind(StrEnum):
    local = "local"
    dask = "dask"


ExecutorOption = Annotated[
    ExecutorKind,
    typer.Option(
        "--executor",
        help="Where the games run: local (processes here, --workers) or dask (--scheduler).",
        parser=_one_of(ExecutorKind, "executor"),
    ),
]
SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        metavar="ADDRESS",
        help="With --executor dask: tcp://HOST:8786, or local:N for N workers here. "
        "Default: local:WORKERS.",
    ),
]


class OutputFormat(StrEnum):
    text = "text"
    json = "json"


TextOrJson = Annotated[
    OutputFormat,
    typer.Option(
        "--format",
        metavar="text|json",
        help="Output format.",
        parser=_one_of(OutputFormat, "format"),
    ),
]


def _workers(workers: int | None) -> int:
    import os

    return workers or os.cpu_count() or 1


@contextlib.contextmanager
def _executor(kind: ExecutorKind, workers: int | None, scheduler: str | None) -> Any:
    """The executor the options name, closed (a cluster it started stopped) after the run."""
    from toolkit.sim.executor import make_executor

    runner = make_executor(kind.value, _workers(workers), scheduler)
    try:
        yield runner
    finally:
        runner.close()


def _bot_names(bots: str) -> list[str]:
    """The comma list of `--bots`; the built-in bots in any case (`Greedy`, `ISMCTS:50`)."""
    from toolkit.content.bot_names import BUILT_IN_BOTS

    names = [name.strip() for name in bots.split(",") if name.strip()]
    if not names:
        raise UsageError("--bots names no bot")
    return [_bot_name(name, BUILT_IN_BOTS) for name in names]


def _bot_name(name: str, built_in: Sequence[str]) -> str:
    base, colon, budget = name.partition(":")
    return canonical_id(base, built_in) + colon + budget.lower()
