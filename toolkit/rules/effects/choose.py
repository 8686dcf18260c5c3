"""`choose`: the player chooses one of several effect lists."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import Path, Words
    from toolkit.rules.effects.base import Effect
    from toolkit.rules.primitive import Primitive


@EFFECTS.register
class Choose(EffectModel):
    """The player chooses one of several effect lists."""

    effect: Literal["choose"]
    interactive: ClassVar[bool] = True
    options: list[list[Effect]] = Field(min_length=2)
    """The alternatives, each a list of effects."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        # The kernel's runtime is imported where a game compiles: validation never compiles.
        from toolkit.kernel.state import Decision

        compiled = [c.effects(option, cause) for option in self.options]
        choices = list(range(len(compiled)))

        def resolve(state: State, decision: Decision, action: int) -> None:
            state.run_effects(compiled[action], decision.player, decision.card)

        def choose(state: State, player: int, card: int) -> None:
            state.pending = Decision(player, "option", choices[:], resolve, [], card)

        return choose

    def describe(self, words: Words, *, names: bool = True) -> str:
        return " or ".join(words.effects(option, words=names) for option in self.options)

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        for o_index, option in enumerate(self.options):
            for index, effect in enumerate(option):
                yield ("options", o_index, index), effect
