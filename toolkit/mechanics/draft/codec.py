"""Drafting actions as typed records, numbered by one codec computed from the game's data.

Ids are laid out in three consecutive blocks, each ordered as the terminal numbers moves
(card, then row, then column, face up before face down):

- picks: a card of one's hand, the grid cell it goes to, face up or down;
- hand swaps (a shop action): a grid cell and the hand card that replaces its card;
- opponent swaps (a shop action): one's own cell, another player, and their cell.

Cells are relative to the first card placed at (0, 0), so they range over a shape's span in
either direction: `rows` and `columns` are the widest shape's a grid may take. Everything the
codec can meet is bounded by the deck, the shapes and `players.max`; a game too large for
`MAX_ACTIONS` fails when it compiles (`ActionSpaceError`), never with one action read as
another.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.errors import ActionSpaceError, IllegalActionError
from toolkit.mechanics.draft.grid import Cell

MAX_ACTIONS = 2**31 - 1
"""Ids fit a signed 32-bit integer, as array-based tools (OpenSpiel, numpy) expect."""


@dataclass(frozen=True, slots=True)
class Pick:
    """Choose a hand card for the park: where it goes and whether it lies face down."""

    card: int
    cell: Cell
    face_down: bool


@dataclass(frozen=True, slots=True)
class HandSwap:
    """Put a hand card at a park cell, the card there going to the hand (free, face up)."""

    cell: Cell
    card: int


@dataclass(frozen=True, slots=True)
class OpponentSwap:
    """Exchange one's card at `cell` with player `other`'s card at `their_cell`."""

    cell: Cell
    other: int
    their_cell: Cell


DraftAction = Pick | HandSwap | OpponentSwap


@dataclass(frozen=True, slots=True)
class DraftCodec:
    """Numbers every draft action of one game; built by `DraftCodec.for_game`."""

    deck_size: int
    row_span: int
    """Rows run from -row_span to row_span."""
    column_span: int
    players: int
    rows: int = field(init=False)
    columns: int = field(init=False)
    cells: int = field(init=False)
    picks: int = field(init=False)
    """Ids below this are picks."""
    hand_swaps: int = field(init=False)
    """How many ids hand swaps take, after the picks."""
    num_distinct_actions: int = field(init=False)

    def __post_init__(self) -> None:
        # Derived sizes are fixed once: the codec sits on the hot path of every pick.
        rows, columns = 2 * self.row_span + 1, 2 * self.column_span + 1
        cells = rows * columns
        picks = self.deck_size * cells * 2
        hand_swaps = cells * self.deck_size
        for name, value in (
            ("rows", rows),
            ("columns", columns),
            ("cells", cells),
            ("picks", picks),
            ("hand_swaps", hand_swaps),
            ("num_distinct_actions", picks + hand_swaps + cells * self.players * cells),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def for_game(cls, deck_size: int, row_span: int, column_span: int, players: int) -> DraftCodec:
        """The codec for this data; raises `ActionSpaceError` naming the limit exceeded."""
        codec = cls(deck_size, row_span, column_span, players)
        if codec.num_distinct_actions > MAX_ACTIONS:
            raise ActionSpaceError(
                f"draft actions ({deck_size} cards, grid shapes spanning {row_span + 1} rows and "
                f"{column_span + 1} columns, {players} players)",
                codec.num_distinct_actions,
                MAX_ACTIONS,
            )
        return codec

    # -- cells ------------------------------------------------------------------------------

    def cell_index(self, cell: Cell) -> int:
        row, column = cell
        if not (-self.row_span <= row <= self.row_span) or not (
            -self.column_span <= column <= self.column_span
        ):
            raise IllegalActionError(f"cell {cell} lies outside every shape the grid may take")
        return (row + self.row_span) * self.columns + column + self.column_span

    def cell_at(self, index: int) -> Cell:
        row, column = divmod(index, self.columns)
        return (row - self.row_span, column - self.column_span)

    def _card(self, card: int) -> int:
        if not 0 <= card < self.deck_size:
            raise IllegalActionError(f"card {card} is not in a deck of {self.deck_size}")
        return card

    # -- records ----------------------------------------------------------------------------

    def encode(self, record: DraftAction) -> int:
        if isinstance(record, Pick):
            return self.pick_id(
                self._card(record.card), self.cell_index(record.cell), record.face_down
            )
        if isinstance(record, HandSwap):
            return (
                self.picks + self.cell_index(record.cell) * self.deck_size + self._card(record.card)
            )
        if not 0 <= record.other < self.players:
            raise IllegalActionError(f"player {record.other} is not one of {self.players}")
        mine = self.cell_index(record.cell) * self.players + record.other
        return self.picks + self.hand_swaps + mine * self.cells + self.cell_index(record.their_cell)

    def decode(self, action: int) -> DraftAction:
        if not 0 <= action < self.num_distinct_actions:
            raise IllegalActionError(
                f"action {action} is outside 0..{self.num_distinct_actions - 1}"
            )
        if action < self.picks:
            rest, face_down = divmod(action, 2)
            card, cell = divmod(rest, self.cells)
            return Pick(card, self.cell_at(cell), bool(face_down))
        action -= self.picks
        if action < self.hand_swaps:
            cell, card = divmod(action, self.deck_size)
            return HandSwap(self.cell_at(cell), card)
        action -= self.hand_swaps
        mine, theirs = divmod(action, self.cells)
        cell, other = divmod(mine, self.players)
        return OpponentSwap(self.cell_at(cell), other, self.cell_at(theirs))

    def card_part(self, action: int) -> tuple[int, int] | None:
        """(card, cell and side) of a pick; None for a swap."""
        if 0 <= action < self.picks:
            return divmod(action, 2 * self.cells)
        return None

    def pick(self, action: int) -> Pick:
        """The pick an action stands for (the hot path of bots and views)."""
        record = self.decode(action)
        if not isinstance(record, Pick):
            raise IllegalActionError(f"action {action} is not a pick")
        return record

    # -- picks without records, for the loops that list or group every pick ---------------

    def pick_id(self, card: int, cell_index: int, face_down: bool) -> int:
        """The id of a pick of a card known to be in the deck, at `cell_index(cell)`."""
        return (card * self.cells + cell_index) * 2 + face_down

    def pick_card(self, action: int) -> int:
        """The card a pick action places, without building the record."""
        return action // (2 * self.cells)

    def pick_key(self, action: int) -> tuple[int, bool]:
        """(card, face down) of a pick: the picks that differ only by their cell."""
        return action // (2 * self.cells), bool(action & 1)
