"""`toolkit export --to csv`: each card kind as a spreadsheet `toolkit import` reads back.

The data format of the export command: it writes the cards as the YAML holds them (not as
drawn), one `<kind>.csv` per card kind, so a designer can edit a deck in a spreadsheet and
import it again.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from pathlib import Path

from toolkit.content.spreadsheet import export_csv
from toolkit.engine.load import load_valid_game
from toolkit.errors import UsageError
from toolkit.files import staged_folder, write_atomic
from toolkit.pnp.export.base import ExportOptions

NAME = "csv"


def export_card_data(
    game: str,
    out: Path | None,
    options: ExportOptions,
    default: Callable[[str, str], Path],
) -> tuple[Path, str, int, int, list[str]]:
    """Write one CSV per card kind (or per kind named in `--only`) into `out`; returns the
    folder, the game id, the rows and cards written and the file names."""
    _, content = load_valid_game(game, list(options.variants), list(options.sets))
    kinds = content.card_kinds()
    if options.only:
        wanted = {name.casefold() for name in options.only}
        unknown = wanted - {kind.casefold() for kind in kinds}
        if unknown:
            raise UsageError(
                f"--only: {', '.join(sorted(unknown))} is not a card kind of "
                f"{content.game.id} (csv exports whole kinds: {', '.join(kinds)})"
            )
        kinds = [kind for kind in kinds if kind.casefold() in wanted]
    folder = out if out is not None else default(content.game.id, NAME)
    files: list[str] = []
    rows = cards = 0
    with staged_folder(folder) as staging:
        for kind in kinds:
            text = export_csv(content, kind)
            table = list(csv.DictReader(io.StringIO(text)))
            rows += len(table)
            cards += sum(int(row.get("copies") or 1) for row in table)
            write_atomic(staging / f"{kind}.csv", text)
            files.append(f"{kind}.csv")
    return folder, content.game.id, rows, cards, files
