"""`bid_near`: the legal bids nearest to a measure of the player."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.preferences.base import Core, Option, PreferenceBase, StrategyChecks
from toolkit.rules.registry import PREFERENCES
from toolkit.schema.filters import Measure
from toolkit.schema.limits import Number

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.context import Path
    from toolkit.rules.preferences.base import StrategyGame


@PREFERENCES.register
class BidNear(PreferenceBase):
    """Bids: the legal bids nearest to a measure of the player plus `plus` (bid the number of
    high cards held, one fewer when cautious)."""

    prefer: Literal["bid_near"]
    measure: Measure
    """What the bid is judged by (`{count: hand, where: {rank: {at_least: 12}}}`)."""
    plus: Number = 0
    """Added to the measure before the nearest bid is taken."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        ctx.check_measure((*path, "measure"), self.measure)
        decisions = ctx.decisions()
        if "bid" not in decisions:
            ctx.error(
                (*path, "prefer"),
                "invalid-value",
                f"'bid_near' chooses bids, which {ctx.game_id()} never asks for",
                f"its decisions: {', '.join(decisions)}",
            )

    def compile(self, game: StrategyGame) -> Core:
        measure, plus = game.measure(self.measure), self.plus

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            bids = [o for o in options if o.decision == "bid"]
            if not bids:
                return []
            target = measure(state, player) + plus
            nearest = min(abs(o.value - target) for o in bids)
            return [o for o in bids if abs(o.value - target) == nearest]

        return core
