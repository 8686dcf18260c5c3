"""Ids used twice: the check every content file passes on its own (a card file's cards, each
double-sided card's sides), and the one a game's checks run on its manifest's lists."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel

from toolkit.content.content_file import LoadedFile
from toolkit.content.kind_models import CARD_LIST_KEY
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import Diagnostic


def duplicate_card_ids(loaded: LoadedFile) -> list[Diagnostic]:
    """Card ids, and the side ids of each double-sided card, used twice in a file; nothing
    for a file that lists no cards."""
    if not hasattr(loaded.model, CARD_LIST_KEY):
        return []
    cards = loaded.cards()
    found = duplicates(loaded, [(path, item.id) for path, item in cards], ("id",))
    for path, item in cards:
        for name, value in item:
            if isinstance(value, list) and value and all(is_side(v) for v in value):
                entries = [((*path, name, i), side.id) for i, side in enumerate(value)]
                found.extend(duplicates(loaded, entries, ("id",)))
    return found


def duplicates(
    where: LoadedFile, entries: Sequence[tuple[Path_, Any]], suffix: Path_
) -> list[Diagnostic]:
    """Each entry whose value (found at its path + `suffix`) an earlier entry has already."""
    found: list[Diagnostic] = []
    first: dict[Any, Path_] = {}
    for path, value in entries:
        if value in first:
            line = where.document.position((*first[value], *suffix)).line
            found.append(
                where.diag(
                    (*path, *suffix),
                    "duplicate-id",
                    f"'{value}' is used twice (first at line {line})",
                    "every entry needs its own id",
                )
            )
        else:
            first[value] = path
    return found


def is_side(value: Any) -> bool:
    """A side of a double-sided card: a record with an id inside a card's field."""
    return isinstance(value, BaseModel) and hasattr(value, "id")
