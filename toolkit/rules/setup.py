"""Setup steps: how a game's table is laid out before the first turn, in order."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.content.models.base import Id, Model, Scalar


class OptionIs(Model):
    """A step applies only when a game option has a given value."""

    option: Id
    """The option's id (declared under `options`)."""
    equals: Scalar = True
    """The value that enables the step."""


class _Step(Model):
    when: OptionIs | None = None
    """Only run this step when an option has a value."""


class ChoosePerGroup(_Step):
    """Pick `count` random cards per group of a pool into a shared zone, respecting exclusions."""

    step: Literal["choose_per_group"]
    pool: Id
    """The content kind to choose from (e.g. `attractions`)."""
    group_by: Id
    """The card field that forms groups (e.g. `level`)."""
    count: int = Field(ge=1)
    """Cards chosen per group."""
    exclusive: list[list[Id]] = Field(default_factory=list)
    """Sets of card ids of which at most one may be chosen in the same game."""
    to: Id
    """The shared zone the chosen cards go to (e.g. `display`)."""


class DrawRandom(_Step):
    """Draw random cards from a pool into a table slot (a project plan, scoring or bonus cards)."""

    step: Literal["draw_random"]
    pool: Id
    """The content kind to draw from."""
    where: dict[str, Scalar | list[Scalar]] = Field(default_factory=dict)
    """Only cards whose fields match (e.g. `role: variable`)."""
    count: int = Field(default=1, ge=1)
    """How many cards are drawn."""
    side: Id | Literal["random"] | None = None
    """For double-sided cards: `random`, a side id, or unset to take it from `side_option`."""
    side_option: Id | None = None
    """An option whose value names the side to use."""
    min_players_field: Id | None = None
    """Card field naming the fewest players a card is used with; others are sorted out."""
    to: Id
    """The slot the cards go to."""


class PlaceCard(_Step):
    """Put a specific card from a pool into a table slot (the standard scoring card)."""

    step: Literal["place_card"]
    pool: Id
    """The content kind holding the card."""
    card: Id
    """The card's id."""
    to: Id
    """The slot it goes to."""


class StartingPlayer(_Step):
    """Choose the starting player."""

    step: Literal["starting_player"]
    method: Literal["random", "first_seat"] = "random"
    """How the starting player is chosen."""


class GiveResource(_Step):
    """Give every player an amount of a resource from the supply."""

    step: Literal["give_resource"]
    resource: Id
    """The resource."""
    amount: int = Field(ge=1)
    """How much each player receives."""


class Deal(_Step):
    """Shuffle the deck and deal cards to every player's hand.

    `count` deals that many each; without it the deck is dealt as evenly as possible and any
    extra cards stay face down out of play.
    """

    step: Literal["deal"]
    count: int | None = Field(default=None, ge=1)
    """Cards per player; unset deals the whole deck evenly."""
    to: Id = "hand"
    """The players' zone receiving the cards."""


SetupStep = Annotated[
    ChoosePerGroup | DrawRandom | PlaceCard | StartingPlayer | GiveResource | Deal,
    Field(discriminator="step"),
]
