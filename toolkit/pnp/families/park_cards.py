"""Park cards: number, colour, price, symbol, ticket and shop action."""

from __future__ import annotations

from toolkit.pnp.families import PrintCard, Source, family, require


@family("park-cards")
def park_cards(source: Source) -> list[PrintCard]:
    pool = require(source.content.park_cards, "park cards file")
    vocabulary = {
        (v.field, value.id): value for v in source.content.game.vocabularies for value in v.values
    }
    cards = []
    for card in source.selected(pool.cards):
        colour = vocabulary.get(("colour", card.colour))
        symbol = vocabulary.get(("symbol", card.symbol))
        context = source.context(
            card.id,
            card=card,
            colour=colour,
            colour_name=colour.name if colour else card.colour,
            colour_value=colour.colour if colour and colour.colour else "",
            symbol_name=symbol.name if symbol else card.symbol,
        )
        cards.append(PrintCard(card.id, "", str(card.number), context))
    return cards
