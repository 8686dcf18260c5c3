"""Trick-taking: lead, follow suit, the highest card of the led suit (or trump) wins, the
winner resolves the winning card's suit action. Registered as `trick_taking`.

The package holds the mechanic's runtime beside its content models; its kit (`kit.KIT`) is
read from `kit.py`, so importing the runtime (a compiled game loaded back from the cache)
builds no content model."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """`KIT`, from `kit.py` when first asked (plugins import it from the package)."""
    if name == "KIT":
        from toolkit.mechanics.trick_taking.kit import KIT

        return KIT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
