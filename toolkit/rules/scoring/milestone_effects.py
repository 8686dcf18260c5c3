"""`milestone_effects`: apply the game-end effects of the milestones reached."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PointsFn, RuleModel
from toolkit.schema.params import TrackId

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SCORING_RULES.register
class MilestoneEffects(RuleModel):
    """Apply the game-end effects of milestones reached (a marker moved back); scores 0 itself."""

    rule: Literal["milestone_effects"]
    track: TrackId
    """The track whose milestones' game-end effects apply."""

    def describe(self, words: Words) -> str:
        return f"the game-end effects of the {words.track(self.track)} milestones reached"

    def compile(self, c: Compiler) -> PointsFn:
        t = c.track(self.track)
        milestones = [(m.at, m.at_game_end) for m in c.layout.tracks[t].milestones if m.at_game_end]

        def apply_effects(state: State) -> list[int]:
            for player in range(state.n):
                for at, effects in milestones:
                    if state.track[player][t] >= at:
                        state.run_effects(effects, player, -1)
            return [0] * state.n

        return apply_effects
