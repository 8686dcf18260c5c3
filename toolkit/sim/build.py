"""`toolkit build`, the main job: validate, simulate every player count, print, report."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit import __version__
from toolkit.engine.compiled import Game
from toolkit.engine.game import compile_game
from toolkit.engine.load import load_valid_game
from toolkit.errors import UsageError
from toolkit.files import (
    OUTPUT_MARK,
    FileRefused,
    check_output,
    check_replaceable,
    sha256_of,
    staged_folder,
    write_atomic,
)
from toolkit.sim.bot_blind_spots import add_blind_spots
from toolkit.sim.executor import Executor, LocalExecutor, stop_workers_on_sigterm
from toolkit.sim.report_pdf import render_report
from toolkit.sim.report_text import number
from toolkit.sim.run import RunSpec, run
from toolkit.sim.tally import Tally


@dataclass
class GameBuild:
    """What a build produced for one game."""

    game: str
    folder: Path
    runs: dict[int, dict[str, Any]] = field(default_factory=dict)
    """Player count to that run's summary."""
    cards_pdf: Path | None = None
    cards_note: str = ""
    report_pdf: Path | None = None
    manifest: dict[str, Any] = field(default_factory=dict)
    """What `build.json` says: the game, versions, arguments and every file's size and hash."""
    warnings: list[str] = field(default_factory=list)
    """Cards the bots never play that random play does (`bot_blind_spots`)."""


MANIFEST = "build.json"


def player_counts(game: str) -> range:
    """The player counts a build simulates: every count the game allows."""
    _, content = load_valid_game(game)
    players = content.game.players
    return range(players.min, players.max + 1)


RUNS_AT_ONCE = 2
"""Runs (a game at one player count) playing at a time in a build: while one gives out its
last chunks of games, the next one's keep every worker busy."""


class Abandoned(Exception):
    """A run stopped because the build failed elsewhere (an earlier game's error, Ctrl-C)."""


@dataclass
class _Plan:
    """One game of a build, loaded and checked before any game is played."""

    game: str
    compiled: Game
    version: str
    options: dict[str, Any]
    """The `--option` values read, typed."""


@dataclass
class _Played:
    """One run's results, as the build writes them."""

    players: int
    summary: dict[str, Any]
    tally: Tally
    warnings: list[str]


def build_game(
    game: str,
    out: Path,
    games: int,
    bots: list[str],
    seed: int,
    workers: int,
    progress: Callable[[int], Any] | None = None,
    print_cards: Callable[[str, Path], tuple[Path, str]] | None = None,
    options: list[str] | None = None,
    executor: Executor | None = None,
) -> GameBuild:
    """`build_games` of one game."""
    [built] = build_games([game], out, games, bots, seed, workers, progress, print_cards,
                          options, executor)  # fmt: skip
    return built


def build_games(
    chosen: list[str],
    out: Path,
    games: int,
    bots: list[str],
    seed: int,
    workers: int,
    progress: Callable[[int], Any] | None = None,
    print_cards: Callable[[str, Path], tuple[Path, str]] | None = None,
    options: list[str] | None = None,
    executor: Executor | None = None,
) -> Iterator[GameBuild]:
    """Simulate every player count of each game (with `--option id=value` texts, checked
    for every game before any game is played), print its cards and write its report into
    `out/<game>/`; each game's build is yielded as it lands, in the order given.

    The runs of all the games are played one after the other by `RUNS_AT_ONCE` threads on
    one executor, so the workers never wait at the end of a run or of a game, while this
    thread prints each game's cards and writes its report. Each game is written into a
    hidden sibling folder first, with `build.json` last, and swapped in whole, so
    `out/<game>/` is always one complete build and never a mix; a game whose run fails
    stops the build there, and the games after it are left as they were."""
    plans = [_plan(game, options or []) for game in chosen]
    owned = executor is None
    executor = executor or LocalExecutor(workers)
    stop = threading.Event()
    counting = threading.Lock()

    def advance(done: int) -> None:
        if stop.is_set():
            raise Abandoned  # the run ends at its next chunk; nothing of it is written
        if progress is not None:
            with counting:
                progress(done)

    at_once = RUNS_AT_ONCE if executor.workers > 1 else 1
    pending: list[list[Future[_Played]]] = []
    try:
        with (
            stop_workers_on_sigterm(),
            ThreadPoolExecutor(at_once, thread_name_prefix="toolkit-build") as runs,
        ):
            try:
                for index, plan in enumerate(plans):
                    result = GameBuild(plan.compiled.id, out / plan.compiled.id)
                    with staged_folder(result.folder) as folder:
                        if index == 0:
                            # Forked before any other thread of this process starts: a
                            # worker must not inherit a lock another thread holds.
                            executor.start(games)
                            for later in plans:
                                specs = _specs(later, games, bots, seed, workers, options or [])
                                for spec in specs:
                                    spec.executor = executor
                                pending.append(
                                    [runs.submit(_play, spec, advance) for spec in specs]
                                )
                        _fill(result, folder, plan, pending[index], games, bots, seed,
                              print_cards)  # fmt: skip
                    yield result
            finally:
                stop.set()
                for futures in pending:
                    for future in futures:
                        future.cancel()
    finally:
        if owned:
            executor.close()


def _plan(game: str, options: list[str]) -> _Plan:
    _, content = load_valid_game(game)
    compiled = compile_game(content)
    return _Plan(game, compiled, content.game.version, compiled.read_options(options))


def _specs(
    plan: _Plan, games: int, bots: list[str], seed: int, workers: int, options: list[str]
) -> list[RunSpec]:
    counts = range(plan.compiled.min_players, plan.compiled.max_players + 1)
    return [
        RunSpec(plan.game, games, players, bots, seed, workers, options=list(options))
        for players in counts
    ]


