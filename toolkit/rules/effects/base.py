"""The base of every effect, the core ones in this package and those a mechanic brings.

The effects that hold other effects (`choose`, `if`, ...) name the union `Effect`, resolved in
the content layer (`toolkit.content.models.primitives`) once every registered mechanic's
effects are known, so a mechanic's effect may sit inside a `choose` without this package
knowing it.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING, ClassVar

from toolkit.rules.primitive import Primitive

if TYPE_CHECKING:
    from typing import TypeAlias

    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn

    Effect: TypeAlias = "EffectModel"
    """Any effect model; at run time the discriminated union built in the content layer."""


class EffectModel(Primitive):
    """Base of every effect: check, compile, describe and children, in one class."""

    if TYPE_CHECKING:
        effect: str
        """The tag naming the effect in YAML; each effect declares it as a `Literal`."""

    interactive: ClassVar[bool] = False
    """The effect asks a player to choose, so cleanup and game-end effects cannot use it."""
    deck_fields: ClassVar[tuple[str, ...]] = ()
    """Its parameters that name a field of the deck's cards (checked against the deck)."""

    @abstractmethod
    def compile(self, c: Compiler, cause: str) -> EffectFn:
        """The effect as a closure over the state."""
