"""Small inline SVG charts of a simulation summary (the `toolkit simulate` statistics).

Hand-made SVG keeps the page offline and dependency-free: horizontal bars with labels,
optionally an interval whisker, and stacked bars for score by source. Text is escaped here,
since card and source names come from the designer's files.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from toolkit.sim.report_style import source_colours
from toolkit.sim.report_text import side_name

WIDTH = 460
ROW = 20
LABEL = 150
PALETTE = ("#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f")


def _frame(rows: int, body: list[str], title: str) -> str:
    height = rows * ROW + 24
    return (
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        f'role="img" aria-label="{escape(title)}"><title>{escape(title)}</title>'
        + "".join(body)
        + "</svg>"
    )


def _label(y: float, text: str) -> str:
    short = text if len(text) <= 22 else text[:21] + "…"
    return f'<text x="{LABEL - 6}" y="{y + 14}" text-anchor="end">{escape(short)}</text>'


def bars(
    rows: Sequence[tuple[str, float, tuple[float, float] | None]],
    *,
    title: str,
    scale: float = 1.0,
    percent: bool = True,
    mark: float | None = None,
) -> str:
    """One bar per row, value on a 0..`scale` axis, with a 95% interval whisker if given
    and a dashed line at `mark` (a fair share)."""
    span = WIDTH - LABEL - 60
    body = []
    for index, (label, value, interval) in enumerate(rows):
        y = index * ROW + 4
        length = max(0.0, min(1.0, value / scale if scale else 0.0)) * span
        body.append(_label(y, label))
        body.append(
            f'<rect x="{LABEL}" y="{y + 3}" width="{length:.1f}" height="{ROW - 6}" '
            f'fill="{PALETTE[0]}"/>'
        )
        if interval is not None:
            low, high = (max(0.0, min(1.0, v / scale)) * span + LABEL for v in interval)
            mid = y + ROW / 2
            body.append(
                f'<path d="M{low:.1f},{mid} H{high:.1f} M{low:.1f},{mid - 4} V{mid + 4} '
                f'M{high:.1f},{mid - 4} V{mid + 4}" stroke="#222" fill="none"/>'
            )
        shown = f"{value:.0%}" if percent else f"{value:.1f}"
        body.append(f'<text x="{LABEL + span + 6}" y="{y + 14}">{shown}</text>')
    if mark is not None and scale:
        x = LABEL + mark / scale * span
        body.append(
            f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{len(rows) * ROW + 8}" '
            'stroke="#888" stroke-dasharray="4 3"/>'
        )
    return _frame(len(rows), body, title)


def stacked(
    rows: list[tuple[str, dict[str, float]]], *, title: str, game_colours: dict[str, str]
) -> str:
    """One stacked bar per row (points by source), with a legend under it; a source named
    after one of the game's colours is drawn in it, as in the PDF report."""
    sources = sorted({s for _, parts in rows for s in parts})
    painted = source_colours(sources, game_colours)
    colour = {s: "#" + p.fill.hexval()[2:] for s, p in zip(sources, painted, strict=True)}
    biggest = max((sum(max(v, 0.0) for v in parts.values()) for _, parts in rows), default=0.0)
    span = WIDTH - LABEL - 60
    body = []
    for index, (label, parts) in enumerate(rows):
        y = index * ROW + 4
        body.append(_label(y, label))
        x = float(LABEL)
        for source in sources:
            value = max(parts.get(source, 0.0), 0.0)
            width = value / biggest * span if biggest else 0.0
            body.append(
                f'<rect x="{x:.1f}" y="{y + 3}" width="{width:.1f}" height="{ROW - 6}" '
                f'fill="{colour[source]}"><title>{escape(source)}: {value:.1f}</title></rect>'
            )
            x += width
        body.append(f'<text x="{x + 6:.1f}" y="{y + 14}">{sum(parts.values()):.1f}</text>')
    for index, source in enumerate(sources):
        y = (len(rows) + index) * ROW + 8
        lost = [parts.get(source, 0.0) for _, parts in rows]
        # A source that takes points away has no length in a stacked bar: say so instead.
        note = f" (takes points: {min(lost):.1f}, not drawn)" if min(lost) < 0 else ""
        body.append(
            f'<rect x="{LABEL}" y="{y + 4}" width="12" height="12" fill="{colour[source]}"/>'
            f'<text x="{LABEL + 18}" y="{y + 14}">{escape(source)}{note}</text>'
        )
    return _frame(len(rows) + len(sources), body, title)


def summary_charts(summary: dict[str, Any]) -> dict[str, str]:
    """The charts the page shows for a run: win rate by seat (by team in a partnership
    game), score by source, cards taken."""
    seats = summary["seats"]
    sides = summary.get("teams") or seats
    who = "team" if "teams" in summary else "seat"
    charts = {
        "win_rate": bars(
            [(side_name(s, bots=True), s["win_rate"], tuple(s["win_rate_ci95"])) for s in sides],
            title=f"Win rate by {who}, with 95% intervals",
            mark=1 / len(sides) if sides else None,
        ),
        "sources": stacked(
            [(side_name(s), dict(s["score_by_source"])) for s in sides],
            title="Mean score by source",
            game_colours=summary.get("names", {}).get("colours", {}),
        ),
    }
    names = summary.get("names", {}).get("cards", {})
    taken = [
        (names.get(row["card"], row["card"]), row["acquire_rate"], None)
        for rows in summary["cards"].values()
        for row in rows
    ]
    if taken:
        charts["taken"] = bars(_ends(taken), title="How often each card on display is taken")
        return charts
    held = [
        (names.get(row["card"], row["card"]), row["win_rate_held"], None)
        for row in summary["card_effects"]
        if row["win_rate_held"] is not None
    ]
    if held:  # no display to take from (a drafting game): who held a card, and won
        charts["held"] = bars(
            _ends(held), title="Win rate of the players holding each card at the end",
            mark=1 / len(seats) if seats else None,
        )  # fmt: skip
    return charts


def _ends(rows: list[tuple[str, float, None]], shown: int = 24) -> list[tuple[str, float, None]]:
    """The rows by value, highest first; only the highest and lowest when there are many."""
    ordered = sorted(rows, key=lambda row: -row[1])
    if len(ordered) <= shown:
        return ordered
    half = shown // 2
    return [*ordered[:half], ("…", 0.0, None), *ordered[-half:]]
