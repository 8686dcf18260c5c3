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
from dataclasses import dataclass

from PIL import Image

from toolkit.content.cell_text import guarded_row
from toolkit.errors import UsageError, choose_id
from toolkit.pnp.export.base import (
    ExportOptions,
    Format,
    Target,
    Written,
    families,
    file_stem,
    unique_stems,
)
from toolkit.pnp.export.images import same, save_png
from toolkit.pnp.raster import CardImage, CardSet

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


def write(cards: CardSet, target: Target, options: ExportOptions) -> Written:
    preset = preset_of(options)
    written = Written()
    rows = [("front", "back", "component", "id", "name", "quantity")]
    for family, items in families(cards.cards).items():
        folder = file_stem(family)
        (target.staging / folder).mkdir()
        backs = [card.back for card in items if card.back is not None]
        shared = len(backs) == len(items) and same(backs)
        stems = unique_stems([card.card_id for card in items])
        for card, stem in zip(items, stems, strict=True):
            front = f"{folder}/{stem}.png"
            _save(_fit(card, card.front, preset, family), front, target, written)
            back = ""
            if card.back is not None:
                back = f"{folder}/back.png" if shared else f"{folder}/{stem}-back.png"
                if back not in written.files:
                    _save(_fit(card, card.back, preset, family), back, target, written)
            rows.append((front, back, family, card.card_id, card.name, str(card.copies)))
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows(guarded_row(list(row)) for row in rows)
    (target.staging / "cards.csv").write_text(buffer.getvalue(), encoding="utf-8")
    written.files.append("cards.csv")
    size = "own size" if preset.cut is None else "x".join(map(str, preset.canvas or preset.cut))
    dpi = cards.cards[0].dpi if cards.cards else DPI
    written.notes.append(
        f"preset {preset.name} ({size} px at {dpi} DPI); cards.csv lists each file and its quantity"
    )
    return written


def _fit(card: CardImage, image: Image.Image, preset: Preset, family: str) -> Image.Image:
    """The card image at the preset's size: its cut line scaled onto the preset's, its bleed
    filling the preset's bleed."""
    left, top, right, bottom = card.trim
    if preset.cut is None:
        return image.crop(card.trim)
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
    return canvas


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    save_png(image, target.staging / name)
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
