"""One PNG per card face for print-on-demand shops, and a CSV of files and counts: at 300 DPI
(a shop preset's pixel sizes fix it), or `--dpi` with `trimmed`.

Presets give a shop's pixel sizes for poker cards (2.5 x 3.5 in): `thegamecrafter` 825x1125
with bleed (750x1050 cut, 675x975 safe), `makeplayingcards` 822x1122; `trimmed` is each card
at its own size, cut at its cut line. A shop preset scales the card so its cut line is the shop's
and fills the shop's bleed from the card's own bleed (stretched the last pixel or two).
Identical backs are written once per component.
"""

from __future__ import annotations

import csv
import io
import os
import shutil
from dataclasses import dataclass

from PIL import Image

from toolkit.content.cell_text import guarded_row
from toolkit.errors import UsageError, choose_id
from toolkit.pnp.export.base import (
    Cards,
    ExportOptions,
    Format,
    Stems,
    Target,
    Written,
    families,
    file_stem,
)
from toolkit.pnp.export.images import save_png
from toolkit.pnp.raster import CardImage

DPI = 300
TOLERANCE = 0.03
"""How far (as a fraction) a card's cut size may be from a preset's before it is refused."""


@dataclass(frozen=True)
class Preset:
    name: str
    cut: tuple[int, int] | None
    """The cut size in pixels; None keeps the card's own size."""
    canvas: tuple[int, int] | None = None
    """The whole image with bleed; None for no bleed."""
    safe: tuple[int, int] | None = None


PRESETS = {
    preset.name: preset
    for preset in (
        Preset("thegamecrafter", (750, 1050), (825, 1125), (675, 975)),
        Preset("makeplayingcards", (750, 1050), (822, 1122)),
        Preset("trimmed", None),
    )
}
DEFAULT_PRESET = "trimmed"


def preset_of(options: ExportOptions) -> Preset:
    return PRESETS[choose_id(options.preset or DEFAULT_PRESET, PRESETS, "--preset")]


def check(options: ExportOptions) -> None:
    preset = preset_of(options)
    if preset.cut is not None and options.dpi is not None:
        size = "x".join(map(str, preset.canvas or preset.cut))
        raise UsageError(
            f"--dpi cannot go with --preset {preset.name}: the shop's pixel size ({size} px) "
            f"fixes {DPI} DPI; leave --dpi out, or use --preset trimmed"
        )


def write(cards: Cards, target: Target, options: ExportOptions) -> Written:
    preset = preset_of(options)
    written = Written()
    rows = [["front", "back", "component", "id", "name", "quantity"]]
    dpi = DPI
    for family, items in families(cards.cards):
        folder = file_stem(family)
        target.folder(folder)
        backs = _Backs(family, preset, target, written, rows)
        stems = Stems()
        for card in items:
            dpi = card.dpi
            stem = stems(card.card_id)
            front = f"{folder}/{stem}.png"
            _save(_fit(card, card.front, preset, family), front, target, written)
            rows.append([front, "", family, card.card_id, card.name, str(card.copies)])
            backs.add(card, stem)
        backs.finish()
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(guarded_row(row) for row in rows)
    target.write("cards.csv", buffer.getvalue())
    written.files.append("cards.csv")
    size = "own size" if preset.cut is None else "x".join(map(str, preset.canvas or preset.cut))
    written.notes.append(
        f"preset {preset.name} ({size} px at {dpi} DPI); cards.csv lists each file and its quantity"
    )
    return written


class _Backs:
    """A component's backs as its cards stream by: while every card has the same back, one
    file (`back.png` in the end); from the first card whose back differs or is missing, a
    file per card (`<id>-back.png`), the earlier cards' copied from the first."""

    def __init__(
        self, family: str, preset: Preset, target: Target, written: Written, rows: list[list[str]]
    ) -> None:
        self.family, self.folder, self.preset = family, file_stem(family), preset
        self.target, self.written, self.rows = target, written, rows
        self.first: Image.Image | None = None
        self.first_file = ""
        self.waiting: list[tuple[int, str]] = []
        """Rows that share the first back, and each one's own file name."""
        self.shared = True

    def add(self, card: CardImage, stem: str) -> None:
        own = f"{self.folder}/{stem}-back.png"
        if card.back is None:
            self._unshare()
            return
        row = len(self.rows) - 1
        if self.shared and self.first is None:
            self.first, self.first_file = card.back, own
            _save(_fit(card, card.back, self.preset, self.family), own, self.target, self.written)
            self.waiting.append((row, own))
        elif self.shared and self.first is not None and _same_pixels(card.back, self.first):
            self.waiting.append((row, own))
        else:
            self._unshare()
            _save(_fit(card, card.back, self.preset, self.family), own, self.target, self.written)
        self.rows[row][1] = own

    def _unshare(self) -> None:
        if not self.shared:
            return
        self.shared = False
        for _, own in self.waiting[1:]:
            shutil.copyfile(self.target.staging / self.first_file, self.target.staging / own)
            self.written.files.append(own)
        self.waiting = []
        self.first = None

    def finish(self) -> None:
        if not self.shared or not self.waiting:
            return
        shared = f"{self.folder}/back.png"
        os.replace(self.target.staging / self.first_file, self.target.staging / shared)
        self.written.files[self.written.files.index(self.first_file)] = shared
        for row, _ in self.waiting:
            self.rows[row][1] = shared


def _same_pixels(image: Image.Image, other: Image.Image) -> bool:
    return image is other or (image.size == other.size and image.tobytes() == other.tobytes())


def _fit(card: CardImage, image: Image.Image, preset: Preset, family: str) -> Image.Image:
    """The card image at the preset's size: its cut line scaled onto the preset's, its bleed
    filling the preset's bleed."""
    left, top, right, bottom = card.trim
    if preset.cut is None:
        cropped = image.crop(card.trim)
        cropped.info["dpi"] = (card.dpi, card.dpi)
        return cropped
    scale_x, scale_y = preset.cut[0] / (right - left), preset.cut[1] / (bottom - top)
    if abs(scale_x - 1) > TOLERANCE or abs(scale_y - 1) > TOLERANCE:
        width, height = (
            round((b - a) / card.dpi * 25.4, 1) for a, b in ((left, right), (top, bottom))
        )
        raise UsageError(
            f"--preset {preset.name} is for poker cards (63.5 x 88.9 mm); '{family}' cards "
            f"are {width} x {height} mm: use --preset trimmed, or --only for the other components"
        )
    canvas_size = preset.canvas or preset.cut
    canvas = image.resize(canvas_size, Image.Resampling.LANCZOS)  # the outermost bleed
    scaled = image.resize(
        (round(image.width * scale_x), round(image.height * scale_y)), Image.Resampling.LANCZOS
    )
    offset_x = round((canvas_size[0] - preset.cut[0]) / 2 - left * scale_x)
    offset_y = round((canvas_size[1] - preset.cut[1]) / 2 - top * scale_y)
    canvas.paste(scaled, (offset_x, offset_y))
    canvas.info["dpi"] = (DPI, DPI)  # the shop's pixel size at its resolution
    return canvas


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    save_png(image, target, name)
    written.files.append(name)


def bleed(options: ExportOptions) -> bool:
    """A shop preset needs the card's bleed; `trimmed` does not."""
    return preset_of(options).canvas is not None


FORMAT = Format(
    "png",
    "one PNG per card face at 300 DPI for print shops (--preset), and cards.csv",
    dpi=DPI,
    bleed=bleed,
    write=write,
    check=check,
)
