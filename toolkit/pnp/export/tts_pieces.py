"""Tabletop Simulator objects for the pieces beside the cards: boards, tokens and bags.

A board is a `Custom_Board` showing its picture. A token is a `Custom_Token`, which Tabletop
Simulator cuts out along its picture's transparency (a round coin, a square marker). The
supply of a denomination is a `Bag` holding every coin of it (a finite supply, so never an
`Infinite_Bag`); each player's markers are a `Bag` tinted in the player's colour. Sizes are
the printed ones: one unit of the table is an inch (25.4 mm), and an object's scale is its
size in units (a token or board of scale 1 is one unit across its longer side).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from PIL import Image

from toolkit.pnp.export.base import ExportOptions, Target, Written, file_stem
from toolkit.pnp.export.images import save_png
from toolkit.pnp.export.pieces import Table, TokenKind

UNIT_MM = 25.4
"""Millimetres in one unit of Tabletop Simulator's table (about an inch)."""
BAG_MM = 80.0
"""The footprint of a bag on the table."""
TOKEN_THICKNESS = 0.1
"""Units: a cardboard token about 2.5 mm thick."""


@dataclass
class TablePiece:
    """An object of the save, the row of the table it goes in and its footprint (mm)."""

    key: str
    row: str
    """`board`, `supply` or `player N` (0-based)."""
    footprint: tuple[float, float]
    state: dict[str, Any]


def table_objects(
    table: Table, target: Target, options: ExportOptions, written: Written
) -> list[TablePiece]:
    """Each board, a bag per denomination of the supply, a bag per player's kind of piece;
    their pictures written into the export."""
    pieces = []
    for board in table.boards:
        name = f"board-{file_stem(board.component)}.png"
        _save(board.image, name, target, written)
        longest = max(board.width, board.height) / UNIT_MM
        state = {
            "Name": "Custom_Board",
            "Transform": {"scaleX": round(longest, 3), "scaleY": 1.0, "scaleZ": round(longest, 3)},
            "Nickname": board.name,
            "Description": "",
            "Locked": False,
            "CustomImage": {
                "ImageURL": image_url(name, target, options),
                "ImageSecondaryURL": "",
                "ImageScale": 1.0,
                "WidthScale": 0.0,
            },
        }
        pieces.append(TablePiece(name, "board", (board.width, board.height), state))
    for kind in table.tokens:
        if kind.player is not None and kind.player >= table.players:
            continue
        name = f"token-{file_stem(kind.key)}.png"
        _save(kind.image, name, target, written)
        token = _token(kind, image_url(name, target, options))
        if kind.player is not None:
            bag = _bag(kind, token, kind.count, kind.key)
            pieces.append(TablePiece(name, f"player {kind.player}", (BAG_MM, BAG_MM), bag))
            continue
        bag = _bag(kind, token, table.left(kind), kind.key)
        pieces.append(TablePiece(name, "supply", (BAG_MM, BAG_MM), bag))
        for player in range(table.players) if table.starting.get(kind.key) else ():
            start = table.starting[kind.key]
            bag = _bag(kind, token, start, f"{kind.key}/{player}", f"Player {player + 1}: ")
            key = f"{name}/{player}"
            pieces.append(TablePiece(key, f"player {player}", (BAG_MM, BAG_MM), bag))
    return pieces


def _bag(
    kind: TokenKind, token: dict[str, Any], count: int, key: str, owner: str = ""
) -> dict[str, Any]:
    """A bag of `count` tokens alike, tinted in their colour."""
    return {
        "Name": "Bag",
        "Transform": {},
        "Nickname": f"{owner}{kind.name} \u00d7 {count}",
        "Description": f"{count} \u00d7 {kind.name}",
        "ColorDiffuse": _rgb(kind.colour),
        "ContainedObjects": [{**token, "GUID": _guid(f"{key}/{copy}")} for copy in range(count)],
    }


def _token(kind: TokenKind, url: str) -> dict[str, Any]:
    side = kind.size / UNIT_MM
    return {
        "Name": "Custom_Token",
        "Transform": {
            "posX": 0.0,
            "posY": 0.0,
            "posZ": 0.0,
            "rotX": 0.0,
            "rotY": 180.0,
            "rotZ": 0.0,
            "scaleX": round(side, 3),
            "scaleY": 1.0,
            "scaleZ": round(side, 3),
        },
        "Nickname": kind.name,
        "Description": "",
        "CustomImage": {
            "ImageURL": url,
            "ImageSecondaryURL": "",
            "ImageScale": 1.0,
            "WidthScale": 0.0,
            "CustomToken": {
                "Thickness": TOKEN_THICKNESS,
                "MergeDistancePixels": 15.0,
                "StandUp": False,
                "Stackable": True,
            },
        },
    }


def _rgb(colour: str) -> dict[str, float]:
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return {"r": round(red, 4), "g": round(green, 4), "b": round(blue, 4)}


def _guid(text: str) -> str:
    """Six hex digits, the same on every export (Tabletop Simulator's object ids)."""
    return hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()[:6]


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    save_png(image, target, name)
    written.files.append(name)


def image_url(name: str, target: Target, options: ExportOptions) -> str:
    """The file's URL: a local file URI, or under `--image-base-url` with the image's hash
    as a query, so a table that cached an older image loads the new one."""
    if options.image_base_url is None:
        return (target.final / name).as_uri()
    digest = hashlib.sha256((target.staging / name).read_bytes()).hexdigest()[:12]
    # A space (or other character a URL may not hold) in the base or a name, percent-encoded;
    # what is already encoded, and the URL's own separators, are kept.
    return quote(f"{options.image_base_url.rstrip('/')}/{name}?v={digest}", safe="/:?=&%")
