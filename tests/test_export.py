"""`toolkit export` and the card images under it, read back from the files written.

Card images are the print-shop PDF's pages (pixel for pixel); Tabletop Simulator saves keep
to 10x7 sheets of 69 faces at most 4096 px a side, with ids of key x 100 + slot and copies
repeating an id; Tabletop Playground templates, print-shop PNG presets at their exact pixel
sizes, web-table sheets, and the command itself: staged output, usage and content errors.
Images are drawn at low DPI except where a preset's size is the point.
"""

from __future__ import annotations

import csv
import json
import sys
from functools import cache
from pathlib import Path

import pypdfium2
import pytest
from entry_point import run_toolkit
from PIL import Image, ImageChops
from shipped_project import REPO, copy_project, edit

from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError, UsageError
from toolkit.files import OUTPUT_MARK
from toolkit.pnp.document import PrintOptions, assemble
from toolkit.pnp.export import FORMATS, ExportOptions, default_folder, export_game
from toolkit.pnp.export.base import Target, unique_stems
from toolkit.pnp.layout_load import load_layout
from toolkit.pnp.raster import CardImage, CardSet, ImagesUnavailable, card_image, card_set

DPI = 30


@cache
def park() -> CardSet:
    """Every Oh my park! card at a low resolution (drawn once for the module)."""
    return card_set("oh-my-park", dpi=DPI)


def write(name: str, cards: CardSet, folder: Path, **options: object) -> Path:
    """One format's files for `cards` in `folder`, as `export_game` writes them."""
    folder.mkdir()
    FORMATS[name].write(cards, Target(folder, folder), ExportOptions(**options))  # type: ignore[arg-type]
    return folder


def toy(count: int, family: str = "deck") -> CardSet:
    """`count` distinct tiny cards of one component with one back, for sheet limits."""
    back = Image.new("RGB", (6, 8), "navy")
    cards = [
        CardImage(
            family, f"c{i}", f"Card {i}", 1, Image.new("RGB", (6, 8), (i, 0, 0)), back, dpi=10
        )
        for i in range(count)
    ]
    return CardSet("toy", "Toy", cards)


