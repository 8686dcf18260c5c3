"""Card tables: every card of a kind as a small int, with its fields in tuples by index."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.errors import UnknownIdError

if TYPE_CHECKING:
    from pydantic import BaseModel

    from toolkit.schema.filters import CardFilter

CardPredicate = Callable[[int], bool]


@dataclass(frozen=True, slots=True)
class CardTable:
    """The cards of one kind: ids, display names and field values, all indexed by card int."""

    kind: str
    ids: tuple[str, ...]
    names: tuple[str, ...]
    fields: dict[str, tuple[Any, ...]]
    sides_field: str | None = None
    """The field listing a double-sided card's sides, if the kind declares one."""
    rules_field: str | None = None
    """The field holding a card's scoring rules (on each side, for double-sided cards)."""
    types: Mapping[str, str] = field(default_factory=dict)
    """Each field's declared type (`int`, `shape`, `effects` ...)."""
    sides: tuple[tuple[str, ...], ...] = ()
    """Each card's side ids, for a kind with sides (read in play, where the sides' models,
    which hold their scoring rules, are not)."""

    def field_of_type(self, field_type: str) -> str | None:
        """The first field declared with a type (the plan's `shape`), if any."""
        return next((name for name, t in self.types.items() if t == field_type), None)

    @property
    def size(self) -> int:
        return len(self.ids)

    def index(self, card_id: str) -> int:
        """The card's int; a typed error naming the kind's ids if there is no such card."""
        try:
            return self.ids.index(card_id)
        except ValueError:
            raise UnknownIdError(f"{self.kind} card", card_id, list(self.ids)) from None

    def value(self, field: str, card: int) -> Any:
        return self.fields[field][card]

    def side_ids(self, card: int) -> list[str]:
        """The ids of a card's sides; [] for a kind without sides."""
        return list(self.sides[card]) if self.sides else []

    def first_side(self, card: int) -> str:
        sides = self.side_ids(card)
        return sides[0] if sides else ""

    def rules(self, card: int, side: str = "") -> list[Any]:
        """The scoring rules printed on a card (on the given side of a double-sided card)."""
        if self.rules_field is None:
            return []
        if self.sides_field is None:
            return list(self.fields[self.rules_field][card])
        for entry in self.fields[self.sides_field][card]:
            if entry.id == side:
                return list(getattr(entry, self.rules_field))
        return []

    def rule_entries(self) -> list[tuple[int, str, list[Any]]]:
        """(card, side, rules) for every card and side that carries scoring rules."""
        if self.rules_field is None:
            return []
        return [
            (card, side, self.rules(card, side))
            for card in range(self.size)
            for side in (self.side_ids(card) or [""])
        ]

    def predicate(self, card_filter: CardFilter | None) -> CardPredicate:
        """A fast test for the cards matching a filter, precomputed as a set of ints."""
        if not card_filter:
            return lambda card: True
        matching = frozenset(i for i in range(self.size) if self.matches(i, card_filter))
        return matching.__contains__

    def matches(self, card: int, card_filter: CardFilter) -> bool:
        from toolkit.schema.filters import value_matches  # compiling only: a filter is a model

        for name, wanted in card_filter.items():
            if name == "face_up":  # cards listed in zones are face up; face-down have no fields
                if wanted is True:
                    continue
                return False
            value = self.fields[name][card] if name in self.fields else None
            if not value_matches(value, wanted):
                return False
        return True


def table_from_cards(
    kind: str,
    items: Sequence[BaseModel],
    types: Mapping[str, str],
    side_types: Mapping[str, str] | None = None,
) -> CardTable:
    """A table of a declared kind's cards. `types` are its fields' declared types and
    `side_types` those of its sides' fields: they say where sides and scoring rules are."""
    fields = {name: tuple(getattr(item, name) for item in items) for name in types}
    sides = next((name for name, t in types.items() if t == "sides"), None)
    scoring_types = side_types if sides is not None else types
    rules = next((name for name, t in (scoring_types or {}).items() if t == "scoring"), None)
    side_ids = (
        tuple(tuple(str(side.id) for side in card_sides) for card_sides in fields[sides])
        if sides is not None
        else ()
    )
    return CardTable(
        kind=kind,
        ids=tuple(str(getattr(item, "id")) for item in items),  # noqa: B009
        names=tuple(str(getattr(item, "name", None) or getattr(item, "id")) for item in items),  # noqa: B009
        fields=fields,
        sides_field=sides,
        rules_field=rules,
        types=dict(types),
        sides=side_ids,
    )
