"""`move`: the actions of the first kind of move, in the strategy's order, that is legal now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.preferences.base import Core, Option, PreferenceBase, StrategyChecks
from toolkit.rules.registry import PREFERENCES
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.context import Path
    from toolkit.rules.preferences.base import StrategyGame


@PREFERENCES.register
class MoveKind(PreferenceBase):
    """One kind of move before another (stop rather than draw again, pass rather than play),
    whatever card it involves: the actions of the first of `moves` the player may make now.
    With a `when` gate this is how a push-your-luck bot knows when to stop."""

    prefer: Literal["move"]
    moves: list[Id] = Field(min_length=1, max_length=20)
    """Decisions in order of preference, as the game names them (`stop`, `draw`, `pass`)."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        decisions = list(ctx.decisions())
        for index, name in enumerate(self.moves):
            ctx.known((*path, "moves", index), name, decisions, "decision")

    def compile(self, game: StrategyGame) -> Core:
        order = tuple(self.moves)

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            for name in order:
                kept = [option for option in options if option.decision == name]
                if kept:
                    return kept
            return []

        return core
