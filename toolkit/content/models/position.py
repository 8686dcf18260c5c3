"""Positions written as YAML: a game in progress (`kind: position`) to play, simulate or score
from, and the older end position (`kind: end-position`) that `toolkit score` reads.

A position names cards by id, never by index, and leaves out what can be derived: tracks at
their start, resources at 0, the supply as what nobody holds, the deck's other cards unseen.
The mechanic's own state (the trick so far, bids, hidden picks, the step of a turn) is the
`play` section, whose model each mechanic kit declares.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, StringConstraints

from toolkit.schema.base import Id, Model, Scalar, Text
from toolkit.schema.empty import empty_dict, empty_list
from toolkit.schema.limits import Number, TrackPosition

UNKNOWN = "hidden"
"""A card the position does not fix: dealt at random from the cards no zone names (a word,
since YAML reads a bare `?` in a list as the start of a key)."""

CardEntry = Annotated[
    str,
    StringConstraints(pattern=r"^[A-Za-z0-9][A-Za-z0-9_:-]*$", max_length=64),
    Field(description="A card id, or 'hidden' for a card the position leaves to chance."),
]
Seat = Annotated[int, Field(ge=1, le=16, description="A player's seat, counted from 1.")]
CardCount = Annotated[int, Field(ge=0, le=1000, description="That many cards left to chance.")]


class PlayerPosition(Model):
    """One player's situation at the end of a game."""

    name: Text
    """The player's name, as results show it."""
    zones: dict[Id, list[Id]] = Field(default_factory=empty_dict)
    """Card ids in each of the player's zones (e.g. `ridden: [carousel, zipper]`)."""
    tracks: dict[Id, TrackPosition] = Field(default_factory=empty_dict)
    """Track positions; tracks left out stay at their start."""
    resources: dict[Id, Number] = Field(default_factory=empty_dict)
    """Resources held; resources left out are 0."""
    grids: dict[Id, list[str]] = Field(default_factory=empty_dict)
    """Grid zones drawn as rows, top to bottom: card ids separated by spaces, `##` for a
    face-down card, `.` for an empty cell (e.g. `park: ["Y2 P3 B7", "## P5 R9"]`)."""
    round_points: dict[Text, Number] = Field(default_factory=empty_dict)
    """Points banked by the game's `round_scoring` over the rounds played, by the rule's
    `label` (e.g. `Wagers: 34`); rules left out banked 0."""


class EndPosition(Model):
    """Players' end positions in one game, scored by `toolkit score`."""

    kind: Literal["end-position"]
    game: Id
    """The game id this position belongs to."""
    slots: dict[Id, list[str]] = Field(default_factory=empty_dict)
    """Cards on the table by setup slot, as `card` or `card:side` (e.g.
    `variable-scoring: [variable-1:green]`). Slots filled by a fixed card need not be given."""
    players: list[PlayerPosition] = Field(min_length=1)
    """Every player, in seat order."""


class SeatPosition(Model):
    """One player's situation in a game in progress."""

    name: Text
    """The player's name, as results show it."""
    zones: dict[Id, list[CardEntry] | CardCount] = Field(default_factory=empty_dict)
    """Cards in each of the player's zones, in order (a hand: `hand: [hearts-5, clubs-9]`).
    `hidden` stands for a card the position does not fix, and a number for that many: a
    hand written `hand: 5` is dealt at random from the cards no zone names."""
    tracks: dict[Id, TrackPosition] = Field(default_factory=empty_dict)
    """Track positions; tracks left out stay at their start."""
    resources: dict[Id, Number] = Field(default_factory=empty_dict)
    """Resources held; resources left out are 0."""
    grids: dict[Id, list[str]] = Field(default_factory=empty_dict)
    """Grid zones drawn as rows, top to bottom: card ids separated by spaces, `#ID` for a
    card placed face down, `##` for a face-down card the position does not fix, `.` for an
    empty cell (e.g. `park: ["Y2 P3 B7", "#R4 P5 ."]`)."""
    round_points: dict[Text, Number] = Field(default_factory=empty_dict)
    """Points banked by the game's `round_scoring` in the rounds before this one, by the
    rule's `label` (e.g. `Wagers: 34`); rules left out banked 0."""


class Move(Model):
    """A move made after the position, replayed when it loads: how a position is written
    while a player answers a card's choice (which ride to take), which only a move opens."""

    player: Seat
    """Who made it."""
    move: Text
    """The move as the game describes it (`Queen of Hearts`, `bid 2`, `decline`)."""


class Position(Model):
    """A game in progress (or ended) that `toolkit play --from`, `simulate --from` and `score`
    start from."""

    kind: Literal["position"]
    game: Id
    """The game id this position belongs to."""
    options: dict[Id, Scalar] = Field(default_factory=empty_dict)
    """Values of the game's options; options left out take their default."""
    seed: Annotated[int, Field(ge=0, le=2**64)] = 0
    """Seed of what is left to chance: the cards written `hidden` and later shuffles. `simulate
    --from` plays each game with a seed of its own instead."""
    draws: Annotated[int, Field(ge=0, le=1_000_000)] = 0
    """Random events already drawn from `seed` (a saved position goes on exactly as the game
    it was saved from would have)."""
    round: Annotated[int, Field(ge=1, le=1000)] = 1
    """The round in play."""
    turn: Annotated[int, Field(ge=0, le=1_000_000)] | None = None
    """Turns (tricks, picks) played in the game so far, this one included (0 in a game whose
    rounds have no turns yet, everyone picking at once); default: as many as the mechanic
    counts from the round and the cards."""
    first_player: Seat = 1
    """The seat that started the game."""
    ended: bool = False
    """The game is over: the position is scored as it stands and nobody moves."""
    to_move: list[Seat] = Field(default_factory=empty_list)
    """Whose decision it is, checked against what the rules say (a trick's next player, each
    player yet to pick); default: whoever the rules say."""
    players: list[SeatPosition] = Field(min_length=1)
    """Every player, in seat order."""
    shared: dict[Id, list[CardEntry] | CardCount] = Field(default_factory=empty_dict)
    """Cards in each shared zone, top first for a pile (`draw: 30`, `display: [carousel]`)."""
    slots: dict[Id, list[str]] = Field(default_factory=empty_dict)
    """Cards on the table by setup slot, as `card` or `card:side`. Slots filled by a fixed
    card need not be given."""
    unseen: list[CardEntry] | CardCount | None = None
    """The deck's cards out of play, face down (what a deal left over), in order; default:
    every deck card no zone names, in random order."""
    removed: list[Id] = Field(default_factory=empty_list)
    """Deck cards setup took out of the game (by player count)."""
    supply: dict[Id, Number] = Field(default_factory=empty_dict)
    """Resources left in the supply; default: the game's supply less what players hold."""
    play: dict[Id, Any] = Field(default_factory=empty_dict)
    """The mechanic's own state: the trick so far, trump, bids, hidden picks, a turn's step
    (see docs/positions.md for each mechanic's keys)."""
    moves: list[Move] = Field(default_factory=empty_list)
    """Moves made after the position, replayed in order when it loads."""
