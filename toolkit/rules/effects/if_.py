"""`if`: effects that apply only when a condition holds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.primitive import list_children
from toolkit.rules.registry import EFFECTS
from toolkit.schema.empty import empty_list

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.conditions import Condition
    from toolkit.rules.context import Path, Words
    from toolkit.rules.effects.base import Effect
    from toolkit.rules.primitive import Primitive


@EFFECTS.register
class If(EffectModel):
    """Effects that apply only when a condition holds."""

    effect: Literal["if"]
    condition: Condition
    """The condition tested when the effect resolves."""
    then: list[Effect] = Field(min_length=1)
    """Effects when the condition holds."""
    otherwise: list[Effect] = Field(default_factory=empty_list)
    """Effects when it does not."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        test = self.condition.compile(c)
        then, otherwise = c.effects(self.then, cause), c.effects(self.otherwise, cause)

        def branch(state: State, player: int, card: int) -> None:
            state.run_effects(then if test(state, player) else otherwise, player, card)

        return branch

    def describe(self, words: Words, *, names: bool = True) -> str:
        text = f"if {words.condition(self.condition)}: {words.effects(self.then)}"
        if self.otherwise:
            text += f", otherwise {words.effects(self.otherwise)}"
        return text

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        yield ("condition",), self.condition
        yield from list_children("then", self.then)
        yield from list_children("otherwise", self.otherwise)
