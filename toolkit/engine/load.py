"""From what a user typed (a game id or a manifest path) to a compiled `Game`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.content.locate import resolve_path_or_game
from toolkit.content.project import GameContent, Patch, load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import Game, compile_game
from toolkit.errors import ContentError


def load_valid_game(
    argument: str,
    variants: list[Path] | None = None,
    sets: list[tuple[str, Any]] | None = None,
) -> tuple[Path, GameContent]:
    """Load and fully validate a game, with variant overlays (files, then `--set` values)
    applied; errors raise `ContentError` (a variant's mistakes at the variant's lines)."""
    manifest = resolve_path_or_game(argument)
    patches: dict[str, list[Patch]] = {}
    if variants or sets:
        from toolkit.content.variants import load_overlays, overlay_from_sets

        overlays, errors = load_overlays(list(variants or []), _game_id(manifest))
        if errors:
            raise ContentError(errors)
        if sets:
            overlays.append(overlay_from_sets(sets, _game_id(manifest)))
        for overlay in overlays:
            for kind in overlay.targets():
                patches.setdefault(kind, []).append(overlay.patch(kind))
    content, diagnostics = load_game(manifest, patches)
    if content is not None and not diagnostics:
        diagnostics = check_game(content)
    if content is None or diagnostics:
        raise ContentError(diagnostics)
    return manifest, content


def load_compiled_game(
    argument: str,
    variants: list[Path] | None = None,
    sets: list[tuple[str, Any]] | None = None,
) -> tuple[Path, Game]:
    manifest, content = load_valid_game(argument, variants, sets)
    return manifest, compile_game(content)


def _game_id(manifest: Path) -> str:
    """The manifest's `id` (its file stem when it has none readable)."""
    from toolkit.content.yaml_loader import load_file

    document, _ = load_file(manifest)
    game_id = document.data.get("id") if document is not None else None
    return game_id if isinstance(game_id, str) else manifest.stem
