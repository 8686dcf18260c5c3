"""The log's events as typed records: one small frozen class per kind of event.

A state's `log` is a list of `Event`s. Each class names its fields (what narration, the terminal
and bots read) and carries its `kind`, the word transcripts write first (`["play", 0, 12]`).
The events of the game's flow and of decisions every game has are declared here; a rules
primitive declares the events it logs beside itself, with their words (`words`), and lists them
in its `events`; a mechanic declares its own in its package
(`toolkit/mechanics/<name>/events.py`) and lists them in its kit's `events`.

Events are immutable, so one instance may be made once and shared: a hot loop keeps tables of
pre-built events (a trick's plays by player and card) instead of building one per move.

The events here and those of rules primitives are made by `record`, which builds what
`@dataclass(frozen=True, slots=True)` builds at a fifth of its cost: validation imports every
primitive's module, and with it these classes, in every process. A mechanic's events (never
imported by validation) may be either.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Protocol, TypeVar, dataclass_transform

E = TypeVar("E", bound=type[Any])


@dataclass_transform(frozen_default=True)
def record(cls: E) -> E:
    """A frozen, slotted event class from its annotated fields (`ClassVar`s aside), in order,
    those of a record it extends first, with their defaults. Only `__init__` is compiled per
    class (it runs for every move); equality, hashing, `repr` and pickling come from `Event`."""
    names = list(getattr(cls, "__record_fields__", ()))
    defaults: dict[str, Any] = dict(getattr(cls, "__record_defaults__", {}))
    for name, annotation in inspect.get_annotations(cls).items():
        if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
            continue
        if name not in names:
            names.append(name)
        if name in cls.__dict__:
            defaults[name] = cls.__dict__[name]
    inherited = set(getattr(cls, "__record_fields__", ()))
    namespace = {
        key: value
        for key, value in cls.__dict__.items()
        if key not in ("__dict__", "__weakref__") and key not in defaults
    }
    namespace["__slots__"] = tuple(name for name in names if name not in inherited)
    namespace["__record_fields__"] = namespace["__match_args__"] = tuple(names)
    namespace["__record_defaults__"] = defaults
    namespace["__init__"] = _init(names, defaults)
    metaclass: Any = type(cls)
    made: E = metaclass(cls.__name__, cls.__bases__, namespace)
    return made


def _init(names: list[str], defaults: dict[str, Any]) -> Callable[..., None]:
    """`__init__(self, a, b=default)` setting each field past the frozen `__setattr__`."""
    params = ", ".join(f"{name}=_default_{name}" if name in defaults else name for name in names)
    body = "".join(f"\n    _set(self, {name!r}, {name})" for name in names) or "\n    pass"
    scope: dict[str, Any] = {"_set": object.__setattr__}
    scope.update({f"_default_{name}": value for name, value in defaults.items()})
    exec(f"def __init__(self, {params}):{body}", scope)
    init: Callable[..., None] = scope["__init__"]
    return init


def field_names(kind: type[Any]) -> tuple[str, ...]:
    """An event class's fields in order, made by `record` or as a dataclass."""
    if dataclasses.is_dataclass(kind):
        return tuple(f.name for f in dataclasses.fields(kind))
    return tuple(getattr(kind, "__record_fields__", ()))


def field_types(kind: type[Any]) -> dict[str, str]:
    """An event class's fields and their annotations as written (`int`, `tuple[int, ...]`)."""
    written: dict[str, str] = {}
    for base in reversed(kind.__mro__):
        written.update({k: str(v) for k, v in inspect.get_annotations(base).items()})
    return {name: written[name] for name in field_names(kind)}


class EventWords(Protocol):
    """The names an event's words are made of (the record layer's narrator provides them)."""

    def card_name(self, kind: str, card: int) -> str: ...
    def deck_card(self, card: int) -> str: ...
    def zone_cards(self, zone_id: str) -> str:
        """The card kind a zone holds."""
        ...

    def resource_name(self, resource: int) -> str: ...


@record
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
        return [self.kind, *(_plain(getattr(self, name)) for name in field_names(type(self)))]

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in field_names(type(self)))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Event)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in field_names(type(self)))
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field '{name}'")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field '{name}'")

    def __getstate__(self) -> tuple[Any, ...]:
        return self._values()

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        for name, value in zip(field_names(type(self)), state, strict=True):
            object.__setattr__(self, name, value)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_plain(part) for part in value]
    return value


# -- the events of every game ------------------------------------------------------------------


@record
class Chosen(Event):
    """A player answered a pending decision."""

    kind: ClassVar[str] = "choose"
    quiet: ClassVar[bool] = True
    player: int
    decision: str
    """The decision's kind: the card kind chosen from, `option`, or a mechanic's own."""
    action: int
    """The chosen card or option index; -1 to decline."""


@record
class Dealt(Event):
    """The deck was shuffled and dealt."""

    kind: ClassVar[str] = "deal"
    each: int
    out_of_play: int
    """Cards left over, face down."""


@record
class Declined(Event):
    """A player declined an optional choice."""

    kind: ClassVar[str] = "decline"
    player: int
    decision: str


@record
class NothingToChoose(Event):
    """A choice had no option for the player: it was skipped."""

    kind: ClassVar[str] = "no-choice"
    player: int
    decision: str


@record
class RoundEnded(Event):
    kind: ClassVar[str] = "round-end"
    round: int


@record
class RoundScored(Event):
    """Round scoring banked points, by player."""

    kind: ClassVar[str] = "round-score"
    round: int
    points: tuple[int, ...]


@record
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
