"""`cap_resource`: discard a resource above a cap, with a penalty per discarded unit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from toolkit.kernel.events import Event
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.events import Discarded
from toolkit.rules.registry import EFFECTS
from toolkit.schema.params import ResourceId, TrackId

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import Words


@EFFECTS.register
class CapResource(EffectModel):
    """Discard a resource above a cap, with a penalty per discarded unit."""

    effect: Literal["cap_resource"]
    events: ClassVar[tuple[type[Event], ...]] = (Discarded,)
    resource: ResourceId
    """The capped resource."""
    max: int = Field(ge=0)
    """The most a player may keep."""
    penalty_track: TrackId | None = None
    """Track advanced as a penalty for discarding."""
    penalty_per: int = Field(default=1, ge=1)
    """One penalty step per this many discarded units."""
    rounding: Literal["up", "down"] = "up"
    """How a partial group of discarded units counts."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        # The kernel's runtime is imported where a game compiles: validation never compiles.

        resource, cap, per = c.resource(self.resource), self.max, self.penalty_per
        track = c.track(self.penalty_track) if self.penalty_track is not None else -1
        round_up = self.rounding == "up"
        reason = f"{c.layout.resources[resource].name} over {cap}"

        def cap_resource(state: State, player: int, card: int) -> None:
            excess = state.res[player][resource] - cap
            if excess <= 0:
                return
            state.pay(player, resource, excess)
            state.log.append(Discarded(player, resource, excess))
            if track >= 0:
                penalty = -(-excess // per) if round_up else excess // per
                if penalty:
                    state.advance(player, track, penalty, reason)

        return cap_resource

    def describe(self, words: Words, *, names: bool = True) -> str:
        text = f"keep at most {self.max} {words.resource(self.resource)}"
        if self.penalty_track is not None:
            text += (
                f"; +1 {words.track(self.penalty_track)} per {self.penalty_per} "
                f"discarded, rounded {self.rounding}"
            )
        return text
