"""The report's charts, drawn with ReportLab's own graphics.

Every chart has titles on both axes, names (never ids) on its labels, and room for its
labels: category labels sit below the lowest bar, and notes sit outside the plot, so no text
is drawn over a bar, an interval or another text (tests check the label boxes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from reportlab.graphics.charts.barcharts import BarChart, HorizontalBarChart, VerticalBarChart
from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, Group, Line, String
from reportlab.lib import colors
from reportlab.lib.units import mm

from toolkit.sim.report_style import FONT, SEAT_COLOURS, register_fonts, source_colours
from toolkit.sim.report_text import side_name, sides
from toolkit.sim.tally import Tally

WIDTH = 170 * mm
SMALL = 7
TITLE = 8
LEFT = 24 * mm
"""Room left of a plot for the value labels and the rotated axis title."""
BOTTOM = 16 * mm
"""Room below a plot for the category labels and the axis title."""


def win_rates(summary: dict[str, Any]) -> Drawing:
    """Each seat's win rate with its 95% interval, and the fair share as a dashed line
    labelled outside the plot."""
    seats = sides(summary)
    drawing = _drawing(65 * mm)
    chart = VerticalBarChart()
    _place(chart, WIDTH - LEFT - 22 * mm, 45 * mm)
    chart.data = [[seat["win_rate"] for seat in seats]]
    chart.categoryAxis.categoryNames = [side_name(s, bots=True) for s in seats]
    high = max(max(s["win_rate_ci95"][1] for s in seats), 1 / len(seats)) * 1.15
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, min(1.0, high)
    chart.valueAxis.labelTextFormat = _percent
    chart.bars[0].fillColor = SEAT_COLOURS[0]
    _fonts(chart)
    drawing.add(chart)
    step = chart.width / len(seats)
    scale = chart.height / (chart.valueAxis.valueMax - chart.valueAxis.valueMin)
    for index, seat in enumerate(seats):
        x = chart.x + step * (index + 0.5)
        low, high_ci = (chart.y + min(v, chart.valueAxis.valueMax) * scale
                        for v in seat["win_rate_ci95"])  # fmt: skip
        drawing.add(Line(x, low, x, high_ci, strokeWidth=1.2))
        for y in (low, high_ci):
            drawing.add(Line(x - 3, y, x + 3, y, strokeWidth=1.2))
    fair = chart.y + scale / len(seats)
    end = chart.x + chart.width
    dashes = {"strokeDashArray": [3, 2], "strokeColor": colors.grey}
    drawing.add(Line(chart.x, fair, end, fair, **dashes))
    drawing.add(_text(end + 3, fair - 2, "fair share", anchor="start"))
    _axis_titles(drawing, chart, "team" if "teams" in summary else "seat (bot)", "games won")
    return drawing


def distributions(tally: Tally, lines: Sequence[tuple[int, str]]) -> Drawing:
    """How final scores spread, one line per (seat, name): each seat, or each team by its
    first seat, in about 20 bins, from the tally's histogram of totals."""
    seats = [seat for seat, _ in lines]
    names = [name for _, name in lines]
    drawing = _drawing(70 * mm)
    plot = LinePlot()
    plot.x, plot.y = LEFT, BOTTOM
    plot.width, plot.height = WIDTH - LEFT - 30 * mm, 50 * mm
    scores = [total for _, total in tally.scores]
    low, high = min(scores, default=0), max(scores, default=0)
    width = max(1, (high - low) // 20 + 1)
    data = []
    for seat in seats:
        counts: Counter[int] = Counter()
        for (s, total), games in tally.scores.items():
            if s == seat:
                counts[(total - low) // width] += games
        data.append(
            [(low + b * width, counts.get(b, 0) / tally.games) for b in range(max(counts) + 1)]
            if counts
            else [(0, 0.0)]
        )
    plot.data = data or [[(0, 0)]]
    for seat in range(len(plot.data)):
        plot.lines[seat].strokeColor = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
        plot.lines[seat].strokeWidth = 1
    plot.yValueAxis.labelTextFormat = _percent
    plot.yValueAxis.valueMin = 0
    _fonts(plot)
    drawing.add(plot)
    drawing.add(
        _legend(
            [(SEAT_COLOURS[i % len(SEAT_COLOURS)], name) for i, name in enumerate(names)],
            plot.x + plot.width + 6 * mm,
            plot.y + plot.height,
        )
    )
    _axis_titles(drawing, plot, "final score", "share of games")
    return drawing


def sources(summary: dict[str, Any], game_colours: dict[str, str]) -> Drawing:
    """Mean points by source, stacked per seat (or team), each source in the game's colour
    for it."""
    seats = sides(summary)
    labels = [
        label
        for label in dict.fromkeys(k for s in seats for k in s["score_by_source"])
        if any(abs(s["score_by_source"].get(label, 0)) > 1e-9 for s in seats)
    ]
    legend_height = len(labels) * 10 + 10
    height = max(75 * mm, legend_height + BOTTOM + 5 * mm)
    drawing = _drawing(height)
    chart = VerticalBarChart()
    _place(chart, WIDTH - LEFT - 62 * mm, 55 * mm)
    chart.categoryAxis.style = "stacked"
    chart.data = [[s["score_by_source"].get(label, 0) for s in seats] for label in labels] or [[0]]
    chart.categoryAxis.categoryNames = [side_name(s) for s in seats]
    chart.categoryAxis.labelAxisMode = "low"  # below the lowest (negative) bar, never on it
    painted = source_colours(labels, game_colours)
    for index, paint in enumerate(painted):
        chart.bars[index].fillColor = paint.fill
        chart.bars[index].strokeColor = paint.border or paint.fill
        chart.bars[index].strokeWidth = 1.2 if paint.border else 0.3
    _fonts(chart)
    drawing.add(chart)
    drawing.add(
        _legend(
            [(p.fill, label[:32]) for p, label in zip(painted, labels, strict=True)],
            chart.x + chart.width + 6 * mm,
            height - 4 * mm,
        )
    )
    _axis_titles(drawing, chart, "team" if "teams" in summary else "seat", "mean points per game")
    return drawing


def card_rates(rows: list[dict[str, Any]], card_names: dict[str, str]) -> Drawing:
    """For each card that was on show, the share of games it was taken when shown."""
    height = max(35 * mm, len(rows) * 5 * mm + BOTTOM + 4 * mm)
    drawing = _drawing(height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 45 * mm, BOTTOM
    chart.width, chart.height = WIDTH - 55 * mm, height - BOTTOM - 4 * mm
    chart.data = [[row["acquire_rate"] for row in rows]]
    chart.categoryAxis.categoryNames = [_name(row["card"], card_names) for row in rows]
    chart.valueAxis.valueMin, chart.valueAxis.valueMax = 0, 1
    chart.valueAxis.labelTextFormat = _percent
    chart.bars[0].fillColor = SEAT_COLOURS[4]
    _fonts(chart)
    drawing.add(chart)
    drawing.add(_text(chart.x + chart.width / 2, 2, "taken in this share of games shown"))
    return drawing


def card_effects(rows: list[dict[str, Any]], card_names: dict[str, str]) -> Drawing:
    """How much more often (or less) a player holding each card won."""
    height = len(rows) * 5 * mm + BOTTOM + 4 * mm
    drawing = _drawing(height)
    chart = HorizontalBarChart()
    chart.x, chart.y = 45 * mm, BOTTOM
    chart.width, chart.height = WIDTH - 55 * mm, height - BOTTOM - 4 * mm
    chart.data = [[row["difference"] for row in rows]]
    chart.categoryAxis.categoryNames = [_name(row["card"], card_names) for row in rows]
    chart.categoryAxis.labelAxisMode = "low"
    chart.valueAxis.labelTextFormat = lambda v: f"{v:+.0%}"
    chart.bars[0].fillColor = SEAT_COLOURS[3]
    _fonts(chart)
    drawing.add(chart)
    title = "win rate holding the card, minus win rate without it"
    drawing.add(_text(chart.x + chart.width / 2, 2, title))
    return drawing


def drama(tally: Tally) -> Drawing:
    """How many times the lead changed hands in a game, as a share of games."""
    counts = tally.lead_changes
    most = max(counts, default=0)
    drawing = _drawing(50 * mm)
    chart = VerticalBarChart()
    _place(chart, WIDTH - LEFT - 10 * mm, 30 * mm)
    chart.data = [[counts.get(n, 0) / max(tally.games, 1) for n in range(most + 1)]]
    chart.categoryAxis.categoryNames = [str(n) for n in range(most + 1)]
    chart.valueAxis.labelTextFormat = _percent
    chart.valueAxis.valueMin = 0
    chart.bars[0].fillColor = SEAT_COLOURS[1]
    _fonts(chart)
    drawing.add(chart)
    _axis_titles(drawing, chart, "lead changes in a game", "share of games")
    return drawing


SWEEP_SERIES = (
    ("first-seat advantage", "first_seat_advantage"),
    ("win-rate spread", "win_rate_spread"),
)
SWEEP_MIN_SPAN = 0.4
"""The sweep's y-axis spans at least 40 points of win rate, so that sampling noise of a few
points looks as small as it is, not like a trend."""


def sweep(points: list[dict[str, Any]], axes: Sequence[str]) -> Drawing:
    """Seat-1 advantage and win-rate spread at each point of a sweep, on an axis that
    includes zero and never zooms in on noise."""
    drawing = _drawing(95 * mm)
    plot = LinePlot()
    plot.x, plot.y = LEFT, BOTTOM + 4 * mm
    plot.width, plot.height = WIDTH - LEFT - 42 * mm, 65 * mm
    plot.data = [[(i, row[key]) for i, row in enumerate(points)] for _, key in SWEEP_SERIES]
    values = [v for _, key in SWEEP_SERIES for v in (row[key] for row in points)]
    low, high = min([0.0, *values]), max([0.0, *values])
    if high - low < SWEEP_MIN_SPAN:
        pad = (SWEEP_MIN_SPAN - (high - low)) / 2
        low, high = (low - pad, high + pad) if low < 0 else (0.0, low + SWEEP_MIN_SPAN)
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax = low, high
    plot.yValueAxis.valueStep = 0.1 if high - low <= 0.6 else 0.2
    plot.yValueAxis.labelTextFormat = lambda v: f"{v:+.0%}" if v else "0"
    for index in range(len(SWEEP_SERIES)):
        plot.lines[index].strokeColor = SEAT_COLOURS[index]
        plot.lines[index].strokeWidth = 1.5
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = -0.5, len(points) - 0.5
    plot.xValueAxis.valueSteps = list(range(len(points)))
    plot.xValueAxis.labelTextFormat = lambda i: _point_label(points, int(i))
    _fonts(plot)
    drawing.add(plot)
    zero = plot.y + (0 - low) / (high - low) * plot.height
    drawing.add(Line(plot.x, zero, plot.x + plot.width, zero, strokeColor=colors.grey))
    drawing.add(
        _legend(
            [(SEAT_COLOURS[i], name) for i, (name, _) in enumerate(SWEEP_SERIES)],
            plot.x + plot.width + 5 * mm,
            plot.y + plot.height,
        )
    )
    _axis_titles(drawing, plot, ", ".join(axes), "share of games")
    return drawing


def _drawing(height: float) -> Drawing:
    """A chart's canvas, starting in the embedded font (not ReportLab's Helvetica)."""
    register_fonts()
    return Drawing(WIDTH, height, initialFontName=FONT)


def _point_label(points: list[dict[str, Any]], index: int) -> str:
    if 0 <= index < len(points):
        return ",".join(str(v) for v in points[index]["point"].values())
    return ""


def _name(card: str, names: dict[str, str]) -> str:
    return names.get(card, card)


def _percent(value: float) -> str:
    return f"{value:.0%}"


def _place(chart: BarChart, width: float, height: float) -> None:
    chart.x, chart.y, chart.width, chart.height = LEFT, BOTTOM, width, height


def _fonts(chart: BarChart | LinePlot) -> None:
    """Embedded fonts at one small size on every axis."""
    register_fonts()
    for axis in _axes(chart):
        axis.labels.fontName = FONT
        axis.labels.fontSize = SMALL


def _axes(chart: BarChart | LinePlot) -> list[Any]:
    if isinstance(chart, LinePlot):
        return [chart.xValueAxis, chart.yValueAxis]
    return [chart.categoryAxis, chart.valueAxis]


def _axis_titles(drawing: Drawing, chart: Any, x_title: str, y_title: str) -> None:
    """The horizontal axis's title centred at the bottom of the drawing, the vertical axis's
    title turned a quarter to the left of the value labels."""
    drawing.add(_text(chart.x + chart.width / 2, 2, x_title, size=TITLE))
    centre = chart.y + chart.height / 2
    drawing.add(Group(_text(0, 0, y_title, size=TITLE), transform=(0, 1, -1, 0, 8, centre)))


def _text(x: float, y: float, text: str, *, anchor: str = "middle", size: int = SMALL) -> String:
    register_fonts()
    return String(x, y, text, fontName=FONT, fontSize=size, textAnchor=anchor)


def _legend(pairs: list[tuple[Any, str]], x: float, y: float) -> Legend:
    register_fonts()
    legend = Legend()
    legend.x, legend.y = x, y
    legend.fontName = FONT
    legend.fontSize = SMALL
    legend.columnMaximum = 40
    legend.deltay = 10
    legend.dy = legend.dx = 6
    legend.colorNamePairs = pairs
    return legend
