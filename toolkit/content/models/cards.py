"""Card content kinds: one file per kind under `cards/<game-id>/`."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from toolkit.content.models.base import Colour, Id, Model, Text
from toolkit.content.models.effects import Effect
from toolkit.rules.scoring import ScoringRule


class Suit(Model):
    """A suit of the trick deck and the action its winning cards resolve."""

    id: Id
    """How rules refer to the suit."""
    name: Text
    """The suit as printed (Coins, Tickets ...)."""
    standard_suit: Literal["hearts", "diamonds", "spades", "clubs"] | None = None
    """The suit of a standard deck it maps to, for prototype play."""
    icon: Id
    """The icon printed on its cards."""
    colour: Colour
    """The suit's colour when printing."""
    action: list[Effect] = Field(min_length=1)
    """What the winner of a trick with a card of this suit does."""
    action_text: Text
    """The action in words, as printed on cards and aids."""


class SuitsFile(Model):
    """The suits of a trick-taking deck."""

    kind: Literal["suits"]
    suits: list[Suit] = Field(min_length=1)
    """The suits."""


class Attraction(Model):
    """A ride players can visit with a Ticket action."""

    id: Id
    """How rules and setup refer to it."""
    name: Text
    """As printed."""
    level: int = Field(ge=1)
    """Its level (riding limits go per level)."""
    cost: int = Field(ge=0)
    """Coins paid to ride it."""
    requires: dict[Id, int] = Field(default_factory=dict)
    """Minimum track positions needed to ride (never spent), by track id."""
    points: int
    """Victory points at game end for riding it."""
    flavour: Text
    """A line of flavour text for the card."""


class AttractionsFile(Model):
    """The attraction pool."""

    kind: Literal["attractions"]
    attractions: list[Attraction] = Field(min_length=1)
    """Every attraction of the pool."""


class ParkCard(Model):
    """A park card of a drafting game."""

    id: Id
    """How transcripts and rules refer to it (e.g. `Y7`)."""
    colour: Id
    """Its colour."""
    number: int = Field(ge=0)
    """Its number: orders placement and resolution."""
    price: int = Field(ge=0)
    """Coins paid to place it face up."""
    symbol: Id
    """Its symbol."""
    ticket: bool = False
    """It shows a ticket."""
    action: list[Effect] = Field(default_factory=list)
    """Shop action resolved when it is placed face up."""
    action_text: Text | None = None
    """The shop action in words, as printed."""


class ParkCardsFile(Model):
    """The park cards."""

    kind: Literal["park-cards"]
    cards: list[ParkCard] = Field(min_length=1)
    """Every park card."""


class ProjectPlan(Model):
    """One side of a project plan card: the shape every park must have.

    Rows are written top to bottom with `#` for a cell and `.` for none; the last row lies on
    the plan's line, the park's bottom edge. Orientation is fixed.
    """

    id: Id
    """How setup and transcripts refer to this side."""
    card: int = Field(ge=1)
    """The physical card this side belongs to."""
    side: Id
    """Which side of the card it is."""
    name: Text
    """The shape's name."""
    shape: list[str] = Field(min_length=1)
    """Rows of `#` (cell) and `.` (no cell), top to bottom."""

    @field_validator("shape")
    @classmethod
    def _cells_only(cls, rows: list[str]) -> list[str]:
        for number, row in enumerate(rows, start=1):
            if not row or set(row) - {"#", "."}:
                raise ValueError(f"row {number} ('{row}') may contain only '#' and '.'")
        if "#" not in rows[-1]:
            raise ValueError("the last row lies on the plan's line and needs a cell")
        return rows

    def cells(self) -> list[tuple[int, int]]:
        """(row, column) of every cell, row 0 at the top."""
        return [(r, c) for r, row in enumerate(self.shape) for c, ch in enumerate(row) if ch == "#"]


class ProjectPlansFile(Model):
    """The project plan cards (each side is one plan)."""

    kind: Literal["project-plans"]
    plans: list[ProjectPlan] = Field(min_length=1)
    """Every plan side."""


class ScoringSide(Model):
    """One side of a scoring card."""

    id: Id
    """The side (`green`, `blue`, `standard`)."""
    rules: list[ScoringRule] = Field(min_length=1)
    """The scoring rules printed on this side."""


class ScoringCard(Model):
    """A scoring card: the standard one used every game, or a variable double-sided one."""

    id: Id
    """How setup refers to it."""
    name: Text
    """As printed."""
    role: Literal["standard", "variable"]
    """Standard cards are always used; one variable card is drawn per game."""
    sides: list[ScoringSide] = Field(min_length=1, max_length=2)
    """Its sides."""


class ScoringCardsFile(Model):
    """The scoring cards."""

    kind: Literal["scoring-cards"]
    cards: list[ScoringCard] = Field(min_length=1)
    """Every scoring card."""


class BonusCard(Model):
    """A bonus card of the bonus-card variant."""

    id: Id
    """How setup refers to it."""
    name: Text
    """As printed."""
    min_players: int | None = Field(default=None, ge=1)
    """Used only with at least this many players (the 4-5 player symbol)."""
    rules: list[ScoringRule] = Field(min_length=1)
    """What it scores."""


class BonusCardsFile(Model):
    """The bonus cards."""

    kind: Literal["bonus-cards"]
    cards: list[BonusCard] = Field(min_length=1)
    """Every bonus card."""
