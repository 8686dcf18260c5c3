"""Double-sided cards: one physical card with a front and a back, each side its own design.

The two sides come either from the kind's `sides` field (a card with 1-2 sides, each with an
id and its own fields), or, with `pair_by: <field>`, from two cards of the kind that share
that field's value (front first, in file order). A card with one side gets the plain back.
"""

from __future__ import annotations

from typing import Any

from toolkit.pnp.card_fields import fields_of_type
from toolkit.pnp.families import FamilyError, PrintCard, Source, family


@family("double-sided")
def double_sided(source: Source) -> list[PrintCard]:
    kind = source.kind()
    cards = source.selected(source.content.cards(kind))
    pair_by = source.component.settings.pair_by
    if pair_by is not None:
        if pair_by not in source.content.field_types(kind):
            raise FamilyError(f"cards of kind '{kind}' have no field '{pair_by}'", at="pair_by")
        return _paired(source, kind, cards, pair_by)
    sides = fields_of_type(source.content, kind, "sides")
    if not sides:
        raise FamilyError(
            f"cards of kind '{kind}' have no 'sides' field; name the field that pairs two "
            "cards into one with 'pair_by:'"
        )
    return [_sided(source, kind, card, sides[0]) for card in cards]


def _sided(source: Source, kind: str, card: Any, field: str) -> PrintCard:
    """A card whose `sides` field holds its faces: each side's context sees `card` and `side`,
    and `described` holds the card's described fields with the side's over them."""
    view = source.views.view(kind, card)
    contexts = []
    for side in view["described"][field]:
        described = {**view["described"], **side["described"]}
        side_id = f"{card.id}:{side['id']}"
        # The printed label names the side in words (`standard`, `variable-1 · blue side`).
        label = card.id if side["id"] == card.id else f"{card.id} \u00b7 {side['id']} side"
        contexts.append(
            (side_id, source.context(label, card=card, side=side["side"], described=described))
        )
    if not contexts:
        raise FamilyError(f"card '{card.id}' of kind '{kind}' has no side to print")
    back_id, back = contexts[1] if len(contexts) > 1 else ("", None)
    return PrintCard(contexts[0][0], contexts[0][1], back, back_id)


def _paired(source: Source, kind: str, cards: list[Any], pair_by: str) -> list[PrintCard]:
    groups: dict[Any, list[Any]] = {}
    for card in cards:
        groups.setdefault(getattr(card, pair_by), []).append(card)
    printed = []
    for value, group in groups.items():
        if len(group) > 2:
            ids = ", ".join(c.id for c in group)
            raise FamilyError(
                f"a card has two sides, but {len(group)} cards of kind '{kind}' have "
                f"{pair_by} {value}: {ids}",
                at="pair_by",
            )
        contexts = [
            source.context(c.id, card=c, described=source.views.view(kind, c)["described"])
            for c in group[:2]
        ]
        back = group[1] if len(group) > 1 else None
        printed.append(
            PrintCard(
                group[0].id, contexts[0], contexts[1] if back else None, back.id if back else ""
            )
        )
    return printed
