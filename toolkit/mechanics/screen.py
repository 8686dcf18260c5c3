"""What a mechanic's part of the terminal view is (`MechanicScreen`), and the helpers the play
layer lends it to draw with (`Screen`). A kit names its screen through `MechanicKit.screen`,
imported when a person plays: simulating, validating and the kernel never load rich."""

from __future__ import annotations

from collections.abc import Callable, Sequence
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
