"""The base of every condition: checked, described and compiled by itself.

Conditions that hold conditions (`all`, `any`, `not`) name the union `Condition`, resolved once
every condition is registered (`toolkit.content.models.primitives`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING

from toolkit.rules.primitive import Primitive

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State

TestFn = Callable[["State", int], bool]
"""A compiled condition: whether it holds for (state, player)."""


class ConditionModel(Primitive):
    """Base of every condition."""

    if TYPE_CHECKING:
        check: str
        """The tag naming the condition in YAML; each condition declares it as a `Literal`."""

    @abstractmethod
    def compile(self, c: Compiler) -> TestFn:
        """The condition as a fast test of (state, player)."""
