"""`milestone_points`: the victory points of every milestone the player reached on a track."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PlayerPointsFn, PlayerRuleModel
from toolkit.schema.params import TrackId

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import Words


@SCORING_RULES.register
class MilestonePoints(PlayerRuleModel):
    """The victory points of every milestone the player reached on a track."""

    rule: Literal["milestone_points"]
    track: TrackId
    """The track whose milestones score."""

    def describe(self, words: Words) -> str:
        return f"the VP of the {words.track(self.track)} milestones reached"

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        t = c.track(self.track)
        track = c.layout.tracks[t]
        milestones = [(m.at, m.points) for m in track.milestones]

        def reached(position: int) -> int:
            return sum(points for at, points in milestones if position >= at)

        # Markers stay on the track (moves are clamped), so every position's points are
        # read off a table; a position set outside the track is still scored by the rule.
        low, high = track.min, track.max
        by_position = tuple(reached(position) for position in range(low, high + 1))

        def points(state: State, player: int) -> int:
            at = state.track[player][t]
            return by_position[at - low] if low <= at <= high else reached(at)

        return points
