"""Tabletop Playground: a package folder with `Textures/` and one card template per sheet.

A template (`Type: "Card"`) shows its cards from `FrontTexture`, a grid of `NumHorizontal` x
`NumVertical` cards (at most 128 a side; here at most 10 x 7, so a card keeps its detail in a
4096 px texture); `Indices` lists the cards of the stack, copies repeating an index. The back:
`BackIndex` -2 uses `BackTexture` as the one back of every card, -3 reads `BackTexture` as a
sheet laid out like the front (a back per card). `Width` and `Height` are the card's in cm;
`CardNames` and `CardMetadata` (the card's id and data as JSON) are keyed by index.
`Manifest.json` names the package; GUIDs come from the game and sheet names, so exporting
again replaces the templates instead of adding copies.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Iterator
from typing import Any

from PIL import Image

from toolkit.pnp.export import ttp_pieces
from toolkit.pnp.export.base import (
    Cards,
    ExportOptions,
    Format,
    Target,
    Written,
    chunks,
    families,
    file_stem,
)
from toolkit.pnp.export.base import limit as sheet_limit
from toolkit.pnp.export.images import grid, plain_back, same, save_png, sheet
from toolkit.pnp.export.pieces import Table
from toolkit.pnp.export.table_layout import Item
from toolkit.pnp.export.ttp_pieces import CM_PER_INCH, card_template
from toolkit.pnp.export.ttp_pieces import guid as _guid
from toolkit.pnp.raster import CardImage

COLUMNS, ROWS, MAX_PIXELS = 10, 7, 4096


def check(options: ExportOptions) -> None:
    sheet_limit(options, COLUMNS * ROWS)


def write(cards: Cards, target: Target, options: ExportOptions) -> Written:
    """The card templates alone (no boards, tokens or table script)."""
    return write_table(cards, Table(0), target, options)


def write_table(cards: Cards, table: Table, target: Target, options: ExportOptions) -> Written:
    """The package: a template per card sheet, board and kind of token, and for a table of
    `table.players` a script that lays them all out."""
    written = Written()
    per_sheet = sheet_limit(options, COLUMNS * ROWS)
    package = file_stem(cards.game_id)
    target.folder(f"Textures/{package}")
    target.folder(f"Templates/{package}")
    decks: list[tuple[str, Item]] = []
    for family, items in families(cards.cards):
        for part, chunk in _numbered(items, per_sheet):
            name = f"{file_stem(family)}{part}"
            template = _template(cards, package, name, chunk, target, written)
            _write_template(target, package, name, template, written)
            footprint = (template["Width"] * 10, template["Height"] * 10)
            decks.append((template["GUID"], Item(name, *footprint)))
    pieces = ttp_pieces.templates(cards, table, package, target, written)
    for piece in pieces:
        _write_template(target, package, piece.name, piece.template, written)
    manifest = {
        "Name": cards.game_name,
        "Version": "1",
        "GUID": _guid(cards.game_id, "package"),
    }
    target.write("Manifest.json", json.dumps(manifest, indent=2) + "\n")
    written.files.append("Manifest.json")
    if table.players:
        script = ttp_pieces.table_script(cards.game_name, table.players, decks, pieces)
        target.folder("Scripts")
        target.write(ttp_pieces.SCRIPT, script)
        written.files.append(ttp_pieces.SCRIPT)
    written.notes.append(
        f"copy the folder as a package into Tabletop Playground's PersistentDownloadDir; the "
        f"templates are under Templates/{package}"
        + (
            f", and {ttp_pieces.SCRIPT} lays out the table for {table.players} players"
            if table.players
            else ""
        )
    )
    written.notes.extend(table.notes)
    return written


def _write_template(
    target: Target, package: str, name: str, template: dict[str, Any], written: Written
) -> None:
    path = f"Templates/{package}/{name}.json"
    target.write(path, json.dumps(template, indent=2, ensure_ascii=False) + "\n")
    written.files.append(path)


def _numbered(items: Iterator[CardImage], per_sheet: int) -> Iterator[tuple[str, list[CardImage]]]:
    """Each sheet with its part of the template name: none for a component of one sheet,
    `-1`, `-2`... when there are more (told by looking one card ahead)."""
    first = list(itertools.islice(items, per_sheet))
    following = next(items, None)
    if following is None:
        yield "", first
        return
    yield "-1", first
    del first
    rest = chunks(itertools.chain([following], items), per_sheet)
    for number, chunk in enumerate(rest, start=2):
        yield f"-{number}", chunk


def _template(
    cards: Cards,
    package: str,
    name: str,
    chunk: list[CardImage],
    target: Target,
    written: Written,
) -> dict[str, Any]:
    size = chunk[0].front.size
    layout = grid(len(chunk), size, COLUMNS, ROWS, MAX_PIXELS)
    front = f"{package}/{name}-faces.png"
    _save(sheet(layout, [card.front for card in chunk]), front, target, written)
    backs = [card.back or plain_back(size) for card in chunk]
    if same(backs):
        back, back_index = f"{package}/{name}-back.png", -2
        _save(backs[0].resize(layout.cell, Image.Resampling.LANCZOS), back, target, written)
    else:
        back, back_index = f"{package}/{name}-backs.png", -3
        _save(sheet(layout, list(backs)), back, target, written)
    first = chunk[0]
    left, top, right, bottom = first.trim
    width_cm = round((right - left) / first.dpi * CM_PER_INCH, 2)
    height_cm = round((bottom - top) / first.dpi * CM_PER_INCH, 2)
    return card_template(
        _guid(cards.game_id, name),
        f"{cards.game_name}: {name}",
        front,
        back,
        back_index,
        NumHorizontal=layout.columns,
        NumVertical=layout.rows,
        Width=width_cm,
        Height=height_cm,
        Indices=[index for index, card in enumerate(chunk) for _ in range(card.copies)],
        CardNames={str(index): card.name for index, card in enumerate(chunk)},
        CardMetadata={
            str(index): json.dumps({"id": card.card_id, **card.data}, ensure_ascii=False)
            for index, card in enumerate(chunk)
        },
    )


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    path = f"Textures/{name}"
    save_png(image, target, path)
    written.files.append(path)


FORMAT = Format(
    "tabletop-playground",
    "Tabletop Playground: a package folder with textures and card templates",
    dpi=150,
    write=write,
    check=check,
    write_table=write_table,
)
