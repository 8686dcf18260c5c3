"""A card as templates see it: its record, and its fields described for print, by declared type.

Templates read a card's plain values from `card` (`{{ card.name }}`) and what needs words or
lookups from `described` (`{{ described.action }}`), whatever the kind is called:

- `effects`: the effects in words (`{{ described.action }}`), `.compact` with icons only, and
  `.ladder`, the rows of its reward ladders (ranks, reward, reward_words);
- `scoring`: a list of rules, each with a `label` and its `points` in words;
- `map` whose keys are tracks or resources: a list of {id, name, icon, value};
- `enum`: the vocabulary value, with `id`, `name`, `colour` and `mark` (`''` when it has
  none);
- `shape`: its `rows` and the number of `cells`;
- `sides`: a list of sides, each with `id`, `side` (its record) and its own `described`;
- `image`: the picture file (for an element's `image: "{{ described.picture }}"`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.content.models.manifest import VocabularyValue
from toolkit.content.project import GameContent
from toolkit.pnp.card_fields import side_field_types
from toolkit.pnp.describe import Describer, walk_effects
from toolkit.pnp.layout_load import Where
from toolkit.pnp.picture_ref import Picture
from toolkit.rules.effects.by_rank import ByRank


@dataclass(frozen=True, slots=True)
class EffectsText:
    """Effects in words; printing it in a template gives `words`."""

    words: str
    """With names, for reading (`+2 :coin: Coins`)."""
    compact: str
    """Icons and numbers only, for tight card faces (`+2 :coin:`)."""
    ladder: list[dict[str, str]]
    """The rows of every reward ladder among the effects, rank range by rank range."""

    def __str__(self) -> str:
        return self.words

    def __bool__(self) -> bool:
        """No effects is false, so `{% if described.action %}` skips a card without any."""
        return bool(self.words)


class CardViews:
    """Builds card views for one game: the describer, and each kind's declared field types."""

    def __init__(self, content: GameContent, describer: Describer) -> None:
        self.content = content
        self.describer = describer
        self.vocabulary: dict[tuple[str, str, str], VocabularyValue] = {
            (v.kind, v.field, value.id): value
            for v in content.game.vocabularies
            for value in v.values
        }

    def view(self, kind: str, card: Any) -> dict[str, Any]:
        """What a template sees of one card: `id`, `name`, `card` and `described`."""
        return {
            "id": card.id,
            "name": getattr(card, "name", "") or "",
            "card": card,
            "described": self.described(kind, card, self.content.field_types(kind)),
        }

    def described(self, kind: str, record: Any, types: dict[str, str]) -> dict[str, Any]:
        """The described fields of a card (or of one side), by field name."""
        described: dict[str, Any] = {}
        for name, type_name in types.items():
            value = getattr(record, name, None)
            if type_name == "image" and isinstance(value, str) and value:
                described[name] = self._picture(kind, name, value, record)
                continue
            text = self._field(kind, name, type_name, value)
            if text is not None:
                described[name] = text
        return described

    def _field(self, kind: str, name: str, type_name: str, value: Any) -> Any:
        describer = self.describer
        if type_name == "effects":
            effects = list(value or [])
            ladders = [e for e in walk_effects(effects) if isinstance(e, ByRank)]
            return EffectsText(
                describer.effects(effects),
                describer.effects(effects, words=False),
                [row for ladder in ladders for row in describer.ladder(ladder)],
            )
        if type_name == "scoring":
            return describer.rules(list(value or []))
        if type_name == "map" and isinstance(value, dict):
            return self._amounts(value)
        if type_name == "enum" and value is not None:
            entry = self.vocabulary.get((kind, name, str(value)))
            return {
                "id": value,
                "name": entry.name if entry else str(value),
                "colour": entry.colour if entry and entry.colour else "",
                "mark": entry.mark if entry and entry.mark else "",
            }
        if type_name == "shape" and isinstance(value, list):
            return {"rows": value, "cells": sum(row.count("#") for row in value)}
        if type_name == "sides":
            return [self.side(kind, side) for side in value or []]
        return None

    def _picture(self, kind: str, name: str, value: str, record: Any) -> Picture:
        """A picture field: its file (relative to the card file) and where the card names it."""
        loaded = self.content.files[kind]
        cards = loaded.document.data.get("cards")
        index = next(
            (
                i
                for i, card in enumerate(cards if isinstance(cards, list) else [])
                if isinstance(card, dict) and card.get("id") == getattr(record, "id", None)
            ),
            None,
        )
        at = ("cards", index, name) if index is not None else ()
        position = loaded.document.position(at)
        where = Where(loaded.document.file_of(position), position.line, position.column)
        return Picture(Path(loaded.path).parent / value, where)

    def side(self, kind: str, side: Any) -> dict[str, Any]:
        return {
            "id": side.id,
            "side": side,
            "described": self.described(kind, side, side_field_types(self.content, kind)),
        }

    def _amounts(self, value: dict[Any, Any]) -> list[dict[str, Any]] | None:
        """A map keyed by tracks or resources as {id, name, icon, value}; None for other maps."""
        describer = self.describer
        entries = []
        for key, amount in value.items():
            if key in describer.tracks:
                name, icon = describer.track(key), describer.track(key, words=False)
            elif key in describer.resources:
                name, icon = describer.resource(key), describer.resource(key, words=False)
            else:
                return None
            entries.append({"id": key, "name": name, "icon": icon, "value": amount})
        return entries
