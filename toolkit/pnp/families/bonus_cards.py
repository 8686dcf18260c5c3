"""Bonus cards: what each scores, and the player-count symbol when it has one."""

from __future__ import annotations

from toolkit.pnp.families import PrintCard, Source, family, require


@family("bonus-cards")
def bonus_cards(source: Source) -> list[PrintCard]:
    pool = require(source.content.bonus_cards, "bonus cards file")
    return [
        PrintCard(
            card.id,
            card.name,
            "",
            source.context(card.id, card=card, rules=source.describer.rules(card.rules)),
        )
        for card in source.selected(pool.cards)
    ]
