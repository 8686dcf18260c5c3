"""Conditions: yes/no questions about a player, used by `if` effects."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Model
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State


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


def compile_condition(condition: Condition, c: Compiler) -> Callable[[State, int], bool]:
    """A condition as a fast test of (state, player)."""
    if isinstance(condition, Compare):
        measure, value = c.measure(condition.measure), condition.value
        compare = _OPERATORS[condition.op]
        return lambda state, player: compare(measure(state, player), value)
    if isinstance(condition, AllOf):
        tests = [compile_condition(inner, c) for inner in condition.conditions]
        return lambda state, player: all(test(state, player) for test in tests)
    if isinstance(condition, AnyOf):
        tests = [compile_condition(inner, c) for inner in condition.conditions]
        return lambda state, player: any(test(state, player) for test in tests)
    inner = compile_condition(condition.condition, c)
    return lambda state, player: not inner(state, player)


_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "at_least": operator.ge,
    "at_most": operator.le,
    "equals": operator.eq,
    "more_than": operator.gt,
    "less_than": operator.lt,
}
