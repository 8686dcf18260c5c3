"""What a tuning run leaves in its folder: the winner as a variant file (for `compare`,
`print` and `play --variant`), the Pareto front as JSON, and a Markdown report of the trials."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import yaml

from toolkit.content.locate import resolve_path_or_game
from toolkit.errors import UsageError
from toolkit.files import (
    FileRefused,
    check_output,
    check_replaceable,
    ensure_folder,
    project_root,
    write_atomic,
)
from toolkit.sim.tune.study import TuneResult

STUDY_DB = "study.db"
"""The default storage of the study, in the output folder."""
SQLITE = (b"SQLite format 3\x00",)


def check_tune_folder(folder: Path, option: str) -> None:
    """Refuse, before any trial, a tuning folder the toolkit did not make: it must be new,
    empty or one an earlier `tune` wrote (it carries the toolkit's mark), never a link, a
    project or its `rules/`, `cards/` or `print/` (see `files.check_output`); its files,
    `study.db` included, must be no links. The default's parent (`build/`) is made first."""
    try:
        if option != "--out":
            ensure_folder(folder.parent)
            check_output(folder, folder=True)
        check_replaceable(folder)
        for name in ("report.md", "pareto.json", "trials.pdf", STUDY_DB):
            if os.path.lexists(folder):
                check_output(folder / name, made=SQLITE if name == STUDY_DB else None)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise UsageError(f"{option}: {error.reason}{hint}") from None


def variant_text(result: TuneResult, game_id: str) -> str:
    """The best values as a variant; values equal to the game's are left out."""
    assert result.best is not None
    sets = result.space.sets(result.best["params"])
    changed = [
        {"path": path, "value": value}
        for path, value in sets
        if value != result.space.current.get(path)
    ]
    check = result.recheck or {}
    data = {
        "kind": "variant",
        "game": game_id,
        "name": "Tuned values",
        "description": (
            f"Found by toolkit tune (trial {result.best['number']} of {len(result.trials)}); "
            f"targets shortfall {check.get('shortfall', {}).get('current')} -> "
            f"{check.get('shortfall', {}).get('tuned')} on fresh seeds."
        ),
        "set": changed,
    }
    header = (
        f"# yaml-language-server: $schema={_schema_from(result)}\n"
        f"# Made by: {result.settings.command}\n"
        f"#   toolkit compare {game_id} --variant THIS-FILE\n"
    )
    return header + yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=96)


def _schema_from(result: TuneResult) -> str:
    """The variant schema relative to the output folder, for an editor's completion there."""
    root = project_root(resolve_path_or_game(result.settings.game))
    schema = root / "schemas" / "variant.schema.json"
    return Path(os.path.relpath(schema, result.settings.out.resolve())).as_posix()


def write_outputs(result: TuneResult, game_id: str) -> dict[str, Path]:
    out = result.settings.out
    written: dict[str, Path] = {}
    if result.best is not None:
        written["variant"] = out / f"{game_id}-tuned.yaml"
        write_atomic(written["variant"], variant_text(result, game_id))
    written["pareto"] = out / "pareto.json"
    write_atomic(written["pareto"], json.dumps(result.pareto, indent=2) + "\n")
    written["report"] = out / "report.md"
    write_atomic(written["report"], report_markdown(result, game_id))
    if any(t["shortfall"] is not None for t in result.trials):
        written["chart"] = out / "trials.pdf"
        write_atomic(written["chart"], draw_trials(result, game_id))
    return written


def draw_trials(result: TuneResult, game_id: str) -> bytes:
    """Each trial's shortfall (dots; pruned ones after their first stage) and the best so far
    (the line), by trial number: how the search went."""
    from reportlab.graphics import renderPDF
    from reportlab.graphics.charts.lineplots import LinePlot
    from reportlab.graphics.shapes import Drawing, String
    from reportlab.graphics.widgets.markers import makeMarker
    from reportlab.lib import colors

    def points(rows: list[dict[str, Any]]) -> list[tuple[float, float]]:
        return [(r["number"], r["shortfall"]) for r in rows] or [(0, 0)]

    scored = [t for t in result.trials if t["shortfall"] is not None]
    complete = [t for t in scored if t["state"] == "COMPLETE"]
    pruned = [t for t in scored if t["state"] == "PRUNED"]
    best: list[tuple[float, float]] = []
    for trial in complete:
        low = min(trial["shortfall"], best[-1][1]) if best else trial["shortfall"]
        best.append((trial["number"], low))
    drawing = Drawing(520, 300)
    drawing.add(String(40, 280, f"{game_id}: shortfall by trial", fontSize=12))
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 50, 40, 440, 220
    plot.data = [points(complete), points(pruned), best or [(0, 0)]]
    for index, (colour, line) in enumerate(
        ((colors.steelblue, False), (colors.lightgrey, False), (colors.darkred, True))
    ):
        plot.lines[index].strokeColor = colour if line else None
        plot.lines[index].strokeWidth = 1.5 if line else 0
        if not line:
            plot.lines[index].symbol = makeMarker("FilledCircle", size=4, fillColor=colour)
    plot.xValueAxis.valueMin = 0
    plot.yValueAxis.valueMin = 0
    drawing.add(plot)
    drawing.add(String(50, 12, "dots: trials (grey: pruned after the first stage); "
                       "line: best so far", fontSize=8))  # fmt: skip
    data: bytes = renderPDF.drawToString(drawing)
    return data


