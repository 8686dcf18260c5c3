"""`toolkit print`: from a game id (or manifest) to a print-and-play PDF on disk."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError, UsageError
from toolkit.files import FileRefused, ensure_folder, write_atomic
from toolkit.pnp.document import PrintOptions, PrintResult, assemble
from toolkit.pnp.layout_load import load_layout


@dataclass
class PrintedGame:
    game_id: str
    path: Path
    result: PrintResult


def default_output(game_id: str) -> Path:
    return Path("build") / game_id / f"{game_id}-cards.pdf"


def print_game(
    argument: str,
    options: PrintOptions,
    out: Path | None = None,
    variants: list[Path] | None = None,
) -> PrintedGame:
    """Validate the game and its layout, render every component, write the PDF."""
    manifest, content = load_valid_game(argument, variants=variants)
    layout, diagnostics = load_layout(manifest, content)
    if layout is None:
        raise ContentError(diagnostics)
    result = assemble(content, layout, options)
    path = out if out is not None else default_output(content.game.id)
    try:
        ensure_folder(path.parent)
        write_atomic(path, result.pdf)
    except FileRefused as error:
        raise UsageError(error.reason) from None
    return PrintedGame(content.game.id, path, result)
