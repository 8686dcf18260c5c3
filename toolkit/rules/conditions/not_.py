"""`not`: the condition does not hold."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from toolkit.rules.conditions.base import ConditionModel, TestFn
from toolkit.rules.primitive import Primitive
from toolkit.rules.registry import CONDITIONS

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.conditions import Condition
    from toolkit.rules.context import Path, Words


@CONDITIONS.register
class Not(ConditionModel):
    """True when the condition does not hold."""

    check: Literal["not"]
    condition: Condition
    """The condition to negate."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"not ({self.condition.describe(words)})"

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        yield ("condition",), self.condition

    def compile(self, c: Compiler) -> TestFn:
        inner = self.condition.compile(c)
        return lambda state, player: not inner(state, player)
