"""Games a person plays in the page against bots: `toolkit play`'s session, drawn as HTML.

Nothing of the game is decided here. `play.Session` holds the seed and the moves (and undo),
`play.views.Views` numbers the moves and words them, the mechanic's terminal screen draws
the position (exported from rich as HTML), `table_view` lays out the table the page draws,
the narrator tells what happened, and the rules help is `play.rules_help`'s. This module adds
the saving of a transcript under the project's `build/serve/`, which `toolkit replay` and
`toolkit play --resume` read. Each game claims a name of its own there on its first save
(two games of the same seed never share one), and saves again under that name.

A game's moves, undos, saves and page all take its lock: a bot thinks in a worker thread, and
the page must not show half a move.
"""

from __future__ import annotations

import io
import itertools
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console

from toolkit.agents import check_bot_name
from toolkit.diagnostics import players_span
from toolkit.errors import UsageError
from toolkit.files import FileRefused, confine
from toolkit.play import bot_seats
from toolkit.play.rules_help import Section, rules_help
from toolkit.play.session import Session
from toolkit.play.views import Views, ordered_moves
from toolkit.record.transcripts import LoadedGame, fresh_transcript, write_transcript
from toolkit.serve.images import CardPicture
from toolkit.serve.table_pictures import table_pictures
from toolkit.serve.table_view import TableBuilder, TableView

MAX_SESSIONS = 50
"""Games kept at once; the oldest is dropped past this (its transcript stays if saved)."""


@dataclass
class Move:
    number: int
    action: int
    text: str


class PlaySession:
    """One game in the page: the session, its views and where its transcript goes."""

    def __init__(
        self, session_id: str, game_id: str, session: Session, transcript: Path, root: Path
    ) -> None:
        self.id = session_id
        self.root = root
        self.game_id = game_id
        self.session = session
        self.views = Views(session, plain=True)
        self.transcript = transcript
        """Where the first save looks for a free name (`<game>-seed-<seed>.jsonl`)."""
        self.claimed: Path | None = None
        """The name this game saved under: later saves replace its own file only."""
        self.saved = False
        self.position_file: Path | None = None
        """Where the position was last saved, to say so on the page."""
        self.lock = threading.Lock()

    @property
    def over(self) -> bool:
        return self.session.over

    def moves(self) -> list[Move]:
        if self.over or not self.session.person_to_move():
            return []
        actions = ordered_moves(self.session.legal())
        texts = self.views.move_texts(actions)
        return [
            Move(n, action, text)
            for n, (action, text) in enumerate(zip(actions, texts, strict=True), start=1)
        ]

    def play(self, action: int) -> None:
        with self.lock:
            if action not in self.session.legal():
                raise UsageError("that move is not legal now (the page may be out of date)")
            self.session.play(action)
            self.saved = False

    def undo(self) -> bool:
        with self.lock:
            done = self.session.undo()
            self.saved = self.saved and not done
            return done

    def save(self) -> Path:
        with self.lock:
            if self.claimed is None:
                self.claimed = claim_name(self.transcript, self.root)
            write_transcript(self.claimed, [self.session.transcript_lines()])
            self.saved = True
            return self.claimed

    def screen_html(self) -> str:
        """The terminal's picture of the position (news, players, the mechanic's table),
        as HTML; the text is escaped by rich."""
        parts = self.views.final() if self.over else self.views.position().parts[:-1]
        console = Console(
            record=True, width=110, file=io.StringIO(), color_system="truecolor", no_color=False
        )
        for part in parts:
            console.print(part)
        return console.export_html(inline_styles=True, code_format="{code}")

    def table(self, cards: list[CardPicture], moves: list[Move]) -> TableView:
        """The table as the page draws it, from the seat's observation (`table_view`)."""
        numbered = [(move.number, move.action) for move in moves]
        printed = table_pictures(self.session.loaded)
        return TableBuilder(self.views, cards, numbered, printed).build()

    def scores(self) -> list[int]:
        return list(self.session.state.scores().totals)

    def help(self) -> list[Section]:
        return rules_help(self.session)


def claim_name(wanted: Path, root: Path) -> Path:
    """`wanted`, or `<stem>-2`, `<stem>-3`... (`record.transcripts.fresh_transcript`), once
    `build/serve` is known to lie inside the project (no folder linked out of it)."""
    try:
        confine(wanted.parent, root)
    except FileRefused as refused:
        raise UsageError(f"transcript: {refused.reason}") from None
    return fresh_transcript(wanted)


class PlaySessions:
    """The games in progress, by id."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sessions: dict[str, PlaySession] = {}
        self._ids = itertools.count(1)

    def start(
        self,
        loaded: LoadedGame,
        game_id: str,
        *,
        players: int,
        bot: str,
        seat: int = 1,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        variants: list[str] | None = None,
    ) -> PlaySession:
        game = loaded.game
        if not game.min_players <= players <= game.max_players:
            raise UsageError(
                f"{game.name} is for {players_span(game.min_players, game.max_players)}"
            )
        if not 1 <= seat <= players:
            raise UsageError(f"the seat must be 1-{players}")
        bot = check_bot_name(bot, game)
        chosen = seed if seed is not None else secrets.randbelow(1_000_000)
        session = Session(
            loaded, seed=chosen, players=players, seat=seat - 1,
            bots=bot_seats([bot], players, seat - 1), manifest=game_id, options=options,
            variants=list(variants or []),
        )  # fmt: skip
        session.run_bots()
        session_id = self.new_id()
        path = self.root / "build" / "serve" / f"{game_id}-seed-{chosen}.jsonl"
        return self.add(PlaySession(session_id, game_id, session, path, self.root))

    def new_id(self) -> str:
        return f"{next(self._ids)}-{secrets.token_hex(4)}"

    def add(self, play: PlaySession) -> PlaySession:
        self.sessions[play.id] = play
        while len(self.sessions) > MAX_SESSIONS:
            del self.sessions[next(iter(self.sessions))]
        return play

    def get(self, session_id: str) -> PlaySession | None:
        return self.sessions.get(session_id)
