"""Tabletop Simulator: face sheets, backs and a saved object with one deck per component.

A saved object (`ObjectStates`) holds a `DeckCustom` per card component (a `CardCustom` when
it has a single card). Its `CustomDeck` maps deck keys to sheets: at most 10x7 faces with the
last slot for the hidden-card image (69 cards a sheet), each at most 4096 px a side. A card is
`CardID` = key x 100 + its slot; copies of a design repeat the `CardID`, never the image,
and each keeps its own card id in `GMNotes` (twins print alike). Identical backs give one
back image; backs that differ give a back sheet laid out like the faces, with `UniqueBack`.
Images are local file URIs, or URLs under `--image-base-url` with a query that changes with
the image, so a table that cached an old image loads the new one.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any
from urllib.parse import quote

from PIL import Image

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
    written = Written()
    per_sheet = limit(options, CARDS_PER_SHEET)
    objects = []
    key = 1
    for position, (family, items) in enumerate(families(cards.cards)):
        decks: dict[str, Any] = {}
        contained: list[dict[str, Any]] = []
        for number, chunk in enumerate(chunks(items, per_sheet), start=1):
            decks[str(key)] = _sheets(family, number, chunk, target, options, written)
            for slot, card in enumerate(chunk):
                face = _card(card, key * 100 + slot, key, decks[str(key)])
                # Twins share the face; each copy keeps its own id in its notes.
                ids = card.ids if len(card.ids) == card.copies else (card.card_id,) * card.copies
                contained.extend({**face, "GMNotes": one} for one in ids)
            key += 1
        objects.append(_deck(family, decks, contained, position))
    save = {
        "SaveName": cards.game_name,
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
        f"{len(objects)} deck{'s' if len(objects) != 1 else ''}; "
        f"copy {name} into Tabletop Simulator's Saves/Saved Objects folder"
    )
    return written


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
        "FaceURL": _url(face_name, target, options),
        "BackURL": _url(back_name, target, options),
        "NumWidth": layout.columns,
        "NumHeight": layout.rows,
        "BackIsHidden": True,
        "UniqueBack": unique,
        "Type": 0,
    }


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    save_png(image, target, name)
    written.files.append(name)


def _url(name: str, target: Target, options: ExportOptions) -> str:
    if options.image_base_url is None:
        return (target.final / name).as_uri()
    digest = hashlib.sha256((target.staging / name).read_bytes()).hexdigest()[:12]
    # A space (or other character a URL may not hold) in the base or a name, percent-encoded;
    # what is already encoded, and the URL's own separators, are kept.
    return quote(f"{options.image_base_url.rstrip('/')}/{name}?v={digest}", safe="/:?=&%")


def _card(card: CardImage, card_id: int, key: int, deck: dict[str, Any]) -> dict[str, Any]:
    return {
        "Name": "Card",
        "Transform": _transform(0),
        "Nickname": card.name,
        "Description": card.description,
        "GMNotes": card.card_id,
        "CardID": card_id,
        "CustomDeck": {str(key): deck},
    }


def _deck(
    family: str, decks: dict[str, Any], contained: list[dict[str, Any]], position: int
) -> dict[str, Any]:
    if len(contained) == 1:
        return {**contained[0], "Transform": _transform(position)}
    return {
        "Name": "DeckCustom",
        "Transform": _transform(position),
        "Nickname": family,
        "Description": "",
        "DeckIDs": [card["CardID"] for card in contained],
        "CustomDeck": decks,
        "ContainedObjects": contained,
    }


def _transform(position: int) -> dict[str, float]:
    """Face down, in a row along x, one card width and a gap apart."""
    return {
        "posX": 3.0 * position,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0,
        "scaleX": 1.0,
        "scaleY": 1.0,
        "scaleZ": 1.0,
    }


FORMAT = Format(
    "tts",
    "Tabletop Simulator: card sheets and a saved object (one deck per card component)",
    dpi=150,
    write=write,
    check=check,
)
