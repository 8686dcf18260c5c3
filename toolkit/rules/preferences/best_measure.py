"""`best_measure`: the actions after which a measure of the player is best, one step ahead."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Literal

from toolkit.rules.preferences.base import Core, Option
from toolkit.rules.preferences.measured import MeasuredPreference
from toolkit.rules.registry import PREFERENCES

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.preferences.base import StrategyGame


@PREFERENCES.register
class BestMeasure(MeasuredPreference):
    """The actions after which a measure of the player is highest (`lowest: true`: lowest),
    one step ahead: throw back the card that leaves the least deadwood. The cards the player
    cannot see are dealt anew before looking, so a draw from a face-down pile is judged on a
    guess, never on the card it would really bring."""

    prefer: Literal["best_measure"]

    def compile(self, game: StrategyGame) -> Core:
        measure, mechanic = game.measure(self.measure), game.mechanic
        sign, decision = (-1 if self.lowest else 1), self.decision

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            chosen = [o for o in options if decision is None or o.decision == decision]
            if len(chosen) < 2:
                return chosen
            # A guess at the unseen cards, the same for every action compared (and for every
            # call at this point of the game, so the bot stays reproducible).
            seen = mechanic.determinize(state, player, random.Random(len(state.log)))
            values = [
                sign * measure(mechanic.preview(seen, player, o.action), player) for o in chosen
            ]
            best = max(values)
            return [o for o, value in zip(chosen, values, strict=True) if value == best]

        return core
