"""The print-and-play PDFs, read back with pypdf: what a person would check before cutting.

Page sizes per paper and profile, page counts per backs mode, every card's name or number
inside its own card, duplex backs mirrored so they line up on a long-edge flip, PDF TrimBox
and BleedBox for a print shop, crop marks outside every card, no overflowing text on the
shipped content, identical bytes on every run, a reference sheet that follows the YAML, and
the `toolkit print` command through the real entry point.
"""

from __future__ import annotations

import io
import re
import shutil
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit
from pypdf import PageObject, PdfReader

from toolkit.content.models.manifest import SuitedDeck
from toolkit.content.project import GameContent
from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError
from toolkit.pnp.document import PrintOptions, PrintResult, assemble
from toolkit.pnp.geometry import Rect, home_sheet
from toolkit.pnp.layout_load import load_layout
from toolkit.pnp.marks import crop_marks
from toolkit.schema.units import mm

REPO = Path(__file__).resolve().parents[1]
GAMES = ["midway-memories", "oh-my-park"]
PAPERS = {"a4": (595.2756, 841.8898), "letter": (612.0, 792.0)}
POKER = (180.0, 252.0)
BLEED = mm(3)
MARK_ROOM = mm(1.5 + 1 + 4)
"""What crop marks need beyond the cards: edge, gap and length (print/shared/defaults.yaml)."""
TIMES, DASH, MINUS = "\u00d7", "\u2013", "\u2212"


def render_project(root: Path, game: str, **options: Any) -> PrintResult:
    return _print(root, game, PrintOptions(**options))


def _print(root: Path, game: str, options: PrintOptions) -> PrintResult:
    manifest, content = load_valid_game(str(root / "rules" / f"{game}.yaml"))
    layout, diagnostics = load_layout(manifest, content)
    assert layout is not None, [d.render() for d in diagnostics]
    return assemble(content, layout, options)


def render(game: str, **options: Any) -> PrintResult:
    """The shipped game printed with `options`, once per process for each distinct set of
    options (`paper="a4"` is the default, so both ask for the same print)."""
    return _rendered(game, PrintOptions(**options))


@cache
def _rendered(game: str, options: PrintOptions) -> PrintResult:
    return _print(REPO, game, options)


@cache
def content_of(game: str) -> GameContent:
    return load_valid_game(str(REPO / "rules" / f"{game}.yaml"))[1]


def pdf(result: PrintResult) -> PdfReader:
    return PdfReader(io.BytesIO(result.pdf))


def chunks(page: PageObject) -> list[tuple[str, float, float]]:
    """Every text chunk of a page with where it starts, in page coordinates."""
    found: list[tuple[str, float, float]] = []

    def visit(text: str, cm: list[float], tm: list[float], *_: Any) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((text.strip(), x, y))

    page.extract_text(visitor_text=visit)
    return found


_READ: dict[int, tuple[PageObject, list[tuple[str, float, float]]]] = {}
"""Each page's chunks by the page's identity (the page kept beside them, so an id reused by
another page is never mistaken for it): a page holds many cards, and reading its text is most
of a check's time."""


def words_in(page: PageObject, rect: Rect) -> set[str]:
    read = _READ.get(id(page))
    if read is None or read[0] is not page:
        read = _READ[id(page)] = (page, chunks(page))
    return {
        word.lower()
        for text, x, y in read[1]
        if rect.contains(x, y, tolerance=1)
        for word in text.split()
    }


def box(value: Any) -> tuple[float, ...]:
    return tuple(round(float(v), 2) for v in value)


def expected_words(game: str) -> dict[str, list[str]]:
    """Card id to the words that identify it, straight from the content (not the pipeline):
    a name, or a number for unnamed cards; a suited deck's suit and rank; each side's id."""
    content = content_of(game)
    found: dict[str, list[str]] = {}
    deck = content.game.deck
    if isinstance(deck, SuitedDeck):
        for suit in content.cards("suits"):
            for rank in deck.ranks:
                found[f"{suit.id}-{rank.label}"] = [rank.label, suit.name]
    for kind in content.card_kinds():
        for card in content.cards(kind):
            words = card.name.split() if hasattr(card, "name") else [str(card.number)]
            sides = getattr(card, "sides", None)
            if sides:
                found |= {f"{card.id}:{side.id}": words for side in sides}
            else:
                found[card.id] = words
    return found


