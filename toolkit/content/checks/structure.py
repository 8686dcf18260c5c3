"""The mechanic checks its own structure (`MechanicKit.check`)."""

from __future__ import annotations

from toolkit.content.checks.base import GameChecks
from toolkit.content.structure_checks import StructureChecker
from toolkit.mechanics.registry import mechanic_kit


def check_structure(c: GameChecks) -> None:
    """The mechanic checks its own structure (`MechanicKit.check`)."""
    structure = c.game.structure
    mechanic_kit(structure.mechanic).check(structure, StructureChecker(c))
