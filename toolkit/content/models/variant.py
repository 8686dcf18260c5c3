"""A variant: a small overlay that changes a game without copying it."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model, Scalar, Text
from toolkit.schema.empty import empty_dict, empty_list


class SetValue(Model):
    """Replace one value, found by a path of keys and ids."""

    path: Text
    """`<file>/<id or key>/...`: the file is `game` (the manifest) or a card kind, then card
    ids, keys, or list positions, e.g. `attractions/ferris-wheel/cost` or
    `game/tracks/fame/milestones/1/points`."""
    value: Any
    """The new value, checked like the original file's values."""


class AddCard(Model):
    """Add a card to a content file."""

    kind: Id
    """The card kind receiving the card."""
    card: dict[str, Any]
    """The card, written as in its content file."""


class RemoveCard(Model):
    """Remove a card from a content file."""

    kind: Id
    """The card kind losing the card."""
    id: Id
    """The card's id."""


class Variant(Model):
    """Changes to one game: values set by path, cards added or removed, options switched."""

    kind: Literal["variant"]
    game: Id
    """The game this variant changes."""
    name: Text
    """A short name, shown in comparisons."""
    description: Text | None = None
    """What the change is meant to test."""
    set: list[SetValue] = Field(default_factory=empty_list)
    """Values to replace."""
    add: list[AddCard] = Field(default_factory=empty_list)
    """Cards to add."""
    remove: list[RemoveCard] = Field(default_factory=empty_list)
    """Cards to remove."""
    options: dict[Id, Scalar] = Field(default_factory=empty_dict)
    """New defaults for rule options, by option id."""
