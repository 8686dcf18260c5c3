"""Simultaneous drafting onto grids: all pick at once, reveal, pay, place under a project
plan's shape and ordering rules, resolve shop actions, pass the rest. Registered as `draft`.

The package holds the mechanic's runtime beside its content models; its kit (`kit.KIT`) is
read from `kit.py`, so importing the runtime (a compiled game loaded back from the cache)
builds no content model."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """`KIT`, from `kit.py` when first asked (plugins import it from the package)."""
    if name == "KIT":
        from toolkit.mechanics.draft.kit import KIT

        return KIT
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
