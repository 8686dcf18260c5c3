"""Tabletop Simulator: face sheets, backs and a saved table, a deck per card component.

A save's `ObjectStates` hold a `DeckCustom` per card component (a `Card` when it has a
single card), then the boards, the supply and each player's pieces (`tts_pieces`), every
object at its place on a table laid out for the players chosen (`table_layout`). A deck's
`CustomDeck` maps deck keys to sheets: at most 10x7 faces with the last slot for the
hidden-card image (69 cards a sheet), each at most 4096 px a side. A card is
`CardID` = key x 100 + its slot; copies of a design repeat the `CardID`, never the image,
and each keeps its own card id in `GMNotes` (twins print alike). Identical backs give one
back image; backs that differ give a back sheet laid out like the faces, with `UniqueBack`.
Images are local file URIs, or URLs under `--image-base-url` with a query that changes with
the image, so a table that cached an old image loads the new one.
"""

from __future__ import annotations

import json
from typing import Any

from PIL import Image

from toolkit.diagnostics import plural
from toolkit.errors import UsageError
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
from toolkit.pnp.export.pieces import Table
from toolkit.pnp.export.table_layout import Item, lay_out
from toolkit.pnp.export.tts_pieces import UNIT_MM, image_url, table_objects
from toolkit.pnp.raster import CardImage

COLUMNS, ROWS, MAX_PIXELS = 10, 7, 4096
CARDS_PER_SHEET = COLUMNS * ROWS - 1
"""The last slot of a full sheet shows a card hidden in a hand."""


def check(options: ExportOptions) -> None:
    url = options.image_base_url
    if url is not None and not url.startswith(("http://", "https://")):
        raise UsageError(f"--image-base-url must start with http:// or https://, not '{url}'")
    limit(options, CARDS_PER_SHEET)


def write(cards: Cards, target: Target, options: ExportOptions) -> Written:
    """The cards alone, decks in a row (no boards or tokens)."""
    return write_table(cards, Table(0), target, options)


def write_table(cards: Cards, table: Table, target: Target, options: ExportOptions) -> Written:
    """The saved table: a deck per card component, each board, the supply in bags, and each
    player's pieces in bags of the player's colour, laid out for `table.players`."""
    written = Written()
    per_sheet = limit(options, CARDS_PER_SHEET)
    objects: list[dict[str, Any]] = []
    items: list[Item] = []
    key = 1
    for family, cards_of in families(cards.cards):
        decks: dict[str, Any] = {}
        contained: list[dict[str, Any]] = []
        footprint = (0.0, 0.0)
        for number, chunk in enumerate(chunks(cards_of, per_sheet), start=1):
            decks[str(key)] = _sheets(family, number, chunk, target, options, written)
            footprint = _card_size(chunk[0])
            for slot, card in enumerate(chunk):
                face = _card(card, key * 100 + slot, key, decks[str(key)])
                # Twins share the face; each copy keeps its own id in its notes.
                ids = card.ids if len(card.ids) == card.copies else (card.card_id,) * card.copies
                contained.extend({**face, "GMNotes": one} for one in ids)
            key += 1
        objects.append(_deck(family, decks, contained))
        items.append(Item(str(len(objects) - 1), *footprint))
    deck_count = len(objects)
    pieces = table_objects(table, target, options, written)
    objects.extend(piece.state for piece in pieces)
    places = lay_out(
        items,
        [Item(piece.key, *piece.footprint) for piece in pieces if piece.row == "board"],
        [Item(piece.key, *piece.footprint) for piece in pieces if piece.row == "supply"],
        [
            [Item(piece.key, *piece.footprint) for piece in pieces if piece.row == f"player {p}"]
            for p in range(table.players)
        ],
    )
    index = {str(i): objects[i] for i in range(deck_count)}
    index.update({piece.key: piece.state for piece in pieces})
    for place in places:
        state = index[place.key]
        state["Transform"] = _transform(place.x, place.y, state["Transform"])
    title = cards.game_name + (f", {table.players} players" if table.players else "")
    save = {
        "SaveName": title,
        "GameMode": cards.game_name,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }
    name = f"{file_stem(cards.game_id)}.json"
    text = json.dumps(save, indent=2, ensure_ascii=False) + "\n"
    target.write(name, text)
    written.files.append(name)
    written.notes.append(
        f"{plural(deck_count, 'deck')}{_pieces_words(table)}; copy {name} into Tabletop "
        "Simulator's Saves/Saved Objects folder (or Saves, to open it as a game)"
    )
    written.notes.extend(table.notes)
    return written


