"""Which fields of a game's cards hold rules, found from their declared types, never their names.

Printing needs every effect and scoring rule a game's cards carry (to describe them, to know
what cards can be acquired, to name cards in setup text) whatever the kinds are called. The
declared type of a field says where rules are: `effects`, `scoring`, and the fields of each
side of a `sides` field.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolkit.content.models.manifest import SuitedDeck
from toolkit.content.project import GameContent

RULE_TYPES = ("effects", "scoring")
"""Field types whose values are rules, described in words when printed."""


def side_field_types(content: GameContent, kind: str) -> dict[str, str]:
    """The declared types of the fields on each side of a kind's `sides` field."""
    for name, type_name in content.field_types(kind).items():
        if type_name == "sides":
            spec = content.field_spec(kind, name)
            return {f: s.type for f, s in ((spec.fields or {}) if spec else {}).items()}
    return {}


def fields_of_type(content: GameContent, kind: str, *types: str) -> list[str]:
    """The fields of a kind declared with one of `types`, in declaration order."""
    return [name for name, type_name in content.field_types(kind).items() if type_name in types]


def card_rules(content: GameContent, kind: str, card: Any, rule_type: str) -> list[Any]:
    """Every rule of one type (`effects` or `scoring`) a card carries, on any of its sides."""
    rules: list[Any] = []
    for name, type_name in content.field_types(kind).items():
        value = getattr(card, name, None)
        if type_name == rule_type:
            rules += value or []
        elif type_name == "sides":
            for side in value or []:
                for side_field, side_type in side_field_types(content, kind).items():
                    if side_type == rule_type:
                        rules += getattr(side, side_field)
    return rules


def all_card_rules(content: GameContent, rule_type: str) -> Iterator[tuple[str, Any, Any]]:
    """(kind, card, rule) for every rule of one type on every card of the game."""
    for kind in content.card_kinds():
        for card in content.cards(kind):
            for rule in card_rules(content, kind, card, rule_type):
                yield kind, card, rule


def suit_kind(deck: SuitedDeck) -> str:
    """The card kind whose cards are a suited deck's suits."""
    return deck.suits
