"""From what a user typed (a game id or a manifest path) to a compiled `Game`."""

from __future__ import annotations

from pathlib import Path

from toolkit.content.locate import resolve_path_or_game
from toolkit.content.project import GameContent, Patch, load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import Game, compile_game
from toolkit.errors import ContentError


def load_valid_game(argument: str, variants: list[Path] | None = None) -> tuple[Path, GameContent]:
    """Load and fully validate a game, with variant overlays applied; errors raise
    `ContentError` (a variant's mistakes at the variant's lines)."""
    manifest = resolve_path_or_game(argument)
    patches: dict[str, list[Patch]] = {}
    if variants:
        from toolkit.content.variants import load_overlays

        overlays, errors = load_overlays(variants, _game_id(manifest))
        if errors:
            raise ContentError(errors)
        for overlay in overlays:
            for kind in overlay.targets():
                patches.setdefault(kind, []).append(overlay.patch(kind))
    content, diagnostics = load_game(manifest, patches)
    if content is not None and not diagnostics:
        diagnostics = check_game(content)
    if content is None or diagnostics:
        raise ContentError(diagnostics)
    return manifest, content


def load_compiled_game(argument: str, variants: list[Path] | None = None) -> tuple[Path, Game]:
    manifest, content = load_valid_game(argument, variants)
    return manifest, compile_game(content)


def _game_id(manifest: Path) -> str:
    """The manifest's `id` (its file stem when it has none readable)."""
    from toolkit.content.yaml_loader import load_file

    document, _ = load_file(manifest)
    game_id = document.data.get("id") if document is not None else None
    return game_id if isinstance(game_id, str) else manifest.stem
