"""Conditions: yes/no questions about a player, used by `if` effects."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from toolkit.rules.primitive import Primitive, list_children
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words

_OPS = {
    "at_least": "at least",
    "at_most": "at most",
    "equals": "exactly",
    "more_than": "more than",
    "less_than": "less than",
}
"""Comparison operators as players read them."""


class Compare(Primitive):
    """Compare a measure of the player with a number (`coins >= 3`)."""

    check: Literal["compare"]
    measure: Measure
    """What to measure."""
    op: Literal["at_least", "at_most", "equals", "more_than", "less_than"]
    """How the measure relates to `value`."""
    value: int
    """The number to compare with."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.check_measure((*path, "measure"), self.measure)

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"{words.measure(self.measure)} {_OPS[self.op]} {self.value}"


class AllOf(Primitive):
    """True when every listed condition holds."""

    check: Literal["all"]
    conditions: list[Condition] = Field(min_length=1)
    """The conditions that must all hold."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        return " and ".join(inner.describe(words) for inner in self.conditions)

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        return list_children("conditions", self.conditions)


class AnyOf(Primitive):
    """True when at least one listed condition holds."""

    check: Literal["any"]
    conditions: list[Condition] = Field(min_length=1)
    """The conditions of which one must hold."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        return " or ".join(inner.describe(words) for inner in self.conditions)

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        return list_children("conditions", self.conditions)


class Not(Primitive):
    """True when the condition does not hold."""

    check: Literal["not"]
    condition: Condition
    """The condition to negate."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"not ({self.condition.describe(words)})"

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        yield ("condition",), self.condition


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
