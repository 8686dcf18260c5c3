"""Draw-and-play's own log events: plays to areas, discards, draws and takes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from toolkit.kernel.events import Event


@dataclass(frozen=True, slots=True)
class StockFormed(Event):
    """The cards left after the deal form the draw pile."""

    kind: ClassVar[str] = "stock"
    count: int


@dataclass(frozen=True, slots=True)
class PlayedTo(Event):
    """A card played to one of the player's areas."""

    kind: ClassVar[str] = "place"
    player: int
    card: int
    area: int


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    kind: ClassVar[str] = "discard-card"
    player: int
    card: int
    pile: int


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A card drawn from the draw pile (only its drawer sees which)."""

    kind: ClassVar[str] = "draw"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class TookFromPile(Event):
    """The top card of a discard pile taken into the hand."""

    kind: ClassVar[str] = "take"
    player: int
    card: int
    pile: int


@dataclass(frozen=True, slots=True)
class HandFull(Event):
    kind: ClassVar[str] = "hand-full"
    player: int


@dataclass(frozen=True, slots=True)
class PileEmpty(Event):
    kind: ClassVar[str] = "pile-empty"


@dataclass(frozen=True, slots=True)
class Stalled(Event):
    """Nobody can play or draw any more."""

    kind: ClassVar[str] = "stalled"


EVENTS: tuple[type[Event], ...] = (
    StockFormed,
    PlayedTo,
    CardDiscarded,
    Drew,
    TookFromPile,
    HandFull,
    PileEmpty,
    Stalled,
)

PILE_EMPTY = PileEmpty()
STALLED = Stalled()
