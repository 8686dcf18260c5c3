"""Typography shared by primitives' words and the describer: signs and dashes as printed."""

from __future__ import annotations

MINUS = "\u2212"
DASH = "\u2013"


def signed(amount: int) -> str:
    """`+2`, or `-1` printed with a real minus sign (U+2212)."""
    return f"+{amount}" if amount >= 0 else f"{MINUS}{-amount}"


def singular(kind: str) -> str:
    """`attractions` -> `attraction`, `park-cards` -> `park card`."""
    words = kind.replace("-", " ")
    return words[:-1] if words.endswith("s") else words


def printed_number(amount: int) -> str:
    """A number as printed: negative ones with a real minus sign, positive ones unsigned."""
    return f"{MINUS}{-amount}" if amount < 0 else str(amount)
