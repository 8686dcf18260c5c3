"""The semantic checker as a mechanic sees it (`StructureChecks`): a mechanic checks its own
`structure` with these, its errors located in the manifest or in a named content file."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from toolkit.content.models.manifest import Game
from toolkit.content.project import GameContent, LoadedFile
from toolkit.content.yaml_loader import Path_
from toolkit.rules.setup import SetupStep


class _Checker(Protocol):
    """The parts of the semantic checker the adapter forwards to."""

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
    def zone_ids(self, owner: str | None = None) -> list[str]: ...
    def grid_zones(self) -> set[str]: ...
    def fields_of(self, kind: str) -> set[str]: ...
    def resource_ids(self) -> list[str]: ...
    def ids(self, kind: str) -> list[str]: ...
    def loaded(self, kind: str) -> bool: ...
    def items(self, kind: str) -> list[tuple[Path_, Any]]: ...


class StructureChecker:
    def __init__(self, checker: _Checker) -> None:
        self.checker = checker

    def known(self, path: Path_, value: str, choices: Iterable[str], what: str) -> bool:
        return self.checker.known(self.checker.manifest, path, value, choices, what)

    def error(self, path: Path_, code: str, message: str, hint: str = "") -> None:
        self.checker.error(self.checker.manifest, path, code, message, hint)

    def card_error(self, kind: str, path: Path_, code: str, message: str, hint: str = "") -> None:
        self.checker.error(self.checker.content.files[kind], path, code, message, hint)

    def zone_ids(self, owner: str | None = None) -> list[str]:
        return self.checker.zone_ids(owner)

    def grid_zones(self) -> set[str]:
        return self.checker.grid_zones()

    def fields_of(self, kind: str) -> set[str]:
        return self.checker.fields_of(kind)

    def resource_ids(self) -> list[str]:
        return self.checker.resource_ids()

    def ids(self, kind: str) -> list[str]:
        return self.checker.ids(kind)

    def has(self, kind: str) -> bool:
        return self.checker.loaded(kind)

    def cards(self, kind: str) -> list[tuple[Path_, Any]]:
        return self.checker.items(kind)

    def suits_kind(self) -> str | None:
        return getattr(self.checker.game.deck, "suits", None)

    def field_of_type(self, kind: str, field_type: str) -> str | None:
        types = self.checker.content.field_types(kind)
        return next((name for name, t in types.items() if t == field_type), None)

    @property
    def slots(self) -> list[str]:
        return list(self.checker.game.slots)

    @property
    def setup(self) -> Sequence[SetupStep]:
        return self.checker.game.setup
