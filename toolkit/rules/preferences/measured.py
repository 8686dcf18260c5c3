"""What the preferences that compare a measure share (`best_measure`, `player_measure`): the
measure, its direction, the decision they keep to, and their checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.rules.preferences.base import PreferenceBase, StrategyChecks
from toolkit.schema.base import Id
from toolkit.schema.filters import Measure

if TYPE_CHECKING:
    from toolkit.rules.context import Path


class MeasuredPreference(PreferenceBase):
    """A preference for the actions whose measure is highest (`lowest: true`: lowest)."""

    measure: Measure
    """What is compared (`{count: hand}`, `{deadwood: {...}}`)."""
    lowest: bool = False
    """Prefer the lowest value instead of the highest."""
    decision: Id | None = None
    """Only actions of this decision (a stage's or move's `decision` name); unset: every
    action the preference can compare."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        ctx.check_measure((*path, "measure"), self.measure)
        if self.decision is not None:
            ctx.known((*path, "decision"), self.decision, list(ctx.decisions()), "decision")
