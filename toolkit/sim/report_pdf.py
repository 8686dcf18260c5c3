"""The playtest report: a PDF of charts and tables drawn with ReportLab's own graphics.

Everything comes from a run's summary and records, so the report says exactly what
`simulate --format json` says, in pictures. Output is byte-stable (invariant mode).
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Line, String
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from toolkit.files import ensure_folder, write_atomic
from toolkit.sim.report_text import number, number_or_whole
from toolkit.sim.runner import GameRecord

PALETTE = [
    colors.HexColor(c)
    for c in (
        "#2f6fb5",
        "#c8372d",
        "#e8b923",
        "#7d4a9e",
        "#27864a",
        "#8a5a2b",
        "#555555",
        "#7fb3e6",
        "#f08a80",
        "#f5d77a",
        "#b99ad0",
        "#8fd19e",
        "#d2a679",
        "#aaaaaa",
    )
]
WIDTH = 170 * mm


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
            if not isinstance(v, dict)
        ],
    }
    for zone, rows in summary["cards"].items():
        tables[f"cards_{zone}"] = [dict(row) for row in rows]
    for slot, rows in summary["setups"].items():
        tables[f"setup_{slot}"] = [
            {k: v for k, v in row.items() if k != "per_player_per_game"}
            | row["per_player_per_game"]
            for row in rows
        ]
    return tables


def export_tables(summary: dict[str, Any], out: Path, fmt: str) -> list[Path]:
    """Write every table beside the PDF: one JSON file, or one CSV file per table."""
    tables = tables_of(summary)
    if fmt == "json":
        target = out.with_suffix(".json")
        write_atomic(target, json.dumps(tables, indent=2, ensure_ascii=False) + "\n")
        return [target]
    written = []
    for name, rows in tables.items():
        target = out.with_name(f"{out.stem}-{name}.csv")
        columns = list(dict.fromkeys(k for row in rows for k in row))
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        write_atomic(target, buffer.getvalue())
        written.append(target)
    return written


def _paragraph(text: str, style: Any) -> Paragraph:
    """ReportLab reads a paragraph's text as markup: names and paths (`R&D.yaml`) are escaped
    so they print as written."""
    return Paragraph(escape(text), style)


def render_report(summary: dict[str, Any], records: list[GameRecord], out: Path) -> int:
    """Write the report; returns its page count."""
    rl_config.invariant = 1
    styles = getSampleStyleSheet()
    args = summary["arguments"]
    story: list[Any] = [
        _paragraph(f"Playtest report: {args['game']}", styles["Title"]),
        _paragraph(
            f"{args['games']} games, {args['players']} players, bots "
            f"{', '.join(args['bots'])}, seed {args['seed']}"
            + (f", variants {', '.join(args['variants'])}" if args.get("variants") else ""),
            styles["Normal"],
        ),
        Spacer(1, 6 * mm),
    ]

    def section(title: str, *flowables: Any) -> None:
        story.append(
            KeepTogether([_paragraph(title, styles["Heading2"]), *flowables, Spacer(1, 4 * mm)])
        )

    if summary["targets"]:
        section("Targets", _targets_table(summary["targets"]))
    section("Win rate by seat, with 95% intervals", _win_rates(summary))
    section("Score distribution by seat", _distributions(records, len(summary["seats"])))
    section("Mean points by source and seat", _sources(summary))
    for zone, rows in summary["cards"].items():
        section(f"How often each card of '{zone}' was taken", _card_rates(rows))
    effects = sorted(summary["card_effects"], key=lambda r: r["difference"])
    if effects:
        shown = effects[:8] + effects[-8:] if len(effects) > 16 else effects
        section(
            "Win-rate difference when holding a card (largest either way)", _card_effects(shown)
        )
    section(
        "Lead changes and drama",
        _drama(records),
        _paragraph(_balance_line(summary), styles["Normal"]),
    )
    if summary["never_used"]:
        section(
            "Never held by anyone", _paragraph(", ".join(summary["never_used"]), styles["Normal"])
        )
    ensure_folder(out.parent)
    pages = [0]

    def count(canvas: Any, doc: Any) -> None:
        pages[0] = canvas.getPageNumber()

    pdf = io.BytesIO()
    doc = SimpleDocTemplate(
        pdf,
        pagesize=A4,
        title=f"Playtest report: {args['game']}",
        author="toolkit",
        subject="playtest report",
        invariant=1,
    )
    doc.build(story, onFirstPage=count, onLaterPages=count)
    write_atomic(out, pdf.getvalue())
    return pages[0]


def render_sweep(result: dict[str, Any], out: Path) -> None:
    """A chart of the sweep: seat-1 advantage, spread and margin along the first axis."""
    rl_config.invariant = 1
    styles = getSampleStyleSheet()
    axes = list(result["arguments"]["axes"])
    points = result["points"]
    drawing = Drawing(WIDTH, 90 * mm)
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 15 * mm, 15 * mm, WIDTH - 60 * mm, 65 * mm
    series = [
        ("first-seat advantage", "first_seat_advantage"),
        ("win-rate spread", "win_rate_spread"),
    ]
    plot.data = [[(index, row[key]) for index, row in enumerate(points)] for _, key in series]
    for index in range(len(series)):
        plot.lines[index].strokeColor = PALETTE[index]
        plot.lines[index].strokeWidth = 1.5
    plot.xValueAxis.valueSteps = list(range(len(points)))
    plot.xValueAxis.labelTextFormat = lambda i: _point_label(points, int(i))
    plot.xValueAxis.labels.fontSize = 6
    drawing.add(plot)
    drawing.add(_legend([name for name, _ in series], WIDTH - 40 * mm, 70 * mm))
    story = [
        _paragraph(f"Sweep of {', '.join(axes)}: {result['arguments']['game']}", styles["Title"]),
        drawing,
        _plain_table(
            [*axes, "targets passed"],
            [
                [
                    *[str(row["point"][a]) for a in axes],
                    f"{row['targets_passed']}/{len(row['targets'])}",
                ]
                for row in points
            ],
        ),
    ]
    ensure_folder(out.parent)
    pdf = io.BytesIO()
    SimpleDocTemplate(pdf, pagesize=A4, title="Sweep", invariant=1).build(story)
    write_atomic(out, pdf.getvalue())


def _point_label(points: list[dict[str, Any]], index: int) -> str:
    if 0 <= index < len(points):
        return ",".join(str(v) for v in points[index]["point"].values())
    return ""


def _legend(names: list[str], x: float, y: float) -> Legend:
    legend = Legend()
    legend.x, legend.y = x, y
    legend.fontSize = 7
    legend.columnMaximum = 16
    legend.deltay = 10
    legend.dy = legend.dx = 6
    legend.colorNamePairs = [(PALETTE[i % len(PALETTE)], name) for i, name in enumerate(names)]
    return legend


def _plain_table(headers: list[str], rows: list[list[Any]]) -> Table:
    table = Table([headers, *rows], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTSIZE", (0, 0), (-1, -1), 7),
                ("FONTNAME", (0, 0), (-1, 0), "Helvetica-Bold"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f2f2f2")]),
            ]
        )
    )
    return table


def _targets_table(targets: list[dict[str, Any]]) -> Table:
    def goal(t: dict[str, Any]) -> str:
        low, high = t["at_least"], t["at_most"]
        if low is not None and high is not None:
            return f"{number_or_whole(low)} to {number_or_whole(high)}"
        if low is not None:
            return f"at least {number_or_whole(low)}"
        return f"at most {number_or_whole(high)}"

    return _plain_table(
        ["target", "value", "goal", "result"],
        [
            [t["target"][:70], number(t["value"], 3), goal(t), "pass" if t["passed"] else "FAIL"]
            for t in targets
        ],
    )


def _win_rates(summary: dict[str, Any]) -> Drawing:
    seats = summary["seats"]
    drawing = Drawing(WIDTH, 60 * mm)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 15 * mm, 10 * mm, WIDTH - 30 * mm, 45 * mm
    chart.data = [[seat["win_rate"] for seat in seats]]
    chart.categoryAxis.categoryNames = [f"seat {s['seat']} ({s['bot']})" for s in seats]
    chart.categoryAxis.labels.fontSize = 7
    high = max(max(s["win_rate_ci95"][1] for s in seats), 1 / len(seats)) * 1.15
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, min(1.0, high)
    chart.valueAxis.labelTextFormat = lambda v: f"{v:.0%}"
    chart.bars[0].fillColor = PALETTE[0]
    drawing.add(chart)
    step = chart.width / len(seats)
    scale = chart.height / (chart.valueAxis.valueMax - chart.valueAxis.valueMin)
    for index, seat in enumerate(seats):
        x = chart.x + step * (index + 0.5)
        low, high_ci = (chart.y + v * scale for v in seat["win_rate_ci95"])
        drawing.add(Line(x, low, x, high_ci, strokeWidth=1.2))
        for y in (low, high_ci):
            drawing.add(Line(x - 3, y, x + 3, y, strokeWidth=1.2))
    fair = chart.y + scale / len(seats)
    drawing.add(
        Line(
            chart.x,
            fair,
            chart.x + chart.width,
            fair,
            strokeDashArray=[3, 2],
            strokeColor=colors.grey,
        )
    )
    drawing.add(String(chart.x + chart.width - 60, fair + 2, "fair share", fontSize=6))
    return drawing


def _distributions(records: list[GameRecord], seats: int) -> Drawing:
    drawing = Drawing(WIDTH, 65 * mm)
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 15 * mm, 10 * mm, WIDTH - 55 * mm, 50 * mm
    scores = [t for record in records for t in record.totals]
    low, high = min(scores, default=0), max(scores, default=0)
    width = max(1, (high - low) // 20 + 1)  # about 20 bins whatever the score range
    data = []
    for seat in range(seats):
        counts = Counter((record.totals[seat] - low) // width for record in records)
        data.append(
            [(low + b * width, counts.get(b, 0) / len(records)) for b in range(max(counts) + 1)]
            if counts
            else [(0, 0.0)]
        )
    plot.data = data or [[(0, 0)]]
    for seat in range(len(plot.data)):
        plot.lines[seat].strokeColor = PALETTE[seat % len(PALETTE)]
        plot.lines[seat].strokeWidth = 1
    plot.yValueAxis.labelTextFormat = lambda v: f"{v:.0%}"
    plot.xValueAxis.labels.fontSize = 7
    plot.yValueAxis.labels.fontSize = 7
    drawing.add(plot)
    drawing.add(_legend([f"seat {s + 1}" for s in range(seats)], WIDTH - 35 * mm, 55 * mm))
    drawing.add(String(plot.x + plot.width / 2, 0, "final score", fontSize=7))
    return drawing


def _sources(summary: dict[str, Any]) -> Drawing:
    seats = summary["seats"]
    labels = [
        label
        for label in dict.fromkeys(k for s in seats for k in s["score_by_source"])
        if any(abs(s["score_by_source"].get(label, 0)) > 1e-9 for s in seats)
    ]
    height = max(70 * mm, len(labels) * 10 + 20 * mm)
    drawing = Drawing(WIDTH, height)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 15 * mm, 10 * mm, WIDTH - 65 * mm, 55 * mm
    chart.categoryAxis.style = "stacked"
    chart.data = [[s["score_by_source"].get(label, 0) for s in seats] for label in labels] or [[0]]
    chart.categoryAxis.categoryNames = [f"seat {s['seat']}" for s in seats]
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.labels.fontSize = 7
    for index in range(len(chart.data)):
        chart.bars[index].fillColor = PALETTE[index % len(PALETTE)]
    drawing.add(chart)
    drawing.add(_legend([label[:28] for label in labels], WIDTH - 45 * mm, height - 5 * mm))
    return drawing


def _card_rates(rows: list[dict[str, Any]]) -> Drawing:
    height = max(30 * mm, len(rows) * 5 * mm + 15 * mm)
    drawing = Drawing(WIDTH, height)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40 * mm, 8 * mm, WIDTH - 50 * mm, height - 12 * mm
    chart.data = [[row["acquire_rate"] for row in rows]]
    chart.categoryAxis.categoryNames = [row["card"] for row in rows]
    chart.categoryAxis.labels.fontSize = 7
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, 1
    chart.valueAxis.labelTextFormat = lambda v: f"{v:.0%}"
    chart.bars[0].fillColor = PALETTE[4]
    drawing.add(chart)
    return drawing


def _card_effects(rows: list[dict[str, Any]]) -> Drawing:
    height = len(rows) * 5 * mm + 15 * mm
    drawing = Drawing(WIDTH, height)
    chart = HorizontalBarChart()
    chart.x, chart.y, chart.width, chart.height = 40 * mm, 8 * mm, WIDTH - 50 * mm, height - 12 * mm
    chart.data = [[row["difference"] for row in rows]]
    chart.categoryAxis.categoryNames = [row["card"] for row in rows]
    chart.categoryAxis.labels.fontSize = 7
    chart.categoryAxis.labelAxisMode = "low"
    chart.valueAxis.labelTextFormat = lambda v: f"{v:+.0%}"
    chart.bars[0].fillColor = PALETTE[3]
    drawing.add(chart)
    return drawing


def _drama(records: list[GameRecord]) -> Drawing:
    from toolkit.sim.balance import lead_changes

    counts = Counter(lead_changes(record) for record in records)
    most = max(counts, default=0)
    drawing = Drawing(WIDTH, 45 * mm)
    chart = VerticalBarChart()
    chart.x, chart.y, chart.width, chart.height = 15 * mm, 10 * mm, WIDTH - 30 * mm, 30 * mm
    chart.data = [[counts.get(n, 0) / max(len(records), 1) for n in range(most + 1)]]
    chart.categoryAxis.categoryNames = [str(n) for n in range(most + 1)]
    chart.valueAxis.labelTextFormat = lambda v: f"{v:.0%}"
    chart.bars[0].fillColor = PALETTE[1]
    drawing.add(chart)
    drawing.add(String(chart.x, 0, "lead changes per game (share of games)", fontSize=7))
    return drawing


def _balance_line(summary: dict[str, Any]) -> str:
    b = summary["balance"]
    return (
        f"First-seat advantage {b['first_seat_advantage']:+.3f}; seat win-rate spread "
        f"{b['win_rate_spread']:.3f}; mean winning margin {number(b['winning_margin'])} points; "
        f"{b['lead_changes']:.2f} lead changes per game; at the midpoint the eventual winner "
        f"trailed the leader by {number(b['drama'])} points on average."
    )
