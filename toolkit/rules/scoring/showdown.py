"""`showdown`: a challenger's measure against each other player's; the better scores the gap
(a knock in a rummy: the lower deadwood scores the difference, an undercut earns a bonus)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PointsFn, RuleModel
from toolkit.rules.words import printed_number
from toolkit.schema.filters import Measure
from toolkit.schema.limits import Number

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SCORING_RULES.register
class Showdown(RuleModel):
    """A player for whom `challenger` is at least 1 (the one who knocked) is compared with
    every other player by `measure`. When the challenger is strictly better, the challenger
    scores the difference; otherwise the other player scores it plus `defender_bonus` (an
    undercut). A challenger whose measure equals `perfect_at` scores `perfect_bonus` more per
    opponent and cannot be undercut. With no challenger nobody scores."""

    rule: Literal["showdown"]
    challenger: Measure
    """Who challenges: a player for whom this is at least 1 (a resource taken on knocking)."""
    measure: Measure
    """What is compared (`deadwood`)."""
    better: Literal["lowest", "highest"] = "lowest"
    """Which measure wins: the lowest (deadwood) or the highest."""
    defender_bonus: Number = 0
    """What a player who ties or beats the challenger scores on top of the difference."""
    perfect_at: Number | None = None
    """A challenger measuring exactly this (no deadwood: `0`) cannot be undercut."""
    perfect_bonus: Number = 0
    """With `perfect_at`: what a perfect challenger scores on top, per opponent."""

    def describe(self, words: Words) -> str:
        what = words.measure(self.measure)
        parts = [
            f"the player who challenges is compared with each other player by {what}: "
            f"the {self.better} scores the difference"
        ]
        if self.defender_bonus:
            parts.append(
                f"a player who ties or beats the challenger scores "
                f"{printed_number(self.defender_bonus)} more"
            )
        if self.perfect_at is not None:
            parts.append(
                f"a challenger at exactly {printed_number(self.perfect_at)} cannot be beaten"
                + (
                    f" and scores {printed_number(self.perfect_bonus)} more"
                    if self.perfect_bonus
                    else ""
                )
            )
        return "; ".join(parts)

    def compile(self, c: Compiler) -> PointsFn:
        challenger, measure = c.measure(self.challenger), c.measure(self.measure)
        sign = 1 if self.better == "highest" else -1
        bonus, perfect, perfect_bonus = self.defender_bonus, self.perfect_at, self.perfect_bonus

        def points(state: State) -> list[int]:
            scores = [0] * state.n
            values = [measure(state, p) for p in range(state.n)]
            for c_player in range(state.n):
                if challenger(state, c_player) < 1:
                    continue
                mine = values[c_player]
                for other in range(state.n):
                    if other == c_player or challenger(state, other) >= 1:
                        continue
                    gap = abs(mine - values[other])
                    if perfect is not None and mine == perfect:
                        scores[c_player] += gap + perfect_bonus
                    elif (mine - values[other]) * sign > 0:
                        scores[c_player] += gap
                    else:
                        scores[other] += gap + bonus
            return scores

        return points
