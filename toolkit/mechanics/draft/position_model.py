"""The `play` section of a drafting position: hidden picks, the pass direction, what the
last pass showed, cards set aside. Only the model: validation reads it without the machine."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_list

Cell = Annotated[
    list[Annotated[int, Field(ge=-100, le=100)]],
    Field(min_length=2, max_length=2, description="[row, column] in the grid as drawn."),
]
Direction = Literal["left", "right"]


class DraftPick(Model):
    """A pick made but not yet revealed."""

    card: Id
    """The card of the player's hand picked."""
    cell: Cell | None = None
    """Where it goes: [row, column] counted from the top-left cell of the grid as drawn
    (negative or past the last row for a cell beside it); none in a tableau."""
    face_down: bool = False
    """Placed face down (a tableau: discarded instead of taken)."""


class DraftPlay(Model):
    """Where a draft stands."""

    picks: list[DraftPick | None] = Field(default_factory=empty_list)
    """Each player's hidden pick this turn, in seat order; null for who has not picked."""
    direction: Direction | None = None
    """Where hands pass now; default: the round's direction."""
    extra_picks: Annotated[int, Field(ge=0, le=1000)] = 0
    """Extra picks earned this turn and not yet taken."""
    set_aside: list[Id] = Field(default_factory=empty_list)
    """Cards set aside face down (hands' leftovers, discarded picks)."""
    acted: list[Id] = Field(default_factory=empty_list)
    """Cards whose action resolved this round (none acts twice in a round)."""
    passed: list[list[Id]] = Field(default_factory=empty_list)
    """The hand each player passed at the last pass, in seat order: the passer knows what
    its neighbour holds."""
    passed_direction: Direction | None = None
    """Where those hands went; default: the current direction."""
    placed: list[Annotated[int, Field(ge=0, le=1000)]] = Field(default_factory=empty_list)
    """Cards each player has placed this round (a tableau), in seat order; default: the
    tableau's cards not kept from earlier rounds."""
    discarded: list[Id] = Field(default_factory=empty_list)
    """Tableau cards discarded at the end of earlier rounds (open)."""
    origins: list[Cell] = Field(default_factory=empty_list)
    """Per seat, the game's own coordinates of each grid's top-left cell as drawn (saved
    positions keep them, so moves mean the same cells); default [0, 0]."""
