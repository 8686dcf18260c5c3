"""Card kinds declared by the game: each kind's fields, their types, and the file holding them.

A game is not limited to the kinds of the games shipped with the toolkit: the manifest's
`card_kinds` says what a card of each kind carries, and cards are validated against that.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError, model_validator

from toolkit.schema.base import Id, Model, Scalar, Text
from toolkit.schema.empty import empty_dict
from toolkit.schema.limits import Cards, CardsOrNone, Number

FieldType = Literal[
    "int",
    "text",
    "bool",
    "id",
    "colour",
    "enum",
    "ref",
    "list",
    "map",
    "effects",
    "scoring",
    "shape",
    "image",
    "sides",
]
"""What a card field holds.

`int` a whole number; `text` words as printed; `bool` yes or no; `id` a name other rules can use;
`colour` #rrggbb; `enum` one of `choices` (or of the manifest's vocabulary for this field); `ref`
the id of a card of another kind, or of a track or resource (`of`); `list` several `items`;
`map` `keys` to `values`; `effects` what happens when the card acts (the effects vocabulary);
`scoring` scoring rules; `shape` rows of `#` (a cell) and `.` (none), the last row at the
bottom; `image` a picture file inside the project; `sides` the 1-2 sides of a double-sided
card, each with an `id` and the `fields` declared here.
"""

REF_TARGETS_BESIDES_KINDS = ("tracks", "resources", "zones", "slots")
"""What a `ref` field can point at apart from another card kind's ids."""


class FieldSpec(Model):
    """One field of a card kind: its type, whether cards must give it, and what it means."""

    type: FieldType
    """What the field holds."""
    description: Text | None = None
    """One line on what the field means; shown by editors and in the generated schema."""
    optional: bool = False
    """Cards may leave it out (it is then empty, or `default`)."""
    default: Scalar | list[Scalar] | dict[str, Scalar] | None = None
    """The value of cards that leave it out; giving one makes the field optional."""
    min: Number | None = None
    """For `int`: the lowest value allowed."""
    max: Number | None = None
    """For `int`: the highest value allowed."""
    choices: list[Id] | None = None
    """For `enum`: the allowed values (unset: the manifest's vocabulary for this field)."""
    of: Id | None = None
    """For `ref`: the card kind (or `tracks`, `resources`, `zones`, `slots`) whose ids it names."""
    items: FieldSpec | None = None
    """For `list`: what each item is."""
    min_items: CardsOrNone | None = None
    """For `list` and `sides`: the fewest items."""
    max_items: Cards | None = None
    """For `list` and `sides`: the most items."""
    keys: FieldSpec | None = None
    """For `map`: what each key is (`id`, `ref`, `enum`, `int`)."""
    values: FieldSpec | None = None
    """For `map`: what each value is."""
    fields: dict[Id, FieldSpec] | None = None
    """For `sides`: the fields of each side (besides its `id`)."""

    @model_validator(mode="after")
    def _parts_fit_the_type(self) -> FieldSpec:
        needs = {"ref": ("of",), "list": ("items",), "map": ("keys", "values")}
        for part in needs.get(self.type, ()):
            if getattr(self, part) is None:
                raise ValueError(f"a '{self.type}' field needs '{part}'")
        allowed = {
            "int": {"min", "max"},
            "enum": {"choices"},
            "ref": {"of"},
            "list": {"items", "min_items", "max_items"},
            "map": {"keys", "values"},
            "sides": {"fields", "min_items", "max_items"},
        }.get(self.type, set())
        for part in ("min", "max", "choices", "of", "items", "keys", "values", "fields"):
            if getattr(self, part) is not None and part not in allowed:
                raise ValueError(f"'{part}' does not apply to a '{self.type}' field")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"'min' ({self.min}) is above 'max' ({self.max})")
        if self.type == "sides" and self.fields is not None and "id" in self.fields:
            raise ValueError("every side has an 'id' already; do not declare it")
        return self

    @property
    def required(self) -> bool:
        return not self.optional and self.default is None


class CardKind(Model):
    """A kind of card the game uses: where its cards are and what each card carries.

    Every card has an `id`; `name`, if declared, is how people read it.
    """

    description: Text
    """One line on what these cards are, for designers and the generated schema."""
    file: Text
    """The YAML file holding the cards, relative to the manifest."""
    fields: dict[Id, FieldSpec] = Field(default_factory=empty_dict)
    """Each field a card of this kind has, besides its `id`."""

    @model_validator(mode="after")
    def _no_id_field(self) -> CardKind:
        if "id" in self.fields:
            raise ValueError("every card has an 'id' already; do not declare it")
        return self


def sound_declarations(data: Any) -> dict[str, CardKind]:
    """The card-kind declarations of a manifest's raw data that are valid alone: a manifest that
    fails validation, or one read only for the declarations (a card file checked alone)."""
    raw = data.get("card_kinds") if isinstance(data, dict) else None
    sound: dict[str, CardKind] = {}
    if isinstance(raw, dict):
        for kind, declaration in raw.items():
            try:
                sound[str(kind)] = CardKind.model_validate(declaration)
            except ValidationError:
                continue
    return sound
