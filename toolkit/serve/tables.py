"""Several people at one table (`toolkit serve --table`): one game, a seat per player, each
seat reached through a link of its own that carries a random token (`secrets.token_urlsafe`),
so knowing one seat's link tells nothing of another's.

Each seat's page is a `PlaySession` over a `SeatSession`: it draws the seat's own observation
only, so another seat's hand never reaches its page or its event stream (which carries a
version number and nothing else). Seats not given to a person are played by bots; a person
can hand their seat to a bot and take it back from the same link, after closing the tab too.
The transcript records who played each seat from which move (`"seats"` in its header).

All seats share the table's lock: a move, a bot's thinking and every page of the table take
it, so no page shows half a move.
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.agents import Agent, check_bot_name, make_bot
from toolkit.agents.legal import stuck
from toolkit.diagnostics import players_span
from toolkit.errors import UsageError
from toolkit.kernel.state import State
from toolkit.play.session import HUMAN
from toolkit.record.transcripts import (
    Action,
    LoadedGame,
    game_lines,
    header,
    write_transcript,
)
from toolkit.serve.playsessions import PlaySession, claim_name
from toolkit.serve.seats import SeatSession

MAX_TABLES = 20
"""Tables kept at once; the oldest is closed past this (its saved transcript stays)."""


@dataclass
class Seat:
    index: int
    token: str
    bot: str
    """The bot that plays the seat whenever no person does."""
    person: bool
    """A person plays the seat (the game waits for them), else the bot."""
    joined: bool = False
    """Its link has been opened."""
    played_by: list[tuple[int, str]] = field(default_factory=list)
    """From which move (the number of moves made before it) who played it: `human` or a bot."""

    @property
    def who(self) -> str:
        return HUMAN if self.person else self.bot

    def hand_over(self, moves: int) -> None:
        """Record that the seat's player changes after `moves` moves."""
        if self.played_by and self.played_by[-1][0] == moves:
            self.played_by.pop()
        if not self.played_by or self.played_by[-1][1] != self.who:
            self.played_by.append((moves, self.who))


class TablePlay(PlaySession):
    """A seat's page: the play page of a `SeatSession`, saving the table's one transcript."""

    def __init__(self, table: Table, seat: int, root: Path) -> None:
        super().__init__(
            table.seats[seat].token, table.game_id, SeatSession(table, seat), table.transcript, root
        )
        self.seating = table
        self.lock = table.lock

    def save(self) -> Path:
        with self.lock:
            return self.seating.save()


