"""`toolkit validate`: find the files named, check each game or file, collect diagnostics.

A file that is no game's manifest, nor listed by one checked in the same run, is checked alone
(`lone_file`); a game's checks (`game_validation`, with the manifest's models, the rules and
the mechanics) are imported only when a manifest is among the files."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.content.card_files import Manifests
from toolkit.content.content_file import Read
from toolkit.content.gc_pause import collection_paused
from toolkit.content.locate import resolve_path_or_game
from toolkit.content.lone_file import check_lone_file
from toolkit.content.validation_report import ValidationReport as ValidationReport
from toolkit.content.yaml_loader import display_path, load_file
from toolkit.diagnostics import sort_diagnostics
from toolkit.errors import UsageError
from toolkit.files import is_dir

if TYPE_CHECKING:
    from toolkit.content.game_validation import GameCheck

YAML_SUFFIXES = (".yaml", ".yml")


def _is_manifest(read: Read) -> bool:
    """A manifest says `kind: game`; peeking at the loaded data avoids guessing by folder."""
    document, _ = read
    return document is not None and document.data.get("kind") == "game"


def validate_paths(
    paths: list[Path], project: Path | None = None, game_checks: Sequence[GameCheck] = ()
) -> ValidationReport:
    """Validate manifests (with their content), single content files, or folders of both;
    `game_checks` run on each game too."""
    with collection_paused():
        return _validate_paths(paths, project, game_checks)


def _validate_paths(
    paths: list[Path], project: Path | None, game_checks: Sequence[GameCheck]
) -> ValidationReport:
    report = ValidationReport()
    if not paths:
        rules = (project or Path.cwd()) / "rules"
        manifests = sorted(p for p in rules.glob("*") if p.suffix in YAML_SUFFIXES)
        if not manifests:
            raise UsageError(f"no game manifests found in '{display_path(rules)}'")
        paths = manifests
    files: list[Path] = []
    for path in paths:
        if is_dir(path):
            files.extend(
                sorted(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES and p.is_file())
            )
        else:
            files.append(resolve_path_or_game(path, project))
    # Each file is read once: the peek at its kind hands its data on, and is then dropped.
    reads: dict[int, Read] = {at: load_file(path) for at, path in enumerate(files)}
    games = [at for at, read in reads.items() if _is_manifest(read)]
    covered: set[Path] = set()
    if games:
        from toolkit.content.game_validation import validate_game

        for at in games:
            found = validate_game(files[at], report, game_checks, reads.pop(at))
            covered.update(p.resolve() for p in found)
    games_around = Manifests()  # each read once for all the files checked alone
    for at, path in enumerate(files):
        read = reads.pop(at, None)
        if path.resolve() in covered:
            continue
        report.files.add(display_path(path))
        problems = check_lone_file(path, project, read or load_file(path), games_around)
        report.diagnostics.extend(problems)
    report.diagnostics = sort_diagnostics(report.diagnostics)
    return report
