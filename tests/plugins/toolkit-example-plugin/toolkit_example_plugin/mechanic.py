"""`open_routes`: a mechanic kit under a name of its own, with its own structure model.

It plays as the toolkit's draw-and-play does (its phase machine, codec, narration and screen
are that kit's), which keeps the example short; a plugin with a new way of playing brings its
own `compile` the same way. Registered through the entry point group `toolkit.mechanics`.
"""

from __future__ import annotations

import dataclasses
from typing import Literal

from toolkit.mechanics.draw_and_play import KIT as DRAW_AND_PLAY
from toolkit.mechanics.draw_and_play.structure import DrawAndPlay


class OpenRoutes(DrawAndPlay):
    """The manifest's `structure` for an `open_routes` game: as draw-and-play's."""

    mechanic: Literal["open_routes"]  # type: ignore[assignment]


KIT = dataclasses.replace(DRAW_AND_PLAY, name="open_routes", structure=OpenRoutes)
