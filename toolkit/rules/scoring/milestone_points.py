"""`milestone_points`: the victory points of every milestone the player reached on a track."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.content.models.base import Id
from toolkit.rules.scoring.base import PointsFn, RuleModel

if TYPE_CHECKING:
    from toolkit.engine.game import Compiler
    from toolkit.rules.context import CheckContext, Path, Words


class MilestonePoints(RuleModel):
    """The victory points of every milestone the player reached on a track."""

    rule: Literal["milestone_points"]
    track: Id
    """The track whose milestones score."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "track"), self.track, ctx.track_ids(), "track")

    def describe(self, words: Words) -> str:
        return f"the VP of the {words.track(self.track)} milestones reached"

    def compile(self, c: Compiler) -> PointsFn:
        t = c.track(self.track)
        milestones = [(m.at, m.points) for m in c.layout.tracks[t].milestones]
        return lambda state: [
            sum(points for at, points in milestones if state.track[p][t] >= at)
            for p in range(state.n)
        ]