def _play(spec: RunSpec, progress: Callable[[int], Any]) -> _Played:
    done = run(spec, progress)
    warnings = add_blind_spots(done)
    return _Played(done.players, done.summary, done.tally, warnings)


def _fill(
    result: GameBuild,
    folder: Path,
    plan: _Plan,
    runs: list[Future[_Played]],
    games: int,
    bots: list[str],
    seed: int,
    print_cards: Callable[[str, Path], tuple[Path, str]] | None,
) -> None:
    """One game's files in its staged folder: the cards printed while its games are played,
    then each run's summary as it ends, the report, and the manifest last."""
    final = result.folder
    if print_cards is not None:
        printed, result.cards_note = print_cards(
            plan.game, folder / f"{plan.compiled.id}-cards.pdf"
        )
        result.cards_pdf = final / printed.name
    report_runs = []
    for future in runs:
        played = future.result()
        result.warnings += played.warnings
        result.runs[played.players] = played.summary
        write_atomic(
            folder / f"simulation-{played.players}p.json",
            json.dumps(played.summary, indent=2, ensure_ascii=False) + "\n",
        )
        report_runs.append((played.summary, played.tally))
    if report_runs:
        name = f"{plan.compiled.id}-report.pdf"
        render_report(report_runs, folder / name)
        result.report_pdf = final / name
    counts = list(result.runs)
    arguments = {
        "games": games,
        "players": counts,
        "bots": bots,
        "seed": seed,
        "options": plan.options,
    }
    result.manifest = build_manifest(plan.compiled.id, plan.version, arguments, folder)
    text = json.dumps(result.manifest, indent=2, ensure_ascii=False) + "\n"
    write_atomic(folder / MANIFEST, text)


def build_manifest(
    game: str, content_version: str, arguments: dict[str, Any], folder: Path
) -> dict[str, Any]:
    """The manifest of a finished build: what was built, from which versions, with which
    arguments (the worker count is left out: it never changes a result), and each file's
    size and SHA-256, so a copy of the folder can be checked and two builds compared."""
    files = sorted(
        p for p in folder.rglob("*") if p.is_file() and p.name not in (MANIFEST, OUTPUT_MARK)
    )
    return {
        "game": game,
        "toolkit_version": __version__,
        "content_version": content_version,
        "arguments": arguments,
        "files": [
            {
                "path": path.relative_to(folder).as_posix(),
                "bytes": path.stat().st_size,
                "sha256": sha256_of(path),
            }
            for path in files
        ],
    }


README = "README.txt"

README_TEXT = """\
What `toolkit build` wrote here
================================

One folder per game, rebuilt whole by every build (never a mix of two builds):

<game>/simulation-<N>p.json
    The simulation of N players, one file per player count the game allows: the arguments
    (games, bots, seed, options), win rate of each seat with its 95% interval, score
    distributions and sources, how often each card was used, game length, lead changes and
    every target of the manifest with its value and whether it passed. The same JSON as
    `toolkit simulate GAME --players N --format json`.
<game>/<game>-report.pdf
    The playtest report: the same statistics as tables and charts, a part per player
    count.
<game>/<game>-cards.pdf
    The print-and-play sheets: every card, board and reference sheet, A4, 3x3 cards per
    sheet with crop marks, backs mirrored for a long-edge duplex flip.
<game>/build.json
    The manifest of the build: game, toolkit and content versions, the arguments, and each
    file's size and SHA-256, so a copy can be checked and two builds compared.
README.txt
    This file.

`toolkit build --help` lists the options; `--games N` plays more games per player count.
"""


README_START = b"What `toolkit build` wrote here"
"""How the toolkit's README.txt begins: one that does not is the designer's, kept."""


def check_build_folder(out: Path, games: list[str], option: str) -> None:
    """Refuse, before any game is played, a build folder whose files the toolkit did not
    write: a README.txt of someone else's, a `<game>/` folder without the toolkit's mark
    (it is replaced whole), or a link at either."""
    if not out.is_dir():
        return
    try:
        check_output(out / README, made=(README_START,))
        for game in games:
            check_output(out / game, folder=True)
            check_replaceable(out / game)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise UsageError(f"{option}: {error.reason}{hint}") from None


def write_readme(out: Path) -> Path:
    """`out/README.txt`: what each file of a build is, for whoever opens the folder."""
    path = out / README
    write_atomic(path, README_TEXT)
    return path


def build_summary(builds: list[GameBuild]) -> str:
    lines = []
    for build in builds:
        lines.append(f"{build.game}: {build.folder}/")
        for players, summary in build.runs.items():
            rates = " ".join(f"{seat['win_rate']:.0%}" for seat in summary["seats"])
            targets = summary["targets"]
            failing = [t["target"] for t in targets if not t["passed"]]
            mean = sum(s["score_mean"] for s in summary["seats"]) / len(summary["seats"])
            lines.append(
                f"  {players} players: seat win rates {rates}, mean score {number(mean, 1)}, "
                f"targets {len(targets) - len(failing)}/{len(targets)} pass"
                + (f" (failing: {'; '.join(failing)})" if failing else "")
            )
        if build.cards_pdf is not None:
            lines.append(f"  cards: {build.cards_pdf} ({build.cards_note})")
        if build.report_pdf is not None:
            lines.append(f"  report: {build.report_pdf}")
        if build.manifest:
            lines.append(
                f"  manifest: {build.folder / MANIFEST} "
                f"({len(build.manifest['files'])} files with sizes and SHA-256)"
            )
    return "\n".join(lines)
