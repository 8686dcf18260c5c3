"""What a validation run found and what it read, filled by each game's check and each file's
check alone."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.diagnostics import Diagnostic

if TYPE_CHECKING:
    from toolkit.content.project import GameContent


@dataclass
class ValidationReport:
    """What a validation run found, and what it checked."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: set[str] = field(default_factory=set)
    games: list[GameContent] = field(default_factory=list)
    missing: set[Path] = field(default_factory=set)
    """Files a game names that are not there (its diagnostics point at the manifest): a
    watch waits for them."""

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity == "warning" for d in self.diagnostics)
