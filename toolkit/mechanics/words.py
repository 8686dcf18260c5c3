"""Small text helpers mechanics share for the terminal's rules help."""

from __future__ import annotations

import re
from typing import Any

ICON = re.compile(r":([a-z][a-z0-9-]*):")


def plain_words(text: str) -> str:
    """Printed text for a terminal: one line, icon tokens (`:coin:`) as their names."""
    return ICON.sub(lambda match: match.group(1), " ".join(text.split()))


def described_effects(view: dict[str, Any]) -> list[Any]:
    """A card view's effects fields in words (the print layer's texts, each with a `ladder`)."""
    return [text for text in view["described"].values() if hasattr(text, "ladder")]


def printed_action(view: dict[str, Any]) -> str:
    """What a card does as printed: its `action_text` when it has one, else its effects."""
    written = getattr(view["card"], "action_text", None)
    return str(written) if written else ", ".join(str(e) for e in described_effects(view) if e)
