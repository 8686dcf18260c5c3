"""The suited deck: one card per suit and rank, with what winning with it gives.

The suits are the cards of the kind the manifest's suited deck names; each card's context
has `suit` (the suit's record and its `described` fields), `rank` and `reward`, the effects
of that rank's ladder step in icons, and `scored_alone`: the scoring steps that name this
very card (`values: {anvils-Q: 13}`), each as `{label, points}`, so the card that scores on
its own can say so on its face and not only on its suit's other cards.
"""

from __future__ import annotations

from typing import Any

from toolkit.content.models.manifest import SuitedDeck
from toolkit.pnp.card_fields import card_rules, suit_kind
from toolkit.pnp.families import FamilyError, PrintCard, Source, family


@family("suited-deck")
def suited_deck(source: Source) -> list[PrintCard]:
    deck = source.content.game.deck
    if not isinstance(deck, SuitedDeck):
        raise FamilyError("the game's deck is not a suited deck (deck type 'suited')")
    kind = source.component.settings.cards or suit_kind(deck)
    if kind not in source.content.card_kinds():
        raise FamilyError(f"the game has no card kind '{kind}' holding the deck's suits")
    named = _named_cards(source)
    printed = []
    for suit in source.selected(source.content.cards(kind)):
        described = source.views.view(kind, suit)["described"]
        action = card_rules(source.content, kind, suit, "effects")
        for rank in deck.ranks:
            card_id = f"{suit.id}-{rank.label}"
            context = source.context(
                card_id,
                suit=suit,
                described=described,
                rank=rank,
                reward=source.describer.reward_for(action, rank.rank),
                scored_alone=named.get(card_id, []),
            )
            printed.append(PrintCard(card_id, context))
    return printed


def _named_cards(source: Source) -> dict[str, list[dict[str, Any]]]:
    """Card id -> the scoring steps (end or round) that give that card its own points."""
    game = source.content.game
    named: dict[str, list[dict[str, Any]]] = {}
    for rule in [*game.scoring, *game.round_scoring]:
        values = getattr(rule, "values", None)
        if not isinstance(values, dict):
            continue
        for key, points in values.items():
            if isinstance(key, str):
                label = getattr(rule, "label", None) or key
                named.setdefault(key, []).append({"label": label, "points": points})
    return named
