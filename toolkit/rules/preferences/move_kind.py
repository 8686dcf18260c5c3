"""`move_kind`: prefer one kind of move to another (play before draw, draw before pass)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.rules.preferences.base import Core, PreferenceBase
from toolkit.rules.registry import PREFERENCES
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.context import Path
    from toolkit.rules.preferences.base import Option, StrategyChecks, StrategyGame


@PREFERENCES.register
class MoveKind(PreferenceBase):
    """Keep the moves of the first kind in `order` that has any legal move: a turn that may
    play, draw or pass plays when it can (`order: [play, draw, pass]`). Kinds are the
    decisions the game's moves name (`play`, `draw`, `take_all`, `pass`, `stop`, a move's own
    `decision` ...); `then` breaks ties among the moves kept."""

    prefer: Literal["move_kind"]
    order: list[Id] = Field(min_length=1, max_length=20)
    """The kinds of move, the most wanted first."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        decisions = list(ctx.decisions())
        for index, name in enumerate(self.order):
            ctx.known((*path, "order", index), name, decisions, "decision of this game")

    def compile(self, game: StrategyGame) -> Core:
        order = tuple(self.order)

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            for kind in order:
                kept = [option for option in options if option.decision == kind]
                if kept:
                    return kept
            return []

        return core
