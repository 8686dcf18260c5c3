"""Effects: what happens to the game when a card resolves, a milestone is reached, a round ends.

These are the effects every game may use. A mechanic adds its own (a draft's extra pick) in
its package; the union a content file is validated against is assembled above this layer
(`toolkit.content.models.effects`) from these and the registered mechanics' effects. The
effects that hold other effects (`choose`, `if`, ...) name that union `Effect`, resolved there,
so a mechanic's effect may sit inside a `choose` without this module knowing the mechanic.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from toolkit.kernel.state import DECLINE, Decision, EffectFn, State
from toolkit.rules.conditions import Condition
from toolkit.schema.base import Id, Model

if TYPE_CHECKING:
    from typing import TypeAlias

    from toolkit.kernel.compiling import Compiler

    Effect: TypeAlias = "EffectModel"
    """Any effect model; at run time the discriminated union built in the content layer."""


class EffectModel(Model):
    """Base of every effect, the core ones here and those a mechanic brings."""

    interactive: ClassVar[bool] = False
    """The effect asks a player to choose, so cleanup and game-end effects cannot use it."""
    deck_fields: ClassVar[tuple[str, ...]] = ()
    """Its parameters that name a field of the deck's cards (checked against the deck)."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        """The effect as a closure over the state; every effect overrides this."""
        raise NotImplementedError(type(self).__name__)


class Gain(EffectModel):
    """The player takes an amount of a resource from the supply (as far as the supply can pay)."""

    effect: Literal["gain"]
    resource: Id
    """The resource gained."""
    amount: int = Field(ge=1)
    """How much is gained."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        resource, amount = c.resource(self.resource), self.amount

        def gain(state: State, player: int, card: int) -> None:
            state.gain(player, resource, amount)

        return gain


class Lose(EffectModel):
    """The player returns an amount of a resource to the supply (as much as they hold)."""

    effect: Literal["lose"]
    resource: Id
    """The resource lost."""
    amount: int = Field(ge=1)
    """How much is lost."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        resource, amount = c.resource(self.resource), self.amount

        def lose(state: State, player: int, card: int) -> None:
            state.pay(player, resource, amount)

        return lose


class Advance(EffectModel):
    """Move the player's marker on a track; negative amounts move it back. Clamped to the track."""

    effect: Literal["advance"]
    track: Id
    """The track to move on."""
    amount: int
    """Steps to move: positive forward, negative back."""

    @model_validator(mode="after")
    def _moves(self) -> Advance:
        if self.amount == 0:
            raise ValueError("'amount' of 0 moves nothing")
        return self

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        track, amount = c.track(self.track), self.amount

        def advance(state: State, player: int, card: int) -> None:
            state.advance(player, track, amount, cause)

        return advance


class RankRange(Model):
    """An inclusive range of card ranks."""

    low: int
    """The lowest rank in the range."""
    high: int
    """The highest rank in the range."""

    @model_validator(mode="after")
    def _ordered(self) -> RankRange:
        if self.low > self.high:
            raise ValueError(f"'low' ({self.low}) is above 'high' ({self.high})")
        return self


class RankTier(Model):
    """One step of a reward ladder: the effects for a range of ranks."""

    ranks: RankRange
    """The ranks this step covers."""
    effects: list[Effect] = Field(min_length=1)
    """What the winner of a trick with such a card gets."""


