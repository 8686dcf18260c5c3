"""The events rules primitives log (a card taken, a slot filled, the first player drawn).

Kept apart from the primitives' models, so a compiled game that logs them (one loaded back
from the cache of compiled games) imports no content model to play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from toolkit.kernel.events import Event, EventWords, record


@record
class Discarded(Event):
    """A player gave back resources over a cap."""

    kind: ClassVar[str] = "discard"
    player: int
    resource: int
    amount: int

    def words(self, names: EventWords) -> Iterator[str]:
        resource = names.resource_name(self.resource)
        yield f"  player {self.player + 1} discards {self.amount} {resource}"


@record
class Acquired(Event):
    """A player took a card of a kind (an `acquire` effect)."""

    kind: ClassVar[str] = "acquire"
    player: int
    card_kind: str
    card: int

    def words(self, names: EventWords) -> Iterator[str]:
        yield f"  player {self.player + 1} takes {names.card_name(self.card_kind, self.card)}"


@record
class SlotFilled(Event):
    """Setup placed content cards in a table slot."""

    kind: ClassVar[str] = "slot"
    slot: str
    cards: tuple[str, ...]

    def words(self, names: EventWords) -> Iterator[str]:
        yield f"setup: {self.slot} gets {', '.join(self.cards)}"


@record
class SetAside(Event):
    """Setup removed deck cards from the game face down."""

    kind: ClassVar[str] = "removed"
    count: int
    cards: tuple[int, ...]
    """The cards named by the rules (the random ones stay unknown)."""

    def words(self, names: EventWords) -> Iterator[str]:
        named = ", ".join(names.deck_card(card) for card in self.cards)
        yield f"setup: {named or str(self.count) + ' random cards'} set aside face down"


@record
class Shown(Event):
    """Setup laid cards face up on a shared zone."""

    kind: ClassVar[str] = "shown"
    zone: str
    cards: tuple[int, ...]

    def words(self, names: EventWords) -> Iterator[str]:
        kind = names.zone_cards(self.zone)
        yield f"setup: on {self.zone} {', '.join(names.card_name(kind, c) for c in self.cards)}"


@record
class FirstPlayer(Event):
    """Setup chose who starts."""

    kind: ClassVar[str] = "first-player"
    player: int

    def words(self, names: EventWords) -> Iterator[str]:
        yield f"setup: player {self.player + 1} starts"
