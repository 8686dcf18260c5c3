"""`toolkit build`, the main job: validate, simulate every player count, print, report."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit import __version__
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
from toolkit.sim.executor import Executor
from toolkit.sim.report_pdf import render_report
from toolkit.sim.report_text import number
from toolkit.sim.run import RunSpec, run


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
    """Simulate every player count (with `--option id=value` texts, checked before any game
    is played), print the cards and write the report of one game into `out/<game>/`.

    Everything is written into a hidden sibling folder first, with `build.json` last, and
    swapped in whole, so `out/<game>/` is always one complete build and never a mix."""
    _, content = load_valid_game(game)
    compiled = compile_game(content)
    read = compiled.read_options(list(options or []))
    final = out / compiled.id
    result = GameBuild(compiled.id, final)
    with staged_folder(final) as folder:
        report_runs = []
        for players in range(compiled.min_players, compiled.max_players + 1):
            spec = RunSpec(game, games, players, bots, seed, workers, options=list(options or []))
            spec.executor = executor
            done = run(spec, progress)
            result.warnings += add_blind_spots(done)
            result.runs[players] = done.summary
            write_atomic(
                folder / f"simulation-{players}p.json",
                json.dumps(done.summary, indent=2, ensure_ascii=False) + "\n",
            )
            report_runs.append((done.summary, done.tally))
        if print_cards is not None:
            printed, result.cards_note = print_cards(game, folder / f"{compiled.id}-cards.pdf")
            result.cards_pdf = final / printed.name
        if report_runs:
            name = f"{compiled.id}-report.pdf"
            render_report(report_runs, folder / name)
            result.report_pdf = final / name
        counts = list(result.runs)
        arguments = {"games": games, "players": counts, "bots": bots, "seed": seed, "options": read}
        result.manifest = build_manifest(compiled.id, content.game.version, arguments, folder)
        text = json.dumps(result.manifest, indent=2, ensure_ascii=False) + "\n"
        write_atomic(folder / MANIFEST, text)
    return result


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
