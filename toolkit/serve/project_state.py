"""The project as the page shows it: each game's diagnostics now, and its last good load.

A save that breaks a file must not blank the page: the game's diagnostics are always the
latest, while its compiled game, cards and rules stay those of the last load that had no
errors (marked stale until the files are fixed). Reloads are cheap to ask for: a fingerprint
of the files' sizes and times decides whether anything is read again.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup

from toolkit.content.game_validation import validate_game
from toolkit.content.locate import MANIFEST_SUFFIXES
from toolkit.content.project import load_content_file
from toolkit.content.validation_report import ValidationReport
from toolkit.content.variants import check_variant_file
from toolkit.diagnostics import Diagnostic, printable
from toolkit.engine.game import compile_game
from toolkit.errors import ContentError, UsageError, choose_id
from toolkit.files import is_file
from toolkit.play.rules_help import Section, rules_help
from toolkit.play.session import HUMAN, Session
from toolkit.pnp.layout_check import check_layouts
from toolkit.record.narration import Narrator
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.images import CardPicture, ImageCache
from toolkit.serve.sheets import reference_sheets

WATCHED = ("rules", "cards", "print")
"""The folders of a project whose files make its games (manifests, cards, layouts,
templates, fonts and pictures)."""


@dataclass
class GameState:
    """One game as last seen: `loaded` and `cards` are from the last load without errors."""

    game_id: str
    manifest: Path
    diagnostics: list[Diagnostic] = field(default_factory=list)
    loaded: LoadedGame | None = None
    cards: list[CardPicture] = field(default_factory=list)
    rules: list[Section] = field(default_factory=list)
    """The rules in words, as `toolkit play` helps with them (no game in progress)."""
    sheets: list[tuple[str, Markup]] = field(default_factory=list)
    """The layout's reference sheets as HTML (`sheets.reference_sheets`)."""
    sheets_note: str = ""
    images_note: str = ""
    """Why the cards show as text rather than images (pictures unavailable), if they do."""
    stale: bool = False
    """The files have errors now: what is shown is the last good load."""
    files: set[Path] = field(default_factory=set)
    """The files its last load read (manifest, cards, strategies, layouts, templates)."""
    content_version: int = 0
    """Bumped on each good load: simulations and games say which content they ran on."""
    variants: list[Path] = field(default_factory=list)
    """The variant files (`serve --variant`) laid over this game's files."""

    @property
    def errors(self) -> int:
        return sum(d.severity == "error" for d in self.diagnostics)

    @property
    def name(self) -> str:
        return self.loaded.game.name if self.loaded is not None else self.game_id


