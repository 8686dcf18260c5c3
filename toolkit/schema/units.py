"""Lengths with units: layout files write `63.5mm`, `0.125in` or `9pt`; code works in points.

This is the one boundary where units are converted: the `Length` and `Offset` field types
turn text into points while a layout is validated, so nothing after loading sees a unit.
"""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BeforeValidator, WithJsonSchema

POINTS_PER_UNIT = {"mm": 72 / 25.4, "cm": 72 / 2.54, "in": 72.0, "pt": 1.0}
_NUMBER = r"[0-9]+(?:\.[0-9]+)?"
_UNITS = "|".join(POINTS_PER_UNIT)
LENGTH_PATTERN = rf"^{_NUMBER}({_UNITS})$"
OFFSET_PATTERN = rf"^-?{_NUMBER}({_UNITS})$"
_LENGTH = re.compile(rf"(-?{_NUMBER})({_UNITS})")


def parse_length(text: str, *, signed: bool = False) -> float:
    """Points in a length such as `63.5mm`; ValueError names the accepted forms."""
    match = _LENGTH.fullmatch(text.strip()) if isinstance(text, str) else None
    if match is None or (not signed and match[1].startswith("-")):
        shown = f"'{text}'" if isinstance(text, str) else f"the value {text!r}"
        sign = "" if not signed else " (negative: measured from the right or bottom edge)"
        raise ValueError(
            f"{shown} is not a length; write a number and a unit{sign}: "
            "'63.5mm', '0.125in', '2cm' or '9pt'"
        )
    return float(match[1]) * POINTS_PER_UNIT[match[2]]


def mm(value: float) -> float:
    """Points in `value` millimetres, for code that derives lengths (never for data)."""
    return value * POINTS_PER_UNIT["mm"]


def _length(value: object) -> float:
    return parse_length(value, signed=False)  # type: ignore[arg-type]


def _offset(value: object) -> float:
    return parse_length(value, signed=True)  # type: ignore[arg-type]


Length = Annotated[
    float,
    BeforeValidator(_length),
    WithJsonSchema({"type": "string", "pattern": LENGTH_PATTERN}),
]
"""A length with a unit (mm, cm, in, pt), held as points once validated."""

Offset = Annotated[
    float,
    BeforeValidator(_offset),
    WithJsonSchema({"type": "string", "pattern": OFFSET_PATTERN}),
]
"""A position with a unit; negative values count from the right or bottom edge."""
