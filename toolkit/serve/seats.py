"""One seat's window on a game several people play (`tables.Table`): the `Session` that the
page's views, moves and words read, with the table's shared state behind it.

The seat sees what `game.observe` gives its own index and moves only for itself; the bots
and the other people's moves are the table's. Undo is not offered at a table: taking back a
move would take back the others' moves after it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.kernel.state import State
from toolkit.play.session import Session
from toolkit.record.transcripts import Action

if TYPE_CHECKING:
    from toolkit.serve.tables import Table


class SeatSession(Session):
    """`Session` for seat `seat` (0-based) of `table`: every read goes to the table."""

    def __init__(self, table: Table, seat: int) -> None:  # no super(): the table holds the game
        self.table = table
        self.loaded = table.loaded
        self.game = table.loaded.game
        self.seat = seat
        self.manifest = table.game_id
        self.variants = list(table.variants)
        self.agents = {}
        self.mark = 0

    # The game is the table's: these read through to it.
    @property
    def state(self) -> State:
        return self.table.state

    @state.setter
    def state(self, value: State) -> None:
        self.table.state = value

    @property
    def actions(self) -> list[Action]:
        return self.table.actions

    @actions.setter
    def actions(self, value: list[Action]) -> None:
        self.table.actions = value

    @property
    def seed(self) -> int:
        return self.table.seed

    @seed.setter
    def seed(self, value: int) -> None:
        self.table.seed = value

    @property
    def players(self) -> int:
        return self.table.players

    @players.setter
    def players(self, value: int) -> None:
        raise AttributeError("a table's players are fixed")

    @property
    def options(self) -> dict[str, Any]:
        return self.table.options

    @options.setter
    def options(self, value: dict[str, Any]) -> None:
        self.table.options = value

    @property
    def bots(self) -> list[str]:
        return self.table.names()

    @bots.setter
    def bots(self, value: list[str]) -> None:
        raise AttributeError("a table's seats change through the table")

    @property
    def start(self) -> Callable[[], State] | None:
        return None  # a table is dealt from its seed

    @start.setter
    def start(self, value: Callable[[], State] | None) -> None:
        raise AttributeError("a table is dealt from its seed")

    # -- turns ----------------------------------------------------------------------------

    def person_to_move(self) -> bool:
        return self.table.seats[self.seat].person and self.seat in self.state.to_move()

    def legal(self) -> list[int]:
        if not self.table.seats[self.seat].person:  # a bot plays this seat now
            return []
        return self.state.legal_actions(self.seat)

    def run_bots(self) -> None:
        self.table.run_bots()

    def play(self, action: int) -> None:
        """This seat's move (the caller holds the table's lock), then the bots' moves until a
        person must decide."""
        self.mark = len(self.state.log)
        self.table.apply(self.seat, action)
        self.table.run_bots()

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    # -- what is saved ----------------------------------------------------------------------

    def transcript_lines(self) -> list[str]:
        return self.table.transcript_lines()

    def position_text(self) -> str:
        return self.table.position_text()
