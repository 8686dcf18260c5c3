"""What a compiled mechanic is to the engine, bots, narration and play: the phase machine, its
action codec, bot hooks and screen, as Protocols. Mechanics implement them; the layers above use
them without importing any mechanic."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from toolkit.kernel.events import Event
    from toolkit.kernel.state import State

Record = TypeVar("Record")
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
    def legal_actions(self, state: State, player: int) -> list[int]: ...
    def apply(self, state: State, player: int, action: int) -> None: ...
    def after_effects(self, state: State) -> None: ...
    def summary(self, state: State) -> str: ...
    def max_actions(self, players: int) -> int:
        """More actions than any game of this data can take: past it, a game that has not
        ended is a bug in the rules or the interpreter, reported with its seed."""
        ...

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
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None: ...
    def screen(self, screen: Screen) -> MechanicScreen: ...


Pick = Callable[[list[int]], int]
"""A bot's pick from a list of legal actions that depends on nothing else (random play)."""


@runtime_checkable
class Autoplay(Protocol):
    """A mechanic that plays its own turns in one call for bots that pick from the legal
    actions alone: a simulation of random play skips a call per layer per action."""

    def autoplay(
        self,
        state: State,
        picks: Sequence[Pick],
        played: list[tuple[int, int]] | None,
        limit: int,
    ) -> int:
        """Play the mechanic's own turns, each action `picks[player](legal actions)`, until
        a player must answer a pending choice, the round or the game ends, a player has no
        legal action or `limit` actions are played; each (player, action) is appended to
        `played` when given. Returns how many were played. The same as `legal_actions`
        then `apply` each time, without the checks an action from the list cannot fail."""
        ...


@dataclass(frozen=True, slots=True)
class BotOption:
    """What a mechanic's own action means to a priority strategy."""

    decision: str
    """The decision it answers (`lead`, `follow`, `pick`), as strategies name it."""
    card: int
    """The deck card it plays or picks; for a choice of suit, a card of that suit (so card
    preferences on `suit` apply); -1 for none."""
    face_down: bool = False
    value: int = -1
    """The number a decision without a card chooses (a bid); -1 for none."""


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
