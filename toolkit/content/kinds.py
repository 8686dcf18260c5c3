"""The fixed content kinds (a file's `kind:` value) and their models; card kinds are declared
by each game (`card_kinds` in its manifest) instead."""

from __future__ import annotations

from pydantic import BaseModel

from toolkit.content.models.manifest import Game
from toolkit.content.models.position import EndPosition, Position
from toolkit.content.models.print_layout import PrintLayout
from toolkit.content.models.strategies import StrategiesFile
from toolkit.content.models.variant import Variant

KINDS: dict[str, type[BaseModel]] = {
    "game": Game,
    "strategies": StrategiesFile,
    "end-position": EndPosition,
    "position": Position,
    "print-layout": PrintLayout,
    "variant": Variant,
}


def schema_file_name(kind: str) -> str:
    return f"{kind}.schema.json"
