"""`compare`: a measure of the player against a number (`coins >= 3`)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

from toolkit.rules.conditions.base import ConditionModel, TestFn
from toolkit.rules.registry import CONDITIONS
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.context import Words

_OPS = {
    "at_least": "at least",
    "at_most": "at most",
    "equals": "exactly",
    "more_than": "more than",
    "less_than": "less than",
}
"""Comparison operators as players read them."""

_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    "at_least": operator.ge,
    "at_most": operator.le,
    "equals": operator.eq,
    "more_than": operator.gt,
    "less_than": operator.lt,
}


@CONDITIONS.register
class Compare(ConditionModel):
    """Compare a measure of the player with a number (`coins >= 3`)."""

    check: Literal["compare"]
    measure: Measure
    """What to measure."""
    op: Literal["at_least", "at_most", "equals", "more_than", "less_than"]
    """How the measure relates to `value`."""
    value: int
    """The number to compare with."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"{words.measure(self.measure)} {_OPS[self.op]} {self.value}"

    def compile(self, c: Compiler) -> TestFn:
        measure, value = c.measure(self.measure), self.value
        compare = _OPERATORS[self.op]
        return lambda state, player: compare(measure(state, player), value)
