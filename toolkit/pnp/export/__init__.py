"""`toolkit export`: a game's cards for online tables and print shops, from the print drawing.

Every format starts from `raster.card_stream` (the print-shop PDF rasterised card by card as
the format reads it, so memory does not grow with the cards) and writes into a staged folder
that replaces `--out` whole only when it is complete. A format is one module with a `FORMAT`;
adding one is one line in `FORMATS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.content.locate import resolve_path_or_game
from toolkit.errors import UsageError, choose_id
from toolkit.files import (
    FileRefused,
    check_output,
    check_output_folder,
    check_replaceable,
    ensure_folder,
    staged_folder,
)
from toolkit.pnp.export import card_data, png, sheets, tabletop_playground, tts
from toolkit.pnp.export.base import ExportOptions, Format, Target
from toolkit.pnp.export.pieces import game_table
from toolkit.pnp.raster import CardImage, CardStream, card_stream

FORMATS: dict[str, Format] = {
    "tts": tts.FORMAT,
    "tabletop-playground": tabletop_playground.FORMAT,
    "png": png.FORMAT,
    "sheets": sheets.FORMAT,
}


@dataclass
class Exported:
    folder: Path
    game_id: str
    cards: int
    """Distinct cards (copies counted once)."""
    copies: int
    """Physical cards (copies counted)."""
    files: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def default_folder(game_id: str, name: str) -> Path:
    """`build/<game>-<format>`: beside `build/<game>/`, which `toolkit build` replaces whole."""
    return Path("build") / f"{game_id}-{name}"


def format_name(name: str) -> str:
    """The export format `name` stands for, typed in any case (`TTS` is `tts`); a usage error
    with the closest format and the formats when it is none."""
    return choose_id(name, [*FORMATS, card_data.NAME], "export format")


def export_game(
    game: str,
    name: str,
    out: Path | None,
    options: ExportOptions,
    progress: Callable[[int, int], None] | None = None,
) -> Exported:
    """Render the game's cards and write them in format `name` into `out` (by default
    `build/<game>-<format>`); bad options raise `UsageError` before any drawing.
    `progress(done, total)` follows the cards being rasterised."""
    name = format_name(name)
    _check_folder(out or default_folder(resolve_path_or_game(game).stem, name), out is None)
    if options.players is not None and (
        name == card_data.NAME or FORMATS[name].write_table is None
    ):
        raise UsageError(
            f"--players lays out a table: it is for {' and '.join(_tables())}, not {name}"
        )
    if name == card_data.NAME:
        folder, game_id, rows, total, files = card_data.export_card_data(
            game, out, options, default_folder
        )
        return Exported(folder, game_id, rows, total, files)
    chosen = FORMATS[name]
    chosen.check(options)
    dpi = chosen.dpi if options.dpi is None else options.dpi
    table = None
    if chosen.write_table is not None:  # before the cards: a board too large stops it early
        table = game_table(
            game,
            players=options.players,
            dpi=dpi,
            variants=options.variants,
            sets=options.sets,
            only=options.only,
        )
    with card_stream(
        game,
        dpi=dpi,
        bleed=chosen.bleed(options),
        variants=options.variants,
        sets=options.sets,
        only=options.only,
    ) as stream:
        if not stream.total and (table is None or not (table.boards or table.tokens)):
            raise UsageError(f"the game '{stream.game_id}' prints no cards to export")
        counted = _Counted(stream, progress)
        folder = out if out is not None else default_folder(stream.game_id, name)
        try:
            with staged_folder(folder) as staging:
                where = Target(staging, folder.resolve())
                if chosen.write_table is not None and table is not None:
                    written = chosen.write_table(counted, table, where, options)
                else:
                    written = chosen.write(counted, where, options)
        except FileRefused as error:
            raise UsageError(error.reason + (f"; {error.hint}" if error.hint else "")) from None
    return Exported(
        folder, stream.game_id, counted.done, counted.copies, written.files, written.notes
    )


def _tables() -> list[str]:
    return [name for name, one in FORMATS.items() if one.write_table is not None]


class _Counted:
    """A card stream passed on to a format, counting the cards (and copies) that go by."""

    def __init__(self, stream: CardStream, progress: Callable[[int, int], None] | None) -> None:
        self.game_id, self.game_name = stream.game_id, stream.game_name
        self.stream, self.progress = stream, progress
        self.done = self.copies = 0

    @property
    def cards(self) -> Iterator[CardImage]:
        for card in self.stream.cards:
            self.done += 1
            self.copies += card.copies
            yield card
            if self.progress is not None:
                self.progress(self.done, self.stream.total)


def _check_folder(folder: Path, default: bool) -> None:
    """Refuse, before any card is drawn, a folder the export must not replace: a link, the
    working folder or one above, a project's own folders, or a folder the toolkit did not
    write whole (see `files.check_replaceable`). The default's parent (`build/`) is made."""
    try:
        if default:
            ensure_folder(folder.parent)
            check_output(folder, folder=True)
        else:
            check_output_folder(folder)
        check_replaceable(folder)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise UsageError(f"{'export' if default else '--out'}: {error.reason}{hint}") from None


__all__ = ["FORMATS", "ExportOptions", "Exported", "Format", "export_game", "format_name"]
