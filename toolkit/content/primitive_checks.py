"""The semantic checker as a rules primitive sees it (`toolkit.rules.context.CheckContext`):
bound to the file the primitive was read from, so a primitive reports at its own paths."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

from toolkit.content.models.manifest import Game, SuitedDeck
from toolkit.content.project import GameContent, LoadedFile
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import did_you_mean
from toolkit.schema.amounts import Amount, missing_counts
from toolkit.schema.base import Scalar
from toolkit.schema.filters import CardFilter, Measure


class UnknownIds(list[str]):
    """The ids of a card kind whose cards did not all load: empty, yet not "no ids", so a
    reference checked against them is not reported (the card it names may be one that
    failed its schema, which is reported already)."""


class SemanticChecker(Protocol):
    """The parts of the semantic checker the adapters (this one, `StructureChecker`) forward to."""

    @property
    def content(self) -> GameContent: ...
    @property
    def game(self) -> Game: ...
    @property
    def manifest(self) -> LoadedFile: ...
    def error(
        self, where: LoadedFile, path: Path_, code: str, message: str, hint: str = ""
    ) -> None: ...
    def known(
        self, where: LoadedFile, path: Path_, value: str, choices: Iterable[str], what: str
    ) -> bool: ...
    def resource_ids(self) -> list[str]: ...
    def track_ids(self) -> list[str]: ...
    def zone_ids(self, owner: str | None = None) -> list[str]: ...
    def zone_kind(self, zone_id: str) -> str | None: ...
    def fields_of(self, kind: str) -> set[str]: ...
    def vocabulary(self, kind: str, field: str) -> list[str] | None: ...
    def check_measure(self, where: LoadedFile, path: Path_, measure: Measure) -> None: ...
    def check_filter(
        self, where: LoadedFile, path: Path_, card_filter: CardFilter, kind: str, *, grid: bool
    ) -> None: ...
    def check_requirements(self, kind: str, field: str) -> None: ...
    def loaded(self, kind: str) -> bool: ...
    def ids(self, kind: str) -> list[str]: ...
    def items(self, kind: str) -> list[tuple[Path_, Any]]: ...
    def deck_size(self) -> int: ...
    def zone_fields(self, zone_id: str) -> set[str]: ...
    def grid_zones(self) -> set[str]: ...
    def deck_kind(self) -> str | None: ...
    def most_held(self, resource_id: str) -> int | None: ...


class PrimitiveChecks:
    """A `CheckContext` for the primitives of one file."""

    def __init__(self, checker: SemanticChecker, where: LoadedFile) -> None:
        self.checker = checker
        self.where = where

    def error(self, path: Path_, code: str, message: str, hint: str = "") -> None:
        self.checker.error(self.where, path, code, message, hint)

    def known(self, path: Path_, value: str, choices: Iterable[str], what: str) -> bool:
        return self.checker.known(self.where, path, value, choices, what)

    def did_you_mean(self, value: object, choices: Iterable[str]) -> str:
        return did_you_mean(value, choices)

    def resource_ids(self) -> list[str]:
        return self.checker.resource_ids()

    def track_ids(self) -> list[str]:
        return self.checker.track_ids()

    def zone_ids(self, owner: str | None = None) -> list[str]:
        return self.checker.zone_ids(owner)

    def zone_kind(self, zone_id: str) -> str | None:
        return self.checker.zone_kind(zone_id)

    def fields_of(self, kind: str) -> set[str]:
        return self.checker.fields_of(kind)

    def vocabulary(self, kind: str, field: str) -> list[str] | None:
        return self.checker.vocabulary(kind, field)

    def deck_ranks(self) -> list[int] | None:
        deck = self.checker.game.deck
        return [r.rank for r in deck.ranks] if isinstance(deck, SuitedDeck) else None

    def field_type(self, kind: str, field: str) -> str | None:
        deck = self.checker.game.deck
        if kind == "deck":
            if isinstance(deck, SuitedDeck):
                return {"id": "id", "suit": "id", "rank": "int"}.get(field)
            kind = deck.pool
        return self.checker.content.field_types(kind).get(field)

    def card_ids(self, kind: str) -> list[str]:
        deck = self.checker.game.deck
        if kind == "deck":
            if isinstance(deck, SuitedDeck):
                return self.deck_ids()
            kind = deck.pool
        return self.checker.ids(kind)

    def check_measure(self, path: Path_, measure: Measure) -> None:
        self.checker.check_measure(self.where, path, measure)

    def check_filter(self, path: Path_, card_filter: CardFilter, kind: str, *, grid: bool) -> None:
        self.checker.check_filter(self.where, path, card_filter, kind, grid=grid)

    def check_requirements(self, kind: str, field: str) -> None:
        self.checker.check_requirements(kind, field)

    def card_kinds(self) -> list[str]:
        return list(self.checker.game.card_kinds)

    def has(self, kind: str) -> bool:
        return self.checker.loaded(kind)

    def ids(self, kind: str) -> list[str]:
        return self.checker.ids(kind)

    def cards(self, kind: str) -> list[tuple[Path_, Any]]:
        return self.checker.items(kind)

    def slots(self) -> list[str]:
        return list(self.checker.game.slots)

    def players(self) -> tuple[int, int]:
        players = self.checker.game.players
        return players.min, players.max

    def partnerships(self) -> dict[int, list[list[int]]]:
        return dict(self.checker.game.partnerships)

    def check_amount(self, path: Path_, amount: Amount) -> None:
        low, high = self.players()
        if isinstance(amount, int):
            return
        for count in amount.by_players:
            if not low <= count <= high:
                self.error(
                    (*path, "by_players", count),
                    "out-of-range",
                    f"the game is for {low}-{high} players, not {count}",
                    "remove this entry or widen 'players'",
                )
        missing = missing_counts(amount, low, high)
        if missing:
            self.error(
                (*path, "by_players"),
                "missing-key",
                f"no value for {', '.join(str(n) for n in missing)} players",
                f"give a value for every count from {low} to {high}",
            )

    def option_ids(self) -> list[str]:
        return [o.id for o in self.checker.game.options]

    def option_values(self, option_id: str) -> list[Scalar]:
        option = next(o for o in self.checker.game.options if o.id == option_id)
        return [option.default, *(option.choices or [])]

    def supply_total(self, resource_id: str) -> int | None:
        resource = next(r for r in self.checker.game.resources if r.id == resource_id)
        if resource.supply is None:
            return None
        return sum(d.value * d.count for d in resource.supply)

    def deck_size(self) -> int:
        return self.checker.deck_size()

    def deck_ids(self) -> list[str]:
        deck = self.checker.game.deck
        if isinstance(deck, SuitedDeck):
            suits = self.ids(deck.suits)
            if isinstance(suits, UnknownIds):
                return suits
            return [f"{suit}-{rank.label}" for suit in suits for rank in deck.ranks]
        return self.ids(deck.pool)

    def zone_fields(self, zone_id: str) -> set[str]:
        return self.checker.zone_fields(zone_id)

    def grid_zones(self) -> set[str]:
        return self.checker.grid_zones()

    def deck_kind(self) -> str | None:
        return self.checker.deck_kind()

    def most_held(self, resource_id: str) -> int | None:
        """The most of a resource one player can ever hold (None: no bound is known)."""
        return self.checker.most_held(resource_id)
