"""Text in content files is plain: no control characters and no bidi overrides.

Card names, ids and texts reach terminals, transcripts and PDFs. A name holding an escape
sequence (written `"\\e]0;title\\a"` in YAML) could retitle or clear a terminal, and a bidi
override could make a rule read differently than it runs, so the loader refuses them in every
key and string of every content file, at the value's position.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

from toolkit.diagnostics import Diagnostic, unsafe_character

_NAMES = {0x07: "bell", 0x08: "backspace", 0x0D: "carriage return", 0x1B: "escape"}


def character_name(character: str) -> str:
    """`U+001B (escape)`, `U+202E (RIGHT-TO-LEFT OVERRIDE)`."""
    code = ord(character)
    name = _NAMES.get(code) or unicodedata.name(character, "") or "control character"
    return f"U+{code:04X} ({name})"


def control_character(file: str, line: int, column: int, text: str) -> Diagnostic | None:
    """An error for the first control character or bidi override in `text`, if any."""
    found = unsafe_character(text)
    if found is None:
        return None
    named = character_name(found)
    return Diagnostic(
        file,
        line,
        column,
        "error",
        "control-character",
        f"text contains the control character {named}",
        f"remove {named}: content text may hold tabs and newlines, but no control "
        "characters or bidi overrides (they can rewrite a terminal or hide text)",
    )


def unsafe_strings(data: Any) -> Iterator[str]:
    """Every key and string in plain data (for values that did not come through the loader,
    such as `--set`) that holds a control character."""
    if isinstance(data, str):
        if unsafe_character(data):
            yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from unsafe_strings(key)
            yield from unsafe_strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from unsafe_strings(item)
