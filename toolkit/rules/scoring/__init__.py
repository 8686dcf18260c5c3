"""Scoring rules shared by every game, one module per rule, each registered where it is
defined (`@SCORING_RULES.register`); each names the source its points count under. Adding a
rule is one module and its test: nothing here lists the rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.rules.registry import SCORING_RULES

if TYPE_CHECKING:
    from typing import TypeAlias

    from toolkit.rules.scoring.base import RuleModel

    ScoringRule: TypeAlias = RuleModel
    """Any scoring rule; at run time the discriminated union of the registered rules."""


def __getattr__(name: str) -> Any:
    """`ScoringRule`, the union of every registered rule, built when first asked for."""
    if name == "ScoringRule":
        return SCORING_RULES.build_union()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
