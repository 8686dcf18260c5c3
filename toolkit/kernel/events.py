"""The log's events as typed records: one small frozen class per kind of event.

A state's `log` is a list of `Event`s. Each class names its fields (what narration, the terminal
and bots read) and carries its `kind`, the word transcripts write first (`["play", 0, 12]`).
The events every game shares are declared here; a mechanic declares its own in its package
(`toolkit/mechanics/<name>/events.py`) and lists them in its kit's `events`.

Events are immutable, so one instance may be made once and shared: a hot loop keeps tables of
pre-built events (a trick's plays by player and card) instead of building one per move.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every log event."""

    kind: ClassVar[str] = "event"
    """The event's name in transcripts (`play`, `round-end`)."""
    quiet: ClassVar[bool] = False
    """Told in words by the event that follows it, not by itself (a hidden pick, a choice
    whose outcome is its own event): narration may give it no line."""

    def plain(self) -> list[Any]:
        """The event as JSON data: its kind, then its fields in order (tuples as lists)."""
        return [self.kind, *(_plain(getattr(self, f.name)) for f in fields(self))]


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(part) for part in value]
    return value


# -- the events of every game ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Chosen(Event):
    """A player answered a pending decision."""

    kind: ClassVar[str] = "choose"
    quiet: ClassVar[bool] = True
    player: int
    decision: str
    """The decision's kind: the card kind chosen from, `option`, or a mechanic's own."""
    action: int
    """The chosen card or option index; -1 to decline."""


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The deck was shuffled and dealt."""

    kind: ClassVar[str] = "deal"
    each: int
    out_of_play: int
    """Cards left over, face down."""


@dataclass(frozen=True, slots=True)
class Acquired(Event):
    """A player took a card of a kind (an `acquire` effect)."""

    kind: ClassVar[str] = "acquire"
    player: int
    card_kind: str
    card: int


@dataclass(frozen=True, slots=True)
class Declined(Event):
    """A player declined an optional choice."""

    kind: ClassVar[str] = "decline"
    player: int
    decision: str


@dataclass(frozen=True, slots=True)
class NothingToChoose(Event):
    """A choice had no option for the player: it was skipped."""

    kind: ClassVar[str] = "no-choice"
    player: int
    decision: str


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A player gave back resources over a cap."""

    kind: ClassVar[str] = "discard"
    player: int
    resource: int
    amount: int


@dataclass(frozen=True, slots=True)
class Shown(Event):
    """Setup laid cards face up on a shared zone."""

    kind: ClassVar[str] = "shown"
    zone: str
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SlotFilled(Event):
    """Setup placed content cards in a table slot."""

    kind: ClassVar[str] = "slot"
    slot: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class FirstPlayer(Event):
    """Setup chose who starts."""

    kind: ClassVar[str] = "first-player"
    player: int


@dataclass(frozen=True, slots=True)
class SetAside(Event):
    """Setup removed deck cards from the game face down."""

    kind: ClassVar[str] = "removed"
    count: int
    cards: tuple[int, ...]
    """The cards named by the rules (the random ones stay unknown)."""


@dataclass(frozen=True, slots=True)
class RoundEnded(Event):
    kind: ClassVar[str] = "round-end"
    round: int


@dataclass(frozen=True, slots=True)
class RoundScored(Event):
    """Round scoring banked points, by player."""

    kind: ClassVar[str] = "round-score"
    round: int
    points: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    kind: ClassVar[str] = "game-end"


GAME_ENDED = GameEnded()
"""The one `game-end` event (it has no fields)."""

CORE_EVENTS: tuple[type[Event], ...] = (
    Chosen,
    Dealt,
    Acquired,
    Declined,
    NothingToChoose,
    Discarded,
    Shown,
    SlotFilled,
    FirstPlayer,
    SetAside,
    RoundEnded,
    RoundScored,
    GameEnded,
)
"""The events any game may log, whatever its mechanic."""
