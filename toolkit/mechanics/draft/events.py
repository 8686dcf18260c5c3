"""The draft's own log events: picks, placements, shop actions, swaps and passes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from toolkit.kernel.events import Event
from toolkit.mechanics.draft.grid import Cell


@dataclass(frozen=True, slots=True)
class Picked(Event):
    """A hidden simultaneous choice: the reveal (`Placed`, `Taken`) tells it."""

    kind: ClassVar[str] = "pick"
    quiet: ClassVar[bool] = True
    player: int
    action: int


@dataclass(frozen=True, slots=True)
class Placed(Event):
    """A card placed in a park at a cell, face up or face down."""

    kind: ClassVar[str] = "place"
    player: int
    card: int
    cell: Cell
    face_down: bool


@dataclass(frozen=True, slots=True)
class Taken(Event):
    """A card paid for and added to a tableau."""

    kind: ClassVar[str] = "take"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class PickDiscarded(Event):
    """A tableau pick set aside by a player who could pay for nothing."""

    kind: ClassVar[str] = "discard-pick"
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class TableauDiscarded(Event):
    """Cards leaving a tableau at the end of a round (all but kept ones)."""

    kind: ClassVar[str] = "discard-tableau"
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardActed(Event):
    """A card's action resolves for the player holding it."""

    kind: ClassVar[str] = "card-action"
    owner: int
    card: int


@dataclass(frozen=True, slots=True)
class CardActionLapsed(Event):
    """A queued card left every park before its turn: it does nothing."""

    kind: ClassVar[str] = "card-action-lapsed"
    card: int


@dataclass(frozen=True, slots=True)
class ExtraPickStarted(Event):
    kind: ClassVar[str] = "extra-pick"


@dataclass(frozen=True, slots=True)
class HandsPassed(Event):
    kind: ClassVar[str] = "pass"
    direction: str
    """`left` or `right`."""


@dataclass(frozen=True, slots=True)
class Reversed(Event):
    """From now on hands pass the other way."""

    kind: ClassVar[str] = "reverse"


@dataclass(frozen=True, slots=True)
class HandSwapped(Event):
    """A hand card put in place of a park card, which goes to the hand."""

    kind: ClassVar[str] = "swap-hand"
    player: int
    cell: Cell
    old: int
    """The card taken back; ~card when it lay face down."""
    new: int


@dataclass(frozen=True, slots=True)
class OpponentSwapped(Event):
    kind: ClassVar[str] = "swap-opponent"
    player: int
    other: int
    mine: int
    theirs: int


EVENTS: tuple[type[Event], ...] = (
    Picked,
    Placed,
    Taken,
    PickDiscarded,
    TableauDiscarded,
    CardActed,
    CardActionLapsed,
    ExtraPickStarted,
    HandsPassed,
    Reversed,
    HandSwapped,
    OpponentSwapped,
)

EXTRA_PICK = ExtraPickStarted()
REVERSED = Reversed()
