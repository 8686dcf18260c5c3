"""The manifest's `structure` for a drafting game: grid placement rules, or a tableau, and the
rounds."""

from __future__ import annotations

from typing import Literal

from toolkit.mechanics.base import StructureModel
from toolkit.rules.effects.acquire import AcquireCost
from toolkit.schema.amounts import RoundsAmount, amount_values
from toolkit.schema.base import Id, Model
from toolkit.schema.filters import CardFilter
from toolkit.schema.limits import Cards

Direction = Literal["left", "right"]


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


class Tableau(Model):
    """Picked cards go face up into a plain pile of the player: no plan, no order, no cells."""

    zone: Id
    """The players' tableau zone (a plain player zone, not a grid)."""


class Keep(Model):
    """Which tableau cards stay at the end of a round (the others are discarded)."""

    where: CardFilter
    """Cards matching this filter stay in the tableau until the game ends."""


class Draft(StructureModel):
    """Simultaneous drafting: all choose a card at once, reveal, place, resolve, pass the rest."""

    mechanic: Literal["draft"]
    hand: Id = "hand"
    """The players' hand zone."""
    placements: Cards | None = None
    """Cards each player places in a round; cards left in hands are then set aside. A grid
    draft needs it (its plans have that many cells); a tableau round without it lasts until
    hands are empty."""
    rounds: RoundsAmount = 1
    """Rounds of the game, or a table by player count: each deals new hands (the setup's
    `deal` count to the hand zone) from the cards not dealt yet. Several rounds need a
    `tableau`. The game may end earlier when an `end.when` condition holds after a round."""
    pass_direction: Direction | list[Direction] = "left"
    """The direction hands are passed: one for every round, or a list used round by round
    (cycling, e.g. `[left, right]`)."""
    price: AcquireCost | None = None
    """What placing a card face up costs; without it picking is free."""
    action_field: Id | None = None
    """Card field holding effects that resolve when the card is placed face up (shop actions)."""
    resolve_order: Literal["highest_first", "lowest_first"] = "highest_first"
    """Order of several triggered actions in a pick, by `grid.order_field` (in seat order in a
    tableau)."""
    grid: Grid | None = None
    """Where and how chosen cards are placed on a grid (give `grid` or `tableau`)."""
    tableau: Tableau | None = None
    """Chosen cards go face up into a plain player zone (give `grid` or `tableau`)."""
    keep: Keep | None = None
    """With several rounds, every round ends by discarding the tableau's cards except those
    matching this (after the round scoring, the last round included: the end scoring sees
    the kept cards). With one round nothing is discarded."""

    def most_rounds(self) -> int:
        """The most rounds at any player count."""
        return max(amount_values(self.rounds))

    def directions(self) -> list[Direction]:
        """The pass direction of round 1, 2 ... (cycling)."""
        if isinstance(self.pass_direction, list):
            return self.pass_direction
        return [self.pass_direction]
