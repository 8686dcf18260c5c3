"""`toolkit print`: from a game id (or manifest) to a print-and-play PDF on disk."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError, UsageError
from toolkit.files import PDF, FileRefused, check_output, ensure_folder, sha256_of, write_atomic
from toolkit.pnp.document import PrintOptions, PrintResult, assemble
from toolkit.pnp.layout_load import load_layout


@dataclass
class PrintedGame:
    game_id: str
    path: Path
    result: PrintResult


def default_output(game_id: str) -> Path:
    """Beside `build`'s folders, never in them: `build/<game>/` is one whole that `build`
    writes and describes (build.json, README.txt), and a PDF printed on other paper or with
    fewer cards must not stand in for the one it lists."""
    return Path("build") / "print" / f"{game_id}-cards.pdf"


def _variant_label(paths: list[Path], game_id: str) -> str:
    """The variants as printed beside the game's version: each one's name and the start of
    its file's SHA-256, so two prints of differently edited variants never look alike."""
    from toolkit.content.variants import load_overlays

    overlays, _ = load_overlays(paths, game_id)  # already checked while loading the game
    return " + ".join(f"{o.variant.name} {sha256_of(o.loaded.path)[:7]}" for o in overlays)


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
    if variants:
        options = replace(options, variant=_variant_label(variants, content.game.id))
    path = out if out is not None else default_output(content.game.id)
    try:
        if out is None:  # checked before any drawing; a named --out was checked before loading
            ensure_folder(path.parent)
            check_output(path, made=PDF)
        result = assemble(content, layout, options)
        write_atomic(path, result.pdf)
    except FileRefused as error:
        raise UsageError(error.reason + (f"; {error.hint}" if error.hint else "")) from None
    return PrintedGame(content.game.id, path, result)
