"""What a mechanic package provides, and what it may ask of the layers above it.

A mechanic (trick-taking, drafting ...) is one package under `toolkit.mechanics`, registered by
name in `toolkit.mechanics.registry`. Its `MechanicKit` names its structure model, its own
effects and its content-level hooks (semantic checks, summary, rules text); the object its
`compile` returns is a `CompiledMechanic` (`toolkit.kernel.mechanic`: the phase machine, bot
hooks and narration), built on `toolkit.mechanics.defaults.MachineDefaults`. Its terminal
screen (`toolkit.mechanics.screen`) and its part of the learning agents' observation vector
(`toolkit.mechanics.vector`) are named by the kit and imported when asked. Nothing outside the
package imports it: the engine, bots, play, print and narration reach it through the registry
or through these Protocols.

The Protocols at the bottom (`StructureChecks`, `Words`, `RulesTable`) are what a mechanic may
ask of the content and print layers. Those layers pass objects that satisfy them, so no import
points upwards.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from toolkit.schema.amounts import amount_values
from toolkit.schema.base import Model

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CompiledMechanic
    from toolkit.kernel.state import State
    from toolkit.mechanics.screen import ScreenFactory
    from toolkit.mechanics.vector import EncoderFactory
    from toolkit.rules.effects.base import EffectModel
    from toolkit.rules.setup import SetupStep
    from toolkit.schema.amounts import Amount
    from toolkit.schema.filters import CardFilter

Path = tuple[str | int, ...]
Section = tuple[str, list[str]]
"""A titled list of lines (the terminal's rules help)."""


class StructureModel(Model):
    """Base of every mechanic's `structure` model: `mechanic` names the registered kit."""

    mechanic: str

    def fills(self) -> tuple[str, ...]:
        """Ids the structure names that its mechanic may put cards into (hands it deals, a
        grid it places on, piles it moves cards to), so the checker does not call such a zone
        empty. By default every id the structure names; a mechanic may narrow it."""
        found: list[str] = []

        def collect(value: Any) -> None:
            if isinstance(value, str):
                found.append(value)
            elif isinstance(value, dict):
                for item in value.values():
                    collect(item)
            elif isinstance(value, list | tuple):
                for item in value:
                    collect(item)

        collect(self.model_dump())
        return tuple(dict.fromkeys(found))


S = TypeVar("S", bound=StructureModel)


@dataclass(frozen=True)
class MechanicKit(Generic[S]):
    """One registered mechanic: its content model and its content-level hooks."""

    name: str
    """The `structure.mechanic` value that selects it."""
    structure: type[S]
    """The manifest's `structure` model for this mechanic."""
    effects: tuple[type[EffectModel], ...]
    """Effects only games of this mechanic may use."""
    decisions: tuple[str, ...]
    """The decisions about deck cards its players make, as priority strategies name them."""
    compile: Callable[[S, Compiler], CompiledMechanic]
    check: Callable[[S, StructureChecks], None]
    """Semantic checks of the structure against the rest of the content."""
    summary: Callable[[S], str]
    """How `toolkit validate` sums up play (`trick-taking, 6 rounds`)."""
    reference: Callable[[S, Words], dict[str, Any]]
    """Values the print reference templates read about play."""
    rules_help: Callable[[S, dict[str, Any], RulesTable], list[Section]]
    """The terminal's rules help about play, from the reference context."""
    effect_sites: Callable[[S], Iterable[tuple[Path, list[Any], bool]]] = lambda structure: ()
    """Effect lists inside the structure: (path, effects, unattended: no one can choose)."""
    round_end_effects: Callable[[S], Sequence[Any]] = lambda structure: ()
    """Effects run for every player at the end of every round, the last one included: an end
    position has been through them (a cap on a resource holds at the end)."""
    gained_resources: Callable[[S], Iterable[str]] = lambda structure: ()
    """Resources the structure's own moves can hand a player in play, beyond what its
    effects give (chips paid onto a zone that a player then takes): a position may show a
    player holding more of them than setup gave."""
    decision_groups: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Names strategies may use for several decisions at once (`play`: `lead` or `follow`)."""
    cardless: tuple[str, ...] = ()
    """Decisions whose actions stand for no card (a bid, a draw from the pile): card
    preferences never see them."""
    events: Callable[[], tuple[type[Event], ...]] = lambda: ()
    """The log events only this mechanic logs (declared in its `events` module), imported on
    call: the content layer (validation) never loads them."""
    asks: Callable[[S], tuple[str, ...]] | None = None
    """The decisions one game's structure asks for (no bids without bidding); unset: all of
    `decisions`."""
    cardless_asks: Callable[[S], tuple[str, ...]] | None = None
    """Of those, the ones that stand for no card, by the names the game gives them (a named
    option, a chosen player); unset: `cardless`."""
    position: Callable[[], KitPosition] | None = None
    """How a position file writes and reads the mechanic's own state (its `play` section),
    imported when asked like `compile`."""
    screen: Callable[[], ScreenFactory] | None = None
    """Its part of the terminal view, imported when a person plays (it needs rich); unset:
    it cannot be played in the terminal."""
    encoder: Callable[[], EncoderFactory] | None = None
    """Its part of the learning agents' observation vector, imported when asked; unset: it
    has no vector."""

    def decisions_of(self, structure: S) -> tuple[str, ...]:
        """The decisions players of a game with this structure make."""
        return self.asks(structure) if self.asks is not None else self.decisions

    def cardless_of(self, structure: S) -> tuple[str, ...]:
        """The decisions of a game with this structure that stand for no card."""
        if self.cardless_asks is None:
            return self.cardless
        return (*self.cardless, *self.cardless_asks(structure))


# -- what a mechanic may ask of the layers above ---------------------------------------------


class PositionReader(Protocol):
    """The position loader, seen from a mechanic reading its `play` section (paths are
    inside the position file)."""

    def error(self, path: Path, code: str, message: str, hint: str = "") -> None: ...
    def card(self, path: Path, card_id: str, *, place: bool = True) -> int | None:
        """The deck card named at `path`, counted as placed there unless `place` is false (a
        card named twice, or unknown, is reported and gives None)."""
        ...

    def seat(self, path: Path, seat: int) -> int | None:
        """A seat counted from 1, as an index (None and reported when out of range)."""
        ...

    def given(self, zone_id: str) -> bool:
        """Whether the position names the cards of a zone (else the rest of the deck)."""
        ...

    @property
    def to_move(self) -> tuple[int, ...]:
        """Whose decision the position says it is (indexes), empty if it does not say."""
        ...


def _nothing_to_complete(machine: Any, state: State, section: Any, reader: PositionReader) -> None:
    """A mechanic whose state needs nothing of the cards left to chance."""


@dataclass(frozen=True)
class KitPosition:
    """A mechanic's part of a position file: the model of its `play` section, and its state
    written (`save`: plain data the model reads back) and read (`load`, before the cards left
    to chance are dealt, so a hand written as a count holds -1s; `complete`, after)."""

    model: type[Model]
    save: Callable[[Any, State], dict[str, Any]]
    load: Callable[[Any, State, Any, PositionReader], None]
    complete: Callable[[Any, State, Any, PositionReader], None] = _nothing_to_complete


class StructureChecks(Protocol):
    """The semantic checker, seen from a mechanic checking its `structure` (paths are inside
    the manifest unless a kind is named)."""

    def known(self, path: Path, value: str, choices: Iterable[str], what: str) -> bool: ...
    def error(self, path: Path, code: str, message: str, hint: str = "") -> None: ...
    def card_error(
        self, kind: str, path: Path, code: str, message: str, hint: str = ""
    ) -> None: ...
    def zone_ids(self, owner: str | None = None) -> list[str]: ...
    def deck_size(self) -> int: ...
    def deck_ids(self) -> list[str]:
        """The deck's card ids (`clubs-2` in a suited deck)."""
        ...

    def grid_zones(self) -> set[str]: ...
    def fields_of(self, kind: str) -> set[str]: ...
    def field_type(self, kind: str, field: str) -> str | None:
        """A card field's declared type (`int`, `text`, `enum` ...); None if not declared."""
        ...

    def resource_ids(self) -> list[str]: ...
    def ids(self, kind: str) -> list[str]: ...
    def has(self, kind: str) -> bool: ...
    def cards(self, kind: str) -> list[tuple[Path, Any]]: ...
    def suits_kind(self) -> str | None:
        """The card kind a suited deck takes its suits from; None for other decks."""
        ...

    def field_of_type(self, kind: str, field_type: str) -> str | None:
        """The first field a card kind declares with a type (`shape`, `effects` ...)."""
        ...

    def slots(self) -> list[str]: ...
    def zone_kind(self, zone_id: str) -> str | None: ...
    def deck_kind(self) -> str | None:
        """The card kind the deck is made of: its pool, or a suited deck's suits."""
        ...

    def players(self) -> tuple[int, int]: ...
    def partnerships(self) -> dict[int, list[list[int]]]:
        """The manifest's teams by player count (seats from 1); empty without teams."""
        ...

    def check_filter(
        self, path: Path, card_filter: CardFilter, kind: str, *, grid: bool
    ) -> None: ...
    def check_amount(self, path: Path, amount: Amount) -> None:
        """A table by player count covers every count the game allows."""
        ...

    def track_ids(self) -> list[str]: ...
    def track_max(self, track_id: str) -> int | None:
        """A track's highest position; None for no such track."""
        ...

    def most_held(self, resource_id: str) -> int | None:
        """The most of a resource one player can ever hold (None: no bound is known)."""
        ...

    @property
    def setup(self) -> Sequence[SetupStep]: ...


class Words(Protocol):
    """The print layer's describer: effects and resources in words."""

    def effect(self, effect: Any, *, words: bool = True) -> str: ...
    def resource(self, resource_id: str, *, words: bool = True) -> str: ...
    def filter_words(self, where: dict[str, Any]) -> str:
        """A card filter in words (`dessert`, `even-number`)."""
        ...

    def card_name(self, card_id: str) -> str:
        """A card's (or a track's) printed name by id, the id itself when it has none."""
        ...


class RulesTable(Protocol):
    """What the rules help may read about the game on the table."""

    def slot_cards(self, slot: str) -> list[tuple[str, tuple[str, ...]]]:
        """(name, shape rows) of the cards a table slot holds."""
        ...


def check_rounds(checks: StructureChecks, rounds: Amount) -> None:
    """A structure's `rounds`: a number or a table by player count, at least 1 everywhere."""
    path: Path = ("structure", "rounds")
    checks.check_amount(path, rounds)
    if min(amount_values(rounds)) < 1:
        checks.error(path, "invalid-value", "a game has at least 1 round", "use 1 or more")
