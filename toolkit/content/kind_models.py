"""Validation models built from a game's card-kind declarations.

Each declared kind becomes a strict, frozen pydantic model made at load time, so declared cards
get the same positioned diagnostics, did-you-mean hints and JSON Schemas as the fixed kinds.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, Field, StringConstraints, create_model

from toolkit.content.models.card_kinds import CardKind, FieldSpec
from toolkit.schema.base import Colour, Id, Model, Text
from toolkit.schema.limits import MAX_NUMBER, MAX_SHAPE_SIDE

_CONTAINERS = ("list", "map", "effects", "scoring", "shape", "sides")
"""Field types whose left-out value is empty rather than nothing, so rules can loop over it."""

CARD_LIST_KEY = "cards"
"""Every card file lists its cards under this key."""

_FILE_MODELS: dict[tuple[Any, ...], type[BaseModel]] = {}
"""File models already built, by kind, declaration, vocabularies and closedness."""


# Types built at run time from declarations: typed `Any` so the checker does not read them as
# static annotations.
_LIST: Any = list
_DICT: Any = dict
_LITERAL: Any = Literal
_ANNOTATED: Any = Annotated


def _shape_rows(rows: list[str]) -> list[str]:
    for number, row in enumerate(rows, start=1):
        if not row or set(row) - {"#", "."}:
            raise ValueError(f"row {number} ('{row}') may contain only '#' and '.'")
    if "#" not in rows[-1]:
        raise ValueError("the last row lies at the bottom and needs a cell")
    return rows


def shape_cells(rows: list[str]) -> list[tuple[int, int]]:
    """(row, column) of every cell of a shape, row 0 at the top."""
    return [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"]


ShapeRows = Annotated[
    list[Annotated[str, StringConstraints(max_length=MAX_SHAPE_SIDE)]],
    Field(min_length=1, max_length=MAX_SHAPE_SIDE),
    AfterValidator(_shape_rows),
]
"""Rows of `#` (a cell) and `.` (none), top to bottom."""


def _rules_list(kind_type: str) -> Any:
    """An `effects` or `scoring` field's type: a list of the union of every effect (the
    mechanics' too) or scoring rule. The unions are imported here, by the first declaration
    that holds one, since building them builds every rules primitive's and mechanic's model: a
    card file of plain fields, checked alone, never pays for them."""
    from toolkit.content.models.primitives import Effect, ScoringRule

    if kind_type == "effects":
        return list[Effect]
    return Annotated[list[ScoringRule], Field(min_length=1)]


def model_name(kind: str, suffix: str = "") -> str:
    """`park-cards` -> `ParkCards`: the name a kind's model takes in schemas."""
    words = kind.replace("_", "-").split("-")
    return "".join(word[:1].upper() + word[1:] for word in words if word) + suffix


class KindModels:
    """Builds, per declared kind, the model of one card and of the file holding them."""

    def __init__(
        self,
        vocabularies: dict[tuple[str, str], list[str]],
        *,
        close_vocabularies: bool = True,
        component_ids: dict[str, list[str]] | None = None,
    ) -> None:
        self.vocabularies = vocabularies
        self.component_ids = component_ids or {}
        """The manifest's ids that `ref` fields may name (`tracks`, `resources` ...): listed in
        the schema so editors complete them."""
        """Allowed values by (kind, field), from the manifest's `vocabularies`."""
        self.close_vocabularies = close_vocabularies
        """Whether a vocabulary's values are enforced by the model (schemas, a file alone), or
        left to the game's checks, which report a stray value and still check the rest."""

    def annotation(self, kind: str, name: str, spec: FieldSpec) -> Any:
        """The Python type a declared field validates as."""
        kind_type = spec.type
        if kind_type == "int":
            low = -MAX_NUMBER if spec.min is None else spec.min
            high = MAX_NUMBER if spec.max is None else spec.max
            return Annotated[int, Field(ge=low, le=high)]
        if kind_type in ("text", "image"):
            return Text
        if kind_type == "bool":
            return bool
        if kind_type == "ref" and self.close_vocabularies:
            known = self.component_ids.get(spec.of or "")
            return _LITERAL[tuple(known)] if known else Id
        if kind_type in ("id", "ref"):
            return Id
        if kind_type == "colour":
            return Colour
        if kind_type == "enum":
            choices = spec.choices or (
                self.vocabularies.get((kind, name)) if self.close_vocabularies else None
            )
            return _LITERAL[tuple(choices)] if choices else Id
        if kind_type == "list":
            assert spec.items is not None
            item = self.annotation(kind, name, spec.items)
            limits = Field(min_length=spec.min_items, max_length=spec.max_items)
            return _ANNOTATED[_LIST[item], limits]
        if kind_type == "map":
            assert spec.keys is not None and spec.values is not None
            key = self.annotation(kind, name, spec.keys)
            value = self.annotation(kind, name, spec.values)
            return _DICT[key, value]
        if kind_type in ("effects", "scoring"):
            return _rules_list(kind_type)
        if kind_type == "shape":
            return ShapeRows
        assert kind_type == "sides"
        side = self.record(model_name(kind, "Side"), kind, spec.fields or {}, "One side.")
        limits = Field(min_length=spec.min_items or 1, max_length=spec.max_items or 2)
        return _ANNOTATED[_LIST[side], limits]

    def record(
        self, name: str, kind: str, fields: dict[str, FieldSpec], doc: str
    ) -> type[BaseModel]:
        """A model with an `id` and the declared fields."""
        definitions: dict[str, Any] = {
            "id": (Id, Field(description="How rules, setup and transcripts refer to it."))
        }
        for field_name, spec in fields.items():
            annotation = self.annotation(kind, field_name, spec)
            if spec.required:
                definitions[field_name] = (annotation, Field(description=spec.description))
            elif spec.default is not None:
                definitions[field_name] = (
                    annotation,
                    Field(default=spec.default, description=spec.description),
                )
            elif spec.type in _CONTAINERS:
                factory = dict if spec.type == "map" else list
                definitions[field_name] = (
                    annotation,
                    Field(default_factory=factory, description=spec.description),
                )
            else:
                definitions[field_name] = (
                    annotation | None,
                    Field(default=None, description=spec.description),
                )
        model = create_model(name, __base__=Model, __doc__=doc, **definitions)
        return model

    def card_model(self, kind: str, declaration: CardKind) -> type[BaseModel]:
        return self.record(
            model_name(kind, "Card"), kind, declaration.fields, declaration.description
        )

    def file_model(self, kind: str, declaration: CardKind) -> type[BaseModel]:
        """The model of a whole card file: `kind:` and the list of cards. Built once per
        declaration and process: simulation workers and tools load the same game often."""
        vocabularies = tuple(sorted((k, tuple(v)) for k, v in self.vocabularies.items()))
        components = tuple(sorted((k, tuple(v)) for k, v in self.component_ids.items()))
        key = (
            kind,
            repr(declaration),  # all of it, without building CardKind's serializer
            vocabularies,
            components,
            self.close_vocabularies,
        )
        if key not in _FILE_MODELS:
            _FILE_MODELS[key] = self._file_model(kind, declaration)
        return _FILE_MODELS[key]

    def _file_model(self, kind: str, declaration: CardKind) -> type[BaseModel]:
        card = self.card_model(kind, declaration)
        return create_model(
            model_name(kind, "File"),
            __base__=Model,
            __doc__=f"The {kind} cards of the game. {declaration.description}",
            kind=(_LITERAL[kind], Field(description=f"Always '{kind}'.")),
            cards=(
                _LIST[card],
                Field(min_length=1, description=f"Every card of kind '{kind}'."),
            ),
        )
