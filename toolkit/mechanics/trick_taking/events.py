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


@dataclass(frozen=True, slots=True)
class CallPassed(Event):
    """A player passed in a calling round."""

    kind: ClassVar[str] = "call-pass"
    player: int


@dataclass(frozen=True, slots=True)
class TrumpCalled(Event):
    """A player made trump: ordered the turned card up (`ordered`) or named a suit."""

    kind: ClassVar[str] = "trump-called"
    player: int
    suit: int
    alone: bool
    ordered: bool


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """The dealer discarded a card face down after picking up (only the dealer knows it)."""

    kind: ClassVar[str] = "discard"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class ContractScored(Event):
    """The makers' tricks at the round's end: made (their points) or not (the defenders')."""

    kind: ClassVar[str] = "contract"
    maker: int
    tricks: int
    made: bool
    points: int


EVENTS: tuple[type[Event], ...] = (
    Played,
    TrickWon,
    TrumpTurned,
    PassPicked,
    Passed,
    TrumpNamed,
    BidMade,
    CallPassed,
    TrumpCalled,
    Discarded,
    ContractScored,
)
