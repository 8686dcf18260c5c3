"""`toolkit validate`: find the files named, check each game or file, collect diagnostics."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.content.card_files import declared_model
from toolkit.content.gc_pause import collection_paused
from toolkit.content.kinds import KINDS
from toolkit.content.locate import resolve_path_or_game
from toolkit.content.project import GameContent, LoadedFile, Read, load_content_file, load_game
from toolkit.content.semantic import check_game, check_standalone
from toolkit.content.yaml_loader import display_path, load_file
from toolkit.diagnostics import Diagnostic, did_you_mean, sort_diagnostics
from toolkit.errors import UsageError
from toolkit.files import is_dir, is_file

YAML_SUFFIXES = (".yaml", ".yml")

GameCheck = Callable[[Path, GameContent, bool], tuple[list[Path], list[Diagnostic]]]
"""A check from a layer above content (print layouts), run on each game that loaded, told
whether the content itself is sound (checks that read it deeply run only then): it returns
the files it read and what it found."""


@dataclass
class ValidationReport:
    """What a validation run found, and what it checked."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: set[str] = field(default_factory=set)
    games: list[GameContent] = field(default_factory=list)
    missing: set[Path] = field(default_factory=set)
    """Files a game names that are not there (its diagnostics point at the manifest): a
    watch waits for them."""

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity == "warning" for d in self.diagnostics)


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


def _is_manifest(read: Read) -> bool:
    """A manifest says `kind: game`; peeking at the loaded data avoids guessing by folder."""
    document, _ = read
    return document is not None and document.data.get("kind") == "game"


def _load_alone(
    path: Path, project: Path | None, read: Read
) -> tuple[LoadedFile | None, list[Diagnostic]]:
    """A file named on its own: a fixed kind by its model, a card file by its game's
    declaration of its kind."""
    document, diagnostics = read
    if document is None:
        return None, diagnostics
    kind = document.data.get("kind")
    if not isinstance(kind, str) or kind in KINDS:
        return load_content_file(path, read=read)
    model, declared = declared_model(path, kind, project)
    if model is not None:
        return load_content_file(path, kind, (), model, read)
    pos = document.position(("kind",))
    hint = did_you_mean(kind, [*KINDS, *declared])
    if not hint.startswith("did you mean"):
        hint = f"declare card kind '{kind}' under 'card_kinds' in the game's manifest (rules/)"
    message = f"unknown kind '{document.plain_text.get(('kind',), kind)}'"
    return None, [
        Diagnostic(
            document.file_of(pos), pos.line, pos.column, "error", "unknown-kind", message, hint
        )
    ]


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
    for at in games:
        found = validate_game(files[at], report, game_checks, reads.pop(at))
        covered.update(p.resolve() for p in found)
    for at, path in enumerate(files):
        read = reads.pop(at, None)
        if path.resolve() in covered:
            continue
        report.files.add(display_path(path))
        loaded, diagnostics = _load_alone(path, project, read or load_file(path))
        if loaded is not None:  # all of the file, or the cards that passed their schema
            diagnostics = [*diagnostics, *check_standalone(loaded)]
        report.diagnostics.extend(diagnostics)
    report.diagnostics = sort_diagnostics(report.diagnostics)
    return report
