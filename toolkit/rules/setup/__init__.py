"""Setup steps: how a game's table is laid out before the first turn, in order.

One module per step, each registered where it is defined (`@SETUP_STEPS.register`); the union
`SetupStep` is assembled from the registry. Adding a step is one module and its test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.rules.registry import SETUP_STEPS

if TYPE_CHECKING:
    from typing import TypeAlias

    from toolkit.rules.setup.base import StepModel

    SetupStep: TypeAlias = StepModel
    """Any setup step; at run time the discriminated union of the registered steps."""


def __getattr__(name: str) -> Any:
    """`SetupStep`, the union of every registered step, built when first asked for."""
    if name == "SetupStep":
        return SETUP_STEPS.build_union()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
