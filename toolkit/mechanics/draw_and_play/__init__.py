"""Draw-and-play: play a card to one of your areas (or discard it to a public pile), then draw
from the draw pile or take the top of a discard pile; the round ends when the draw pile runs
out. Registered as `draw_and_play`.

The package holds the mechanic's runtime beside its content models; its kit (`kit.KIT`) is
read from `kit.py`, so importing the runtime (a compiled game loaded back from the cache)
builds no content model."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """`KIT`, from `kit.py` when first asked (plugins import it from the package)."""
    if name == "KIT":
        from toolkit.mechanics.draw_and_play.kit import KIT

        return KIT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
