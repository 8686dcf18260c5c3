"""The staged mechanic's own log events: cards moved between zones, passes, stops, calls,
flips, awards, players finishing and the turn order changing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from toolkit.kernel.events import Event
from toolkit.mechanics.staged.rows import ZoneClosed
from toolkit.mechanics.staged.target_events import TARGET_EVENTS
from toolkit.mechanics.staged.wagers import WAGER_EVENTS


@dataclass(frozen=True, slots=True)
class CardsMoved(Event):
    """Cards went from one zone to another, by a player's move or by a stage (`player` -1 for
    none). Zones are ids; `owner` is whose player zone received them (-1: a shared zone)."""

    kind: ClassVar[str] = "move"
    player: int
    cards: tuple[int, ...]
    source: str
    target: str
    owner: int
    hidden: bool
    """Only the owner of the receiving zone sees which cards (drawn from a face-down pile)."""


@dataclass(frozen=True, slots=True)
class Picked(Event):
    """A hidden pick of a simultaneous stage (told by the reveal)."""

    kind: ClassVar[str] = "pick"
    quiet: ClassVar[bool] = True
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A player's picked cards shown."""

    kind: ClassVar[str] = "reveal"
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PassedTurn(Event):
    kind: ClassVar[str] = "pass-turn"
    player: int
    decision: str = "pass"
    """The pass move's decision name, when it has its own (knock, walk on)."""


@dataclass(frozen=True, slots=True)
class OptionTaken(Event):
    """A named option chosen (`option`: let it by, break it open)."""

    kind: ClassVar[str] = "option"
    player: int
    decision: str


@dataclass(frozen=True, slots=True)
class Stopped(Event):
    kind: ClassVar[str] = "stop"
    player: int


@dataclass(frozen=True, slots=True)
class ValueCalled(Event):
    kind: ClassVar[str] = "call"
    player: int
    field: str
    value: str


@dataclass(frozen=True, slots=True)
class Flipped(Event):
    kind: ClassVar[str] = "flip"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class Awarded(Event):
    """The best card in a zone won its cards for the player who played it (-1: nobody, a tie;
    with card -1, no player played the best card: it lay there by itself)."""

    kind: ClassVar[str] = "award"
    winner: int
    card: int
    zone: str


@dataclass(frozen=True, slots=True)
class FinishedPlace(Event):
    kind: ClassVar[str] = "finish"
    player: int
    place: int


@dataclass(frozen=True, slots=True)
class OrderChanged(Event):
    kind: ClassVar[str] = "order"
    reversed: bool
    skipped: int


@dataclass(frozen=True, slots=True)
class Stalled(Event):
    """Nobody could act for a whole round of turns: the round's play stops."""

    kind: ClassVar[str] = "stalled"


@dataclass(frozen=True, slots=True)
class Triggered(Event):
    """A round-end trigger held after a player's move."""

    kind: ClassVar[str] = "round-trigger"
    player: int


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """A player asked another for a value of `field` (as written), or for one named card
    (`card`, else -1); `given`: the cards handed over, face up (none: go fishing)."""

    kind: ClassVar[str] = "ask"
    player: int
    asked: int
    field: str
    value: str
    card: int
    given: tuple[int, ...]


STALLED = Stalled()

EVENTS: tuple[type[Event], ...] = (
    CardsMoved,
    Picked,
    Revealed,
    PassedTurn,
    OptionTaken,
    Stopped,
    ValueCalled,
    Flipped,
    Awarded,
    FinishedPlace,
    OrderChanged,
    Stalled,
    Triggered,
    *WAGER_EVENTS,
    Asked,
    *TARGET_EVENTS,
    ZoneClosed,
)
