"""Tabletop Playground templates for the pieces beside the cards, and the table's script.

Tabletop Playground's card templates take a shape (`Model`: `Rounded`, `Square`, `Round`,
`Hexagonal`), a size in centimetres and a thickness, and a template's `Indices` are the
objects of one stack: so a board is a square card of one index that does not stack, a
denomination of the supply is a stack of round coins (its count of indices), and each
player's markers are a stack of square ones in the player's colour. A package holds
templates, not a table; `Scripts/table.js` makes the table: run it (as the table's global
script) and it creates every deck, board and stack at its place for the players chosen
(`world.createObjectFromTemplate`, the scripting API's way to put a template on the table).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from PIL import Image

from toolkit.pnp.export.base import Cards, Target, Written, file_stem
from toolkit.pnp.export.images import save_png
from toolkit.pnp.export.pieces import EDGE, Table, TokenKind
from toolkit.pnp.export.table_layout import GAP, Item, lay_out

CM_PER_INCH = 2.54
SCRIPT = "Scripts/table.js"
TOKEN_THICKNESS = 0.25
"""Centimetres: cardboard tokens."""
BOARD_THICKNESS = 0.3


@dataclass(frozen=True)
class TtpPiece:
    """A template beside the cards, and where it goes: its table row and footprint (mm)."""

    name: str
    template: dict[str, Any]
    rows: tuple[str, ...]
    """Where one of it goes: `board`, `supply` or `player N` (0-based); each player's
    starting coins are one template placed once per player."""
    footprint: tuple[float, float]


def guid(game_id: str, name: str) -> str:
    """The same 32 hex digits on every export, so a new export replaces the old template."""
    digest = hashlib.md5(f"{game_id}/{name}".encode(), usedforsecurity=False)
    return digest.hexdigest().upper()


def card_template(
    template_id: str, name: str, front: str, back: str, back_index: int, **fields: Any
) -> dict[str, Any]:
    """A `Card` template with the toolkit's defaults (a rounded playing card); `fields`
    override them (`Model`, `Width`, `Indices` ...)."""
    return {
        "Type": "Card",
        "GUID": template_id,
        "Name": name,
        "Metadata": "",
        "CollisionType": "Regular",
        "Friction": 0.7,
        "Restitution": 0,
        "Density": 0.5,
        "SurfaceType": "Cardboard",
        "Roughness": 1,
        "Metallic": 0,
        "PrimaryColor": {"R": 255, "G": 255, "B": 255},
        "SecondaryColor": {"R": 0, "G": 0, "B": 0},
        "Flippable": True,
        "AutoStraighten": False,
        "ShouldSnap": True,
        "ScriptName": "",
        "Blueprint": "",
        "Models": [],
        "Collision": [],
        "SnapPointsGlobal": False,
        "SnapPoints": [],
        "ZoomViewDirection": {"X": 0, "Y": 0, "Z": 0},
        "Tags": [],
        "FrontTexture": front,
        "BackTexture": back,
        "HiddenTexture": "",
        "BackIndex": back_index,
        "HiddenIndex": -1,
        "NumHorizontal": 1,
        "NumVertical": 1,
        "Width": 6.35,
        "Height": 8.89,
        "Thickness": 0.05,
        "HiddenInHand": True,
        "UsedWithCardHolders": True,
        "CanStack": True,
        "UsePrimaryColorForSide": False,
        "FrontTextureOverrideExposed": False,
        "AllowFlippedInStack": False,
        "MirrorBack": False,
        "EmissiveFront": False,
        "Model": "Rounded",
        "Indices": [0],
        "CardNames": {},
        "CardMetadata": {},
        "CardTags": {},
        **fields,
    }


def templates(
    cards: Cards, table: Table, package: str, target: Target, written: Written
) -> list[TtpPiece]:
    """A template per board and per kind of token for the table's players, their pictures
    written into the package's textures."""
    pieces = []
    for board in table.boards:
        name = f"board-{file_stem(board.component)}"
        texture = f"{package}/{name}.png"
        _save(board.image, texture, target, written)
        template = card_template(
            guid(cards.game_id, name),
            f"{cards.game_name}: {board.name}",
            texture,
            "",
            -1,
            Width=round(board.width / 10, 2),
            Height=round(board.height / 10, 2),
            Thickness=BOARD_THICKNESS,
            Model="Square",
            HiddenInHand=False,
            UsedWithCardHolders=False,
            CanStack=False,
            Flippable=False,
            CardNames={"0": board.name},
            Tags=["board"],
        )
        pieces.append(TtpPiece(name, template, ("board",), (board.width, board.height)))
    for kind in table.tokens:
        if kind.player is not None and kind.player >= table.players:
            continue
        name = f"token-{file_stem(kind.key)}"
        texture = f"{package}/{name}.png"
        _save(_cut(kind), texture, target, written)
        stacks = [(name, kind.count, f"player {kind.player}", kind.name)]
        if kind.player is None:
            stacks = [(name, table.left(kind), "supply", kind.name)]
            start = table.starting.get(kind.key, 0)
            if start:
                stacks.append((f"{name}-start", start, "", f"{kind.name}, a player's start"))
        for stem, count, row, title in stacks:
            rows = (row,) if row else tuple(f"player {p}" for p in range(table.players))
            template = _token_template(cards, kind, stem, title, texture, count)
            pieces.append(TtpPiece(stem, template, rows, (kind.size, kind.size)))
    return pieces


