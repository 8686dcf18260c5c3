"""The log's events as typed records: one small frozen class per kind of event.

A state's `log` is a list of `Event`s. Each class names its fields (what narration, the terminal
and bots read) and carries its `kind`, the word transcripts write first (`["play", 0, 12]`).
The events of the game's flow and of decisions every game has are declared here; a rules
primitive declares the events it logs beside itself, with their words (`words`), and lists them
in its `events`; a mechanic declares its own in its package
(`toolkit/mechanics/<name>/events.py`) and lists them in its kit's `events`.

Events are immutable, so one instance may be made once and shared: a hot loop keeps tables of
pre-built events (a trick's plays by player and card) instead of building one per move.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Protocol


class EventWords(Protocol):
    """The names an event's words are made of (the record layer's narrator provides them)."""

    def card_name(self, kind: str, card: int) -> str: ...
    def deck_card(self, card: int) -> str: ...
    def zone_cards(self, zone_id: str) -> str:
        """The card kind a zone holds."""
        ...

    def resource_name(self, resource: int) -> str: ...


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every log event."""

    kind: ClassVar[str] = "event"
    """The event's name in transcripts (`play`, `round-end`)."""
    quiet: ClassVar[bool] = False
    """Told in words by the event that follows it, not by itself (a hidden pick, a choice
    whose outcome is its own event): narration may give it no line."""

    def words(self, names: EventWords) -> Iterable[str]:
        """The event told in words, when it tells itself: an event declared beside the
        primitive that logs it does (so a new effect brings its words along); the events of
        this module and of mechanics are told by their narrators. Nothing by default."""
        return ()

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
    Declined,
    NothingToChoose,
    RoundEnded,
    RoundScored,
    GameEnded,
)
"""The events any game may log, whatever its mechanic."""
