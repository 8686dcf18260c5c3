"""The `play` section of a trick-taking position: the phase, the trick so far, trump, bids
and passed cards. Only the model: validation reads it without loading the machine."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_list

Seat = Annotated[int, Field(ge=1, le=16, description="A player's seat, counted from 1.")]


class TrickPlay(Model):
    """Where a round of tricks stands."""

    phase: Literal[
        "play",
        "passing",
        "naming trump",
        "bidding",
        "calling",
        "calling a suit",
        "discarding",
    ] = "play"
    """The phase of the round; the phases before play are the game's own (passing, bidding,
    naming trump)."""
    trick_number: Annotated[int, Field(ge=1, le=1000)] | None = None
    """The trick in play, counted from 1 in the round; default: from the cards in hand."""
    trick: list[Id] = Field(default_factory=empty_list)
    """The cards of the trick so far, in the order played; who played them follows from
    whose turn it is."""
    leader: Seat | None = None
    """Who led the round's first trick (and leads the phases before play); default: the
    seat after the first player for each round played, or whose turn it is."""
    trump: Id | None = None
    """This round's trump suit; default: the game's trump, or the turned-up card's suit."""
    turned_up: Id | None = None
    """The card turned up for trump (the first card left over by the deal)."""
    broken: bool | None = None
    """Whether the suit that must be broken has been played this round; default: whether
    one of its cards lies in the trick or a won pile."""
    bids: list[Annotated[int, Field(ge=0, le=1000)] | None] = Field(default_factory=empty_list)
    """Each player's bid this round, in seat order; null before they bid."""
    passing: list[list[Id]] = Field(default_factory=empty_list)
    """The cards each player has set aside to pass, in seat order (while passing)."""
    passed: list[list[Id]] = Field(default_factory=empty_list)
    """The cards each player handed over this round, in seat order: its giver and its
    receiver know where they are."""
    maker: Seat | None = None
    """Who made trump this round (called or named it); default: nobody yet."""
    alone: bool = False
    """The maker went alone: their partners sit out the round, holding no cards."""
    picked_up: bool = False
    """The dealer picked up the turned-up card (it is in the dealer's hand, or played)."""
    tricks_taken: list[Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=empty_list)
    """With a contract: the tricks each player won this round, in seat order."""