# -- page sizes -------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_home_pages_have_the_paper_size(game: str, paper: str) -> None:
    result = render(game, paper=paper)
    width, height = PAPERS[paper]
    for page, planned in zip(pdf(result).pages, result.pages, strict=True):
        size = box(page.mediabox)
        if planned.role == "board" or (planned.role == "blank" and size[2] > size[3]):
            assert size in {box((0, 0, width, height)), box((0, 0, height, width))}
        else:
            assert size == box((0, 0, width, height)), planned.role


@pytest.mark.parametrize("game", GAMES)
def test_print_shop_pages_are_the_card_plus_bleed_with_trim_and_bleed_boxes(game: str) -> None:
    result = render(game, profile="print-shop")
    pages = pdf(result).pages
    card_pages = [
        (p, planned)
        for p, planned in zip(pages, result.pages, strict=True)
        if planned.role in ("front", "back")
    ]
    assert card_pages
    full = box((0, 0, POKER[0] + 2 * BLEED, POKER[1] + 2 * BLEED))
    trim = box((BLEED, BLEED, BLEED + POKER[0], BLEED + POKER[1]))
    for page, _ in card_pages:
        assert box(page.mediabox) == full
        assert box(page.trimbox) == trim
        assert box(page.bleedbox) == full
        assert "/TrimBox" in page and "/BleedBox" in page


@pytest.mark.parametrize("game", GAMES)
def test_print_shop_without_bleed_is_the_card_size(game: str) -> None:
    result = render(game, profile="print-shop", bleed=False)
    for page, planned in zip(pdf(result).pages, result.pages, strict=True):
        if planned.role in ("front", "back"):
            assert box(page.mediabox) == box((0, 0, *POKER))
            assert box(page.trimbox) == box(page.mediabox)


def test_sheet_pages_in_a_print_shop_file_carry_no_trim_box() -> None:
    result = render("midway-memories", profile="print-shop")
    for page, planned in zip(pdf(result).pages, result.pages, strict=True):
        if planned.role in ("reference", "board", "tokens"):
            assert "/TrimBox" not in page


# -- page counts ------------------------------------------------------------------------------

COUNTS = {
    # (game, profile, backs): pages. Midway: 74 cards (52 trick, 13 attractions, 4 suits,
    # 5 player aids) on 9 sheets; reference 1 page, board 1 page (shrunk to fit); the tokens
    # fill the paper left below the last cards and the board (print-shop: 1 page of tokens).
    # Oh my park!: 69 cards (52 park, 4 double-sided plans, 1 standard + 4 double-sided
    # variable scoring, 8 bonus) on 8 sheets; 77 faces without backs; reference and tokens.
    ("midway-memories", "home", "duplex"): 9 * 2 + 2 * 2,
    ("midway-memories", "home", "separate"): 9 * 2 + 2,
    ("midway-memories", "home", "none"): 9 + 2,
    ("midway-memories", "print-shop", "duplex"): 74 * 2 + 3 * 2,
    ("midway-memories", "print-shop", "none"): 74 + 3,
    ("oh-my-park", "home", "duplex"): 8 * 2 + 2 * 2,
    ("oh-my-park", "home", "separate"): 8 * 2 + 2,
    ("oh-my-park", "home", "none"): 9 + 2,
    ("oh-my-park", "print-shop", "duplex"): 69 * 2 + 2 * 2,
    ("oh-my-park", "print-shop", "none"): 77 + 2,
}


