"""A hand-written end position, for `toolkit score`: what each player has at game end."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from toolkit.schema.base import Id, Model, Text
from toolkit.schema.limits import Number, TrackPosition


class PlayerPosition(Model):
    """One player's situation at the end of a game."""

    name: Text
    """The player's name, as results show it."""
    zones: dict[Id, list[Id]] = Field(default_factory=dict)
    """Card ids in each of the player's zones (e.g. `ridden: [carousel, zipper]`)."""
    tracks: dict[Id, TrackPosition] = Field(default_factory=dict)
    """Track positions; tracks left out stay at their start."""
    resources: dict[Id, Number] = Field(default_factory=dict)
    """Resources held; resources left out are 0."""
    grids: dict[Id, list[str]] = Field(default_factory=dict)
    """Grid zones drawn as rows, top to bottom: card ids separated by spaces, `##` for a
    face-down card, `.` for an empty cell (e.g. `park: ["Y2 P3 B7", "## P5 R9"]`)."""
    round_points: dict[Text, Number] = Field(default_factory=dict)
    """Points banked by the game's `round_scoring` over the rounds played, by the rule's
    `label` (e.g. `Wagers: 34`); rules left out banked 0."""


class EndPosition(Model):
    """Players' end positions in one game, scored by `toolkit score`."""

    kind: Literal["end-position"]
    game: Id
    """The game id this position belongs to."""
    slots: dict[Id, list[str]] = Field(default_factory=dict)
    """Cards on the table by setup slot, as `card` or `card:side` (e.g.
    `variable-scoring: [variable-1:green]`). Slots filled by a fixed card need not be given."""
    players: list[PlayerPosition] = Field(min_length=1)
    """Every player, in seat order."""
