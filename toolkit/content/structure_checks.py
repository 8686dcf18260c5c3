"""The semantic checker as a mechanic sees it (`StructureChecks`): a mechanic checks its own
`structure` with these, its errors located in the manifest or in a named content file."""

from __future__ import annotations

from collections.abc import Sequence

from toolkit.content.primitive_checks import PrimitiveChecks, SemanticChecker
from toolkit.content.yaml_loader import Path_
from toolkit.rules.setup import SetupStep


class StructureChecker(PrimitiveChecks):
    """The primitives' checks bound to the manifest, plus what a structure also asks."""

    def __init__(self, checker: SemanticChecker) -> None:
        super().__init__(checker, checker.manifest)

    def card_error(self, kind: str, path: Path_, code: str, message: str, hint: str = "") -> None:
        self.checker.error(self.checker.content.files[kind], path, code, message, hint)

    def suits_kind(self) -> str | None:
        return getattr(self.checker.game.deck, "suits", None)

    def field_of_type(self, kind: str, field_type: str) -> str | None:
        types = self.checker.content.field_types(kind)
        return next((name for name, t in types.items() if t == field_type), None)

    def deck_size(self) -> int:
        return self.checker.deck_size()

    def track_max(self, track_id: str) -> int | None:
        track = next((t for t in self.checker.game.tracks if t.id == track_id), None)
        return track.max if track is not None else None

    @property
    def setup(self) -> Sequence[SetupStep]:
        return self.checker.game.setup
