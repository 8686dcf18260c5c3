"""`acquire`: take a card from a shared zone into one's own (ride an attraction, buy a card)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field

from toolkit.kernel.events import Event
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.events import Acquired
from toolkit.rules.parameters import check_declared
from toolkit.rules.primitive import list_children
from toolkit.rules.registry import EFFECTS
from toolkit.rules.words import singular
from toolkit.schema.base import Model
from toolkit.schema.empty import empty_list
from toolkit.schema.params import IntoPlayerZone, ResourceId, SharedZone, SourceField

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import EffectFn, State
    from toolkit.rules.context import CheckContext, Path, Words
    from toolkit.rules.effects.base import Effect
    from toolkit.rules.primitive import Primitive


class AcquireCost(Model):
    """What acquiring a card costs: a resource amount read from a card field."""

    resource: ResourceId
    """The resource paid, to the supply."""
    field: SourceField
    """The card field holding the price."""


class GroupLimit(Model):
    """At most `per_group` cards per value of `field`, until the player holds one of each value."""

    field: SourceField
    """The card field that groups cards (e.g. `level`)."""
    per_group: int = Field(default=1, ge=1)
    """How many cards of one group may be acquired while the limit holds."""
    lifted_when_all_groups: bool = True
    """Once the player has a card of every group, the limit no longer applies."""


@EFFECTS.register
class Acquire(EffectModel):
    """Take a card from a shared zone into one's own (ride an attraction, buy a card).

    Requirements are thresholds on tracks read from a card field mapping track ids to
    minimum positions; they are never spent. Cost discounts come from track modifiers.
    """

    effect: Literal["acquire"]
    events: ClassVar[tuple[type[Event], ...]] = (Acquired,)
    interactive: ClassVar[bool] = True
    source: SharedZone
    """The shared zone to take from (e.g. `display`)."""
    to: IntoPlayerZone
    """The player's zone the card goes to (e.g. `ridden`)."""
    optional: bool = True
    """The player may decline."""
    once_each: bool = True
    """A player may never acquire the same card twice."""
    stays_in_source: bool = True
    """The card stays in the source zone for others (markers, not cards, are placed)."""
    cost: AcquireCost | None = None
    """The price, paid to the supply after discounts."""
    requirements_field: SourceField | None = None
    """Card field mapping track ids to the minimum position the player needs."""
    group_limit: GroupLimit | None = None
    """A limit on how many cards per group may be acquired."""
    on_decline: list[Effect] = Field(default_factory=empty_list)
    """Effects when the player declines although a legal choice existed."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Every parameter by its declared type, then the requirements' tracks and values."""
        if not check_declared(self, ctx, path) or self.requirements_field is None:
            return
        if self.requirements_field in ctx.zone_fields(self.source):
            ctx.check_requirements(ctx.zone_kind(self.source) or "", self.requirements_field)

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        return _compile_acquire(self, c, cause)

    def describe(self, words: Words, *, names: bool = True) -> str:
        return f"1 {singular(words.zone_cards(self.source) or 'card')}"

    def children(self) -> Iterator[tuple[Path, Primitive]]:
        return list_children("on_decline", self.on_decline)


def _compile_acquire(spec: Acquire, c: Compiler, cause: str) -> EffectFn:
    """Acquire: compute the legal choices, ask the player, pay, take; decline penalties."""
    # The kernel's runtime is imported where a game compiles: validation never compiles.
    from toolkit.kernel.events import Declined, NothingToChoose
    from toolkit.kernel.state import DECLINE, Decision

    source, target = c.zone(spec.source), c.zone(spec.to)
    table = c.table(source.kind)
    src, dst = source.index, target.index
    cost_resource = c.resource(spec.cost.resource) if spec.cost is not None else -1
    costs = table.fields[spec.cost.field] if spec.cost is not None else (0,) * table.size
    requirements = tuple(
        tuple((c.track(t), v) for t, v in (table.fields[spec.requirements_field][k] or {}).items())
        if spec.requirements_field is not None
        else ()
        for k in range(table.size)
    )
    limit = spec.group_limit
    groups = table.fields[limit.field] if limit is not None else ()
    all_groups = frozenset(groups)
    per_group = limit.per_group if limit is not None else 0
    lifted_when_all = limit.lifted_when_all_groups if limit is not None else False
    limited_by_group = limit is not None  # the flag, not the model: play keeps no model
    decline = c.effects(spec.on_decline, f"declined ({cause})")
    once_each, stays, optional = spec.once_each, spec.stays_in_source, spec.optional
    # Made once per seat: a choice with nothing to take is logged on many tricks.
    nothing = tuple(NothingToChoose(p, source.kind) for p in range(c.max_players))
    declined = tuple(Declined(p, source.kind) for p in range(c.max_players))

    def price(state: State, player: int, card: int) -> int:
        if cost_resource < 0:
            return 0
        return max(0, costs[card] - state.game.discount(state, player, cost_resource))

    def legal(state: State, player: int) -> list[int]:
        """The cards the player may take now, in the source's order. Runs on every trick
        its suit wins: each card's tests inline, the cheapest first."""
        owned = state.zones[dst][player]
        positions = state.track[player]
        limited = False
        counts: dict[object, int] = {}
        if limited_by_group:
            for k in owned:
                counts[groups[k]] = counts.get(groups[k], 0) + 1
            limited = not (lifted_when_all and all_groups <= counts.keys())
        # What the player can pay: coins held plus the discount, the same for every card
        # (the milestones read once, not per card); a price is never below 0 and never
        # above this once the discount is taken off.
        budget = (
            state.res[player][cost_resource] + state.game.discount(state, player, cost_resource)
            if cost_resource >= 0
            else 0
        )
        choices = []
        for card in state.shared[src]:
            if (
                (once_each and card in owned)
                or (limited and counts.get(groups[card], 0) >= per_group)
                or costs[card] > budget
            ):
                continue
            for track, needed in requirements[card]:
                if positions[track] < needed:
                    break
            else:
                choices.append(card)
        return choices

    def resolve(state: State, decision: Decision, action: int) -> None:
        player = decision.player
        if action == DECLINE:
            state.stats.declined += 1
            state.log.append(declined[player])
            state.run_effects(decline, player, decision.card)
            return
        if cost_resource >= 0:
            state.pay(player, cost_resource, price(state, player, action))
        state.zones[dst][player].append(action)
        if not stays:
            state.shared[src].remove(action)
        state.stats.acquired.append((dst, player, action, state.turn))
        state.log.append(Acquired(player, source.kind, action))

    def acquire(state: State, player: int, card: int) -> None:
        choices = legal(state, player)
        if not choices:
            state.log.append(nothing[player])
            return
        if optional:
            choices.append(DECLINE)
        state.pending = Decision(player, source.kind, choices, resolve, [], card)

    return acquire
