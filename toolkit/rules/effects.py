"""Effects: what happens to the game when a card resolves, a milestone is reached, a round ends."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from toolkit.content.models.base import Id, Model
from toolkit.rules.conditions import Condition


class Gain(Model):
    """The player takes an amount of a resource from the supply (as far as the supply can pay)."""

    effect: Literal["gain"]
    resource: Id
    """The resource gained."""
    amount: int = Field(ge=1)
    """How much is gained."""


class Lose(Model):
    """The player returns an amount of a resource to the supply (as much as they hold)."""

    effect: Literal["lose"]
    resource: Id
    """The resource lost."""
    amount: int = Field(ge=1)
    """How much is lost."""


class Advance(Model):
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


class ByRank(Model):
    """A reward ladder: the effects depend on the rank of the card that resolves."""

    effect: Literal["by_rank"]
    tiers: list[RankTier] = Field(min_length=1)
    """The ladder's steps; together they must cover every rank of the deck exactly once."""


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


class Acquire(Model):
    """Take a card from a shared zone into one's own (ride an attraction, buy a card).

    Requirements are thresholds on tracks read from a card field mapping track ids to
    minimum positions; they are never spent. Cost discounts come from track modifiers.
    """

    effect: Literal["acquire"]
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


class CapResource(Model):
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


class ReversePassDirection(Model):
    """From now on, hands are passed the other way."""

    effect: Literal["reverse_pass_direction"]


class ExtraPick(Model):
    """Every player chooses, pays for and places one more card from their hand before passing."""

    effect: Literal["extra_pick"]
    all_players: bool = True
    """Every player picks (otherwise only the player who triggered it)."""


class SwapWithHand(Model):
    """Swap one of the player's placed cards with a card of their hand; the new card is free."""

    effect: Literal["swap_with_hand"]
    free: bool = True
    """The card placed from the hand costs nothing."""


class SwapWithOpponent(Model):
    """Swap one of the player's placed cards with another player's placed card."""

    effect: Literal["swap_with_opponent"]
    match_field: Id
    """Both cards must have the same value in this field (e.g. `number`)."""


class Choose(Model):
    """The player chooses one of several effect lists."""

    effect: Literal["choose"]
    options: list[list[Effect]] = Field(min_length=2)
    """The alternatives, each a list of effects."""


class If(Model):
    """Effects that apply only when a condition holds."""

    effect: Literal["if"]
    condition: Condition
    """The condition tested when the effect resolves."""
    then: list[Effect] = Field(min_length=1)
    """Effects when the condition holds."""
    otherwise: list[Effect] = Field(default_factory=list)
    """Effects when it does not."""


Effect = Annotated[
    Gain
    | Lose
    | Advance
    | ByRank
    | Acquire
    | CapResource
    | ReversePassDirection
    | ExtraPick
    | SwapWithHand
    | SwapWithOpponent
    | Choose
    | If,
    Field(discriminator="effect"),
]


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


for _model in (RankTier, ByRank, Acquire, Choose, If):
    _model.model_rebuild()
