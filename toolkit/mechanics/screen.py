"""What a mechanic's part of the terminal view is (`MechanicScreen`), and the helpers the play
layer lends it to draw with (`Screen`). A kit names its screen through `MechanicKit.screen`,
imported when a person plays: simulating, validating and the kernel never load rich.

A screen also names the parts of the table only its mechanic knows how to lay out (a park as
a grid, a trick by seat, an area in columns: `TablePart`), as plain data from the seat's
observation, for the page to draw; zones, tracks and resources every game has are laid out
by the page itself."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from toolkit.kernel.mechanic import CardWords, Cell

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text

    from toolkit.kernel.observation import Observation
    from toolkit.kernel.state import State


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
    @property
    def plain(self) -> bool: ...
    def title(self, text: str) -> Text: ...
    def players_table(
        self, view: Observation, extra: Sequence[tuple[str, Sequence[object]]] = ()
    ) -> Table:
        """Resources, tracks, public zones and points, a row per player; `extra` columns
        (name, a value per player) after the tracks."""
        ...

    def shared_zones(self, view: Observation) -> list[RenderableType]: ...
    def hand(self, ids: Sequence[str]) -> RenderableType: ...
    def card_style(self, card: int) -> str:
        """A deck card drawn as a tile in its colour."""
        ...

    def colour_style(self, card: int) -> str:
        """A deck card's name written in its colour."""
        ...

    def slot_names(self, slot: str) -> list[str]: ...
    def legal(self) -> list[int]: ...


class MechanicScreen(Protocol):
    """A mechanic's part of the terminal view, drawn from the person's observation."""

    def position(self) -> tuple[list[RenderableType], dict[Cell, str]]:
        """The mechanic's part of the screen, and lettered cells for a two-step choice."""
        ...

    def final(self) -> list[RenderableType]: ...
    def moves(self, moves: list[int], cells: dict[Cell, str]) -> Text | None:
        """The moves listed its own way, or None for one numbered line each."""
        ...

    def two_step(self, card: int, moves: list[int]) -> list[int] | None:
        """The moves with `card` for a second step, or None if the mechanic has none."""
        ...

    def step_text(self, action: int, cells: dict[Cell, str]) -> str: ...
    def own_move_text(self, action: int) -> str | None:
        """A move in the person's own list when it names what only they see (the card of a
        hidden pick, which the transcript's words keep hidden), or None for those words."""
        ...

    def table(self) -> TableParts:
        """The parts of the table only this mechanic lays out, from the seat's observation."""
        ...


@dataclass(frozen=True, slots=True)
class Placed:
    """A card as the seat sees it on the table: its id, or None for a face-down card it does
    not know; `face_down` for a card lying face down (known to the seat or not)."""

    card: str | None
    face_down: bool = False


@dataclass(frozen=True, slots=True)
class GridPart:
    """A player's grid zone: its cards by (row, column), the cells the seat may place on
    now, and the cells its plan covers wherever the plan may still lie."""

    zone: str
    player: int
    cells: dict[Cell, Placed]
    open: tuple[Cell, ...] = ()
    plan: tuple[Cell, ...] = ()
    moves_at: dict[Cell, tuple[int, ...]] = field(default_factory=dict)
    """The seat's moves (actions) that place a card on each open cell."""


@dataclass(frozen=True, slots=True)
class ColumnsPart:
    """A player's zone laid out in groups (a route per colour), a column each, in order."""

    zone: str
    player: int
    columns: tuple[tuple[str, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class TrickPart:
    """The trick in play: each seat's card in the order played (the first led it), and who
    leads (the seat to lead when no card is down yet)."""

    plays: tuple[tuple[int, str], ...]
    leader: int | None
    shown: tuple[tuple[str, str], ...] = ()
    """Cards shown beside the trick, with what they are (the card turned up for trump)."""


@dataclass(frozen=True, slots=True)
class PileParts:
    """Shared zones only whose top card counts (discard piles), drawn as a pile."""

    zones: tuple[str, ...]


TablePart = GridPart | ColumnsPart | TrickPart | PileParts


@dataclass(frozen=True, slots=True)
class TableParts:
    """A mechanic's own parts of the page's table; zones they draw are not drawn again."""

    parts: tuple[TablePart, ...] = ()
    notes: tuple[str, ...] = ()
    """Lines about the position (round, turn, whose turn, a called value)."""
    known: tuple[tuple[str, ...], ...] = ()
    """By player, cards everyone saw go into their hidden hand (taken from a face-up
    pile), still there."""
    takes: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """By shared zone id, the seat's moves (actions) that draw from that zone or take it
    whole: the page makes the zone's top card, or its face-down stack, the button."""
    chooses: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """By player, the seat's moves (actions) that choose that player (a target, the player
    asked): the page gives the player's panel a button for them."""


def seat_moves(screen: Screen) -> list[int]:
    """The seat's moves when it is to move and no effect's choice waits (a choice's answers
    are not the mechanic's actions): what a table part may hang on its cards and zones."""
    state = screen.state
    return screen.legal() if state.pending is None and screen.seat in state.to_move() else []


ScreenFactory = Callable[[Any, Screen], MechanicScreen]
"""A kit's screen, made from its compiled machine and the play layer's helpers."""


class ScreenDefaults:
    """What a screen without an end view or a two-step choice does: the play layer's own."""

    def final(self) -> list[RenderableType]:
        """Nothing beyond the players' table at the end."""
        return []

    def moves(self, moves: list[int], cells: dict[Cell, str]) -> Text | None:
        return None

    def two_step(self, card: int, moves: list[int]) -> list[int] | None:
        return None

    def step_text(self, action: int, cells: dict[Cell, str]) -> str:
        return ""

    def own_move_text(self, action: int) -> str | None:
        return None

    def table(self) -> TableParts:
        """No parts of its own: zones, tracks and resources as every game has them."""
        return TableParts()