def summary_data(result: TuneResult, written: dict[str, Path]) -> dict[str, Any]:
    """The JSON of `toolkit tune --format json`."""
    states = [t["state"] for t in result.trials]
    return {
        "study": result.study,
        "storage": result.storage,
        "trials": {s.lower(): states.count(s) for s in dict.fromkeys(states)},
        "games": result.games,
        "seconds": round(result.seconds, 1),
        "best": result.best,
        "pareto": result.pareto,
        "recheck": result.recheck,
        "files": {key: str(path) for key, path in written.items()},
        "warnings": result.warnings,
    }


def report_markdown(result: TuneResult, game_id: str) -> str:
    settings = result.settings
    states = [t["state"] for t in result.trials]
    lines = [
        f"# Tuning {game_id}",
        "",
        f"- command: `{settings.command}`",
        f"- study `{result.study}` in `{result.storage}`",
        f"- sampler {settings.sampler}, stages of {', '.join(map(str, settings.stages))} games "
        f"per player count, players {', '.join(map(str, result.space.players))}, "
        f"bots {', '.join(result.space.model.bots)}, seed {settings.seed}",
        f"- trials: {len(states)} ("
        + ", ".join(f"{states.count(s)} {s.lower()}" for s in dict.fromkeys(states))
        + f"), {result.games:,} games, {result.seconds:.0f} s this run",
        "",
        "Shortfall: how far the targets are missed, added up over the player counts (0: every "
        "target met). Changes: values that differ from the game's.",
        "",
    ]
    if result.best is not None:
        lines += ["## Winner", "", "| value | current | tuned |", "| --- | --- | --- |"]
        for path, value in result.space.sets(result.best["params"]):
            lines.append(f"| `{path}` | {_show(result.space.current.get(path))} | {_show(value)} |")
        lines.append("")
    check = result.recheck
    if check is not None:
        verdict = "better" if check["better"] else "not shown better"
        lines += [
            f"## Re-check on fresh seeds (seed {check['seed']}, {check['games']} games per "
            "player count)",
            "",
            f"Shortfall {check['shortfall']['current']} (current) -> "
            f"{check['shortfall']['tuned']} (tuned): **{verdict}**; every target met: "
            f"{check['all_pass']['current']} -> {check['all_pass']['tuned']}.",
            "",
            "| players | target | current | tuned | verdict |",
            "| --- | --- | --- | --- | --- |",
        ]
        for players, row in check["players"].items():
            for target in row["targets"]:
                lines.append(
                    f"| {players} | {target['target']} | {target['baseline']} | "
                    f"{target['variant']} | {target['verdict']} |"
                )
        lines += ["", "Seat win rates, paired differences with 95% intervals:", ""]
        lines += ["| players | seat | current | tuned | 95% interval of the difference |"]
        lines += ["| --- | --- | --- | --- | --- |"]
        for players, row in check["players"].items():
            for seat, diff in row["seat_win_rates"].items():
                low, high = diff["ci95"]
                lines.append(
                    f"| {players} | {seat.removesuffix(' win rate')} | {diff['baseline']} | "
                    f"{diff['variant']} | [{low}, {high}] |"
                )
        lines.append("")
    lines += ["## Pareto front (shortfall against changes)", ""]
    lines += ["| trial | changes | shortfall |", "| --- | --- | --- |"]
    lines += [f"| {r['number']} | {r['changes']} | {r['shortfall']} |" for r in result.pareto]
    lines += ["", "## Trials", "", "| trial | state | stage | games | shortfall | changes |"]
    lines += ["| --- | --- | --- | --- | --- | --- |"]
    for r in result.trials:
        shortfall = r["shortfall"] if r["shortfall"] is not None else "-"
        lines.append(
            f"| {r['number']} | {r['state'].lower()} | {r['stage']} | {r['games']} | "
            f"{shortfall} | {r['changes']} |"
        )
    return "\n".join(lines) + "\n"


def _show(value: Any) -> str:
    if isinstance(value, dict) and "by_players" in value:
        return ", ".join(f"{n}p {v}" for n, v in value["by_players"].items())
    return "unset" if value is None else str(value)
