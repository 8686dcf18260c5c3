"""The manifest's `structure` for a draw-and-play game: where cards are drawn from, where
they are discarded, the players' areas and their placement rules."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from toolkit.mechanics.base import StructureModel
from toolkit.schema.amounts import RoundsAmount
from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_dict
from toolkit.schema.filters import CardFilter
from toolkit.schema.limits import Cards


class Discard(Model):
    """The public discard piles: one for the table, or one per value of a card field."""

    zone: Id | None = None
    """The single shared discard pile; unset when there is one pile per value of `by`."""
    by: Id | None = None
    """The card field that sends a card to its own pile (e.g. `colour`), with `piles`."""
    piles: dict[str, Id] = Field(default_factory=empty_dict)
    """With `by`: the shared zone of each value (`{red: discard-red, ...}`)."""


class Order(Model):
    """How the cards of one area must follow each other."""

    field: Id
    """The numeric card field compared."""
    direction: Literal["ascending", "descending"] = "ascending"
    """`ascending`: each card at least as high as the last one there; `descending`: at most."""
    strict: bool = False
    """Each card must be strictly higher (lower) than the last one, not merely as high."""
    exempt: CardFilter | None = None
    """Cards matching this filter ignore the order (e.g. `{wager: true}`)."""
    exempt_first: bool = True
    """Exempt cards may only be played while the area holds exempt cards only (wagers before
    any number); false lets them be played at any time."""


class Area(Model):
    """A player zone cards are played to, split into areas by a card field or whole."""

    zone: Id
    """The players' zone (e.g. `routes`)."""
    by: Id | None = None
    """One area per value of this card field (e.g. one route per `colour`); unset: the whole
    zone is one area."""
    order: Order | None = None
    """The placement rule within each area; unset: any card may follow any other."""


class DrawAndPlay(StructureModel):
    """Turns of play one card and draw one card, until the draw pile runs out."""

    mechanic: Literal["draw_and_play"]
    hand: Id = "hand"
    """The players' hand zone (dealt by the `deal` setup step)."""
    draw: Id
    """The shared zone holding the draw pile: the cards left after the deal, face down."""
    discard: Discard
    """Where discarded cards go; the top card of each pile may be taken instead of drawing."""
    areas: list[Area] = Field(min_length=1)
    """The player zones cards are played to, with their placement rules."""
    turn: Literal["play_then_draw", "draw_then_play"] = "play_then_draw"
    """The order of a turn's two steps: play (or discard) a card, then draw one; or draw
    first, then play."""
    hand_limit: Cards | None = None
    """The most cards a hand may hold: a player whose hand is full skips the draw. Unset: no
    limit."""
    retake_discard: bool = False
    """A player may take back the card they discarded in the same turn."""
    end_on_empty_draw: bool = True
    """The round ends right after the draw that empties the draw pile; false: once it is empty
    nobody draws or takes any more, and the round ends when the hands are played out."""
    rounds: RoundsAmount = 1
    """Rounds in a game; each gathers every card, reshuffles and deals again."""