def same_pixels(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def test_card_images_are_the_print_shop_pages() -> None:
    manifest, content = load_valid_game("oh-my-park")
    layout, _ = load_layout(manifest, content)
    assert layout is not None
    only = ("park-card", "project-plan")
    result = assemble(content, layout, PrintOptions("a4", "print-shop", "duplex", False, only))
    document = pypdfium2.PdfDocument(result.pdf)
    fronts = {
        page.placements[0].card_id: number
        for number, page in enumerate(result.pages)
        if page.role == "front"
    }
    cards = {card.card_id: card for card in park().cards}
    for card_id in ("B1", "Y7", "square"):
        card, number = cards[card_id], fronts[card_id]
        assert card.back is not None
        for image, page_number in ((card.front, number), (card.back, number + 1)):
            page = document[page_number].render(scale=DPI / 72).to_pil().convert("RGB")
            assert same_pixels(image, page), (card_id, page_number)
    assert result.pages[fronts["square"] + 1].placements[0].card_id == "two-rows"


def test_card_set_lists_each_card_once_with_its_copies_and_data() -> None:
    cards = park().cards
    assert len(cards) == 69
    assert len({(c.family, c.card_id) for c in cards}) == 69
    assert [c.family for c in cards][:1] == ["park-card"]
    assert all(c.front.mode == "RGB" and c.front.size == (75, 105) for c in cards)
    assert all(c.trim == (0, 0, 75, 105) for c in cards)
    bonus = next(c for c in cards if c.card_id == "most-coins")
    assert (bonus.name, bonus.copies, bonus.data["id"]) == ("Savings", 1, "most-coins")
    assert "Most coins left" in bonus.description
    plan = next(c for c in cards if c.family == "project-plan")
    assert plan.back_id and plan.back_id != plan.card_id
    aids = card_set("cinder-tricks", dpi=10, only=("player-aid",)).cards
    assert len(aids) == 1 and aids[0].copies > 1


def test_card_image_draws_one_card_and_names_unknown_ids() -> None:
    card = card_image("oh-my-park", "variable-1:blue", dpi=20, bleed=True)
    assert (card.card_id, card.back_id) == ("variable-1:green", "variable-1:blue")
    left, top, right, bottom = card.trim
    assert left > 0 and top > 0 and right < card.front.width and bottom < card.front.height
    with pytest.raises(UsageError, match="nothing to print is called 'no-such-card'"):
        card_image("oh-my-park", "no-such-card", dpi=20)


def test_tts_saved_object_has_a_deck_per_component(tmp_path: Path) -> None:
    folder = write("tts", park(), tmp_path / "tts")
    save = json.loads((folder / "oh-my-park.json").read_text(encoding="utf-8"))
    decks = save["ObjectStates"]
    assert [d["Nickname"] for d in decks] == [
        "park-card",
        "project-plan",
        "Standard scoring",  # a component of one card: a single card, named as the card
        "variable-scoring",
        "bonus-card",
    ]
    park_deck = decks[0]
    assert park_deck["Name"] == "DeckCustom"
    assert park_deck["DeckIDs"] == [100 + i for i in range(52)]
    assert [c["CardID"] for c in park_deck["ContainedObjects"]] == park_deck["DeckIDs"]
    assert park_deck["ContainedObjects"][0]["Nickname"] == "B1"
    custom = park_deck["CustomDeck"]["1"]
    assert set(custom) == {
        "FaceURL",
        "BackURL",
        "NumWidth",
        "NumHeight",
        "BackIsHidden",
        "UniqueBack",
        "Type",
    }
    assert (custom["NumWidth"], custom["NumHeight"], custom["UniqueBack"]) == (9, 6, False)
    assert custom["FaceURL"] == (folder / "park-card-faces-1.png").as_uri()
    faces = Image.open(folder / "park-card-faces-1.png")
    assert faces.mode == "RGB" and faces.size == (9 * 75, 6 * 105)
    assert same_pixels(faces.crop((0, 0, 75, 105)), park().cards[0].front)
    hidden = faces.crop((8 * 75, 5 * 105, 9 * 75, 6 * 105))
    assert same_pixels(hidden, park().cards[0].back)  # the last slot: the hidden card
    plans = decks[1]["CustomDeck"]["2"]
    assert plans["UniqueBack"] is True and plans["BackURL"].endswith("project-plan-backs-1.png")
    bonus = next(d for d in decks if d["Nickname"] == "bonus-card")
    assert "Most coins left" in " ".join(c["Description"] for c in bonus["ContainedObjects"])


def test_tts_copies_repeat_the_card_id_not_the_image(tmp_path: Path) -> None:
    cards = toy(3)
    cards.cards[1] = CardImage("deck", "twice", "Twice", 2, cards.cards[1].front, None, dpi=10)
    folder = write("tts", cards, tmp_path / "tts")
    deck = json.loads((folder / "toy.json").read_text())["ObjectStates"][0]
    assert deck["DeckIDs"] == [100, 101, 101, 102]
    custom = deck["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (2, 2)  # 3 faces + the hidden slot
    assert custom["UniqueBack"] is True  # one card has no back: it gets the plain one


def test_tts_more_than_69_cards_take_two_sheets(tmp_path: Path) -> None:
    folder = write("tts", toy(70), tmp_path / "tts")
    deck = json.loads((folder / "toy.json").read_text())["ObjectStates"][0]
    assert sorted(deck["CustomDeck"]) == ["1", "2"]
    first, second = deck["CustomDeck"]["1"], deck["CustomDeck"]["2"]
    assert (first["NumWidth"], first["NumHeight"]) == (10, 7)
    assert (second["NumWidth"], second["NumHeight"]) == (2, 2)
    assert deck["DeckIDs"] == [100 + i for i in range(69)] + [200]
    assert Image.open(folder / "deck-faces-1.png").size == (60, 56)
    lowered = write("tts", park(), tmp_path / "lowered", sheet_cards=50)
    park_deck = json.loads((lowered / "oh-my-park.json").read_text())["ObjectStates"][0]
    assert sorted(park_deck["CustomDeck"]) == ["1", "2"]
    assert park_deck["DeckIDs"][49:51] == [149, 200]


def test_tts_sheets_stay_within_4096_pixels(tmp_path: Path) -> None:
    big = Image.new("RGB", (600, 840), "white")
    cards = CardSet("big", "Big", [CardImage("deck", f"c{i}", "", 1, big, big) for i in range(20)])
    folder = write("tts", cards, tmp_path / "tts")
    width, height = Image.open(folder / "deck-faces-1.png").size
    assert width <= 4096 and height <= 4096
    assert (width, height) == (7 * 585, 3 * 819)


def test_tts_hosted_images_get_a_cache_busting_query(tmp_path: Path) -> None:
    folder = write("tts", toy(2), tmp_path / "tts", image_base_url="https://example.org/g/")
    custom = json.loads((folder / "toy.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["FaceURL"].startswith("https://example.org/g/deck-faces-1.png?v=")
    with pytest.raises(UsageError, match="image-base-url"):
        FORMATS["tts"].check(ExportOptions(image_base_url="ftp://example.org"))


def test_tabletop_playground_package(tmp_path: Path) -> None:
    folder = write("tabletop-playground", park(), tmp_path / "ttp")
    template = json.loads((folder / "Templates/oh-my-park/park-card.json").read_text())
    assert template["Type"] == "Card"
    assert (template["NumHorizontal"], template["NumVertical"]) == (9, 6)
    assert template["Width"] == pytest.approx(6.35, abs=0.05)
    assert template["Height"] == pytest.approx(8.89, abs=0.05)
    assert template["BackIndex"] == -2  # one back image for every card
    assert template["Indices"] == list(range(52))
    assert template["CardNames"]["0"] == "B1"
    assert json.loads(template["CardMetadata"]["0"])["id"] == "B1"
    texture = Image.open(folder / "Textures" / template["FrontTexture"])
    assert texture.size == (9 * 75, 6 * 105)
    plans = json.loads((folder / "Templates/oh-my-park/project-plan.json").read_text())
    assert plans["BackIndex"] == -3  # a back sheet laid out like the faces
    plan_faces = Image.open(folder / "Textures" / plans["FrontTexture"])
    assert Image.open(folder / "Textures" / plans["BackTexture"]).size == plan_faces.size


@pytest.mark.parametrize(
    ("preset", "size"),
    [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122)), ("trimmed", (750, 1050))],
)
def test_png_presets_give_the_shops_pixel_sizes(
    tmp_path: Path, preset: str, size: tuple[int, int]
) -> None:
    folder = write("png", one_card_with_bleed(), tmp_path / preset, preset=preset)
    rows = list(csv.DictReader((folder / "cards.csv").open(encoding="utf-8")))
    assert [(r["front"], r["back"], r["quantity"]) for r in rows] == [
        ("park-card/B1.png", "park-card/back.png", "1")
    ]
    front = Image.open(folder / "park-card/B1.png")
    assert front.size == size and front.mode == "RGB"
    assert Image.open(folder / "park-card/back.png").size == size


@cache
def one_card_with_bleed() -> CardSet:
    return card_set("oh-my-park", dpi=300, bleed=True, only=("B1",))


def test_png_shop_preset_refuses_other_card_sizes(tmp_path: Path) -> None:
    square = Image.new("RGB", (750, 750))
    card = CardImage("tile", "t1", "", 1, square, None, dpi=300, trim=(0, 0, 750, 750))
    with pytest.raises(UsageError, match="poker cards"):
        write("png", CardSet("g", "G", [card]), tmp_path / "png", preset="thegamecrafter")


def test_sheets_for_web_tables(tmp_path: Path) -> None:
    folder = write("sheets", park(), tmp_path / "sheets")
    index = json.loads((folder / "sheets.json").read_text())
    first = index["sheets"][0]
    assert (first["component"], first["columns"], first["rows"]) == ("park-card", 9, 6)
    assert len(first["cards"]) == 52 and first["cards"][0] == {
        "slot": 0,
        "id": "B1",
        "name": "B1",
        "copies": 1,
    }
    assert Image.open(folder / first["fronts"]).size == (675, 630)
    assert sum(len(s["cards"]) for s in index["sheets"]) == 69


def test_export_replaces_the_folder_whole_and_refuses_bad_options(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / OUTPUT_MARK).write_text("an earlier export")
    (out / "stale.txt").write_text("old")
    exported = export_game(
        "oh-my-park", "sheets", out, ExportOptions(dpi=DPI, only=("bonus-card",))
    )
    assert sorted(p.name for p in out.iterdir()) == sorted([OUTPUT_MARK, *exported.files])
    for name, options in (
        ("pdf", ExportOptions()),
        ("png", ExportOptions(preset="poker")),
        ("tts", ExportOptions(sheet_cards=70)),
    ):
        with pytest.raises(UsageError):
            export_game("oh-my-park", name, out, options)
    with pytest.raises(UsageError, match="does not exist"):
        export_game("oh-my-park", "tts", tmp_path / "no" / "out", ExportOptions())


def test_export_content_errors_are_positioned_and_leave_the_old_folder(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project")
    line = edit(root / "print/oh-my-park/layout.yaml", "cards: park-cards", "cards: park-kards")
    out = tmp_path / "out"
    out.mkdir()
    (out / OUTPUT_MARK).write_text("")  # an earlier export's folder
    (out / "kept.txt").write_text("old")
    with pytest.raises(ContentError) as error:
        export_game(str(root / "rules/oh-my-park.yaml"), "tts", out, ExportOptions(dpi=DPI))
    diagnostic = error.value.diagnostics[0]
    assert diagnostic.line == line and "park-kards" in diagnostic.render()
    assert sorted(p.name for p in out.iterdir()) == [OUTPUT_MARK, "kept.txt"]


def test_card_ids_become_file_names_inside_the_folder() -> None:
    ids = ["../../etc/passwd", "a/b", ".hidden", "A:b", "a-b-2", "", "x" * 200]
    assert unique_stems(ids) == [
        "etc-passwd",
        "a-b",
        "hidden",
        "A-b-2",  # a-b is taken (case-insensitive file systems)
        "a-b-2-2",
        "card",
        "x" * 80,
    ]


def test_without_pypdfium2_the_images_are_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pypdfium2", None)
    with pytest.raises(ImagesUnavailable, match=r"\[images\]"):
        card_image("oh-my-park", "B1", dpi=10)


def test_export_command(tmp_path: Path) -> None:
    out = tmp_path / "tts"
    result = run_toolkit(
        "export", "oh-my-park", "--to", "tts", "--only", "bonus-card", "--dpi", "20",
        "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "8 distinct cards (8 with copies)" in result.stdout and "Saved Objects" in result.stdout
    assert sorted(p.name for p in out.iterdir() if p.name != OUTPUT_MARK) == [
        "bonus-card-back.png",
        "bonus-card-faces-1.png",
        "oh-my-park.json",
    ]


def test_csv_export_writes_each_kind_as_import_reads_it_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.content.spreadsheet import import_cards

    project = copy_project(tmp_path / "project")
    monkeypatch.chdir(project)
    out = tmp_path / "csv"
    exported = export_game("oh-my-park", "csv", out, ExportOptions())
    assert sorted(exported.files) == [
        "bonus-cards.csv", "park-cards.csv", "project-plans.csv", "scoring-cards.csv"
    ]  # fmt: skip
    with (out / "park-cards.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    _, content = load_valid_game("oh-my-park")
    assert [row["id"] for row in rows] == [card.id for card in content.cards("park-cards")]
    into = project / "cards/oh-my-park/park-cards.yaml"
    done = import_cards(out / "park-cards.csv", "park-cards", into, project)
    assert done.cards == len(rows)
    _, again = load_valid_game("oh-my-park")
    assert [c.model_dump() for c in again.cards("park-cards")] == [
        c.model_dump() for c in content.cards("park-cards")
    ]


def test_csv_export_only_takes_card_kinds(tmp_path: Path) -> None:
    exported = export_game("midway-memories", "csv", tmp_path / "one",
                           ExportOptions(only=("Attractions",)))  # fmt: skip
    assert exported.files == ["attractions.csv"]
    with pytest.raises(UsageError, match="not a card kind"):
        export_game("midway-memories", "csv", tmp_path / "two", ExportOptions(only=("B7",)))


def test_tts_hosted_urls_are_percent_encoded(tmp_path: Path) -> None:
    base = "https://example.com/my game/"
    folder = write("tts", toy(1), tmp_path / "tts", image_base_url=base)
    custom = json.loads((folder / "toy.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"]
    assert custom["FaceURL"].startswith("https://example.com/my%20game/deck-faces-1.png?v=")


def test_png_notes_and_checks_use_the_dpi_drawn(tmp_path: Path) -> None:
    card = CardImage("bonus-card", "b", "", 1, Image.new("RGB", (40, 60)), None, dpi=20,
                     trim=(2, 2, 38, 58))  # fmt: skip
    (tmp_path / "png").mkdir()
    written = FORMATS["png"].write(
        CardSet("g", "G", [card]), Target(tmp_path / "png", tmp_path / "png"), ExportOptions()
    )
    assert written.notes[0].startswith("preset trimmed (own size px at 20 DPI)")
    square = CardImage("tile", "t1", "", 1, Image.new("RGB", (375, 375)), None, dpi=150,
                       trim=(0, 0, 375, 375))  # fmt: skip
    with pytest.raises(UsageError, match=r"'tile' cards are 63.5 x 63.5 mm"):
        write("png", CardSet("g", "G", [square]), tmp_path / "tgc", preset="thegamecrafter")
    with pytest.raises(UsageError, match=r"--dpi cannot go with --preset thegamecrafter.*300 DPI"):
        export_game("oh-my-park", "png", None, ExportOptions(dpi=150, preset="thegamecrafter"))
    for dpi in (0, -5):
        with pytest.raises(UsageError, match=r"out of range \(10 to 1200\)"):
            export_game("oh-my-park", "png", tmp_path / "out", ExportOptions(dpi=dpi))


def test_image_formats_only_ignores_case(tmp_path: Path) -> None:
    exported = export_game("oh-my-park", "png", tmp_path / "png",
                           ExportOptions(dpi=10, only=("Bonus-Card", "b1")))  # fmt: skip
    assert exported.cards == 9 and "park-card/B1.png" in exported.files
    with pytest.raises(UsageError, match="did you mean 'bonus-card'"):
        export_game(
            "oh-my-park", "png", tmp_path / "png", ExportOptions(dpi=10, only=("Bonus-Crd",))
        )


def test_default_folder_is_beside_the_one_toolkit_build_replaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert default_folder("oh-my-park", "tts") == Path("build/oh-my-park-tts")
    monkeypatch.chdir(tmp_path)
    manifest = str(REPO / "rules/midway-memories.yaml")
    exported = export_game(manifest, "csv", None, ExportOptions(only=("suits",)))
    assert exported.folder == Path("build/midway-memories-csv")
    written = sorted(p.name for p in (tmp_path / exported.folder).iterdir())
    assert written == [OUTPUT_MARK, "suits.csv"]


def test_out_naming_the_current_folder_is_a_usage_error(tmp_path: Path) -> None:
    (tmp_path / "kept.txt").write_text("mine")
    result = run_toolkit("export", "oh-my-park", "--to", "csv", "--out", ".", cwd=tmp_path)
    assert result.returncode == 2 and "is the current folder or holds it" in result.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["kept.txt"]