@pytest.mark.parametrize(("game", "profile", "backs"), COUNTS)
def test_page_counts_per_mode(game: str, profile: str, backs: str) -> None:
    result = render(game, profile=profile, backs=backs)
    assert len(pdf(result).pages) == len(result.pages) == COUNTS[game, profile, backs]
    roles = [p.role for p in result.pages]
    cards = [r for r in roles if r in ("front", "back")]
    if backs == "duplex":
        assert cards == ["front", "back"] * (len(cards) // 2)
        assert "blank" in roles
    elif backs == "separate":
        half = len(cards) // 2
        assert cards == ["front"] * half + ["back"] * half
        assert "blank" not in roles
    else:
        assert set(cards) == {"front"}


def test_card_counts() -> None:
    assert render("midway-memories").cards == 74
    assert render("oh-my-park").cards == 69
    assert render("oh-my-park", backs="none").cards == 77


# -- what is printed where --------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_card_shows_its_name_or_number_id_and_version(game: str) -> None:
    result = render(game)
    pages = pdf(result).pages
    version = f"v{content_of(game).game.version}"
    placed = {p.card_id: p for p in result.placements if p.card_id}
    expected = expected_words(game)
    assert set(expected) <= set(placed), set(expected) - set(placed)
    for card_id, words in expected.items():
        placement = placed[card_id]
        found = words_in(pages[placement.page], placement.trim)
        label = card_id.split(":")  # a side prints as `card · side side`, never `card:side`
        missing = [w for w in [*words, *label, version] if w.lower() not in found]
        assert not missing, f"{card_id}: {missing} not printed inside the card"


def test_player_aids_one_per_player_with_the_rules() -> None:
    result = render("midway-memories")
    aids = [p for p in result.placements if p.component == "player-aid" and p.side == "front"]
    assert len(aids) == content_of("midway-memories").game.players.max
    page = pdf(result).pages[aids[0].page]
    assert {"player", "aid", "follow", "suit"} <= words_in(page, aids[0].trim)


@pytest.mark.parametrize("game", GAMES)
def test_duplex_backs_mirror_their_fronts_for_a_long_edge_flip(game: str) -> None:
    result = render(game)
    pages = pdf(result).pages
    checked = 0
    for index, planned in enumerate(result.pages):
        if planned.role != "front":
            continue
        back = result.pages[index + 1]
        assert back.role == "back"
        assert len(back.placements) == len(planned.placements)
        for front_card, back_card in zip(planned.placements, back.placements, strict=True):
            mirror = front_card.trim.mirrored(planned.width)
            assert box((back_card.trim.x, back_card.trim.y)) == box((mirror.x, mirror.y))
            printed = words_in(pages[index + 1], back_card.trim)
            # A back shows its own design (or the card's other side) inside the mirrored slot.
            assert printed, f"nothing printed on the back of {front_card.card_id}"
            if back_card.card_id:
                assert set(back_card.card_id.lower().split(":")) <= printed
            checked += 1
    assert checked == result.cards


def test_double_sided_cards_put_their_other_side_on_the_back() -> None:
    result = render("oh-my-park")
    pairs = {}
    for index, planned in enumerate(result.pages):
        if planned.role == "front":
            for front, back in zip(
                planned.placements, result.pages[index + 1].placements, strict=True
            ):
                pairs[front.card_id] = back.card_id
    assert pairs["square"] == "two-rows"
    assert pairs["variable-1:green"] == "variable-1:blue"
    assert pairs["standard:standard"] == ""
    assert pairs["B7"] == ""


def test_without_backs_both_sides_print_as_fronts() -> None:
    result = render("oh-my-park", backs="none")
    ids = {p.card_id for p in result.placements}
    assert {"square", "two-rows", "variable-4:green", "variable-4:blue"} <= ids
    assert {p.side for p in result.placements} == {"front"}


def test_only_prints_the_named_components_and_cards() -> None:
    result = render("oh-my-park", only=("bonus-card", "P12"), backs="none")
    assert sorted(p.card_id for p in result.placements) == sorted(
        ["P12", *(c.id for c in content_of("oh-my-park").cards("bonus-cards"))]
    )
    assert [p.role for p in result.pages] == ["front"]  # 9 cards: one sheet


def test_only_takes_a_card_kind_for_every_component_printing_it() -> None:
    result = render("oh-my-park", only=("scoring-cards",), backs="none")
    assert {p.component for p in result.placements} == {"standard-scoring", "variable-scoring"}


# -- sheets and marks -------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_home_sheet_bleeds_where_the_paper_allows(paper: str) -> None:
    sheet = home_sheet(PAPERS[paper], POKER, (3, 3), BLEED, mm(5), MARK_ROOM)
    assert len(sheet.slots) == 9
    outers = [s.outer for s in sheet.slots]
    for i, a in enumerate(outers):
        for b in outers[i + 1 :]:
            overlap_x = min(a.right, b.right) - max(a.x, b.x)
            overlap_y = min(a.top, b.top) - max(a.y, b.y)
            assert overlap_x <= 0.01 or overlap_y <= 0.01, "two cards' bleeds overlap"
    content = sheet.content
    assert content.x >= mm(5) - 0.01 and content.right <= sheet.width - mm(5) + 0.01
    assert content.y >= mm(5) - 0.01 and content.top <= sheet.height - mm(5) + 0.01
    # A4 is too narrow for 3 x (card + 6 mm): cards share their vertical cuts, but the
    # paper's height has room for a full bleed round every card. Letter shares both ways, and
    # its 6.35 mm above and below the cards go to the crop marks rather than to bleed.
    assert sheet.shared_x
    assert sheet.shared_y == (paper == "letter")
    first = sheet.slots[0].bleed
    assert first.left == pytest.approx(BLEED)
    assert first.right == 0
    assert first.top == pytest.approx(BLEED if paper == "a4" else 0)


class RecordingCanvas:
    """Records the lines a mark function draws."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, float, float, float]] = []

    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self.lines.append((x1, y1, x2, y2))

    def __getattr__(self, name: str) -> Any:
        return lambda *args, **kwargs: None


@pytest.mark.parametrize("paper", PAPERS)
def test_crop_marks_stay_in_the_margin_and_never_cross_a_card(paper: str) -> None:
    sheet = home_sheet(PAPERS[paper], POKER, (3, 3), BLEED, mm(5), MARK_ROOM)
    canvas = RecordingCanvas()
    crop_marks(canvas, sheet, mm(4), mm(1), 0.3, mm(1.5))
    assert len(canvas.lines) == 2 * len(sheet.cuts_x) + 2 * len(sheet.cuts_y)
    edge = mm(1.5) - 0.01
    for x1, y1, x2, y2 in canvas.lines:
        assert mm(3.5) <= abs(x2 - x1) + abs(y2 - y1) <= mm(4) + 0.01  # shorter when tight
        for x, y in ((x1, y1), (x2, y2)):
            assert edge <= x <= sheet.width - edge and edge <= y <= sheet.height - edge
            assert not sheet.content.contains(x, y, tolerance=-0.5)
        assert x1 in sheet.cuts_x or y1 in sheet.cuts_y


def test_the_track_board_shrinks_onto_one_landscape_page() -> None:
    result = render("midway-memories")
    tiles = [p for p in result.pages if p.role == "board"]
    assert len(tiles) == 1
    assert all(p.width > p.height for p in tiles)  # landscape needs fewer tiles
    text = " ".join(pdf(result).pages[result.pages.index(tiles[0])].extract_text().split())
    assert "tile 1 of" not in text
    for word in ("Fame", "Joy", "Sadness", "2 VP"):
        assert word in text


def test_tokens_match_the_supply() -> None:
    result = render("midway-memories")
    text = " ".join(" ".join(page.extract_text().split()) for page in pdf(result).pages)
    for heading in (
        f"Coins: 25 {TIMES} 1",
        f"Coins: 10 {TIMES} 3",
        f"Coins: 5 {TIMES} 5",
        "Player 5: 9 markers",
    ):
        assert heading in text


# -- quality ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [{}, {"paper": "letter"}, {"profile": "print-shop"}, {"backs": "none"}, {"bleed": False}],
    ids=["a4", "letter", "print-shop", "no-backs", "no-bleed"],
)
@pytest.mark.parametrize("game", GAMES)
def test_shipped_content_fits_without_warnings(game: str, options: dict[str, Any]) -> None:
    assert render(game, **options).warnings == []


@pytest.mark.parametrize("game", GAMES)
def test_every_font_is_embedded(game: str) -> None:
    """No page names a font that the printing machine would have to supply."""
    seen = set()
    for page in pdf(render(game)).pages:
        for reference in page["/Resources"].get("/Font", {}).values():
            font = reference.get_object()
            seen.add(str(font["/BaseFont"]))
            descriptor = font["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, font["/BaseFont"]
    assert {name.split("+")[1] for name in seen} == {
        "BitstreamVeraSans-Roman",
        "BitstreamVeraSans-Bold",
        "BitstreamVeraSans-Oblique",
    }


@pytest.mark.parametrize("game", GAMES)
def test_two_runs_give_identical_bytes(game: str) -> None:
    """A print of its own against the one the other tests read (made earlier, or now)."""
    assert render_project(REPO, game).pdf == render(game).pdf


@pytest.fixture
def project(tmp_path: Path) -> Path:
    for part in ("rules", "cards", "print"):
        shutil.copytree(REPO / part, tmp_path / part)
    return tmp_path


def reference_text(root: Path, game: str) -> str:
    result = render_project(root, game, only=("reference",), backs="none")
    assert {p.role for p in result.pages} == {"reference"}
    return " ".join(" ".join(page.extract_text().split()) for page in pdf(result).pages)


def test_midway_reference_follows_the_yaml(project: Path) -> None:
    before = reference_text(project, "midway-memories")
    for text in (
        "4: 2 VP",
        f"2{DASH}6: +1",
        "Coins",
        "rode more attractions",
        f"{MINUS}2 per",
        f"J{DASH}K: +3",
    ):
        assert text in before
    manifest = project / "rules" / "midway-memories.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("{at: 4, points: 2}", "{at: 4, points: 5}"),
        encoding="utf-8",
    )
    suits = project / "cards" / "midway-memories" / "suits.yaml"
    suits.write_text(
        suits.read_text(encoding="utf-8").replace(
            "{effect: gain, resource: coins, amount: 3}",
            "{effect: gain, resource: coins, amount: 6}",
        ),
        encoding="utf-8",
    )
    after = reference_text(project, "midway-memories")
    assert "4: 5 VP" in after and "4: 2 VP" not in after
    assert f"J{DASH}K: +6" in after and f"J{DASH}K: +3" not in after


def card_text(root: Path, game: str, *cards: str) -> str:
    result = render_project(root, game, only=cards, backs="none")
    return " ".join(" ".join(page.extract_text().split()) for page in pdf(result).pages)


def test_a_suit_without_action_text_prints_its_effects_in_words(project: Path) -> None:
    """`action_text` is an optional override: without it, cards and aids print the effects."""
    before = card_text(project, "midway-memories", "coins-2", "coins")
    assert "Take coins from the supply" in before
    suits = project / "cards" / "midway-memories" / "suits.yaml"
    text = suits.read_text(encoding="utf-8")
    written = (
        '    action_text: "Take coins from the supply: 2-6 :coin: 1, 7-10 :coin: 2, '
        'J-K :coin: 3, A :coin: 4."\n'
    )
    assert written in text
    suits.write_text(text.replace(written, ""), encoding="utf-8")
    after = card_text(project, "midway-memories", "coins-2", "coins")
    assert "Take coins from the supply" not in after
    ladder = f"2{DASH}6: +1 Coins; 7{DASH}10: +2 Coins; J{DASH}K: +3 Coins; A: +4 Coins"
    assert after.count(ladder) == 2  # the trick card's action and the suit card's


def test_park_reference_follows_the_yaml(project: Path) -> None:
    before = reference_text(project, "oh-my-park")
    for text in ("9 rounds", "to the left", "Yellow 4", "above it in its column", "5/3/1"):
        assert text in before
    manifest = project / "rules" / "oh-my-park.yaml"
    text = manifest.read_text(encoding="utf-8")
    text = text.replace("pass_direction: left", "pass_direction: right")
    text = text.replace("ascending: rows_and_columns", "ascending: reading_order")
    manifest.write_text(text, encoding="utf-8")
    after = reference_text(project, "oh-my-park")
    assert "to the right" in after and "to the left" not in after
    assert "reading order" in after


def test_text_that_cannot_fit_is_a_warning_naming_the_card(project: Path) -> None:
    layout = project / "print" / "midway-memories" / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    text = text.replace(
        "{x: 4mm, y: 64mm, width: 55.5mm, height: 17mm,\n"
        '         text: "{{ suit.action_text or described.action }}", size: 7.5pt, min_size: 5pt',
        "{x: 4mm, y: 64mm, width: 55.5mm, height: 4mm,\n"
        '         text: "{{ suit.action_text or described.action }}", size: 7.5pt, min_size: 7pt',
    )
    layout.write_text(text, encoding="utf-8")
    result = render_project(project, "midway-memories", only=("coins-2", "tickets-A"))
    assert result.warnings == [
        "trick-card coins-2, element 'action': text overflows its box even at 7pt",
        "trick-card tickets-A, element 'action': text overflows its box even at 7pt",
    ]


def test_a_misspelt_name_in_a_template_is_an_error_at_its_line(project: Path) -> None:
    layout = project / "print" / "midway-memories" / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "flavour:" in row)
    layout.write_text(text.replace("{{ card.flavour }}", "{{ card.flavor }}"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        render_project(project, "midway-memories", only=("attraction",))
    [problem] = caught.value.diagnostics
    assert (problem.line, problem.code) == (line, "template-error")
    assert problem.file.endswith("print/midway-memories/layout.yaml")
    assert "'AttractionsCard' has no attribute 'flavor'" in problem.message
    assert problem.message.startswith("attraction carousel, element 'flavour'")
    assert "card" in problem.hint


def test_an_error_in_the_reference_template_points_at_its_line(project: Path) -> None:
    template = project / "print" / "oh-my-park" / "reference.md.j2"
    text = template.read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "draft.placements" in row)
    template.write_text(text.replace("draft.placements", "draft.placement"), encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        render_project(project, "oh-my-park", only=("reference",))
    [problem] = caught.value.diagnostics
    assert problem.file.endswith("print/oh-my-park/reference.md.j2")
    assert (problem.line, problem.code) == (line, "template-error")
    assert "'Draft' has no attribute 'placement'" in problem.message


# -- the command ------------------------------------------------------------------------------


def test_toolkit_print_writes_the_pdf_and_says_what_it_made(tmp_path: Path) -> None:
    out = tmp_path / "deck.pdf"
    result = run_toolkit("print", "oh-my-park", "--paper", "letter", "--out", out)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        f"{out}: 20 pages, 69 cards (home, letter, backs duplex), 0 warnings"
    )
    assert box(PdfReader(out).pages[0].mediabox) == box((0, 0, *PAPERS["letter"]))


def test_toolkit_print_defaults_to_the_build_folder_and_is_reproducible(project: Path) -> None:
    first = run_toolkit("print", "midway-memories", "--only", "reference,attraction", cwd=project)
    assert first.returncode == 0, first.stderr
    path = project / "build" / "print" / "midway-memories-cards.pdf"
    assert first.stdout.startswith("build/print/midway-memories-cards.pdf: ")
    content = path.read_bytes()
    second = run_toolkit("print", "midway-memories", "--only", "reference,attraction", cwd=project)
    assert second.returncode == 0
    assert path.read_bytes() == content


def test_a_variant_prints_its_changed_values(tmp_path: Path) -> None:
    out = tmp_path / "variant.pdf"
    variant = REPO / "examples" / "variants" / "cheaper-ferris-wheel.yaml"
    args = ["--only", "ferris-wheel", "--backs", "none", "--out", str(out)]
    result = run_toolkit("print", "midway-memories", "--variant", variant, *args)
    assert result.returncode == 0, result.stderr
    text = " ".join(PdfReader(out).pages[0].extract_text().split())
    assert "Ferris Wheel Level 1 2 cost" in text


def test_a_broken_layout_exits_1_with_its_position(project: Path) -> None:
    layout = project / "print" / "oh-my-park" / "layout.yaml"
    layout.write_text(
        layout.read_text(encoding="utf-8").replace("columns: 2", "colums: 2"), encoding="utf-8"
    )
    result = run_toolkit("print", "oh-my-park", cwd=project)
    assert result.returncode == 1
    assert re.search(
        r"print/oh-my-park/layout\.yaml:\d+:5: error\[unknown-key\]: unknown key 'colums'\n"
        r"    hint: did you mean 'columns'\?",
        result.stderr,
    ), result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--paper", "a3"],
        ["--profile", "office"],
        ["--backs", "both"],
        ["--only", "park-crad"],
    ],
    ids=["paper", "profile", "backs", "only"],
)
def test_bad_options_exit_2(args: list[str], tmp_path: Path) -> None:
    result = run_toolkit("print", "oh-my-park", *args, "--out", tmp_path / "x.pdf")
    assert result.returncode == 2, result.stdout + result.stderr
    assert not (tmp_path / "x.pdf").exists()
    if args[0] == "--only":
        assert "did you mean 'park-card'?" in result.stderr


def test_an_unknown_game_exits_2() -> None:
    result = run_toolkit("print", "oh-my-prak")
    assert result.returncode == 2
    assert "did you mean 'oh-my-park'?" in result.stderr
