"""One card per suit: its action in words and its reward ladder, rank by rank."""

from __future__ import annotations

from toolkit.pnp.describe import walk_effects
from toolkit.pnp.families import PrintCard, Source, family, require
from toolkit.rules.effects import ByRank


@family("suits")
def suit_cards(source: Source) -> list[PrintCard]:
    suits = require(source.content.suits, "suits file")
    cards = []
    for suit in source.selected(suits.suits):
        ladders = [e for e in walk_effects(suit.action) if isinstance(e, ByRank)]
        ladder = [row for effect in ladders for row in source.describer.ladder(effect)]
        card_id = f"suit-{suit.id}"
        context = source.context(card_id, suit=suit, ladder=ladder)
        cards.append(PrintCard(card_id, suit.name, "", context))
    return cards