def _token_template(
    cards: Cards, kind: TokenKind, name: str, title: str, texture: str, count: int
) -> dict[str, Any]:
    """A stack of `count` tokens alike, shaped like the printed ones."""
    side = round(kind.size / 10, 2)
    red, green, blue = (int(kind.colour[i : i + 2], 16) for i in (1, 3, 5))
    player = None if kind.player is None else kind.player + 1
    return card_template(
        guid(cards.game_id, name),
        f"{cards.game_name}: {title}",
        texture,
        "",
        -1,
        Width=side,
        Height=side,
        Thickness=TOKEN_THICKNESS,
        Model="Round" if kind.shape == "coin" else "Square",
        PrimaryColor={"R": red, "G": green, "B": blue},
        UsePrimaryColorForSide=True,
        HiddenInHand=False,
        UsedWithCardHolders=False,
        Indices=[0] * count,
        CardNames={"0": kind.name},
        CardMetadata={"0": json.dumps({"token": kind.key, "player": player})},
        Tags=["token"],
    )


def _cut(kind: TokenKind) -> Image.Image:
    """The token's picture without the transparent border: the template's model gives the
    shape, the texture covers it edge to edge."""
    width, height = kind.image.size
    inset = round(width * EDGE / (1 + 2 * EDGE))
    return kind.image.crop((inset, inset, width - inset, height - inset)).convert("RGB")


def table_script(
    game_name: str, players: int, decks: list[tuple[str, Item]], pieces: list[TtpPiece]
) -> str:
    """The script that puts every template on the table at its place (centimetres; the
    table's x away from the players is the world's X, its x to the right the world's Y)."""
    ids = {item.key: template_id for template_id, item in decks}
    placed: dict[str, list[Item]] = {}
    for piece in pieces:
        for row in piece.rows:
            key = piece.name if len(piece.rows) == 1 else f"{piece.name}, {_words(row)}"
            ids[key] = piece.template["GUID"]
            placed.setdefault(row, []).append(Item(key, *piece.footprint))
    places = lay_out(
        [item for _, item in decks],
        placed.get("board", []),
        placed.get("supply", []),
        [placed.get(f"player {n}", []) for n in range(players)],
    )
    face_down = {item.key for _, item in decks}
    rows = [
        {
            "template": ids[place.key],
            "name": place.key,
            "x": round(place.y / 10, 2),
            "y": round(place.x / 10, 2),
            "faceDown": place.key in face_down,
        }
        for place in places
    ]
    data = json.dumps(rows, indent=2)
    title = json.dumps(f"{game_name}, {players} players")
    return f"""// {json.dumps(game_name)[1:-1]}: the table for {players} players (`toolkit export`).
// Run it once on an empty table: it puts every deck, board and stack of tokens at its place.
const {{ world, Vector, Rotator }} = require("@tabletop-playground/api");

const TITLE = {title};
const PIECES = {data};
const GAP_CM = {GAP / 10};

const z = world.getTableHeight() + 1;
for (const piece of PIECES) {{
  const made = world.createObjectFromTemplate(piece.template, new Vector(piece.x, piece.y, z));
  if (made === undefined) {{
    console.log(`${{TITLE}}: no template ${{piece.template}} (${{piece.name}})`);
    continue;
  }}
  made.setRotation(new Rotator(0, 0, piece.faceDown ? 180 : 0));
  made.snapToGround();
}}
console.log(`${{TITLE}}: ${{PIECES.length}} pieces laid out, ${{GAP_CM}} cm apart`);
"""


def _words(row: str) -> str:
    """`player 0` as players read it: `player 1`."""
    return f"player {int(row.split()[1]) + 1}" if row.startswith("player ") else row


def _save(image: Image.Image, name: str, target: Target, written: Written) -> None:
    path = f"Textures/{name}"
    save_png(image, target, path)
    written.files.append(path)