class Table:
    """One game with `players` seats, the first `people` of them for people."""

    def __init__(
        self,
        loaded: LoadedGame,
        game_id: str,
        *,
        players: int,
        people: int,
        bot: str,
        seed: int,
        root: Path,
        options: dict[str, Any] | None = None,
        variants: list[str] | None = None,
    ) -> None:
        self.id = secrets.token_urlsafe(16)
        self.loaded = loaded
        self.game_id = game_id
        self.players = players
        self.seed = seed
        self.options = dict(options or {})
        self.variants = list(variants or [])
        self.root = root
        self.lock = threading.Lock()
        self.version = 0
        """Bumped by every change: the seats' pages listen for it."""
        game = loaded.game
        self.seats = [
            Seat(index, secrets.token_urlsafe(16), bot, index < people) for index in range(players)
        ]
        self.agents: dict[int, Agent] = {
            index: make_bot(bot, seed + index + 1, game) for index in range(players)
        }
        self.state = self._fresh()
        self.options = dict(self.state.options)
        self.actions: list[Action] = []
        for seat in self.seats:
            seat.hand_over(0)
        self.transcript = root / "build" / "serve" / f"{game_id}-table-seed-{seed}.jsonl"
        self.claimed: Path | None = None
        self.plays = [TablePlay(self, index, root) for index in range(players)]

    def _fresh(self) -> State:
        return self.loaded.game.new_state(self.seed, self.players, self.options)

    @property
    def over(self) -> bool:
        return self.state.terminal

    def names(self) -> list[str]:
        return [seat.who for seat in self.seats]

    def seat_of(self, token: str) -> TablePlay | None:
        for seat, play in zip(self.seats, self.plays, strict=True):
            if secrets.compare_digest(seat.token, token):
                return play
        return None

    # -- the game (callers hold the lock) ---------------------------------------------------

    def apply(self, player: int, action: int) -> None:
        self.state.apply(player, action)
        self.actions.append((player, action))
        self.version += 1

    def run_bots(self) -> None:
        """Bots move until a person must decide or the game ends. In a simultaneous step the
        people choose first, so no bot waits on a choice it cannot see."""
        state = self.state
        while not state.terminal:
            movers = state.to_move()
            people = [p for p in movers if self.seats[p].person]
            if people:
                for player in people:
                    if not state.legal_actions(player):
                        raise stuck(state, player)
                return
            player = movers[0]
            self.apply(player, self.agents[player].choose(state, player))

    # -- seats (each takes the lock) --------------------------------------------------------

    def join(self, seat: int) -> None:
        with self.lock:
            if not self.seats[seat].joined:
                self.seats[seat].joined = True
                self.version += 1

    def give(self, seat: int, person: bool) -> None:
        """The seat to a person (the game waits for them) or to its bot (which plays now)."""
        with self.lock:
            self.seats[seat].person = person
            self.seats[seat].hand_over(len(self.actions))
            self.version += 1
            self.run_bots()

    def give_open_seats(self) -> None:
        """Bots take every seat a person was expected at but whose link nobody opened."""
        with self.lock:
            for seat in self.seats:
                if seat.person and not seat.joined:
                    seat.person = False
                    seat.hand_over(len(self.actions))
            self.version += 1
            self.run_bots()

    def restart(self) -> None:
        """The same game again from its start (same seed, same seats, same people)."""
        with self.lock:
            self.state = self._fresh()
            self.actions = []
            for seat, play in zip(self.seats, self.plays, strict=True):
                seat.played_by = []
                seat.hand_over(0)
                assert isinstance(play.session, SeatSession)
                play.session.mark = 0
            self.claimed = None
            self.version += 1
            self.run_bots()

    # -- what is saved (callers hold the lock) ------------------------------------------------

    def header(self) -> dict[str, Any]:
        head = header(
            self.loaded, manifest=self.game_id, index=0, seed=self.seed, players=self.players,
            bots=self.names(), options=self.options, variants=self.variants, games=1,
        )  # fmt: skip
        head["seats"] = [
            [{"from_move": moves, "by": who} for moves, who in seat.played_by]
            for seat in self.seats
        ]
        return head

    def transcript_lines(self) -> list[str]:
        return game_lines(self.loaded, self.header(), self.actions)

    def position_text(self) -> str:
        from toolkit.engine.position_save import position_text, save_position

        return position_text(
            save_position(self.loaded.game, self._fresh, self.actions, self.names())
        )

    def save(self) -> Path:
        """The table's one transcript (whichever seat saves it), under its own name."""
        if self.claimed is None:
            self.claimed = claim_name(self.transcript, self.root)
        write_transcript(self.claimed, [self.transcript_lines()])
        for play in self.plays:
            play.claimed, play.saved = self.claimed, True
        return self.claimed


class Tables:
    """The open tables, by id, and their seats, by token."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.tables: dict[str, Table] = {}

    def open(
        self,
        loaded: LoadedGame,
        game_id: str,
        *,
        players: int,
        people: int,
        bot: str,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        variants: list[str] | None = None,
    ) -> Table:
        game = loaded.game
        if not game.min_players <= players <= game.max_players:
            raise UsageError(
                f"{game.name} is for {players_span(game.min_players, game.max_players)}"
            )
        if not 1 <= people <= players:
            raise UsageError(f"a table of {players} players seats 1-{players} people")
        table = Table(
            loaded, game_id, players=players, people=people, bot=check_bot_name(bot, game),
            seed=secrets.randbelow(1_000_000) if seed is None else seed, root=self.root,
            options=options, variants=variants,
        )  # fmt: skip
        with table.lock:
            table.run_bots()
        self.tables[table.id] = table
        while len(self.tables) > MAX_TABLES:
            del self.tables[next(iter(self.tables))]
        return table

    def get(self, table_id: str) -> Table | None:
        if not table_id.isascii():
            return None
        for key, table in self.tables.items():
            if secrets.compare_digest(key, table_id):
                return table
        return None

    def seat(self, token: str) -> TablePlay | None:
        if not token.isascii():
            return None
        for table in self.tables.values():
            play = table.seat_of(token)
            if play is not None:
                return play
        return None
