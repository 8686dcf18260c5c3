"""Project plans: each physical card carries two plan sides (front and back)."""

from __future__ import annotations

from itertools import groupby

from toolkit.pnp.families import PrintCard, Source, family, require


@family("project-plans")
def project_plans(source: Source) -> list[PrintCard]:
    plans = require(source.content.project_plans, "project plans file")
    by_card = sorted(source.selected(plans.plans), key=lambda p: (p.card, p.side))
    cards = []
    for _, group in groupby(by_card, key=lambda p: p.card):
        sides = list(group)
        contexts = [source.context(side.id, card=side) for side in sides]
        front, back = sides[0], sides[1] if len(sides) > 1 else None
        cards.append(
            PrintCard(
                front.id,
                front.name,
                "",
                contexts[0],
                contexts[1] if back else None,
                back.id if back else "",
                back.name if back else "",
            )
        )
    return cards