class ByRank(EffectModel):
    """A reward ladder: the effects depend on the rank of the card that resolves."""

    effect: Literal["by_rank"]
    tiers: list[RankTier] = Field(min_length=1)
    """The ladder's steps; together they must cover every rank of the deck exactly once."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        ranks = c.table("deck").fields["rank"]
        by_rank: dict[int, tuple[EffectFn, ...]] = {}
        for tier in self.tiers:
            compiled = c.effects(tier.effects, cause)
            for rank in set(ranks):
                if tier.ranks.low <= rank <= tier.ranks.high:
                    by_rank[rank] = compiled
        per_card = tuple(by_rank.get(rank, ()) for rank in ranks)

        def ladder(state: State, player: int, card: int) -> None:
            state.run_effects(per_card[card], player, card)

        return ladder


class AcquireCost(Model):
    """What acquiring a card costs: a resource amount read from a card field."""

    resource: Id
    """The resource paid, to the supply."""
    field: Id
    """The card field holding the price."""


class GroupLimit(Model):
    """At most `per_group` cards per value of `field`, until the player holds one of each value."""

    field: Id
    """The card field that groups cards (e.g. `level`)."""
    per_group: int = Field(default=1, ge=1)
    """How many cards of one group may be acquired while the limit holds."""
    lifted_when_all_groups: bool = True
    """Once the player has a card of every group, the limit no longer applies."""


class Acquire(EffectModel):
    """Take a card from a shared zone into one's own (ride an attraction, buy a card).

    Requirements are thresholds on tracks read from a card field mapping track ids to
    minimum positions; they are never spent. Cost discounts come from track modifiers.
    """

    effect: Literal["acquire"]
    interactive: ClassVar[bool] = True
    source: Id
    """The shared zone to take from (e.g. `display`)."""
    to: Id
    """The player's zone the card goes to (e.g. `ridden`)."""
    optional: bool = True
    """The player may decline."""
    once_each: bool = True
    """A player may never acquire the same card twice."""
    stays_in_source: bool = True
    """The card stays in the source zone for others (markers, not cards, are placed)."""
    cost: AcquireCost | None = None
    """The price, paid to the supply after discounts."""
    requirements_field: Id | None = None
    """Card field mapping track ids to the minimum position the player needs."""
    group_limit: GroupLimit | None = None
    """A limit on how many cards per group may be acquired."""
    on_decline: list[Effect] = Field(default_factory=list)
    """Effects when the player declines although a legal choice existed."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        return _compile_acquire(self, c, cause)


class CapResource(EffectModel):
    """Discard a resource above a cap, with a penalty per discarded unit."""

    effect: Literal["cap_resource"]
    resource: Id
    """The capped resource."""
    max: int = Field(ge=0)
    """The most a player may keep."""
    penalty_track: Id | None = None
    """Track advanced as a penalty for discarding."""
    penalty_per: int = Field(default=1, ge=1)
    """One penalty step per this many discarded units."""
    rounding: Literal["up", "down"] = "up"
    """How a partial group of discarded units counts."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        resource, cap, per = c.resource(self.resource), self.max, self.penalty_per
        track = c.track(self.penalty_track) if self.penalty_track is not None else -1
        round_up = self.rounding == "up"
        reason = f"{c.layout.resources[resource].name} over {cap}"

        def cap_resource(state: State, player: int, card: int) -> None:
            excess = state.res[player][resource] - cap
            if excess <= 0:
                return
            state.pay(player, resource, excess)
            state.log.append(("discard", player, resource, excess))
            if track >= 0:
                penalty = -(-excess // per) if round_up else excess // per
                if penalty:
                    state.advance(player, track, penalty, reason)

        return cap_resource


class Choose(EffectModel):
    """The player chooses one of several effect lists."""

    effect: Literal["choose"]
    interactive: ClassVar[bool] = True
    options: list[list[Effect]] = Field(min_length=2)
    """The alternatives, each a list of effects."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        compiled = [c.effects(option, cause) for option in self.options]
        choices = list(range(len(compiled)))

        def resolve(state: State, decision: Decision, action: int) -> None:
            state.run_effects(compiled[action], decision.player, decision.card)

        def choose(state: State, player: int, card: int) -> None:
            state.pending = Decision(player, "option", choices[:], resolve, [], card)

        return choose


class If(EffectModel):
    """Effects that apply only when a condition holds."""

    effect: Literal["if"]
    condition: Condition
    """The condition tested when the effect resolves."""
    then: list[Effect] = Field(min_length=1)
    """Effects when the condition holds."""
    otherwise: list[Effect] = Field(default_factory=list)
    """Effects when it does not."""

    def compile(self, c: Compiler, cause: str) -> EffectFn:
        from toolkit.rules.conditions import compile_condition

        test = compile_condition(self.condition, c)
        then, otherwise = c.effects(self.then, cause), c.effects(self.otherwise, cause)

        def branch(state: State, player: int, card: int) -> None:
            state.run_effects(then if test(state, player) else otherwise, player, card)

        return branch


CORE_EFFECTS: tuple[type[EffectModel], ...] = (
    Gain,
    Lose,
    Advance,
    ByRank,
    Acquire,
    CapResource,
    Choose,
    If,
)
"""The effects of every game; mechanics register theirs beside these."""

HOLDS_EFFECTS: tuple[type[Model], ...] = (RankTier, ByRank, Acquire, Choose, If)
"""Models with effect lists inside: rebuilt once the whole effect union is known."""


class Discount(Model):
    """An ongoing reduction of a cost, granted by a milestone."""

    modifier: Literal["discount"]
    applies_to: Literal["acquire"] = "acquire"
    """Which effect's cost is reduced."""
    resource: Id
    """The resource whose cost is reduced."""
    amount: int = Field(ge=1)
    """How much less is paid (never below zero)."""


Modifier = Annotated[Discount, Field(discriminator="modifier")]


def _short_of(positions: list[int], requirements: tuple[tuple[int, int], ...]) -> bool:
    """Whether a player's track positions miss any (track, minimum) requirement."""
    for track, needed in requirements:  # noqa: SIM110 (hot path: faster than any(generator))
        if positions[track] < needed:
            return True
    return False


def _compile_acquire(spec: Acquire, c: Compiler, cause: str) -> EffectFn:
    """Acquire: compute the legal choices, ask the player, pay, take; decline penalties."""
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
    decline = c.effects(spec.on_decline, f"declined ({cause})")
    once_each, stays, optional = spec.once_each, spec.stays_in_source, spec.optional

    def price(state: State, player: int, card: int) -> int:
        if cost_resource < 0:
            return 0
        return max(0, costs[card] - state.game.discount(state, player, cost_resource))

    def legal(state: State, player: int) -> list[int]:
        owned = state.zones[dst][player]
        held = state.res[player][cost_resource] if cost_resource >= 0 else 0
        positions = state.track[player]
        counts: dict[object, int] = {}
        if limit is not None:
            for k in owned:
                counts[groups[k]] = counts.get(groups[k], 0) + 1
        limited = limit is not None and not (lifted_when_all and all_groups <= counts.keys())
        # The discount is the same for every card: read the milestones once, not per card.
        discount = state.game.discount(state, player, cost_resource) if cost_resource >= 0 else 0
        choices = []
        for card in state.shared[src]:
            if once_each and card in owned:
                continue
            if limited and counts.get(groups[card], 0) >= per_group:
                continue
            if cost_resource >= 0 and max(0, costs[card] - discount) > held:
                continue
            if _short_of(positions, requirements[card]):
                continue
            choices.append(card)
        return choices

    def resolve(state: State, decision: Decision, action: int) -> None:
        player = decision.player
        if action == DECLINE:
            state.stats.declined += 1
            state.log.append(("decline", player, source.kind))
            state.run_effects(decline, player, decision.card)
            return
        if cost_resource >= 0:
            state.pay(player, cost_resource, price(state, player, action))
        state.zones[dst][player].append(action)
        if not stays:
            state.shared[src].remove(action)
        state.stats.acquired.append((dst, player, action, state.turn))
        state.log.append(("acquire", player, source.kind, action))

    def acquire(state: State, player: int, card: int) -> None:
        choices = legal(state, player)
        if not choices:
            state.log.append(("no-choice", player, source.kind))
            return
        if optional:
            choices.append(DECLINE)
        state.pending = Decision(player, source.kind, choices, resolve, [], card)

    return acquire
