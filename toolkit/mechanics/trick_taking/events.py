"""Trick-taking's own log events: plays, tricks, trump, passes and bids."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from toolkit.kernel.events import Event


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A card played to the trick (made once per player and card: see `play_events`)."""

    kind: ClassVar[str] = "play"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """The trick's winner and winning card (made once per pair, like plays)."""

    kind: ClassVar[str] = "trick"
    winner: int
    card: int


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """The card turned up for trump after the deal; -1 when none was left."""

    kind: ClassVar[str] = "trump-turned"
    card: int


@dataclass(frozen=True, slots=True)
class PassPicked(Event):
    """A card set aside to pass: hidden until the hand-over (`Passed`) tells it."""

    kind: ClassVar[str] = "pass-pick"
    quiet: ClassVar[bool] = True
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Passed(Event):
    kind: ClassVar[str] = "pass"
    giver: int
    receiver: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TrumpNamed(Event):
    kind: ClassVar[str] = "trump-named"
    player: int
    suit: int


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    kind: ClassVar[str] = "bid"
    player: int
    bid: int


EVENTS: tuple[type[Event], ...] = (
    Played,
    TrickWon,
    TrumpTurned,
    PassPicked,
    Passed,
    TrumpNamed,
    BidMade,
)
