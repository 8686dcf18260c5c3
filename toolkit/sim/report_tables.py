"""The report's tables as plain rows, and their export as JSON or CSV files: what
`report --format json|csv` writes beside the PDF and `report --out FILE.json` writes alone.
No ReportLab here, so writing tables does not load it."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.content.cell_text import guarded
from toolkit.files import write_atomic


def tables_of(summary: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Every table of the report as rows of plain values (for JSON and CSV export)."""
    tables: dict[str, list[dict[str, Any]]] = {
        "seats": [
            {k: v for k, v in seat.items() if k not in ("score_by_source", "win_rate_ci95")}
            | {"ci_low": seat["win_rate_ci95"][0], "ci_high": seat["win_rate_ci95"][1]}
            for seat in summary["seats"]
        ],
        "score_sources": [
            {"seat": seat["seat"], "source": source, "mean_points": points}
            for seat in summary["seats"]
            for source, points in seat["score_by_source"].items()
        ],
        "targets": [dict(t) for t in summary["targets"]],
        "card_effects": [
            {k: v for k, v in row.items() if k != "difference_ci95"}
            | {"ci_low": row["difference_ci95"][0], "ci_high": row["difference_ci95"][1]}
            for row in summary["card_effects"]
        ],
        "balance": [
            {"metric": k, "value": v}
            for k, v in summary["balance"].items()
            if not isinstance(v, dict | list)
        ],
        "game_length": [
            {
                "measure": what,
                "mean": row["mean"],
                "ci_low": row["mean_ci95"][0],
                "ci_high": row["mean_ci95"][1],
                "sd": row["sd"],
                "min": row["min"],
                "median": row["median"],
                "p5": row["middle_90"][0],
                "p95": row["middle_90"][1],
                "max": row["max"],
            }
            for what, row in summary.get("game", {}).get("length", {}).items()
        ],
    }
    if "teams" in summary:
        tables["teams"] = [
            {k: v for k, v in team.items() if k not in ("score_by_source", "win_rate_ci95")}
            | {"seats": "+".join(map(str, team["seats"])), "bots": ",".join(team["bots"])}
            | {"ci_low": team["win_rate_ci95"][0], "ci_high": team["win_rate_ci95"][1]}
            for team in summary["teams"]
        ]
    for zone, rows in summary["cards"].items():
        tables[f"cards_{zone}"] = [dict(row) for row in rows]
    for slot, rows in summary["setups"].items():
        tables[f"setup_{slot}"] = [
            {k: v for k, v in row.items() if k != "per_player_per_game"}
            | row["per_player_per_game"]
            for row in rows
        ]
    return tables


def tables_of_runs(summaries: Sequence[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """The tables of one run, or of several player counts with a `players` column first."""
    if len(summaries) == 1:
        return tables_of(summaries[0])
    merged: dict[str, list[dict[str, Any]]] = {}
    for summary in summaries:
        players = summary["arguments"]["players"]
        for name, rows in tables_of(summary).items():
            merged.setdefault(name, []).extend({"players": players} | row for row in rows)
    return merged


def export_tables(summaries: Sequence[dict[str, Any]], out: Path, fmt: str) -> list[Path]:
    """Write every table beside the PDF: one JSON file, or one CSV file per table."""
    if fmt == "json":
        target = out.with_suffix(".json")
        write_tables_json(summaries, target)
        return [target]
    tables = tables_of_runs(summaries)
    written = []
    for name, rows in tables.items():
        target = out.with_name(f"{out.stem}-{name}.csv")
        columns = list(dict.fromkeys(k for row in rows for k in row))
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows({key: guarded(value) for key, value in row.items()} for row in rows)
        write_atomic(target, buffer.getvalue())
        written.append(target)
    return written


def write_tables_json(summaries: Sequence[dict[str, Any]], target: Path) -> None:
    """Every table as one JSON file, written to `target` exactly as named."""
    text = json.dumps(tables_of_runs(summaries), indent=2, ensure_ascii=False) + "\n"
    write_atomic(target, text)
