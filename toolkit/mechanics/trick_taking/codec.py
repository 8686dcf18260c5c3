"""Trick-taking actions: a play is a card of the deck, numbered as the deck is; passing a card,
bidding and naming trump follow in ranges of their own.

With `D` deck cards and `S` suits: `0..D-1` play card `k`; `D..2D-1` pass card `k - D`;
`2D..3D` bid `k - 2D` tricks; `3D+1..3D+S` name suit `k - 3D - 1` trump. Calling trump adds,
from `C = 3D+1+S`: `C` pass, `C+1` order up, `C+2` order up alone, `C+3..C+2+S` name a suit
alone, `C+3+S..C+2+S+D` discard card `k - C - 3 - S`.
"""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card of one's hand to the trick."""

    card: int


@dataclass(frozen=True, slots=True)
class PassCard:
    """Set one card of one's hand aside to pass before play."""

    card: int


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid a number of tricks."""

    tricks: int


@dataclass(frozen=True, slots=True)
class NameTrump:
    """Name a suit trump for the round (alone: the partners sit out)."""

    suit: int
    alone: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """In a calling round: pass, or order the turned-up card's suit trump (alone or not)."""

    order: bool
    alone: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """The dealer, having picked up the turned card, discards one face down."""

    card: int


TrickRecord = PlayCard | PassCard | Bid | NameTrump | Call | Discard


@dataclass(frozen=True, slots=True)
class TrickCodec:
    """Action `k` plays deck card `k`: transcripts of trick-taking games read as card ids."""

    deck_size: int
    passing: bool = False
    """Whether cards are passed (the pass range is in use)."""
    bidding: bool = False
    """Whether players bid (the bid range is in use)."""
    suits: int = 0
    """Suits a player may name trump; 0 when nobody names trump."""
    calling: bool = False
    """Whether trump is called in rounds (the call and discard ranges are in use)."""

    @property
    def pass_base(self) -> int:
        return self.deck_size

    @property
    def bid_base(self) -> int:
        return 2 * self.deck_size

    @property
    def name_base(self) -> int:
        return 3 * self.deck_size + 1

    @property
    def call_base(self) -> int:
        return self.name_base + self.suits

    @property
    def discard_base(self) -> int:
        return self.call_base + 3 + self.suits

    @property
    def num_distinct_actions(self) -> int:
        """The largest id in use plus one: a game without passing, bids or named trump has
        exactly one action per deck card."""
        if self.calling:
            return self.discard_base + self.deck_size
        if self.suits:
            return self.name_base + self.suits
        if self.bidding:
            return self.name_base
        if self.passing:
            return self.bid_base
        return self.deck_size

    def _unused(self, what: str) -> IllegalActionError:
        return IllegalActionError(f"this game has no {what}")

    def encode(self, record: TrickRecord) -> int:
        size = self.deck_size
        if isinstance(record, PlayCard | PassCard):
            if not 0 <= record.card < size:
                raise IllegalActionError(f"card {record.card} is not in a deck of {size}")
            if isinstance(record, PlayCard):
                return record.card
            if not self.passing:
                raise self._unused("passing")
            return self.pass_base + record.card
        if isinstance(record, Bid):
            if not self.bidding:
                raise self._unused("bidding")
            if not 0 <= record.tricks <= size:
                raise IllegalActionError(f"a bid of {record.tricks} is outside 0..{size}")
            return self.bid_base + record.tricks
        if isinstance(record, Call | Discard):
            if not self.calling:
                raise self._unused("calling of trump")
            if isinstance(record, Discard):
                if not 0 <= record.card < size:
                    raise IllegalActionError(f"card {record.card} is not in a deck of {size}")
                return self.discard_base + record.card
            return self.call_base + (0 if not record.order else 2 if record.alone else 1)
        if not self.suits:
            raise self._unused("trump named by a player")
        if not 0 <= record.suit < self.suits:
            raise IllegalActionError(f"suit {record.suit} is not one of {self.suits} suits")
        if record.alone:
            if not self.calling:
                raise self._unused("calling of trump")
            return self.call_base + 3 + record.suit
        return self.name_base + record.suit

    def card_part(self, action: int) -> tuple[int, int] | None:
        """(card, 0) of a play, (card, 1) of a card passed; None for a bid or a suit named."""
        size = self.deck_size
        if 0 <= action < size:
            return action, 0
        if self.passing and size <= action < 2 * size:
            return action - size, 1
        return None

    def decode(self, action: int) -> TrickRecord:
        size = self.deck_size
        top = self.num_distinct_actions
        if 0 <= action < size:
            return PlayCard(action)
        if size <= action < min(2 * size, top):
            return PassCard(action - size)
        if self.bid_base <= action < min(self.name_base, top):
            return Bid(action - self.bid_base)
        if self.name_base <= action < min(self.call_base, top):
            return NameTrump(action - self.name_base)
        if self.calling and self.call_base <= action < self.call_base + 3:
            return Call(action > self.call_base, action == self.call_base + 2)
        if self.calling and self.call_base + 3 <= action < self.discard_base:
            return NameTrump(action - self.call_base - 3, alone=True)
        if self.calling and self.discard_base <= action < top:
            return Discard(action - self.discard_base)
        raise IllegalActionError(
            f"action {action} is outside 0..{top - 1} (one per deck card played"
            + (", passed" if self.passing else "")
            + (", a bid" if self.bidding else "")
            + (", a suit named trump" if self.suits else "")
            + (", a call or a discard" if self.calling else "")
            + ")"
        )
