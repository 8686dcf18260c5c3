"""The printed rules reference of a staged game reads its round back from the stages: the
stages of the round as lines, what happens inside a turn or a choice as items under them."""

from __future__ import annotations

from pathlib import Path

import pypdfium2
from entry_point import run_toolkit

from toolkit.mechanics.staged.structure import Staged
from toolkit.mechanics.staged.words import round_items, round_lines
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent


def test_round_items_keep_the_nesting_of_the_lines() -> None:
    structure = LoadedGame.load(str(ROOT / "rules" / "kite-festival.yaml")).content.game.structure
    assert isinstance(structure, Staged)
    lines, items = round_lines(structure), round_items(structure)
    assert len(lines) == len(items)
    for line, item in zip(lines, items, strict=True):
        assert line.strip().removeprefix("- ") == item["text"]
        assert line.startswith("  " * item["depth"]) and line[2 * item["depth"]] != " "
    for item, after in zip(items, [*items[1:], None], strict=True):
        assert item["opens"] == (after is not None and after["depth"] > item["depth"])
    assert items[0]["depth"] == 0 and max(item["depth"] for item in items) >= 2


def test_a_new_staged_games_reference_page_lists_the_round(tmp_path: Path) -> None:
    assert run_toolkit("new", "ring-road", "--family", "staged", cwd=tmp_path).returncode == 0
    printed = run_toolkit("print", "ring-road", cwd=tmp_path)
    assert printed.returncode == 0, printed.stderr
    document = pypdfium2.PdfDocument(tmp_path / "build" / "print" / "ring-road-cards.pdf")
    pages = [document[i].get_textpage().get_text_range() for i in range(len(document))]
    reference = next(page for page in pages if "rules reference" in page)
    text = " ".join(reference.split())
    structure = LoadedGame.load(str(tmp_path / "rules" / "ring-road.yaml")).content.game.structure
    assert isinstance(structure, Staged)
    at = text.index("A round")
    for item in round_items(structure):
        words = " ".join(item["text"].split())
        marker = "\u2022" if item["depth"] % 2 else "\u2013"  # nested steps alternate marks
        shown = f"{marker} {words}" if item["depth"] else words
        found = text.find(shown, at)
        assert found > at, shown  # every line, in the order of the stages
        at = found
    assert "- play" not in text  # a choice's moves are items, not dashes in the text
