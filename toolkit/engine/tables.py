"""Card tables: every card of a kind as a small int, with its fields in tuples by index."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from toolkit.rules.filters import CardFilter, value_matches

CardPredicate = Callable[[int], bool]


@dataclass(frozen=True, slots=True)
class CardTable:
    """The cards of one kind: ids, display names and field values, all indexed by card int."""

    kind: str
    ids: tuple[str, ...]
    names: tuple[str, ...]
    fields: dict[str, tuple[Any, ...]]

    @property
    def size(self) -> int:
        return len(self.ids)

    def index(self, card_id: str) -> int:
        return self.ids.index(card_id)

    def value(self, field: str, card: int) -> Any:
        return self.fields[field][card]

    def predicate(self, card_filter: CardFilter | None) -> CardPredicate:
        """A fast test for the cards matching a filter, precomputed as a set of ints."""
        if not card_filter:
            return lambda card: True
        matching = frozenset(i for i in range(self.size) if self.matches(i, card_filter))
        return matching.__contains__

    def matches(self, card: int, card_filter: CardFilter) -> bool:
        for name, wanted in card_filter.items():
            if name == "face_up":  # cards listed in zones are face up; face-down have no fields
                if wanted is True:
                    continue
                return False
            value = self.fields[name][card] if name in self.fields else None
            if not value_matches(value, wanted):
                return False
        return True


def table_from_models(kind: str, items: Sequence[BaseModel]) -> CardTable:
    names = list(type(items[0]).model_fields) if items else []
    fields = {name: tuple(getattr(item, name) for item in items) for name in names}
    return CardTable(
        kind=kind,
        ids=tuple(getattr(item, "id") for item in items),  # noqa: B009
        names=tuple(str(getattr(item, "name", getattr(item, "id"))) for item in items),  # noqa: B009
        fields=fields,
    )
