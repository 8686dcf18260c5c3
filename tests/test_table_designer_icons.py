"""The page's table draws a resource's icon as the cards print it: the designer's own picture
(`icon_files` in the layout) in place of the built-in drawing, and none when that picture
cannot be drawn (`validate` says why), never the built-in one in its stead."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import pytest

pytest.importorskip("pypdfium2")

from PIL import Image
from shipped_project import copy_project, edit

from toolkit.record.transcripts import LoadedGame
from toolkit.serve.table_pictures import table_pictures

RED = (200, 30, 30)


def _icons(root: Path) -> dict[str, str]:
    return table_pictures(LoadedGame.load(str(root / "rules" / "midway-memories.yaml"))).icons


def _middle(address: str) -> tuple[int, int, int]:
    data = base64.b64decode(address.split(",", 1)[1])
    picture = Image.open(io.BytesIO(data)).convert("RGB")
    return picture.getpixel((picture.width // 2, picture.height // 2))  # type: ignore[return-value]


def test_a_designers_icon_file_is_the_icon_in_the_page(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    built_in = _icons(root)["coins"]
    assert _middle(built_in) != RED
    art = root / "cards" / "midway-memories" / "art" / "coin.png"
    Image.new("RGB", (16, 16), RED).save(art, "PNG")
    layout = root / "print" / "midway-memories" / "layout.yaml"
    edit(
        layout,
        "icons:\n",
        "icon_files:\n  coin: ../../cards/midway-memories/art/coin.png\nicons:\n",
    )
    mine = _icons(root)
    assert mine["coins"] != built_in
    assert all(abs(a - b) <= 8 for a, b in zip(_middle(mine["coins"]), RED, strict=True))
    assert set(mine) == set(_icons(copy_project(tmp_path / "again")))  # the other icons stay


def test_a_designers_icon_that_cannot_be_drawn_is_left_out(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    art = root / "cards" / "midway-memories" / "art" / "coin.png"
    art.write_bytes(b"not a picture")
    layout = root / "print" / "midway-memories" / "layout.yaml"
    edit(
        layout,
        "icons:\n",
        "icon_files:\n  coin: ../../cards/midway-memories/art/coin.png\nicons:\n",
    )
    assert "coins" not in _icons(root)  # the layout's error is `validate`'s to tell
