"""A `windfall` effect of its own: installed beside toolkit-example-plugin, one name, two
effects, and the toolkit refuses both rather than pick one."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from toolkit.rules.effects.base import EffectModel
from toolkit.rules.registry import EFFECTS


@EFFECTS.register
class Windfall(EffectModel):
    """The player gains nothing at all (a windfall that never comes)."""

    effect: Literal["windfall"]

    def compile(self, c: Any, cause: str) -> Callable[[Any, int, int], None]:
        return lambda state, player, card: None
