"""A manifest's vocabularies: the closed lists of values a card field may take.

Apart from the manifest's other models, so a card file checked alone reads its game's
vocabularies without building the `Game` and the rules it holds."""

from __future__ import annotations

from pydantic import Field

from toolkit.schema.base import Colour, Id, Model, Text


class VocabularyValue(Model):
    """One allowed value of a card field (a colour, a symbol)."""

    id: Id
    """The value as cards write it."""
    name: Text
    """The value as people read it."""
    colour: Colour | None = None
    """Colour used when printing this value."""
    mark: Id | None = None
    """An icon printed with the value (a shape: `circle`, `triangle`, `square`, `diamond`,
    `hexagon`), so players who cannot tell its colour from another's tell the cards apart."""


class Vocabulary(Model):
    """The closed list of values a card field may take, so typos are caught."""

    kind: Id
    """The card kind (declared under `card_kinds`) whose field this is."""
    field: Id
    """The card field (e.g. `colour`, `symbol`)."""
    values: list[VocabularyValue] = Field(min_length=1)
    """The allowed values."""
