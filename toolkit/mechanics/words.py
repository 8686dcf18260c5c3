"""Small text helpers mechanics share for the terminal's rules help."""

from __future__ import annotations

import re

ICON = re.compile(r":([a-z][a-z0-9-]*):")


def plain_words(text: str) -> str:
    """Printed text for a terminal: one line, icon tokens (`:coin:`) as their names."""
    return ICON.sub(lambda match: match.group(1), " ".join(text.split()))
