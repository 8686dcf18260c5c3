"""Card filters and measures: the nouns that conditions, scoring and tie-breakers count."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import model_validator

from toolkit.schema.base import Id, Model, Scalar
from toolkit.schema.computed import (
    COMPUTED,
    BestGroups,
    BestPerGroup,
    BestTotal,
    Computed,
    Deadwood,
    GridPairs,
    LowestOfRuns,
)


class FieldTest(Model):
    """A test on one numeric card field, for what equality alone cannot say."""

    at_least: int | None = None
    """The field's value is at least this."""
    at_most: int | None = None
    """The field's value is at most this."""
    parity: Literal["even", "odd"] | None = None
    """The field's value is even or odd."""


FieldMatch = Scalar | list[Scalar] | FieldTest
"""A value (equal to it), a list (equal to one of them) or a test."""

CardFilter = dict[str, FieldMatch]
"""Card field name to what it must match; every entry must hold. `face_up: true` keeps face-up
cards only (face-down cards have no number, colour or symbol)."""


class Measure(Model):
    """A number per player: a count of cards in a zone, a resource, a track position, the
    points banked from round scoring so far, or a number computed from the cards of a zone
    (`best_total`, `lowest_of_runs`, `best_groups`, `best_per_group`, `grid_pairs`,
    `deadwood`)."""

    count: Id | None = None
    """Count the cards in this zone of the player (e.g. `park`, `ridden`); a shared zone's
    cards are the same number for every player (the cards on the table)."""
    where: CardFilter | None = None
    """With `count`: only cards matching this filter."""
    resource: Id | None = None
    """The amount of this resource the player holds."""
    track: Id | None = None
    """The player's position on this track."""
    score: Literal[True] | None = None
    """`score: true`: the points the player has banked from round scoring so far."""
    team: bool | None = None
    """`team: true`: the player's partnership's value, summed over its members (their bids,
    their tricks); `team: false`: the player's own. Unset: the team's for `score` where
    partnerships are declared (partners share one total, so the score that ends the game is
    the team's), the player's own for the rest. A player count without teams reads each
    player's own value."""
    best_total: BestTotal | None = None
    """The best total of a field not over a limit, some values counting as others (an ace as
    1 or 11); over the limit busts."""
    lowest_of_runs: LowestOfRuns | None = None
    """Runs of consecutive values, each counting only its lowest card."""
    best_groups: BestGroups | None = None
    """Groups by a field: the best N count for the player, the rest against."""
    best_per_group: BestPerGroup | None = None
    """The highest (or lowest) value of each group by a field, added up."""
    grid_pairs: GridPairs | None = None
    """A grid's cards added up, equal cards in one column (or row) cancelling."""
    deadwood: Deadwood | None = None
    """The least value of the cards left over when a hand is laid out in sets and runs."""

    @model_validator(mode="after")
    def _exactly_one(self) -> Measure:
        chosen = [
            n
            for n in ("count", "resource", "track", "score", *COMPUTED)
            if getattr(self, n) is not None
        ]
        if len(chosen) != 1:
            raise ValueError(
                "a measure names exactly one of 'count', 'resource', 'track', 'score', "
                f"{', '.join(repr(n) for n in COMPUTED)} (found {', '.join(chosen) or 'none'})"
            )
        if self.where is not None and self.count is None:
            raise ValueError("'where' filters cards, so it needs 'count'")
        return self

    @property
    def computed_key(self) -> str | None:
        """The key naming a computed measure (`deadwood`), if any: where its problems lie."""
        return next((name for name in COMPUTED if getattr(self, name) is not None), None)

    @property
    def computed(self) -> Computed | None:
        """The computed measure named, if any."""
        key = self.computed_key
        return getattr(self, key) if key is not None else None


def reads_team(measure: Measure) -> bool:
    """Whether a measure reads a partnership's value where teams exist: when it says so, and
    for `score` unless it says not to (partners share one total)."""
    return measure.team if measure.team is not None else bool(measure.score)


def value_matches(value: Any, wanted: FieldMatch) -> bool:
    """Whether one card field's value passes one entry of a filter. A list field (a ship's
    cargo) passes when any of its items does."""
    if isinstance(value, list | tuple):
        return any(value_matches(item, wanted) for item in value)
    if isinstance(wanted, list):
        return value in wanted
    if isinstance(wanted, FieldTest):
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        if wanted.at_least is not None and value < wanted.at_least:
            return False
        if wanted.at_most is not None and value > wanted.at_most:
            return False
        return wanted.parity is None or (value % 2 == 0) == (wanted.parity == "even")
    return bool(value == wanted and type(value) is type(wanted))


def card_matches(card: Any, card_filter: CardFilter) -> bool:
    """Whether a card (any object with the filter's fields as attributes) passes a filter."""
    return all(
        value_matches(getattr(card, name, None), wanted) for name, wanted in card_filter.items()
    )
