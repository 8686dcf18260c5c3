"""The `play` section of a staged position: where the round's stages stand and what they
remember. Only the model: validation reads it without the interpreter."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_dict, empty_list

Seat = Annotated[int, Field(ge=1, le=12)]
"""A seat, counted from 1."""
Counter = Annotated[int, Field(ge=0, le=1_000_000)]


class Called(Model):
    """A value called for a field of a pile's top card."""

    field: Id
    """The card field the value is called for (`colour`)."""
    value: str
    """The value called, as the cards write it (`green`)."""


class Asked(Model):
    """What asking showed about one player's hidden zone: it holds some of these cards, or
    none of them."""

    zone: Id
    """The player zone (the hand)."""
    holds: Literal["some", "none"]
    """At least one of the cards is there (`some`: they asked for it), or none is."""
    cards: list[Id] = Field(min_length=1, max_length=10_000)
    """The cards (every card of the value asked for)."""


class StagedPlay(Model):
    """Where a staged round stands. Every key has a default: a position that only deals
    cards waits at the round's first decision, for the player `to_move` names."""

    at: str | None = None
    """The decision stage in play, by its place in `structure` (`round/2/turn/0`, as a saved
    position writes it); default: the round's first `choose` or `simultaneous` stage."""
    direction: Literal["clockwise", "counterclockwise"] | None = None
    """Turn order now (a reverse card may have turned it); default: the structure's."""
    passed: list[Seat] = Field(default_factory=empty_list)
    """Seats that passed in the turns in play."""
    finished: list[Seat] = Field(default_factory=empty_list)
    """Seats that finished this round, first place first."""
    winner: Seat | None = None
    """The winner of the last `award`."""
    last_mover: Seat | None = None
    """The last player who moved cards onto a shared zone."""
    target: Seat | None = None
    """The player the last `target` stage chose (`who: target`)."""
    played_by: dict[Id, Seat] = Field(default_factory=empty_dict)
    """Who moved each card lying in a shared zone there (a trick's cards), by card id."""
    last_play: dict[Id, list[Id]] = Field(default_factory=empty_dict)
    """Per shared zone, the cards of the last play onto it (what the next play must beat)."""
    called: dict[Id, Called] = Field(default_factory=empty_dict)
    """Per shared zone, the field and value called for its top card."""
    known: list[list[Id]] = Field(default_factory=empty_list)
    """Per seat, the cards everyone saw enter that player's hidden zones."""
    picks: list[list[Id]] = Field(default_factory=empty_list)
    """Per seat, the cards picked (hidden) in the simultaneous stage in play."""
    reveal: list[Seat] = Field(default_factory=empty_list)
    """The seats whose picks are being revealed, in the order their stages run (`loops`
    counts how many have begun)."""
    moved: list[Id] = Field(default_factory=empty_list)
    """The cards of the last move (what a `card` check reads; a card just put on a pile that
    a `draw` with `take_back: false` may not take back)."""
    choosing: list[Id] = Field(default_factory=empty_list)
    """The cards chosen so far of a move of several cards (by the player to move)."""
    choosing_move: Counter | None = None
    """The move (its place among the stage's moves, from 0) those cards are chosen for."""
    trigger: Seat | None = None
    """The player whose move held a round-end trigger with one more turn each."""
    skip: Counter = 0
    """Players the next turn passes over."""
    loops: list[Counter] = Field(default_factory=empty_list)
    """The loops' counters, as a saved position writes them; default: every loop just begun."""
    idle: Counter = 0
    """Turns in a row in which nobody could decide."""
    chips: dict[Id, dict[Id, Counter]] = Field(default_factory=empty_dict)
    """Per shared zone, the resources lying on it (the pot), by resource id."""
    given: dict[Id, dict[Id, list[Counter]]] = Field(default_factory=empty_dict)
    """Per shared zone, per resource, what each seat put on it this round: a showdown splits
    the pot by it into side pots."""
    stakes: list[Counter] = Field(default_factory=empty_list)
    """Per seat, their stake in the betting round (or bid in the auction) in play."""
    matched: list[Seat] = Field(default_factory=empty_list)
    """Seats that acted since the last bet or raise of the betting round in play."""
    raises: Counter = 0
    """Raises made in the betting round in play."""
    folded: list[Seat] = Field(default_factory=empty_list)
    """Seats that folded this round, or were put out of it (`eliminate`)."""
    out: list[Seat] = Field(default_factory=empty_list)
    """Seats that dropped out of the auction in play."""
    bids: list[Annotated[int, Field(ge=-1, le=1_000_000)]] = Field(default_factory=empty_list)
    """Per seat, their hidden bid in the sealed bid in play (-1: not bid yet)."""
    got: bool = False
    """Whether the last `ask` got cards, or the last `capture` took some."""
    asked: list[list[Asked]] = Field(default_factory=empty_list)
    """Per seat, what asking showed about their hidden cards (search bots deal around it)."""
    closed: list[Id] = Field(default_factory=empty_list, max_length=100)
    """The shared zones closed until the round ends (a row taken by a `take_all` with
    `closes: round`)."""
