"""The draft's part of the observation vector: round and direction, then every park cell by
cell (a grid draft) or the tableau cards discarded (a tableau draft); docs/interop.md lists
every block."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.draft.observation import (
    DraftObservation,
    GridObservation,
    TableauObservation,
    face_down,
    key_cell,
)
from toolkit.mechanics.vector import Block, Slots, index_of, relative

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView
    from toolkit.kernel.state import State
    from toolkit.mechanics.draft.machine import DraftMechanic


COMMON = (
    Block("round", 1, "the round in play (from 1)"),
    Block("rounds", 1, "rounds in the game (0 for a grid draft: one round of picks)"),
    Block("direction", 1, "+1: hands pass left, -1: right"),
)


def _fill_common(slots: Slots, view: DraftObservation, rounds: int) -> None:
    slots.values([view["round"]])
    slots.values([rounds])
    slots.values([1.0 if view["direction"] == "left" else -1.0])


class GridEncoder:
    """Every park cell of every player, on a grid spanning the widest plan both ways."""

    def __init__(self, machine: DraftMechanic, game: GameView, players: int) -> None:
        self.machine = machine
        self.n = players
        self.deck = index_of(game.deck.ids)
        self.rows, self.columns = machine.codec.row_span, machine.codec.column_span
        self.width, height = 2 * self.columns + 1, 2 * self.rows + 1
        self.cells = self.width * height
        self.blocks = (
            *COMMON,
            Block(
                "parks",
                players * self.cells * 3,
                f"per relative seat, per cell of a {height}x{self.width} grid around the first "
                "card (row-major, rows then columns from the most negative): occupied, "
                "face down, deck index + 1 of its card (0 if face down and not the "
                "observer's)",
            ),
        )

    def observe(self, state: State, seat: int) -> GridObservation:
        return self.machine.observe_grid(state, seat)

    def fill(self, slots: Slots, view: GridObservation, seat: int) -> None:
        _fill_common(slots, view, 0)
        entries: list[tuple[int, float]] = []
        for r, cells in enumerate(relative(view["parks"], seat)):
            for key, shown in cells.items():
                row, column = key_cell(key)
                at = ((r * self.cells) + (row + self.rows) * self.width + column + self.columns) * 3
                entries.append((at, 1.0))
                down, card = face_down(shown)
                if down:
                    entries.append((at + 1, 1.0))
                if card:
                    entries.append((at + 2, float(self.deck[card] + 1)))
        slots.sparse(entries)


class TableauEncoder:
    """The round of the rounds, the direction, and how many tableau cards went."""

    def __init__(self, machine: DraftMechanic, game: GameView, players: int) -> None:
        self.machine = machine
        self.blocks = (
            *COMMON,
            Block("discarded", 1, "tableau cards discarded at rounds' ends"),
        )

    def observe(self, state: State, seat: int) -> TableauObservation:
        return self.machine.observe_tableau(state, seat)

    def fill(self, slots: Slots, view: TableauObservation, seat: int) -> None:
        _fill_common(slots, view, view["rounds"])
        slots.values([view["discarded"]])


def draft_encoder(
    machine: DraftMechanic, game: GameView, players: int
) -> GridEncoder | TableauEncoder:
    """The encoder of a grid draft or of a tableau draft."""
    if machine.tableau:
        return TableauEncoder(machine, game, players)
    return GridEncoder(machine, game, players)
