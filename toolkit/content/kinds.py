"""The registry of content kinds: the `kind:` value of a file, its model and its schema file."""

from __future__ import annotations

from pydantic import BaseModel

from toolkit.content.models.cards import (
    AttractionsFile,
    BonusCardsFile,
    ParkCardsFile,
    ProjectPlansFile,
    ScoringCardsFile,
    SuitsFile,
)
from toolkit.content.models.manifest import Game
from toolkit.content.models.position import EndPosition
from toolkit.content.models.strategies import StrategiesFile
from toolkit.content.models.variant import Variant
from toolkit.pnp.layout_model import PrintLayout

KINDS: dict[str, type[BaseModel]] = {
    "game": Game,
    "suits": SuitsFile,
    "attractions": AttractionsFile,
    "park-cards": ParkCardsFile,
    "project-plans": ProjectPlansFile,
    "scoring-cards": ScoringCardsFile,
    "bonus-cards": BonusCardsFile,
    "strategies": StrategiesFile,
    "end-position": EndPosition,
    "print-layout": PrintLayout,
    "variant": Variant,
}


def schema_file_name(kind: str) -> str:
    return f"{kind}.schema.json"
