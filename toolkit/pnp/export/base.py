"""What every export format shares: its options, its entry in the registry, and file names.

A format is a `Format`: the resolution and bleed its images need, a check of its options made
before any work, and `write`, which fills a staged folder (the caller swaps it in whole).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.errors import UsageError
from toolkit.pnp.raster import CardImage, CardSet


@dataclass(frozen=True)
class ExportOptions:
    dpi: int | None = None
    """Card images' resolution; None for the format's own."""
    bleed: bool = False
    """Images with the print-shop bleed (`png` presets decide for themselves)."""
    preset: str | None = None
    """`png`: a print shop's sizes (`thegamecrafter`, `makeplayingcards`, `trimmed`)."""
    image_base_url: str | None = None
    """`tts`: where the images will be hosted; None for local file URIs."""
    variants: Sequence[Path] = ()
    sets: Sequence[tuple[str, Any]] = ()
    only: Sequence[str] = ()
    """Component ids, card kinds or card ids to export, as `toolkit print --only`."""
    sheet_cards: int | None = None
    """Most cards on one sheet (below the format's own limit); None for the limit."""


@dataclass(frozen=True)
class Target:
    """Where a format writes: the staged folder now, the final folder once swapped in."""

    staging: Path
    final: Path


@dataclass
class Written:
    """What an export wrote (names relative to its folder) and what it has to say."""

    files: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Format:
    name: str
    summary: str
    dpi: int
    write: Callable[[CardSet, Target, ExportOptions], Written]
    bleed: Callable[[ExportOptions], bool] = lambda options: bool(options.bleed)
    """Whether the card images carry the print-shop bleed (by default `--bleed`)."""
    check: Callable[[ExportOptions], None] = lambda options: None
    """Refuse options the format cannot use (a `UsageError`), before any card is drawn."""


def families(cards: list[CardImage]) -> dict[str, list[CardImage]]:
    """The cards grouped by the component that prints them, in print order."""
    grouped: dict[str, list[CardImage]] = {}
    for card in cards:
        grouped.setdefault(card.family, []).append(card)
    return grouped


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_stem(name: str) -> str:
    """A card or component id as a file name: no separators, no leading dot, never empty.

    Ids come from content files; whatever they hold, the name stays inside the folder."""
    stem = _UNSAFE.sub("-", name).strip("-.")
    return stem[:80] or "card"


def unique_stems(names: list[str]) -> list[str]:
    """File stems for ids, numbered where two would give the same name (ignoring case, as
    some file systems do)."""
    taken: set[str] = set()
    stems = []
    for name in names:
        stem = candidate = file_stem(name)
        number = 2
        while candidate.lower() in taken:
            candidate, number = f"{stem}-{number}", number + 1
        taken.add(candidate.lower())
        stems.append(candidate)
    return stems


def limit(options: ExportOptions, most: int) -> int:
    """Cards a sheet may hold: the format's most, or the lower `sheet_cards`."""
    wanted = options.sheet_cards
    if wanted is None:
        return most
    if not 1 <= wanted <= most:
        raise UsageError(f"cards per sheet must be 1 to {most}, not {wanted}")
    return wanted
