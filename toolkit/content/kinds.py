"""The fixed content kinds (a file's `kind:` value) and their models; card kinds are declared
by each game (`card_kinds` in its manifest) instead.

A kind's model is imported when a file of that kind is read: checking a game and its cards
never pays for the models of print layouts, positions or variants."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from pydantic import BaseModel


def _game() -> type[BaseModel]:
    from toolkit.content.models.manifest import Game

    return Game


def _strategies() -> type[BaseModel]:
    from toolkit.content.models.strategies import StrategiesFile

    return StrategiesFile


def _end_position() -> type[BaseModel]:
    from toolkit.content.models.position import EndPosition

    return EndPosition


def _position() -> type[BaseModel]:
    from toolkit.content.models.position import Position

    return Position


def _print_layout() -> type[BaseModel]:
    from toolkit.content.models.print_layout import PrintLayout

    return PrintLayout


def _variant() -> type[BaseModel]:
    from toolkit.content.models.variant import Variant

    return Variant


class _Kinds(Mapping[str, type[BaseModel]]):
    """Kind to model, in a fixed order; a model is imported when first looked up."""

    def __init__(self, models: dict[str, Callable[[], type[BaseModel]]]) -> None:
        self._models = models

    def __getitem__(self, kind: str) -> type[BaseModel]:
        return self._models[kind]()

    def __contains__(self, kind: object) -> bool:
        return kind in self._models  # without importing the model

    def __iter__(self) -> Iterator[str]:
        return iter(self._models)

    def __len__(self) -> int:
        return len(self._models)


KINDS: Mapping[str, type[BaseModel]] = _Kinds(
    {
        "game": _game,
        "strategies": _strategies,
        "end-position": _end_position,
        "position": _position,
        "print-layout": _print_layout,
        "variant": _variant,
    }
)


def fixed_kind_model(kind: str, data: Any) -> type[BaseModel]:
    """The model a file of a fixed kind is checked by: a manifest's is the `Game` of its own
    mechanic, which its data names (`manifest.game_model`); any other kind's is its one model."""
    if kind == "game":
        from toolkit.content.models.manifest import game_model

        return game_model(data)
    return KINDS[kind]


def schema_file_name(kind: str) -> str:
    return f"{kind}.schema.json"
