"""The playtest report reads well: no label over another label, a bar or an interval; axis
titles on every chart; the game's names and colours; embedded fonts; every player count."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit
from pypdf import PdfReader
from reportlab.graphics.shapes import Drawing, Group, Line, Rect, Shape, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from toolkit.sim import report_charts as charts
from toolkit.sim.build import GameBuild, build_summary
from toolkit.sim.report_pdf import render_report, render_sweep
from toolkit.sim.report_style import source_colours
from toolkit.sim.report_tables import export_tables
from toolkit.sim.run import Run, RunSpec, run
from toolkit.sim.tally import Tally

MIDWAY, PARK = "midway-memories", "oh-my-park"
Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1, 0, 0, 1, 0, 0)


@pytest.fixture(scope="module")
def runs() -> dict[str, list[Run]]:
    """Small random-bot runs of both shipped games, at two player counts each."""
    return {
        game: [run(RunSpec(game, 40, players, ["random"], 3, 1)) for players in (2, 4)]
        for game in (MIDWAY, PARK)
    }


def _compose(a: Matrix, b: Matrix) -> Matrix:
    """The transform `a` applied after `b`."""
    return (
        a[0] * b[0] + a[2] * b[1],
        a[1] * b[0] + a[3] * b[1],
        a[0] * b[2] + a[2] * b[3],
        a[1] * b[2] + a[3] * b[3],
        a[0] * b[4] + a[2] * b[5] + a[4],
        a[1] * b[4] + a[3] * b[5] + a[5],
    )


def _box(matrix: Matrix, x1: float, y1: float, x2: float, y2: float) -> Box:
    corners = [
        (matrix[0] * x + matrix[2] * y + matrix[4], matrix[1] * x + matrix[3] * y + matrix[5])
        for x in (x1, x2)
        for y in (y1, y2)
    ]
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return min(xs), min(ys), max(xs), max(ys)


def _text_box(matrix: Matrix, text: String) -> Box:
    width = stringWidth(text.text, text.fontName, text.fontSize)
    left = {"start": 0.0, "middle": -width / 2, "end": -width}.get(text.textAnchor, 0.0)
    x, y, size = text.x + left, text.y, text.fontSize
    return _box(matrix, x, y - 0.2 * size, x + width, y + 0.75 * size)


def _shapes(drawing: Drawing) -> tuple[list[tuple[str, Box]], list[Box], list[Box]]:
    """Every text with its box, every filled bar, and every line drawn on top of the chart
    (intervals, the fair-share line), all in drawing coordinates."""
    texts: list[tuple[str, Box]] = []
    bars: list[Box] = []
    marks: list[Box] = []

    def walk(node: Any, matrix: Matrix, top: bool) -> None:
        if not isinstance(node, Shape):  # a chart, a legend, a label: draw it to its shapes
            walk(node.draw(), matrix, False)
        elif isinstance(node, Group):
            inner = _compose(matrix, tuple(node.transform))  # type: ignore[arg-type]
            for child in node.contents:
                walk(child, inner, False)
        elif isinstance(node, String) and node.text.strip():
            texts.append((node.text, _text_box(matrix, node)))
        elif isinstance(node, Rect) and node.fillColor is not None and node.width * node.height:
            bars.append(_box(matrix, node.x, node.y, node.x + node.width, node.y + node.height))
        elif isinstance(node, Line) and top:
            marks.append(_box(matrix, node.x1, node.y1, node.x2, node.y2))

    for node in drawing.contents:
        walk(node, IDENTITY, True)
    return texts, bars, marks


def _overlap(a: Box, b: Box, slack: float = 0.5) -> bool:
    return (
        a[0] + slack < b[2] and b[0] + slack < a[2] and a[1] + slack < b[3] and b[1] + slack < a[3]
    )


def _drawings(summary: dict[str, Any], tally: Tally) -> dict[str, Drawing]:
    names = summary["names"]
    cards = names["cards"]
    drawings = {
        "win rates": charts.win_rates(summary),
        "distributions": charts.distributions(
            tally, [(s["seat"] - 1, f"seat {s['seat']}") for s in summary["seats"]]
        ),
        "sources": charts.sources(summary, names["colours"]),
        "drama": charts.drama(tally),
    }
    if summary["card_effects"]:
        drawings["card effects"] = charts.card_effects(summary["card_effects"][:16], cards)
    for zone, rows in summary["cards"].items():
        drawings[f"cards of {zone}"] = charts.card_rates(rows, cards)
    return drawings


@pytest.mark.parametrize("game", [MIDWAY, PARK])
def test_no_label_covers_another_label_a_bar_or_an_interval(
    runs: dict[str, list[Run]], game: str
) -> None:
    for result in runs[game]:
        for name, drawing in _drawings(result.summary, result.tally).items():
            texts, bars, marks = _shapes(drawing)
            assert texts, name
            for (first, a), (second, b) in itertools.combinations(texts, 2):
                assert not _overlap(a, b), f"{name}: '{first}' overlaps '{second}'"
            for text, box in texts:
                assert not any(_overlap(box, bar) for bar in bars), f"{name}: '{text}' on a bar"
                assert not any(_overlap(box, mark) for mark in marks), f"{name}: '{text}' on a mark"
                assert box[0] >= 0 and box[2] <= drawing.width, f"{name}: '{text}' cut off"


def test_the_label_check_sees_a_label_on_a_bar_and_two_labels_on_each_other() -> None:
    drawing = Drawing(200, 100)
    drawing.add(Rect(10, 10, 50, 50, fillColor=HexColor("#2f6fb5")))
    drawing.add(String(20, 30, "on the bar", fontName="Helvetica", fontSize=7))
    drawing.add(String(100, 30, "first", fontName="Helvetica", fontSize=7))
    drawing.add(Group(String(0, 0, "second", fontName="Helvetica", fontSize=7),
                      transform=(1, 0, 0, 1, 105, 31)))  # fmt: skip
    texts, bars, _ = _shapes(drawing)
    boxes = dict(texts)
    assert _overlap(boxes["on the bar"], bars[0])
    assert _overlap(boxes["first"], boxes["second"])
    assert not _overlap(boxes["first"], bars[0])


def test_every_chart_titles_both_axes(runs: dict[str, list[Run]]) -> None:
    result = runs[MIDWAY][1]
    titles = {
        "win rates": {"seat (bot)", "games won"},
        "distributions": {"final score", "share of games"},
        "sources": {"seat", "mean points per game"},
        "drama": {"lead changes in a game", "share of games"},
        "card effects": {"win rate holding the card, minus win rate without it"},
        "cards of display": {"taken in this share of games shown"},
    }
    for name, drawing in _drawings(result.summary, result.tally).items():
        texts = {text for text, _ in _shapes(drawing)[0]}
        assert titles[name] <= texts, name


def test_a_source_named_after_a_colour_is_drawn_in_that_colour() -> None:
    game_colours = {"Blue": "#2f6fb5", "Red": "#c8372d", "Yellow": "#e8b923"}
    labels = ["Blue cards", "Blue-red pairs", "Coins left", "Tickets", "Yellow cards"]
    blue, pair, coins, tickets, yellow = source_colours(labels, game_colours)
    assert blue.fill == HexColor("#2f6fb5") and blue.border is None
    assert yellow.fill == HexColor("#e8b923")
    assert pair.border == HexColor("#c8372d") and pair.fill != blue.fill
    assert coins.fill != tickets.fill
    for plain in (coins, tickets):
        for hex_ in game_colours.values():
            other = HexColor(hex_)
            distance = sum(
                (255 * (x - y)) ** 2 for x, y in zip(plain.fill.rgb(), other.rgb(), strict=True)
            )
            assert distance**0.5 >= 80, (plain, hex_)


def test_the_report_uses_names_embedded_fonts_and_covers_every_player_count(
    runs: dict[str, list[Run]], tmp_path: Path
) -> None:
    out = tmp_path / "report.pdf"
    pages = render_report([(r.summary, r.tally) for r in runs[MIDWAY]], out)
    reader = PdfReader(out)
    assert len(reader.pages) == pages
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Playtest report: Midway Memories" in text
    assert "Every player count at a glance" in text
    assert "2 players" in text and "4 players" in text
    assert "How often each card on the Attraction display was taken" in text
    assert "'display'" not in text and "bumper-cars" not in text
    assert "Bumper Cars" in text
    for page in reader.pages:
        fonts = page["/Resources"]["/Font"]
        for font in fonts.values():
            font = font.get_object()
            descendant = font.get("/DescendantFonts")
            described = (descendant[0].get_object() if descendant else font)["/FontDescriptor"]
            assert "/FontFile2" in described.get_object(), font["/BaseFont"]


def test_tables_of_several_player_counts_say_which_count(
    runs: dict[str, list[Run]], tmp_path: Path
) -> None:
    out = tmp_path / "report.pdf"
    (written,) = export_tables([r.summary for r in runs[PARK]], out, "json")
    import json

    tables = json.loads(written.read_text("utf-8"))
    assert {row["players"] for row in tables["seats"]} == {2, 4}
    assert len(tables["seats"]) == 6


def test_a_sweep_of_small_differences_is_drawn_on_an_axis_that_includes_zero(
    tmp_path: Path,
) -> None:
    points = [
        {
            "point": {"x": value},
            "first_seat_advantage": 0.02 + value / 100,
            "win_rate_spread": 0.04 + value / 200,
            "targets_passed": 1,
            "targets": {"a": True},
        }
        for value in range(4)
    ]
    drawing = charts.sweep(points, ["x"])
    (plot,) = [node for node in drawing.contents if hasattr(node, "yValueAxis")]
    axis = plot.yValueAxis
    assert axis.valueMin <= 0 <= axis.valueMax
    assert axis.valueMax - axis.valueMin >= charts.SWEEP_MIN_SPAN
    result = {"arguments": {"axes": {"x": [0, 1, 2, 3]}, "game": MIDWAY}, "points": points}
    render_sweep(result, tmp_path / "sweep.pdf")
    assert PdfReader(tmp_path / "sweep.pdf").pages


def test_build_summary_names_the_failing_targets(runs: dict[str, list[Run]]) -> None:
    build = GameBuild(MIDWAY, Path("build") / MIDWAY)
    for result in runs[MIDWAY]:
        build.runs[result.players] = result.summary
    text = build_summary([build])
    for result in runs[MIDWAY]:
        failing = [t["target"] for t in result.summary["targets"] if not t["passed"]]
        line = next(x for x in text.splitlines() if x.startswith(f"  {result.players} players"))
        if failing:
            assert line.endswith(f"(failing: {'; '.join(failing)})")
        else:
            assert "failing" not in line


def test_a_zone_showing_more_cards_than_a_page_holds_charts_the_extremes(tmp_path: Path) -> None:
    """Saffron Row's market row shows all 45 wares over a run: the chart keeps the least and
    most often taken; a pile cards are only played onto (Kite Festival's line) gets none, and
    a game where nobody holds open cards at the end gets no empty holding chart, and a game
    scored once gets no chart of lead changes."""
    for game in ("saffron-row", "kite-festival"):
        out = tmp_path / f"{game}.pdf"
        result = run_toolkit("report", game, "--players", "2", "--games", "40", "--out", str(out))
        assert result.returncode == 0, result.stderr
        text = " ".join(page.extract_text() for page in PdfReader(out).pages)
        if game == "saffron-row":
            assert "the 15 least and most often taken" in " ".join(text.split())
        else:
            assert "festival line was taken" not in " ".join(text.split())
            assert "when holding a card" not in text
            # One round, scored once at its end: no lead ever changes, so no chart of it.
            assert "Lead changes" not in text and "lead changes" not in text
            listed = run_toolkit("simulate", game, "--players", "2", "--games", "20")
            assert listed.returncode == 0, listed.stderr
            assert "Cards in 'line'" not in listed.stdout
