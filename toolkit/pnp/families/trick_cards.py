"""The trick deck: one card per suit and rank, with what winning with it gives."""

from __future__ import annotations

from toolkit.content.models.manifest import SuitedDeck
from toolkit.pnp.families import FamilyError, PrintCard, Source, family, require


@family("trick-cards")
def trick_cards(source: Source) -> list[PrintCard]:
    deck = source.content.game.deck
    if not isinstance(deck, SuitedDeck):
        raise FamilyError("suited deck (deck type 'suited') to print trick cards from")
    suits = require(source.content.suits, "suits file")
    cards = []
    for suit in source.selected(suits.suits):
        for rank in deck.ranks:
            card_id = f"{suit.id}-{rank.label}"
            context = source.context(
                card_id,
                suit=suit,
                rank=rank,
                reward=source.describer.reward_for(suit.action, rank.rank),
            )
            cards.append(PrintCard(card_id, suit.name, rank.label, context))
    return cards