def _pieces_words(table: Table) -> str:
    """The pieces besides the decks, in words (nothing when the layout prints none)."""
    supply = sum(table.left(kind) for kind in table.supply)
    own = sum(kind.count for p in range(table.players) for kind in table.pieces_of(p))
    own += table.players * sum(table.starting.values())
    words = [
        plural(count, noun)
        for count, noun in (
            (len(table.boards), "board"),
            (supply, "token"),
            (own, "player piece"),
        )
        if count
    ]
    if not words:
        return ""
    if supply:
        words[1 if table.boards else 0] += " in the supply"
    return f", {', '.join(words)} for {plural(table.players, 'player')}"


def _card_size(card: CardImage) -> tuple[float, float]:
    """The card's cut size in millimetres."""
    left, top, right, bottom = card.trim
    if right <= left or bottom <= top:
        right, bottom, left, top = *card.front.size, 0, 0
    return (right - left) / card.dpi * 25.4, (bottom - top) / card.dpi * 25.4


def _sheets(
    family: str,
    number: int,
    chunk: list[CardImage],
    target: Target,
    options: ExportOptions,
    written: Written,
) -> dict[str, Any]:
    """Write one deck key's face sheet and its back(s); the `CustomDeck` entry for them."""
    size = chunk[0].front.size
    backs = [card.back or plain_back(size) for card in chunk]
    layout = grid(len(chunk) + 1, size, COLUMNS, ROWS, MAX_PIXELS, least=2)
    hidden: list[Image.Image | None] = [None] * (layout.slots - len(chunk) - 1) + [backs[0]]
    faces = sheet(layout, [*(card.front for card in chunk), *hidden])
    face_name = f"{file_stem(family)}-faces-{number}.png"
    _save(faces, face_name, target, written)
    unique = not same(backs)
    if unique:
        back_name = f"{file_stem(family)}-backs-{number}.png"
        _save(sheet(layout, [*backs, *hidden]), back_name, target, written)
    else:
        back_name = f"{file_stem(family)}-back.png"
        if back_name not in written.files:
            _save(
                backs[0].resize(layout.cell, Image.Resampling.LANCZOS), back_name, target, written
            )
    return {
        "FaceURL": image_url(face_name, target, options),
        "BackURL": image_url(back_name, target, options),
        "NumWidth": layout.columns,
        "NumHeight": layout.rows,
        "BackIsHidden": True,
        "UniqueBack": unique,
        "Type": 0,
    }


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    save_png(image, target, name)
    written.files.append(name)


def _card(card: CardImage, card_id: int, key: int, deck: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": "Card",
        "Transform": FACE_DOWN,
        "Nickname": card.name,
        "Description": card.description,
        "GMNotes": card.card_id,
        "CardID": card_id,
        "CustomDeck": {str(key): deck},
    }


def _deck(family: str, decks: dict[str, Any], contained: list[dict[str, Any]]) -> dict[str, Any]:
    if len(contained) == 1:
        return {**contained[0], "Transform": FACE_DOWN}
    return {
        "Name": "DeckCustom",
        "Transform": FACE_DOWN,
        "Nickname": family,
        "Description": "",
        "DeckIDs": [card["CardID"] for card in contained],
        "CustomDeck": decks,
        "ContainedObjects": contained,
    }


FACE_DOWN = {"rotX": 0.0, "rotY": 180.0, "rotZ": 180.0}


def _transform(x: float, y: float, turned: dict[str, float]) -> dict[str, float]:
    """At `x`, `y` millimetres on the table (one unit is an inch), resting on it."""
    return {
        "posX": round(x / UNIT_MM, 3),
        "posY": 1.0,
        "posZ": round(y / UNIT_MM, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 0.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
        **turned,
    }


FORMAT = Format(
    "tts",
    "Tabletop Simulator: card sheets and a saved object (one deck per card component)",
    dpi=150,
    write=write,
    check=check,
    write_table=write_table,
)
