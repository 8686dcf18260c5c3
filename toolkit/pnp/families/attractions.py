"""Attraction cards: cost, requirements and points as icons, with a line of flavour."""

from __future__ import annotations

from toolkit.pnp.families import PrintCard, Source, family, require


@family("attractions")
def attraction_cards(source: Source) -> list[PrintCard]:
    pool = require(source.content.attractions, "attractions file")
    describer = source.describer
    cards = []
    for card in source.selected(pool.attractions):
        requirements = [
            {
                "track": track,
                "name": describer.track(track),
                "icon": describer.track(track, words=False),
                "value": value,
            }
            for track, value in card.requires.items()
        ]
        context = source.context(card.id, card=card, requirements=requirements)
        cards.append(PrintCard(card.id, card.name, "", context))
    return cards
