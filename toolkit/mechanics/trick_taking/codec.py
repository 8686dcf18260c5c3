"""Trick-taking actions: a play is a card of the deck, numbered as the deck is."""

from __future__ import annotations

from dataclasses import dataclass

from toolkit.errors import IllegalActionError


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card of one's hand to the trick."""

    card: int


@dataclass(frozen=True, slots=True)
class TrickCodec:
    """Action `k` plays deck card `k`: transcripts of trick-taking games read as card ids."""

    deck_size: int

    @property
    def num_distinct_actions(self) -> int:
        return self.deck_size

    def encode(self, record: PlayCard) -> int:
        if not 0 <= record.card < self.deck_size:
            raise IllegalActionError(f"card {record.card} is not in a deck of {self.deck_size}")
        return record.card

    def decode(self, action: int) -> PlayCard:
        if not 0 <= action < self.deck_size:
            raise IllegalActionError(
                f"action {action} is outside 0..{self.deck_size - 1} (one per deck card)"
            )
        return PlayCard(action)
