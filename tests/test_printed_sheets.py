"""Printed sheets come out right: packed partial sheets, board tiles, marks kept off text,
unbreakable icon joins, thick-enough crop marks, the duplex back offset, and no internal names
on paper."""

from __future__ import annotations

import io
import itertools
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from shipped_project import copy_project, edit
from test_print import pdf, render, render_project

from toolkit.errors import UsageError
from toolkit.pnp import textfit
from toolkit.pnp.build import print_game
from toolkit.pnp.document import PrintOptions, PrintResult, parse_back_offset
from toolkit.pnp.fonts import FontSet
from toolkit.pnp.geometry import Rect, home_sheet
from toolkit.pnp.marks import MIN_MARK_WIDTH, crop_marks
from toolkit.schema.units import mm

REPO = Path(__file__).resolve().parents[1]


def text_of(result: PrintResult) -> str:
    pages = PdfReader(io.BytesIO(result.pdf)).pages
    return "\n".join(" ".join(page.extract_text().split()) for page in pages)


def overlaps(a: Rect, b: Rect) -> bool:
    return a.x < b.right and b.x < a.right and a.y < b.top and b.y < a.top


def test_player_facing_text_names_no_options_ids_or_tables() -> None:
    text = text_of(render("oh-my-park", only=("reference", "standard-scoring"), backs="none"))
    for internal in ("' option", "scoring-side", "bonus-cards", "standard:standard", "at most 0"):
        assert internal not in text
    assert "green side up (or blue side up, if you choose)" in text
    assert "(only when playing with bonus cards)" in text
    assert "none: 5 · 1: 3 · 2: 1 · 3 or more: 0" in text
    assert "standard · v0.1.0" in text


def test_the_player_aid_gives_each_game_end_step_its_points() -> None:
    text = text_of(render("midway-memories", only=("player-aid",), backs="none"))
    game_end = text.split("Game end", 1)[1].replace(" :", ":")  # runs extract with a space
    assert "1. Attractions: the points printed on Attractions ridden" in game_end
    assert "5. Sadness: \u22122 per Sadness" in game_end


def test_partial_sheets_share_paper_with_the_tokens() -> None:
    """Midway Memories on Letter: the tokens fill the free rows under the last 2 player aids
    and the paper under the one-page board; no page holds tokens alone (before: 28 pages, the
    last token page 9 markers and a blank back)."""
    result = render("midway-memories", paper="letter")
    assert len(result.pages) == 22
    assert "tokens" not in [p.role for p in result.pages]
    last_sheet = max(i for i, p in enumerate(result.pages) if p.role == "front")
    board = next(i for i, p in enumerate(result.pages) if p.role == "board")
    pages = PdfReader(io.BytesIO(result.pdf)).pages
    under_cards, under_board = (pages[i].extract_text() for i in (last_sheet, board))
    assert "tokens to cut out (1 of 2)" in under_cards and "Coins: 25" in under_cards
    assert "tokens to cut out (2 of 2)" in under_board and "Player 5: 9 markers" in under_board