class ProjectState:
    """Every game of a project (or the ones named), reloaded when its files change."""

    def __init__(
        self,
        root: Path,
        games: list[str] | None = None,
        images: ImageCache | None = None,
        *,
        variants: Sequence[Path] = (),
        options: Sequence[str] = (),
    ) -> None:
        self.root = root.resolve()
        self.options = list(options)
        """`--option id=value` texts: every game simulated or played here uses them."""
        manifests = _manifests(self.root)
        if games:  # ids typed in any case, as every command takes them
            named = [choose_id(g, sorted(manifests), "game") for g in games]
            manifests = {g: manifests[g] for g in named}
        if not manifests:
            raise UsageError(f"no game manifests found in '{self.root / 'rules'}'")
        self.games = {g: GameState(g, path) for g, path in manifests.items()}
        for path, game_id in _variant_games(variants).items():
            if game_id not in self.games:
                shown = ", ".join(self.games)
                raise UsageError(f"--variant '{path}' is for '{game_id}', not a game shown here "
                                 f"({shown})")  # fmt: skip
            self.games[game_id].variants.append(path)
        self.images = images or ImageCache()
        self.version = 0
        """Bumped whenever anything shown may have changed: the page's cue to refresh."""
        self._stamps: dict[Path, tuple[int, int]] = {}
        self._lock = threading.Lock()

    def stamps(self) -> dict[Path, tuple[int, int]]:
        """Size and modification time of every watched file (the variant files too):
        cheap, and enough to notice a save."""
        stamps: dict[Path, tuple[int, int]] = {}
        files = [path for state in self.games.values() for path in state.variants]
        for folder in WATCHED:
            base = self.root / folder
            if base.is_dir():
                files.extend(base.rglob("*"))
        for path in files:
            try:
                stat = path.stat()
            except OSError:
                continue
            if not path.is_dir():
                stamps[path.resolve()] = (stat.st_size, stat.st_mtime_ns)
        return stamps

    def refresh(self, force: bool = False) -> bool:
        """Load again the games whose files changed since the last look; True if any.

        A game reloads when a file it read changed, or when a file no game read appeared,
        went or changed (a new card file, a font, a picture: it may be anyone's)."""
        with self._lock:
            now = self.stamps()
            changed = {
                p for p in now.keys() | self._stamps.keys() if now.get(p) != self._stamps.get(p)
            }
            if not changed and not force:
                return False
            self._stamps = now
            known = set().union(*(g.files for g in self.games.values()))
            everyone = force or bool(changed - known)
            for state in self.games.values():
                if everyone or not state.files or changed & state.files:
                    self._load(state)
            self.version += 1
        return True

    def _load(self, state: GameState) -> None:
        try:
            report = ValidationReport()
            covered = validate_game(state.manifest, report, [check_layouts])
            state.files = {p.resolve() for p in covered if is_file(p)}
            state.diagnostics = sorted(self._shown(d) for d in report.diagnostics)
            if report.errors:
                state.stale = state.loaded is not None
                return
            if state.variants:  # the game as the variants change it
                loaded = LoadedGame.load(str(state.manifest), state.variants)
                state.files |= {path.resolve() for path in state.variants}
            else:
                loaded = _compiled(state.manifest, report)
            rules = rules_sheet(loaded)
            sheets, sheets_note = _sheets(state.manifest, loaded)
        except Exception as error:  # the page must show something, never a traceback
            self._failed(state, error, stale=state.loaded is not None)
            return
        state.loaded, state.rules = loaded, rules
        state.sheets, state.sheets_note = sheets, sheets_note
        state.stale = False
        state.content_version += 1
        self._pictures(state)

    def _pictures(self, state: GameState) -> None:
        """The cards as printed; when printing fails (a template's error, no layout), the
        game still plays and the last good pictures stay."""
        try:
            cards, note = self.images.pictures(
                state.manifest, self.root, state.files, state.variants
            )
        except Exception as error:
            self._failed(state, error, stale=bool(state.cards))
            return
        state.cards, state.images_note = cards, note

    def _failed(self, state: GameState, error: Exception, *, stale: bool) -> None:
        if isinstance(error, ContentError):  # positioned, as `toolkit print` reports it
            found = [self._shown(d) for d in error.diagnostics]
        else:
            found = [_internal(state.manifest, error)]
        state.diagnostics = sorted({*state.diagnostics, *found})
        state.stale = stale

    def _shown(self, diagnostic: Diagnostic) -> Diagnostic:
        """The diagnostic with its file named from the project's folder, as a designer
        working there names it."""
        path = Path(diagnostic.file)
        try:
            shown = path.resolve().relative_to(self.root)  # display paths: from the cwd
        except (OSError, ValueError):
            return diagnostic
        return dataclasses.replace(diagnostic, file=str(shown))


def options_of(project: ProjectState, state: GameState) -> dict[str, Any]:
    """The game options `serve --option` chose, read against the game as loaded now
    (OptionError if it does not declare them)."""
    assert state.loaded is not None
    return state.loaded.game.read_options(project.options)


def _variant_games(paths: Sequence[Path]) -> dict[Path, str]:
    """The game each variant file names; a file that cannot be read as a variant is a
    content error, and one that is no regular file a usage error, as in every command that
    takes `--variant`."""
    games: dict[Path, str] = {}
    for path in paths:
        check_variant_file(path)
        loaded, diagnostics = load_content_file(path, "variant")
        if loaded is None:
            raise ContentError(diagnostics)
        games[path] = str(getattr(loaded.model, "game", ""))
    return games


def _compiled(manifest: Path, report: ValidationReport) -> LoadedGame:
    """The game compiled from the content just validated (loaded again, as every command
    loads it, when warnings kept it out of the report)."""
    if report.games:
        content = report.games[0]
        game = compile_game(content)
        return LoadedGame(game, content, Narrator(game, content))
    return LoadedGame.load(str(manifest))


def _sheets(manifest: Path, loaded: LoadedGame) -> tuple[list[tuple[str, Markup]], str]:
    try:
        return reference_sheets(manifest, loaded.content), ""
    except Exception as error:  # a template that fails only with this game's data
        return [], printable(f"the reference sheet cannot be shown: {error}", newlines=False)


def rules_sheet(loaded: LoadedGame) -> list[Section]:
    """`toolkit play`'s rules help for a game not yet dealt: the terminal's commands and
    the cards of one particular deal are left out."""
    game = loaded.game
    players = game.min_players
    bots = [HUMAN, *["random"] * (players - 1)]
    session = Session(loaded, seed=1, players=players, seat=0, bots=bots)
    return [
        (title, lines)
        for title, lines in rules_help(session)
        if title != "Commands" and not title.endswith(" in this game")
    ]


def _manifests(root: Path) -> dict[str, Path]:
    rules = root / "rules"
    if not rules.is_dir():
        return {}
    return {
        p.stem: p for p in sorted(rules.iterdir()) if p.suffix in MANIFEST_SUFFIXES and is_file(p)
    }


def _internal(manifest: Path, error: Exception) -> Diagnostic:
    message = printable(f"{type(error).__name__}: {error}", newlines=False)[:500]
    return Diagnostic(
        str(manifest), 1, 1, "error", "internal", message, "this is a bug of the toolkit"
    )
