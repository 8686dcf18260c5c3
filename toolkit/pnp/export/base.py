"""What every export format shares: its options, its entry in the registry, and file names.

A format is a `Format`: the resolution and bleed its images need, a check of its options made
before any work, and `write`, which fills a staged folder (the caller swaps it in whole).
`write` gets the cards as a stream drawn while it reads them (`Cards`), in print order, and
reads it once, holding at most a sheet of cards at a time: so the memory an export needs does
not grow with the number of cards.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from toolkit.errors import UsageError
from toolkit.files import ensure_folder, write_atomic
from toolkit.pnp.export.pieces import Table
from toolkit.pnp.raster import CardImage


class Cards(Protocol):
    """A game's cards for a format: a `CardSet` (a list) or a `CardStream` (drawn while read)."""

    @property
    def game_id(self) -> str: ...
    @property
    def game_name(self) -> str: ...
    @property
    def cards(self) -> Iterable[CardImage]: ...


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
    players: int | None = None
    """Table formats: the players the table is laid out for; None for the game's most."""


@dataclass(frozen=True)
class Target:
    """Where a format writes: the staged folder now, the final folder once swapped in.
    Files and folders go in through `write` and `folder`, so every file of an export is
    written as every output is (`toolkit.files`: whole or not at all, never through a link)."""

    staging: Path
    final: Path

    def write(self, name: str, data: str | bytes) -> None:
        """The file `name` (relative, `/`-separated) of the export, written whole."""
        write_atomic(self.staging / name, data)

    def folder(self, name: str) -> None:
        """The folder `name` (and its parents) inside the export."""
        ensure_folder(self.staging / name)


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
    write: Callable[[Cards, Target, ExportOptions], Written]
    bleed: Callable[[ExportOptions], bool] = lambda options: bool(options.bleed)
    """Whether the card images carry the print-shop bleed (by default `--bleed`)."""
    check: Callable[[ExportOptions], None] = lambda options: None
    """Refuse options the format cannot use (a `UsageError`), before any card is drawn."""
    write_table: Callable[[Cards, Table, Target, ExportOptions], Written] | None = None
    """For a virtual table: `write` with the boards and tokens, laid out for the players
    chosen (`--players`); None for a format of cards only."""


def families(cards: Iterable[CardImage]) -> Iterator[tuple[str, Iterator[CardImage]]]:
    """The cards grouped by the component that prints them, in print order (a component's
    cards follow each other), each group read as it streams by."""
    return itertools.groupby(cards, key=lambda card: card.family)


def chunks(cards: Iterable[CardImage], size: int) -> Iterator[list[CardImage]]:
    """The cards in lists of `size` (the last may be shorter), drawn as each list is taken."""
    stream = iter(cards)
    while chunk := list(itertools.islice(stream, size)):
        yield chunk


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_stem(name: str) -> str:
    """A card or component id as a file name: no separators, no leading dot, never empty.

    Ids come from content files; whatever they hold, the name stays inside the folder."""
    stem = _UNSAFE.sub("-", name).strip("-.")
    return stem[:80] or "card"


class Stems:
    """File stems for ids in turn, numbered where two would give the same name (ignoring case,
    as some file systems do)."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def __call__(self, name: str) -> str:
        stem = candidate = file_stem(name)
        number = 2
        while candidate.lower() in self.taken:
            candidate, number = f"{stem}-{number}", number + 1
        self.taken.add(candidate.lower())
        return candidate


def unique_stems(names: list[str]) -> list[str]:
    """File stems for ids, numbered where two would give the same name (see `Stems`)."""
    stems = Stems()
    return [stems(name) for name in names]


def limit(options: ExportOptions, most: int) -> int:
    """Cards a sheet may hold: the format's most, or the lower `sheet_cards`."""
    wanted = options.sheet_cards
    if wanted is None:
        return most
    if not 1 <= wanted <= most:
        raise UsageError(f"cards per sheet must be 1 to {most}, not {wanted}")
    return wanted
