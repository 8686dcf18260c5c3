"""`starting_player`: choose the starting player."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from toolkit.kernel.events import Event
from toolkit.rules.events import FirstPlayer
from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SETUP_STEPS.register
class StartingPlayer(StepModel):
    """Choose the starting player."""

    step: Literal["starting_player"]
    events: ClassVar[tuple[type[Event], ...]] = (FirstPlayer,)
    method: Literal["random", "first_seat"] = "random"
    """How the starting player is chosen."""

    def describe(self, words: Words) -> str:
        if self.method == "random":
            return "choose a random starting player"
        return "the first seat starts"

    def compile_step(self, c: Compiler) -> SetupFn:

        at_random = self.method == "random"

        def start(state: State) -> None:
            state.first_player = state.random().randrange(state.n) if at_random else 0
            state.log.append(FirstPlayer(state.first_player))

        return start
