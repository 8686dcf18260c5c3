"""A mechanic kit (`gainful`) whose own effect is called `gain`, as an effect of every game is:
refused, naming both."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, Literal

from toolkit.mechanics.draw_and_play import KIT as DRAW_AND_PLAY
from toolkit.mechanics.draw_and_play.structure import DrawAndPlay
from toolkit.rules.effects.base import EffectModel


class Gainful(DrawAndPlay):
    """The manifest's `structure` for a `gainful` game."""

    mechanic: Literal["gainful"]  # type: ignore[assignment]


class Gain(EffectModel):
    """Nothing at all, under a name already taken."""

    effect: Literal["gain"]

    def compile(self, c: Any, cause: str) -> Callable[[Any, int, int], None]:
        return lambda state, player, card: None


KIT = dataclasses.replace(DRAW_AND_PLAY, name="gainful", structure=Gainful, effects=(Gain,))