def test_board_crosses_stay_off_text_when_the_board_is_tiled(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    edit(root / "print/midway-memories/layout.yaml", "min_space: 15mm", "min_space: 24mm")
    for paper in ("a4", "letter"):
        tiles = [
            p
            for p in render_project(root, "midway-memories", paper=paper).pages
            if p.role == "board"
        ]
        assert len(tiles) == 2
        for tile in tiles:
            assert tile.marks and tile.text_boxes
            assert not any(overlaps(m, t) for m in tile.marks for t in tile.text_boxes)


def test_an_icon_never_wraps_apart_from_its_number_or_word() -> None:
    def words(markup: str) -> list[list[str]]:
        parsed = textfit.parse(markup, lambda name: name if name in ("vp", "coin") else None)
        return [[p.icon or p.text for p in word] for word in parsed.paragraphs[0].words]

    assert words("1 per different symbol :vp:")[-1] == ["symbol", "\u00a0", "vp"]
    assert words(":coin: 1 each")[0] == ["coin", "\u00a0", "1"]
    assert words("at 4: 2 VP")[-1] == ["2", "\u00a0", "VP"]
    assert words("4\u00a0VP")[0] == ["4\u00a0VP"]


def test_crop_marks_are_at_least_a_quarter_point() -> None:
    widths: list[float] = []

    class Recorder:
        def setLineWidth(self, width: float) -> None:
            widths.append(width)

        def __getattr__(self, name: str) -> Any:
            return lambda *args, **kwargs: None

    sheet = home_sheet((595.0, 842.0), (180.0, 252.0), (3, 3), mm(3), mm(5), mm(6.5))
    crop_marks(Recorder(), sheet, mm(4), mm(1), 0.05, mm(1.5))  # type: ignore[arg-type]
    assert widths == [MIN_MARK_WIDTH] and MIN_MARK_WIDTH >= 0.25


def test_the_back_offset_moves_every_back_and_nothing_else() -> None:
    plain = render("oh-my-park", only=("bonus-card",))
    moved = render("oh-my-park", only=("bonus-card",), back_offset=parse_back_offset("2,-1"))
    for before, after in zip(plain.placements, moved.placements, strict=True):
        dx, dy = after.trim.x - before.trim.x, after.trim.y - before.trim.y
        expected = (mm(2), mm(-1)) if before.side == "back" else (0.0, 0.0)
        assert (dx, dy) == pytest.approx(expected)
    assert plain.pdf != moved.pdf
    with pytest.raises(UsageError, match="--back-offset"):
        parse_back_offset("2;1")
    with pytest.raises(UsageError):
        parse_back_offset("50,0")


def test_a_variant_prints_its_name_beside_the_version(tmp_path: Path) -> None:
    variant = REPO / "examples/variants/cheaper-ferris-wheel.yaml"
    printed = print_game(
        "midway-memories",
        PrintOptions(only=("ferris-wheel",), backs="none"),
        tmp_path / "out.pdf",
        [variant],
    )
    text = text_of(printed.result)
    assert "ferris-wheel · v0.1.0 + Cheaper Ferris Wheel " in text
    assert printed.result.warnings == []


def test_indented_bullets_nest_under_the_item_above() -> None:
    parsed = textfit.parse("- turn\n  - choose\n    - move\n- end", lambda name: None)
    assert [p.level for p in parsed.paragraphs] == [0, 1, 2, 0]
    assert [p.marker for p in parsed.paragraphs] == ["\u2022", "\u2013", "\u2022", "\u2022"]
    measure = textfit.Measurer(FontSet(("Helvetica", "Helvetica-Bold", "Helvetica", "Helvetica")))
    lines, _, _ = textfit.lines_at(parsed.paragraphs, 400.0, 10.0, 1.2, measure)
    assert lines[0].indent < lines[1].indent < lines[2].indent
    assert lines[3].indent == lines[0].indent


def test_a_staged_reference_prints_nested_steps_indented() -> None:
    """The printed turn keeps its shape: a move sits inside its choice, a move's own steps
    inside the move (read from where each line starts on the rendered page)."""
    page = pdf(render("kite-festival", only=("reference",))).pages[0]
    assert "»" not in page.extract_text()
    starts: dict[str, float] = {}
    keys = ("On your turn, fly", "fly a kite of the line", "A gust:", "The next flier loses")

    def visit(chunk: str, _cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        for key in keys:
            if chunk.startswith(key):
                starts[key] = tm[4]

    page.extract_text(visitor_text=visit)
    assert starts["On your turn, fly"] < starts["fly a kite of the line"]
    assert starts["fly a kite of the line"] < starts["A gust:"] < starts["The next flier loses"]


def test_groups_of_one_token_side_by_side_keep_their_headings_apart() -> None:
    """A player's single marker sits beside the next player's, but each heading is wider than
    its one token: the next group starts after the heading, so no two headings overlap."""
    from reportlab.lib.colors import red

    from toolkit.pnp.tokens import Token, TokenGroup, _plan

    marker = Token("marker", 20.0, red, "1")
    groups = [
        TokenGroup(f"Player {n}: 1 marker", (marker,), f"Player {n} marker") for n in range(6)
    ]
    [(_, items)] = _plan(groups, 5.0, [], Rect(0, 0, 800, 500), lambda text: 6.0 * len(text))
    headings = [rect for item, rect in items if isinstance(item, str)]
    assert len({rect.y for rect in headings}) == 1  # one row
    for left, right in itertools.pairwise(headings):
        assert left.x + 6.0 * len("Player 0: 1 marker") <= right.x
