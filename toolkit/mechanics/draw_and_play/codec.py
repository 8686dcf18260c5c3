"""Draw-and-play actions as typed records, numbered by one codec computed from the game's data.

Ids are laid out in two consecutive blocks:

- plays: a card of the deck and its destination, `card * (areas + 1) + destination`, where
  destinations `0 .. areas - 1` are the structure's area zones in order (`Place`) and
  destination `areas` is the card's discard pile (`Discard`);
- draws: `plays + source`, where source 0 is the draw pile and source `1 + k` is the k-th
  discard pile (`Draw`).

The range is `deck * (areas + 1) + 1 + piles`; nothing wraps around: an id outside it, or a
record naming a card, area or pile outside the data, raises `IllegalActionError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.errors import ActionSpaceError, IllegalActionError

MAX_ACTIONS = 2**31 - 1
"""Ids fit a signed 32-bit integer, as array-based tools (OpenSpiel, numpy) expect."""


@dataclass(frozen=True, slots=True)
class Place:
    """Play a hand card to its area in one of the structure's area zones."""

    card: int
    area: int
    """The index of the area zone in the structure's `areas`."""


@dataclass(frozen=True, slots=True)
class Discard:
    """Put a hand card face up on its discard pile."""

    card: int


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile (source 0) or take the top of discard pile
    `source - 1`."""

    source: int


DrawPlayAction = Place | Discard | Draw


@dataclass(frozen=True, slots=True)
class DrawPlayCodec:
    """Numbers every draw-and-play action of one game; built by `DrawPlayCodec.for_game`."""

    deck_size: int
    areas: int
    piles: int
    destinations: int = field(init=False)
    plays: int = field(init=False)
    """Ids below this are plays (places and discards)."""
    num_distinct_actions: int = field(init=False)

    def __post_init__(self) -> None:
        destinations = self.areas + 1
        plays = self.deck_size * destinations
        object.__setattr__(self, "destinations", destinations)
        object.__setattr__(self, "plays", plays)
        object.__setattr__(self, "num_distinct_actions", plays + 1 + self.piles)

    @classmethod
    def for_game(cls, deck_size: int, areas: int, piles: int) -> DrawPlayCodec:
        """The codec for this data; raises `ActionSpaceError` naming the limit exceeded."""
        codec = cls(deck_size, areas, piles)
        if codec.num_distinct_actions > MAX_ACTIONS:
            raise ActionSpaceError(
                f"draw-and-play actions ({deck_size} cards, {areas} area zones, {piles} piles)",
                codec.num_distinct_actions,
                MAX_ACTIONS,
            )
        return codec

    def _card(self, card: int) -> int:
        if not 0 <= card < self.deck_size:
            raise IllegalActionError(f"card {card} is not in a deck of {self.deck_size}")
        return card

    def encode(self, record: DrawPlayAction) -> int:
        if isinstance(record, Place):
            if not 0 <= record.area < self.areas:
                raise IllegalActionError(f"area zone {record.area} is not one of {self.areas}")
            return self._card(record.card) * self.destinations + record.area
        if isinstance(record, Discard):
            return self._card(record.card) * self.destinations + self.areas
        if not 0 <= record.source <= self.piles:
            raise IllegalActionError(
                f"draw source {record.source} is outside 0..{self.piles} "
                "(the draw pile, then each discard pile)"
            )
        return self.plays + record.source

    def decode(self, action: int) -> DrawPlayAction:
        if not 0 <= action < self.num_distinct_actions:
            raise IllegalActionError(
                f"action {action} is outside 0..{self.num_distinct_actions - 1}"
            )
        if action >= self.plays:
            return Draw(action - self.plays)
        card, destination = divmod(action, self.destinations)
        if destination == self.areas:
            return Discard(card)
        return Place(card, destination)

    def card_part(self, action: int) -> tuple[int, int] | None:
        """(card, destination) of a play or a discard; None for a draw."""
        if 0 <= action < self.plays:
            return divmod(action, self.destinations)
        return None

    # -- without records, for the hot loops ----------------------------------------------

    def place_id(self, card: int, area: int) -> int:
        return card * self.destinations + area

    def discard_id(self, card: int) -> int:
        return card * self.destinations + self.areas

    def draw_id(self, source: int) -> int:
        return self.plays + source
