"""The manifest's `structure` for a drafting game, and its grid placement rules."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from toolkit.mechanics.base import StructureModel
from toolkit.rules.effects.acquire import AcquireCost
from toolkit.schema.base import Id, Model


class Grid(Model):
    """Placement of cards on a player's grid following a project plan."""

    zone: Id
    """The players' grid zone (the park)."""
    plan_slot: Id
    """The table slot holding the project plan whose shape parks must fit."""
    adjacency: Literal["orthogonal"] = "orthogonal"
    """A new card must border a placed card on a side (except the first)."""
    order_field: Id
    """The numeric field that must ascend."""
    ascending: Literal["rows_and_columns", "reading_order"] = "rows_and_columns"
    """`rows_and_columns`: each face-up card is higher than those left of it in its row and above
    it in its column; `reading_order`: higher than every card before it reading left to right,
    top to bottom. Face-down cards are ignored."""
    unique_field: Id | None = None
    """No two face-up cards of a park share this field's value."""
    face_down: bool = True
    """A card may be placed face down (free; no number, colour or symbol)."""


class Draft(StructureModel):
    """Simultaneous drafting: all choose a card at once, reveal, place, resolve, pass the rest."""

    mechanic: Literal["draft"]
    hand: Id = "hand"
    """The players' hand zone."""
    placements: int = Field(ge=1)
    """Cards each player places in a game; the last hand card is set aside."""
    pass_direction: Literal["left", "right"] = "left"
    """The direction hands are passed at the start."""
    price: AcquireCost
    """What placing a card face up costs."""
    action_field: Id | None = None
    """Card field holding effects that resolve when the card is placed face up (shop actions)."""
    resolve_order: Literal["highest_first", "lowest_first"] = "highest_first"
    """Order of several triggered actions in a round, by `grid.order_field`."""
    grid: Grid
    """Where and how chosen cards are placed."""
