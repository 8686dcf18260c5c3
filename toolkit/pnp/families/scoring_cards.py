"""Scoring cards: a side per face, each rule with its label and its points in words."""

from __future__ import annotations

from toolkit.pnp.families import PrintCard, Source, family, require


@family("scoring-cards")
def scoring_cards(source: Source) -> list[PrintCard]:
    pool = require(source.content.scoring_cards, "scoring cards file")
    cards = []
    for card in source.selected(pool.cards):
        contexts = [
            source.context(
                f"{card.id}:{side.id}",
                card=card,
                side=side,
                rules=source.describer.rules(side.rules),
            )
            for side in card.sides
        ]
        back = card.sides[1] if len(card.sides) > 1 else None
        cards.append(
            PrintCard(
                f"{card.id}:{card.sides[0].id}",
                card.name,
                "",
                contexts[0],
                contexts[1] if back else None,
                f"{card.id}:{back.id}" if back else "",
                card.name if back else "",
            )
        )
    return cards
