"""The project as the page shows it: each game's diagnostics now, and its last good load.

A save that breaks a file must not blank the page: the game's diagnostics are always the
latest, while its compiled game, cards and rules stay those of the last load that had no
errors (marked stale until the files are fixed). Reloads are cheap to ask for: a fingerprint
of the files' sizes and times decides whether anything is read again.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.content.locate import MANIFEST_SUFFIXES
from toolkit.content.validate import ValidationReport, validate_game
from toolkit.diagnostics import Diagnostic, printable
from toolkit.errors import ContentError, UsageError
from toolkit.files import is_file
from toolkit.play.rules_help import Section, rules_help
from toolkit.play.session import HUMAN, Session
from toolkit.pnp.layout_check import check_layouts
from toolkit.record.transcripts import LoadedGame
from toolkit.serve.images import CardPicture, ImageCache

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
    images_note: str = ""
    """Why the cards show as text rather than images (pictures unavailable), if they do."""
    stale: bool = False
    """The files have errors now: what is shown is the last good load."""
    content_version: int = 0
    """Bumped on each good load: simulations and games say which content they ran on."""

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
    ) -> None:
        self.root = root.resolve()
        manifests = _manifests(self.root)
        if games:
            unknown = [g for g in games if g not in manifests]
            if unknown:
                known = ", ".join(sorted(manifests)) or "none"
                raise UsageError(f"no game '{unknown[0]}' in {self.root}/rules (games: {known})")
            manifests = {g: manifests[g] for g in games}
        if not manifests:
            raise UsageError(f"no game manifests found in '{self.root / 'rules'}'")
        self.games = {g: GameState(g, path) for g, path in manifests.items()}
        self.images = images or ImageCache()
        self.version = 0
        """Bumped whenever anything shown may have changed: the page's cue to refresh."""
        self._fingerprint = ""
        self._lock = threading.Lock()

    def fingerprint(self) -> str:
        """Sizes and modification times of every watched file: cheap, and enough to notice
        a save."""
        digest = hashlib.sha256()
        for folder in WATCHED:
            base = self.root / folder
            if not base.is_dir():
                continue
            for path in sorted(base.rglob("*")):
                try:
                    stat = path.stat()
                except OSError:
                    continue
                digest.update(f"{path}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        return digest.hexdigest()

    def refresh(self, force: bool = False) -> bool:
        """Load again every game if its files changed since the last look; True if so."""
        with self._lock:
            now = self.fingerprint()
            if now == self._fingerprint and not force:
                return False
            self._fingerprint = now
            for state in self.games.values():
                self._load(state)
            self.version += 1
        return True

    def _load(self, state: GameState) -> None:
        try:
            report = ValidationReport()
            validate_game(state.manifest, report, [check_layouts])
            state.diagnostics = sorted(report.diagnostics)
            if report.errors:
                state.stale = state.loaded is not None
                return
            loaded = LoadedGame.load(str(state.manifest))
            rules = rules_sheet(loaded)
            cards, note = self.images.pictures(state.manifest, self.root)
        except ContentError as error:  # a layout or template fails only when printing
            state.diagnostics = sorted({*state.diagnostics, *error.diagnostics})
            state.stale = state.loaded is not None
            return
        except Exception as error:  # the page must show something, never a traceback
            state.diagnostics = [*state.diagnostics, _internal(state.manifest, error)]
            state.stale = state.loaded is not None
            return
        state.loaded, state.cards, state.images_note, state.rules = loaded, cards, note, rules
        state.stale = False
        state.content_version += 1


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
