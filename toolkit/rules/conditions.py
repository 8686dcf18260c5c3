"""Conditions: yes/no questions about a player, used by `if` effects."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.content.models.base import Model
from toolkit.rules.filters import Measure


class Compare(Model):
    """Compare a measure of the player with a number (`coins >= 3`)."""

    check: Literal["compare"]
    measure: Measure
    """What to measure."""
    op: Literal["at_least", "at_most", "equals", "more_than", "less_than"]
    """How the measure relates to `value`."""
    value: int
    """The number to compare with."""


class AllOf(Model):
    """True when every listed condition holds."""

    check: Literal["all"]
    conditions: list[Condition] = Field(min_length=1)
    """The conditions that must all hold."""


class AnyOf(Model):
    """True when at least one listed condition holds."""

    check: Literal["any"]
    conditions: list[Condition] = Field(min_length=1)
    """The conditions of which one must hold."""


class Not(Model):
    """True when the condition does not hold."""

    check: Literal["not"]
    condition: Condition
    """The condition to negate."""


Condition = Annotated[Compare | AllOf | AnyOf | Not, Field(discriminator="check")]

for _model in (AllOf, AnyOf, Not):
    _model.model_rebuild()
