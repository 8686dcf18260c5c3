"""Priority strategies: bots written as ordered rules, like the buy rules of Dominion simulators.

A strategy is a list of rules tried in order. A rule is a preference over the legal actions
(`prefer: highest_field`, `prefer: wins_trick` ...), optionally gated by a condition of the rules
vocabulary (`when:`). The first rule whose condition holds and whose preference keeps at least
one legal action decides; ties go to chance. When no rule applies, the fallback bot decides.

Preferences look at the card an action plays, takes or picks, so they work for any game built
on the same mechanics: a trick's card (`play`, split into `lead` and `follow`), a card taken
from a shared zone (`acquire`: riding an attraction), a drafted card (`pick`, face up or down).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field

from toolkit.mechanics.registry import strategy_decisions
from toolkit.rules.conditions import Condition
from toolkit.schema.base import Id, Model, Scalar, Text
from toolkit.schema.filters import CardFilter, Measure
from toolkit.schema.limits import Number

if TYPE_CHECKING:
    DecisionKind = str
else:
    DecisionKind = Literal[strategy_decisions()]
"""What a player is deciding, as the registered mechanics name it: `play` a card to a trick
(`lead` it or `follow`), `pass` a card before the tricks, `name_trump` (its card is a card of
the suit named, so preferences on `suit` apply), `acquire` a card on offer (ride an
attraction), `pick` a card in a draft; in draw-and-play, `place` a card in an area, `discard`
it, or `take` the top card of a discard pile."""


class PreferenceBase(Model):
    """What every preference has: a gate, tie-breaks and a note."""

    when: Condition | None = None
    """Use this preference only while this condition holds for the player (the `check:`
    vocabulary of effects: compare a resource, track or card count; all, any, not)."""
    then: list[Preference] = Field(default_factory=list)
    """Tie-breaks: each narrows the actions this preference kept, in order; one that would
    keep none (or whose `when` fails) is skipped."""
    label: Text | None = None
    """The rule in words, for people reading the strategy."""


class CardPreference(PreferenceBase):
    """A preference over the cards that actions play, take or pick."""

    decision: DecisionKind | None = None
    """Only actions of this kind of decision; unset: any decision that involves a card."""
    where: CardFilter | None = None
    """Only actions whose card matches this filter (fields of the card's kind: `suit` and
    `rank` of a trick card, `points` or `cost` of an attraction, `colour` of a park card).
    For draft picks, `face_up: true` or `false` chooses the side; a face-down card shows no
    field, so the field-comparing preferences look at face-up picks unless it says `false`."""


class HighestField(CardPreference):
    """The actions whose card has the highest value of a numeric field (ride the attraction
    with the most points, lead the highest card)."""

    prefer: Literal["highest_field"]
    field: Id
    """The numeric card field compared (`rank`, `points`, `number`, `price`)."""


class LowestField(CardPreference):
    """The actions whose card has the lowest value of a numeric field (the cheapest card)."""

    prefer: Literal["lowest_field"]
    field: Id
    """The numeric card field compared (`rank`, `points`, `number`, `price`)."""


class FewestHeld(CardPreference):
    """The actions whose card has the field value the player holds fewest cards of in a zone
    (complete a pair of the scoring colours, ride a level not ridden yet)."""

    prefer: Literal["fewest_held"]
    field: Id
    """The card field whose values are counted (`colour`, `level`)."""
    zone: Id
    """The player's zone whose cards are counted (`park`, `ridden`)."""
    values: list[Scalar] | None = None
    """Only cards with one of these values; unset: any value."""


class MostHeld(CardPreference):
    """The actions whose card has the field value the player holds most cards of in a zone
    (build a majority, a long run, a large group)."""

    prefer: Literal["most_held"]
    field: Id
    """The card field whose values are counted (`colour`, `symbol`)."""
    zone: Id
    """The player's zone whose cards are counted (`park`, `ridden`)."""
    values: list[Scalar] | None = None
    """Only cards with one of these values; unset: any value."""


class MostPoints(CardPreference):
    """The actions that gain the player the most points right away, by the game's end scoring
    applied one step ahead (the greedy bot's look, restricted to some scoring steps). Keeps
    nothing when no action gains a point."""

    prefer: Literal["most_points"]
    sources: list[Text] | None = None
    """Only these end-scoring steps, by their `label` in the manifest's `scoring`; unset: all."""


class MostRoom(CardPreference):
    """The actions that leave the player the most room for later moves: in a draft onto a
    grid, the placement after which the open cells can still take the most card numbers (a
    card put where it squeezes the ascending order forces face-down cards later). Keeps every
    action when the game has no such notion (a trick)."""

    prefer: Literal["most_room"]


class WinsTrick(CardPreference):
    """The plays that would win the trick as it stands (only the cards already played count;
    a lead always does)."""

    prefer: Literal["wins_trick"]


class LosesTrick(CardPreference):
    """The plays that could not win the trick as it stands (a lead never does)."""

    prefer: Literal["loses_trick"]


class FaceUp(CardPreference):
    """Draft picks that place the card face up (paid for)."""

    prefer: Literal["face_up"]


class FaceDown(CardPreference):
    """Draft picks that place the card face down (free, but scores nothing of the card)."""

    prefer: Literal["face_down"]


class BidNear(PreferenceBase):
    """Bids: the legal bids nearest to a measure of the player plus `plus` (bid the number of
    high cards held, one fewer when cautious)."""

    prefer: Literal["bid_near"]
    measure: Measure
    """What the bid is judged by (`{count: hand, where: {rank: {at_least: 12}}}`)."""
    plus: Number = 0
    """Added to the measure before the nearest bid is taken."""


class Decline(PreferenceBase):
    """Decline an optional choice when declining is offered (ride nothing, swap nothing)."""

    prefer: Literal["decline"]


Preference = Annotated[
    HighestField
    | LowestField
    | FewestHeld
    | MostHeld
    | MostPoints
    | MostRoom
    | WinsTrick
    | LosesTrick
    | FaceUp
    | FaceDown
    | BidNear
    | Decline,
    Field(discriminator="prefer"),
]

PREFERENCES: tuple[type[PreferenceBase], ...] = (
    HighestField,
    LowestField,
    FewestHeld,
    MostHeld,
    MostPoints,
    MostRoom,
    WinsTrick,
    LosesTrick,
    FaceUp,
    FaceDown,
    BidNear,
    Decline,
)


class Strategy(Model):
    """A named bot: rules tried in order, and the built-in bot that decides when none applies."""

    id: Id
    """The bot's name on the command line (`--bots coaster-fan,random`)."""
    name: Text
    """The strategy as people read it."""
    description: Text | None = None
    """What the strategy tries to do."""
    rules: list[Preference] = Field(min_length=1)
    """Preferences tried in order; the first that applies and keeps a legal action decides."""
    fallback: Literal["greedy", "random"] = "greedy"
    """The built-in bot that decides when no rule applies."""


class StrategiesFile(Model):
    """Priority strategies of one game: bots that designers write as data."""

    kind: Literal["strategies"]
    strategies: list[Strategy] = Field(min_length=1)
    """Every strategy; each id becomes a bot name."""
