"""`all`: every listed condition holds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.conditions.base import ConditionModel, TestFn
from toolkit.rules.primitive import Primitive, list_children
from toolkit.rules.registry import CONDITIONS

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.rules.conditions import Condition
    from toolkit.rules.context import Path, Words


@CONDITIONS.register
class AllOf(ConditionModel):
    """True when every listed condition holds."""

    check: Literal["all"]
    conditions: list[Condition] = Field(min_length=1)
    """The conditions that must all hold."""

    def describe(self, words: Words, *, names: bool = True) -> str:
        return " and ".join(inner.describe(words) for inner in self.conditions)

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        return list_children("conditions", self.conditions)

    def compile(self, c: Compiler) -> TestFn:
        tests = [inner.compile(c) for inner in self.conditions]
        return lambda state, player: all(test(state, player) for test in tests)
