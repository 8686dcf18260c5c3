"""From what a user typed (a game id or a manifest path) to a compiled `Game`."""

from __future__ import annotations

from pathlib import Path

from toolkit.content.locate import resolve_path_or_game
from toolkit.content.project import GameContent, load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import Game, compile_game
from toolkit.errors import ContentError


def load_valid_game(argument: str) -> tuple[Path, GameContent]:
    """Load and fully validate a game; content errors raise `ContentError`."""
    manifest = resolve_path_or_game(argument)
    content, diagnostics = load_game(manifest)
    if content is not None and not diagnostics:
        diagnostics = check_game(content)
    if content is None or diagnostics:
        raise ContentError(diagnostics)
    return manifest, content


def load_compiled_game(argument: str) -> tuple[Path, Game]:
    manifest, content = load_valid_game(argument)
    return manifest, compile_game(content)
