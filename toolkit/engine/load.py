"""From what a user typed (a game id or a manifest path) to a compiled `Game`.

Compiling (the engine, the kernel's runtime, the mechanic's machine) is imported only by
`load_compiled_game`: commands that only read a checked game (`print`, `export`) never pay
for it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.content.locate import resolve_path_or_game
from toolkit.content.project import GameContent, Patch, load_game
from toolkit.content.semantic import check_game
from toolkit.errors import ContentError

if TYPE_CHECKING:
    from toolkit.engine.compiled import Game


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

        game_id, kinds = _identity(manifest)
        overlays, errors = load_overlays(list(variants or []), game_id)
        if sets:
            overlays.append(overlay_from_sets(sets, game_id))
        for overlay in overlays:
            errors.extend(overlay.check_targets(["game", *kinds]))
        if errors:
            raise ContentError(errors)
        for overlay in overlays:
            for kind in overlay.targets():
                patches.setdefault(kind, []).append(overlay.patch(kind))
    content, diagnostics = load_game(manifest, patches)
    if content is not None and not diagnostics:
        # Warnings (a zone nothing fills, a filter that never matches) do not stop play:
        # `validate` shows them, and `--strict` there makes them fail a check.
        diagnostics = [d for d in check_game(content) if d.severity == "error"]
    if content is None or diagnostics:
        raise ContentError(diagnostics)
    return manifest, content


def load_compiled_game(
    argument: str,
    variants: list[Path] | None = None,
    sets: list[tuple[str, Any]] | None = None,
) -> tuple[Path, Game]:
    from toolkit.engine.game import compile_game

    manifest, content = load_valid_game(argument, variants, sets)
    return manifest, compile_game(content)


def _identity(manifest: Path) -> tuple[str, list[str]]:
    """The manifest's `id` (its file stem when unreadable) and the content kinds it names."""
    from toolkit.content.yaml_loader import load_file

    document, _ = load_file(manifest)
    data = document.data if document is not None else {}
    game_id = data.get("id")
    declared = data.get("card_kinds")
    kinds = [str(kind) for kind in declared] if isinstance(declared, dict) else []
    if data.get("strategies") is not None:
        kinds.append("strategies")
    return (game_id if isinstance(game_id, str) else manifest.stem), kinds
