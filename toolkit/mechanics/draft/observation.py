"""What a player of a draft sees: the kernel's observation and the draft's own, for a grid
draft (every park, cell by cell) or a tableau draft (every tableau)."""

from __future__ import annotations

from toolkit.kernel.observation import Observation
from toolkit.mechanics.draft.grid import Cell

DOWN = "down"
"""A face-down card of another park, as a park's cell shows it."""


class DraftObservation(Observation):
    """Card ids as content names them; seats from 0."""

    direction: str
    """`left` or `right`: where hands pass next."""
    hand_sizes: list[int]
    my_choice: str | None
    """The viewer's own pick, hidden from the others until all have picked."""


class GridObservation(DraftObservation):
    parks: list[dict[str, str]]
    """Per seat, its cells (`cell_key`): a card id, `down:<id>` for the viewer's own
    face-down card, `down` for another player's."""


class TableauObservation(DraftObservation):
    rounds: int
    tableaux: list[list[str]]
    discarded: int
    """Tableau cards discarded at the end of rounds."""


def cell_key(cell: Cell) -> str:
    """A park cell as an observation names it (`-1,2`): JSON keys are strings."""
    return f"{cell[0]},{cell[1]}"


def key_cell(key: str) -> Cell:
    row, column = key.split(",")
    return int(row), int(column)


def face_down(shown: str) -> tuple[bool, str]:
    """Whether a park's cell shows a face-down card, and the card id if the viewer knows it."""
    if shown == DOWN:
        return True, ""
    if shown.startswith(DOWN + ":"):
        return True, shown[len(DOWN) + 1 :]
    return False, shown
