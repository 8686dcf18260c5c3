"""Default factories of every pydantic model's list and mapping fields (content files, rules
primitives, mechanics' structures and positions).

pydantic asks each default factory for its signature whenever it builds a model's schema; for
the builtins `list` and `dict` that means parsing their text signature (about 0.3 ms a field,
for every model built, so about a tenth of loading a game). A plain function answers at once
and makes the same empty value; the JSON Schemas do not change (a factory's value is not
written into them)."""

from __future__ import annotations

from typing import Any


def empty_list() -> list[Any]:
    """A new empty list."""
    return []


def empty_dict() -> dict[Any, Any]:
    """A new empty mapping."""
    return {}
