"""Card sheets for web tables (Screentop and the like): PNG grids and an index of them.

Per card component, sheets of at most 10 x 7 cards (4096 px a side at most), fronts in reading
order; identical backs give one back image, backs that differ a back sheet laid out like the
fronts. `sheets.json` says, per sheet, its grid, its cell size and which card is in each slot.
"""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from toolkit.pnp.export.base import (
    Cards,
    ExportOptions,
    Format,
    Target,
    Written,
    chunks,
    families,
    file_stem,
    limit,
)
from toolkit.pnp.export.images import grid, plain_back, same, save_png, sheet

COLUMNS, ROWS, MAX_PIXELS = 10, 7, 4096


def check(options: ExportOptions) -> None:
    limit(options, COLUMNS * ROWS)


def write(cards: Cards, target: Target, options: ExportOptions) -> Written:
    written = Written()
    per_sheet = limit(options, COLUMNS * ROWS)
    index: list[dict[str, Any]] = []
    for family, items in families(cards.cards):
        stem = file_stem(family)
        for number, chunk in enumerate(chunks(items, per_sheet), start=1):
            size = chunk[0].front.size
            layout = grid(len(chunk), size, COLUMNS, ROWS, MAX_PIXELS)
            fronts = f"{stem}-fronts-{number}.png"
            _save(sheet(layout, [card.front for card in chunk]), fronts, target, written)
            backs = [card.back or plain_back(size) for card in chunk]
            if same(backs):
                back = f"{stem}-back.png"
                if back not in written.files:
                    _save(
                        backs[0].resize(layout.cell, Image.Resampling.LANCZOS),
                        back,
                        target,
                        written,
                    )
            else:
                back = f"{stem}-backs-{number}.png"
                _save(sheet(layout, list(backs)), back, target, written)
            index.append(
                {
                    "component": family,
                    "fronts": fronts,
                    "backs": back,
                    "back_per_card": back.startswith(f"{stem}-backs-"),
                    "columns": layout.columns,
                    "rows": layout.rows,
                    "card_width": layout.cell[0],
                    "card_height": layout.cell[1],
                    "cards": [
                        {"slot": slot, "id": card.card_id, "name": card.name, "copies": card.copies}
                        for slot, card in enumerate(chunk)
                    ],
                }
            )
    document = {"game": cards.game_id, "name": cards.game_name, "sheets": index}
    text = json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    target.write("sheets.json", text)
    written.files.append("sheets.json")
    written.notes.append(
        f"{len(index)} sheet{'s' if len(index) != 1 else ''}; "
        "sheets.json gives each sheet's grid and cards"
    )
    return written


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    save_png(image, target, name)
    written.files.append(name)


FORMAT = Format(
    "sheets",
    "PNG sheets of cards for web tables such as Screentop, and sheets.json",
    dpi=150,
    write=write,
    check=check,
)
