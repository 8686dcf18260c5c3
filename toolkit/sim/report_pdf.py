"""The playtest report: a PDF of charts and tables drawn with ReportLab's own graphics.

Everything comes from runs' summaries and tallies, so the report says exactly what
`simulate --format json` says, in pictures: one part per simulated player count, with an
overview first when there are several. Output is byte-stable (invariant mode).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import StyleSheet1, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from toolkit.files import ensure_folder, write_atomic
from toolkit.sim import report_charts as charts
from toolkit.sim.report_style import BOLD, FONT, register_fonts
from toolkit.sim.report_text import number, number_or_whole, side_name, sides
from toolkit.sim.tally import Tally

ReportRun = tuple[dict[str, Any], Tally]
"""One player count's summary and the tally it was made from."""

CARD_ROWS_EACH_WAY = 15
"""A zone whose cards would not fit one page shows this many least and most often taken."""


def _paragraph(text: str, style: Any) -> Paragraph:
    """ReportLab reads a paragraph's text as markup: names and paths (`R&D.yaml`) are escaped
    so they print as written."""
    return Paragraph(escape(text), style)


def _styles() -> StyleSheet1:
    """ReportLab's sample styles in the embedded fonts."""
    register_fonts()
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        bold = "Bold" in getattr(style, "fontName", "")
        style.fontName = BOLD if bold else FONT
    return styles


def render_report(runs: Sequence[ReportRun], out: Path) -> int:
    """Write the report of one or more player counts of a game; returns its page count."""
    rl_config.invariant = 1
    styles = _styles()
    runs = sorted(runs, key=lambda run: run[0]["arguments"]["players"])
    first = runs[0][0]
    args = first["arguments"]
    names = first.get("names", {})
    title = f"Playtest report: {names.get('game', args['game'])}"
    counts = [summary["arguments"]["players"] for summary, _ in runs]
    story: list[Any] = [
        _paragraph(title, styles["Title"]),
        _paragraph(
            f"{args['games']} games at {_counts(counts)}, bots "
            f"{', '.join(dict.fromkeys(args['bots']))}, seed {args['seed']}"
            + (f", variants {', '.join(args['variants'])}" if args.get("variants") else ""),
            styles["Normal"],
        ),
        Spacer(1, 6 * mm),
    ]
    if len(runs) > 1:
        story += [
            _paragraph("Every player count at a glance", styles["Heading2"]),
            _overview([summary for summary, _ in runs]),
            Spacer(1, 4 * mm),
        ]
    for index, (summary, tally) in enumerate(runs):
        if len(runs) > 1:
            if index:
                story.append(PageBreak())
            heading = f"{summary['arguments']['players']} players"
            story.append(_paragraph(heading, styles["Heading1"]))
        story += _player_count(summary, tally, styles)
    ensure_folder(out.parent)
    pages = [0]

    def count(canvas: Any, doc: Any) -> None:
        pages[0] = canvas.getPageNumber()

    pdf = io.BytesIO()
    doc = SimpleDocTemplate(
        pdf,
        pagesize=A4,
        title=title,
        author="toolkit",
        subject="playtest report",
        invariant=1,
        initialFontName=FONT,  # the canvas's first font too, or every page names Helvetica
    )
    doc.build(story, onFirstPage=count, onLaterPages=count)
    write_atomic(out, pdf.getvalue())
    return pages[0]


def _player_count(summary: dict[str, Any], tally: Tally, styles: StyleSheet1) -> list[Any]:
    """The sections of one player count."""
    story: list[Any] = []
    names = summary.get("names", {})
    zones, cards = names.get("zones", {}), names.get("cards", {})

    def section(title: str, *flowables: Any) -> None:
        story.append(
            KeepTogether([_paragraph(title, styles["Heading2"]), *flowables, Spacer(1, 4 * mm)])
        )

    if summary["targets"]:
        section("Targets", _targets_table(summary["targets"]))
    who = "team" if "teams" in summary else "seat"
    # A team's line is its first seat's totals (partners share one); the table names its seats.
    lines = [(row["seats"][0] - 1, f"team {row['team']}") if "team" in row
             else (row["seat"] - 1, f"seat {row['seat']}") for row in sides(summary)]  # fmt: skip
    section(f"Win rate by {who}, with 95% intervals", charts.win_rates(summary))
    section(
        f"Score distribution by {who}",
        charts.distributions(tally, lines),
        _spread_table(summary),
    )
    section(f"Mean points by source and {who}", charts.sources(summary, names.get("colours", {})))
    for zone, rows in summary["cards"].items():
        if not any(row["acquire_rate"] for row in rows):
            continue  # a pile cards are played onto, never taken from: nothing to chart
        place = zones.get(zone, zone)
        place = place if place.lower().startswith("the ") else f"the {place}"
        title = f"How often each card on {place} was taken"
        if len(rows) > 2 * CARD_ROWS_EACH_WAY:  # a page holds about thirty bars
            ranked = sorted(rows, key=lambda row: row["acquire_rate"])
            rows = ranked[:CARD_ROWS_EACH_WAY] + ranked[-CARD_ROWS_EACH_WAY:]
            title += f" (the {CARD_ROWS_EACH_WAY} least and most often taken)"
        section(title, charts.card_rates(rows, cards))
    effects = sorted(summary["card_effects"], key=lambda r: r["difference"])
    if any(row["held_by_share"] for row in effects):  # else nobody holds cards at the end
        shown = effects[:8] + effects[-8:] if len(effects) > 16 else effects
        section(
            "Win-rate difference when holding a card (largest either way)",
            charts.card_effects(shown, cards),
        )
    scored_once = summary["game"]["length"]["rounds"]["max"] <= 1
    if scored_once:  # one scoring at the end: no lead to change, no midpoint to trail at
        section("Balance", _paragraph(_balance_line(summary, drama=False), styles["Normal"]))
    else:
        section(
            "Lead changes and drama",
            charts.drama(tally),
            _paragraph(_balance_line(summary), styles["Normal"]),
        )
    section("Game length", _length_table(summary["game"]["length"]))
    if summary["never_used"]:
        never = ", ".join(cards.get(card, card) for card in summary["never_used"])
        section("Never played by anyone", _paragraph(never, styles["Normal"]))
    if summary.get("played_only_at_random"):
        suspect = ", ".join(cards.get(c, c) for c in summary["played_only_at_random"])
        section(
            "Never played by the bots, though random play does: the bot is suspect",
            _paragraph(suspect, styles["Normal"]),
        )
    return story


