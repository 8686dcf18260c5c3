"""Conditions: yes/no questions about a player, used by `if` effects and strategies' `when`.

One module per condition, each registered where it is defined (`@CONDITIONS.register`) and
compiled by itself (`compile`); the union `Condition` is assembled from the registry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.rules.registry import CONDITIONS

if TYPE_CHECKING:
    from typing import TypeAlias

    from toolkit.rules.conditions.base import ConditionModel

    Condition: TypeAlias = ConditionModel
    """Any condition; at run time the discriminated union of the registered conditions."""


def __getattr__(name: str) -> Any:
    """`Condition`, the union of every registered condition, built when first asked for."""
    if name == "Condition":
        return CONDITIONS.build_union()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
