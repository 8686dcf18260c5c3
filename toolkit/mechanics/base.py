"""What a mechanic package provides, and what it may ask of the layers above it.

A mechanic (trick-taking, drafting ...) is one package under `toolkit.mechanics`, registered by
name in `toolkit.mechanics.registry`. Its `MechanicKit` names its structure model, its own
effects and its content-level hooks (semantic checks, summary, rules text); the object its
`compile` returns is a `CompiledMechanic`: the phase machine and every play-time hook (action
codec, bot hooks, narration, play view). Nothing outside the package imports it: the engine,
bots, play, print and narration reach it through the registry or through these Protocols.

The Protocols at the bottom (`StructureChecks`, `Words`, `CardWords`, `Screen`) are what a
mechanic may ask of the content, print, record and play layers; those layers pass objects that
satisfy them, so no import points upwards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from toolkit.content.models.base import Model

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from toolkit.engine.game import Compiler
    from toolkit.engine.state import State
    from toolkit.rules.effects.base import EffectModel
    from toolkit.rules.setup import SetupStep

Record = TypeVar("Record")
Path = tuple[str | int, ...]
Section = tuple[str, list[str]]
"""A titled list of lines (the terminal's rules help)."""
Cell = tuple[int, int]


class ActionCodec(Protocol[Record]):
    """Typed action records to the integers the engine contract speaks, and back.

    Ids run from 0 to `num_distinct_actions - 1`, computed from the game's data when it
    compiles; a game whose data cannot be represented fails compilation instead.
    """

    @property
    def num_distinct_actions(self) -> int: ...
    def encode(self, record: Record) -> int: ...
    def decode(self, action: int) -> Record: ...


class CompiledMechanic(Protocol):
    """A mechanic compiled for one game: the phase machine and its play-time hooks."""

    # -- the phase machine --------------------------------------------------------------
    def setup(self, state: State) -> None: ...
    def to_move(self, state: State) -> tuple[int, ...]: ...
    def round_of(self, state: State) -> int: ...
    def legal_actions(self, state: State, player: int) -> list[int]: ...
    def apply(self, state: State, player: int, action: int) -> None: ...
    def after_effects(self, state: State) -> None: ...
    def summary(self, state: State) -> str: ...

    # -- actions ----------------------------------------------------------------------------
    @property
    def codec(self) -> ActionCodec[Any]: ...
    def describe_action(self, state: State, action: int) -> str: ...

    # -- bot hooks --------------------------------------------------------------------------
    def preview(self, state: State, player: int, action: int) -> State: ...
    def is_quiet(self, state: State, player: int) -> bool: ...
    def determinize(self, state: State, observer: int, rng: random.Random) -> State: ...
    def equivalent_actions(
        self, state: State, player: int, actions: list[int]
    ) -> list[list[int]]: ...
    def options_left(self, state: State, player: int) -> int: ...
    def bot_option(self, state: State, action: int) -> BotOption: ...
    def wins_trick(self, state: State, player: int, card: int) -> bool | None: ...
    def observe(self, state: State, player: int) -> dict[str, Any]: ...
    def position_problems(
        self, state: State, zone: int, player: int
    ) -> list[tuple[Cell | None, str]]: ...

    # -- narration and play -----------------------------------------------------------------
    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None: ...
    def narrate_event(
        self, event: tuple[Any, ...], viewer: int | None, words: CardWords
    ) -> Iterator[str] | None: ...
    def screen(self, screen: Screen) -> MechanicScreen: ...


@dataclass(frozen=True, slots=True)
class BotOption:
    """What a mechanic's own action means to a priority strategy."""

    decision: str
    """The decision it answers (`lead`, `follow`, `pick`), as strategies name it."""
    card: int
    """The deck card it plays or picks."""
    face_down: bool = False


class StructureModel(Model):
    """Base of every mechanic's `structure` model: `mechanic` names the registered kit."""

    mechanic: str


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


# -- what a mechanic may ask of the layers above ---------------------------------------------


class StructureChecks(Protocol):
    """The semantic checker, seen from a mechanic checking its `structure` (paths are inside
    the manifest unless a kind is named)."""

    def known(self, path: Path, value: str, choices: Iterable[str], what: str) -> bool: ...
    def error(self, path: Path, code: str, message: str, hint: str = "") -> None: ...
    def card_error(
        self, kind: str, path: Path, code: str, message: str, hint: str = ""
    ) -> None: ...
    def zone_ids(self, owner: str | None = None) -> list[str]: ...
    def grid_zones(self) -> set[str]: ...
    def fields_of(self, kind: str) -> set[str]: ...
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

    @property
    def slots(self) -> list[str]: ...
    @property
    def setup(self) -> Sequence[SetupStep]: ...


class Words(Protocol):
    """The print layer's describer: effects and resources in words."""

    def effect(self, effect: Any, *, words: bool = True) -> str: ...
    def resource(self, resource_id: str, *, words: bool = True) -> str: ...


class RulesTable(Protocol):
    """What the rules help may read about the game on the table."""

    def slot_cards(self, slot: str) -> list[tuple[str, tuple[str, ...]]]:
        """(name, shape rows) of the cards a table slot holds."""
        ...


class CardWords(Protocol):
    """Card names as transcripts and the terminal print them."""

    def deck_card(self, card: int) -> str: ...


class Screen(Protocol):
    """The terminal view's helpers a mechanic's screen draws with."""

    @property
    def game(self) -> Any: ...
    @property
    def state(self) -> State: ...
    @property
    def seat(self) -> int: ...
    @property
    def words(self) -> CardWords: ...
    def title(self, text: str) -> Text: ...
    def players_table(self, view: dict[str, Any], extra: Sequence[str] = ()) -> Table: ...
    def shared_zones(self, view: dict[str, Any]) -> list[RenderableType]: ...
    def hand(self, ids: Sequence[str]) -> RenderableType: ...
    def grid(self, cells: dict[str, str], open_cells: dict[Cell, str]) -> RenderableType: ...
    @property
    def plain(self) -> bool: ...
    def card_style(self, card: int) -> str: ...
    def colour_style(self, card: int) -> str: ...
    def slot_names(self, slot: str) -> list[str]: ...
    def legal(self) -> list[int]: ...


class MechanicScreen(Protocol):
    """A mechanic's part of the terminal view."""

    def position(self, view: dict[str, Any]) -> tuple[list[RenderableType], dict[Cell, str]]:
        """The mechanic's part of the screen, and lettered cells for a two-step choice."""
        ...

    def final(self, view: dict[str, Any]) -> list[RenderableType]: ...
    def moves(self, moves: list[int], cells: dict[Cell, str]) -> Text | None:
        """The moves listed its own way, or None for one numbered line each."""
        ...

    def two_step(self, card: int, moves: list[int]) -> list[int] | None:
        """The moves with `card` for a second step, or None if the mechanic has none."""
        ...

    def step_text(self, action: int, cells: dict[Cell, str]) -> str: ...
