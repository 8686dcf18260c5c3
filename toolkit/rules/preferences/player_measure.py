"""`player_measure`: among the actions that choose a player (a target, the player asked), those
choosing the player whose measure is highest (or lowest)."""

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
class PlayerMeasure(MeasuredPreference):
    """The actions choosing the player whose measure is highest (`lowest: true`: lowest):
    strike the player with the most cards in hand, the leader in points. What the chooser
    cannot see is dealt anew before measuring, so a measure of hidden cards is a guess, never
    the cards themselves. Actions that choose nobody are left out; none: it does not apply."""

    prefer: Literal["player_measure"]

    def compile(self, game: StrategyGame) -> Core:
        measure, mechanic = game.measure(self.measure), game.mechanic
        sign, decision = (-1 if self.lowest else 1), self.decision

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            chosen = [
                o for o in options if o.seat >= 0 and (decision is None or o.decision == decision)
            ]
            if len(chosen) < 2:
                return chosen
            # the same guess at the unseen cards for every option (the bot stays reproducible)
            seen = mechanic.determinize(state, player, random.Random(len(state.log)))
            values = {seat: sign * measure(seen, seat) for seat in {o.seat for o in chosen}}
            best = max(values.values())
            return [o for o in chosen if values[o.seat] == best]

        return core
