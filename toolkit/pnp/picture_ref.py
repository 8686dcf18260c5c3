"""A picture a card names, before anything is drawn: its own module, so card views (which
`toolkit validate` builds to check reference templates) need no drawing library."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.pnp.layout_load import Where


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture a card's `image` field names: the file, and the value that named it."""

    path: Path
    where: Where

    def __str__(self) -> str:
        return str(self.path)
