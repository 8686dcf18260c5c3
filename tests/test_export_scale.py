"""Exports whose memory does not grow with the game: every format reads the cards as they are
drawn and lets them go a sheet at a time, and `--dpi` cannot ask for a card page bigger than
`MAX_PAGE_PIXELS`. (benchmarks/export_memory.py measures a 10,000-card game.)"""

from __future__ import annotations

import csv
import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from entry_point import run_toolkit
from PIL import Image
from shipped_project import copy_project, edit

from toolkit.errors import UsageError
from toolkit.pnp.export import FORMATS, ExportOptions
from toolkit.pnp.export.base import Target
from toolkit.pnp.raster import MAX_PAGE_PIXELS, CardImage, CardSet, card_stream


@dataclass
class Watched:
    """A game of `count` distinct cards made as they are read, keeping track of how many of
    their images are alive at once."""

    count: int
    game_id: str = "big"
    game_name: str = "Big"

    def __post_init__(self) -> None:
        self.made = self.freed = self.most = 0

    def _free(self) -> None:
        self.freed += 1

    @property
    def cards(self) -> Iterator[CardImage]:
        for i in range(self.count):
            front = Image.new("RGB", (12, 16), (i % 256, i // 256, 0))
            back = Image.new("RGB", (12, 16), (0, 0, i % 256))  # a back per card
            for image in (front, back):
                weakref.finalize(image, self._free)
            self.made += 2
            self.most = max(self.most, self.made - self.freed)
            yield CardImage(f"deck-{i // 400}", f"c{i}", f"Card {i}", 1, front, back, dpi=10,
                            trim=(1, 1, 11, 15))  # fmt: skip


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_format_holds_a_sheet_or_two_of_cards_not_the_game(name: str, tmp_path: Path) -> None:
    game = Watched(1000)
    written = FORMATS[name].write(game, Target(tmp_path, tmp_path), ExportOptions())
    assert written.files
    assert game.most <= 2 * 2 * 70 + 2  # fronts and backs of two sheets; 2,000 in the game
    if name == "png":  # every card has its own back file, and the list names them all
        with (tmp_path / "cards.csv").open(encoding="utf-8", newline="") as handle:
            rows = list(csv.DictReader(handle))
        assert len(rows) == 1000 and rows[5]["back"] == "deck-0/c5-back.png"
        assert (tmp_path / "deck-0/c5-back.png").is_file()


def test_png_backs_shared_until_one_differs_are_each_written(tmp_path: Path) -> None:
    same = Image.new("RGB", (12, 16), "navy")
    other = Image.new("RGB", (12, 16), "red")
    cards = [
        CardImage(
            "deck",
            f"c{i}",
            f"C{i}",
            1,
            Image.new("RGB", (12, 16)),
            back,
            dpi=10,
            trim=(0, 0, 12, 16),
        )
        for i, back in enumerate([same, same.copy(), same, other])
    ]
    shared = [CardImage("plain", c.card_id, c.name, 1, c.front, same, dpi=10, trim=c.trim)
              for c in cards]  # fmt: skip
    game = CardSet("g", "G", [*cards, *shared])
    FORMATS["png"].write(game, Target(tmp_path, tmp_path), ExportOptions())
    with (tmp_path / "cards.csv").open(encoding="utf-8", newline="") as handle:
        backs = [row["back"] for row in csv.DictReader(handle)]
    assert backs == [f"deck/c{i}-back.png" for i in range(4)] + ["plain/back.png"] * 4
    for i, expected in enumerate(["navy", "navy", "navy", "red"]):
        with Image.open(tmp_path / f"deck/c{i}-back.png") as image:
            assert image.getpixel((0, 0)) == Image.new("RGB", (1, 1), expected).getpixel((0, 0))
    assert sorted(p.name for p in (tmp_path / "plain").iterdir()) == [
        "back.png", "c0.png", "c1.png", "c2.png", "c3.png"
    ]  # fmt: skip


def test_a_dpi_that_would_draw_a_huge_card_page_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = copy_project(tmp_path / "project")
    layout = project / "print/midway-memories/layout.yaml"
    edit(layout, "components:\n", "card_sizes:\n  poster: {width: 120mm, height: 160mm}\n"
         "sheet_templates:\n  poster: {columns: 1, rows: 1}\n\n"
         "components:\n")  # fmt: skip
    edit(layout, "    size: poker", "    size: poster")
    result = run_toolkit("export", "midway-memories", "--to", "png", "--dpi", "1200",
                         "--out", "png", cwd=project)  # fmt: skip
    assert result.returncode == 2, result.stderr
    found = re.search(r"--dpi 1200 draws a card page of (\d+) x (\d+) px; a page may have at "
                      r"most 24,000,000 pixels \(memory\): use --dpi (\d+) or less",
                      result.stderr)  # fmt: skip
    assert found is not None, result.stderr
    width, height, fits = map(int, found.groups())
    assert width * height > MAX_PAGE_PIXELS and not (project / "png").exists()
    monkeypatch.chdir(project)
    with card_stream("midway-memories", dpi=fits, only=("suit-card",)) as stream:
        assert stream.total > 0  # drawn at the dpi suggested, if asked
    with (
        pytest.raises(UsageError, match="use --dpi"),
        card_stream("midway-memories", dpi=fits + 1, only=("suit-card",)),
    ):
        pass
