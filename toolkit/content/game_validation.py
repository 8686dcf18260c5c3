"""A game checked as a whole: its manifest by its mechanic's model, every file it lists, then
the checks that need all of them (references, feasibility, composition)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from toolkit.content.project import GameContent, Read, load_game
from toolkit.content.semantic import check_game
from toolkit.content.validation_report import ValidationReport
from toolkit.content.yaml_loader import display_path
from toolkit.diagnostics import Diagnostic
from toolkit.files import is_file

GameCheck = Callable[[Path, GameContent, bool], tuple[list[Path], list[Diagnostic]]]
"""A check from a layer above content (print layouts), run on each game that loaded, told
whether the content itself is sound (checks that read it deeply run only then): it returns
the files it read and what it found."""


def validate_game(
    manifest: Path,
    report: ValidationReport,
    game_checks: Sequence[GameCheck] = (),
    read: Read | None = None,
) -> list[Path]:
    """Validate a game; returns the files it covers, so they are not checked twice."""
    content, diagnostics = load_game(manifest, read=read)
    covered = [manifest]
    if content is not None:
        game = content.game
        listed = [kind.file for kind in game.card_kinds.values()]
        listed += [game.strategies] if game.strategies is not None else []
        named = [manifest.parent / r for r in listed]
        covered.extend(p for p in named if is_file(p))
        report.missing.update(p for p in named if not is_file(p))
        # Semantic checks run even when some content file failed its schema: they skip what
        # could not be loaded, so one run still reports every problem it can see.
        diagnostics = [*diagnostics, *check_game(content)]
        for check in game_checks:
            files, found = check(manifest, content, not diagnostics)
            covered.extend(files)
            diagnostics.extend(found)
        if not diagnostics:
            report.games.append(content)
    report.files.update(display_path(p) for p in covered if is_file(p))
    report.diagnostics.extend(diagnostics)
    return covered
