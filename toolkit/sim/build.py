"""`toolkit build`, the main job: validate, simulate every player count, print, report."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.engine.load import load_compiled_game
from toolkit.sim.report_pdf import render_report
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
) -> GameBuild:
    """Simulate every player count (with `--option id=value` texts, checked before any game
    is played), print the cards and write the report of one game into `out/<game>/`."""
    _, compiled = load_compiled_game(game)
    compiled.read_options(list(options or []))
    folder = out / compiled.id
    folder.mkdir(parents=True, exist_ok=True)
    result = GameBuild(compiled.id, folder)
    report_players = min(4, compiled.max_players)
    report_run = None
    for players in range(compiled.min_players, compiled.max_players + 1):
        spec = RunSpec(game, games, players, bots, seed, workers, options=list(options or []))
        done = run(spec, progress)
        result.runs[players] = done.summary
        (folder / f"simulation-{players}p.json").write_text(
            json.dumps(done.summary, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        if players == report_players:
            report_run = done
    if print_cards is not None:
        result.cards_pdf, result.cards_note = print_cards(game, folder / f"{compiled.id}-cards.pdf")
    if report_run is not None:
        result.report_pdf = folder / f"{compiled.id}-report.pdf"
        render_report(report_run.summary, report_run.records, result.report_pdf)
    return result


def build_summary(builds: list[GameBuild]) -> str:
    lines = []
    for build in builds:
        lines.append(f"{build.game}: {build.folder}/")
        for players, summary in build.runs.items():
            rates = " ".join(f"{seat['win_rate']:.0%}" for seat in summary["seats"])
            targets = summary["targets"]
            passed = sum(t["passed"] for t in targets)
            mean = sum(s["score_mean"] for s in summary["seats"]) / len(summary["seats"])
            lines.append(
                f"  {players} players: seat win rates {rates}, mean score {mean:.1f}, "
                f"targets {passed}/{len(targets)} pass"
            )
        if build.cards_pdf is not None:
            lines.append(f"  cards: {build.cards_pdf} ({build.cards_note})")
        if build.report_pdf is not None:
            lines.append(f"  report: {build.report_pdf}")
    return "\n".join(lines)
