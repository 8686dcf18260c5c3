"""`decline`: decline an optional choice when declining is offered."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.preferences.base import Core, PreferenceBase
from toolkit.rules.registry import PREFERENCES

if TYPE_CHECKING:
    from toolkit.rules.preferences.base import StrategyGame


@PREFERENCES.register
class Decline(PreferenceBase):
    """Decline an optional choice when declining is offered (ride nothing, swap nothing)."""

    prefer: Literal["decline"]

    def compile(self, game: StrategyGame) -> Core:
        return lambda state, player, options: [o for o in options if o.decision == "decline"]
