"""Modifiers: lasting changes a milestone grants (a discount on a cost)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model


class Discount(Model):
    """An ongoing reduction of a cost, granted by a milestone."""

    modifier: Literal["discount"]
    applies_to: Literal["acquire"] = "acquire"
    """Which effect's cost is reduced."""
    resource: Id
    """The resource whose cost is reduced."""
    amount: int = Field(ge=1)
    """How much less is paid (never below zero)."""


Modifier = Annotated[Discount, Field(discriminator="modifier")]