def _counts(counts: list[int]) -> str:
    if len(counts) == 1:
        return f"{counts[0]} players"
    return f"each of {', '.join(map(str, counts[:-1]))} and {counts[-1]} players"


def _overview(summaries: list[dict[str, Any]]) -> Table:
    rows = []
    for summary in summaries:
        seats = summary["seats"]
        targets = summary["targets"]
        failing = [t["target"] for t in targets if not t["passed"]]
        rows.append(
            [
                str(summary["arguments"]["players"]),
                " ".join(f"{seat['win_rate']:.0%}" for seat in seats),
                number(sum(s["score_mean"] for s in seats) / len(seats), 1),
                f"{len(targets) - len(failing)}/{len(targets)}",
                _paragraph("; ".join(failing) or "none", _cell_style()),
            ]
        )
    return _plain_table(
        ["players", "seat win rates", "mean score", "targets passed", "failing targets"],
        rows,
        widths=[14 * mm, 40 * mm, 18 * mm, 22 * mm, 76 * mm],
    )


def _cell_style() -> Any:
    style = _styles()["BodyText"].clone("cell")
    style.fontSize, style.leading = 7, 8.5
    return style


def render_sweep(result: dict[str, Any], out: Path) -> None:
    """A chart of the sweep: seat-1 advantage and spread along its points, and a table."""
    rl_config.invariant = 1
    styles = _styles()
    axes = list(result["arguments"]["axes"])
    points = result["points"]
    story = [
        _paragraph(f"Sweep of {', '.join(axes)}: {result['arguments']['game']}", styles["Title"]),
        charts.sweep(points, axes),
        Spacer(1, 6 * mm),
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
    SimpleDocTemplate(pdf, pagesize=A4, title="Sweep", invariant=1, initialFontName=FONT).build(
        story
    )
    write_atomic(out, pdf.getvalue())


def _plain_table(
    headers: list[str], rows: list[list[Any]], widths: list[float] | None = None
) -> Table:
    register_fonts()
    table = Table([headers, *rows], hAlign="LEFT", colWidths=widths)
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT),
                ("FONTSIZE", (0, 0), (-1, -1), 7),
                ("FONTNAME", (0, 0), (-1, 0), BOLD),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
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
            [
                _paragraph(t["target"], _cell_style()),
                number(t["value"], 3),
                goal(t),
                "pass" if t["passed"] else "FAIL",
            ]
            for t in targets
        ],
        widths=[100 * mm, 20 * mm, 30 * mm, 20 * mm],
    )


def _spread_table(summary: dict[str, Any]) -> Table:
    """Each seat's (or team's) final score: mean, standard deviation and extremes."""
    return _plain_table(
        ["", "wins alone", "shared wins", "mean score", "sd", "min", "max"],
        [
            [
                side_name(row, bots=True),
                str(row["wins_alone"]),
                str(row["wins_shared"]),
                number(row["score_mean"]),
                number(row["score_sd"]),
                str(row["score_min"]),
                str(row["score_max"]),
            ]
            for row in sides(summary)
        ],
    )


def _length_table(length: dict[str, Any]) -> Table:
    """Turns and rounds a game lasted: mean with its 95% interval, spread, middle 90%."""
    return _plain_table(
        ["", "mean", "95% interval of the mean", "sd", "min", "median", "middle 90%", "max"],
        [
            [
                what,
                number(row["mean"]),
                f"{number(row['mean_ci95'][0])} to {number(row['mean_ci95'][1])}",
                number(row["sd"]),
                str(row["min"]),
                str(row["median"]),
                f"{row['middle_90'][0]} to {row['middle_90'][1]}",
                str(row["max"]),
            ]
            for what, row in (("turns", length["turns"]), ("rounds", length["rounds"]))
        ],
    )


def _balance_line(summary: dict[str, Any], drama: bool = True) -> str:
    b = summary["balance"]
    side = "team" if "teams" in summary else "seat"
    low, high = b["first_player_win_rate_ci95"]
    starter = "the starting player's team" if side == "team" else "the starting player"
    return (
        f"First-{side} advantage {b['first_seat_advantage']:+.3f}; {starter} won "
        f"{b['first_player_win_rate']:.1%} of games "
        f"(95% interval {low:.1%} to {high:.1%}), an advantage of "
        f"{b['first_player_advantage']:+.3f} over a fair share; {side} win-rate spread "
        f"{b['win_rate_spread']:.3f}; mean winning margin {number(b['winning_margin'])} points"
        + (
            f"; {b['lead_changes']:.2f} lead changes per game; at the midpoint the eventual "
            f"winner trailed the leader by {number(b['drama'])} points on average."
            if drama
            else "."
        )
    )
