"""One printed card per card of a kind: `card` and its `described` fields for the templates."""

from __future__ import annotations

from toolkit.pnp.families import PrintCard, Source, family


@family("cards")
def cards(source: Source) -> list[PrintCard]:
    kind = source.kind()
    printed = []
    for card in source.selected(source.content.cards(kind)):
        view = source.views.view(kind, card)
        context = source.context(card.id, card=card, described=view["described"])
        printed.append(PrintCard(card.id, context))
    return printed
