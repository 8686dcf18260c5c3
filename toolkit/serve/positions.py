"""Positions in the page: save the game as it stands (the position file of `toolkit play`),
start a game from a position sent by the person, and step through a game's moves.

A position sent to the page is untrusted content, read by the same loader and checks as
`toolkit play --from` reads a file (a bad one is a `ContentError` with every problem at its
line and column); a game started from it embeds it in its transcript, so `toolkit replay`
needs no file.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.agents import check_bot_name
from toolkit.errors import ContentError, UsageError
from toolkit.files import FileRefused, confine
from toolkit.kernel.state import State
from toolkit.play import bot_seats
from toolkit.play.position_file import fresh_position, write_position
from toolkit.play.session import HUMAN, Session
from toolkit.record.transcripts import LoadedGame, StartPosition, game_lines, header
from toolkit.serve.playsessions import PlaySession

MAX_POSITION_BYTES = 256 * 1024
"""The largest position the page accepts: as large as a transcript embeds."""
SENT_NAME = "sent-position.yaml"
"""The name a position sent to the page goes by in its messages and its transcript."""


def save_position(play: PlaySession) -> Path:
    """The game as it stands, to `build/serve/<game>-position.yaml` (`-2`, `-3`... beside
    earlier saves), written atomically; `toolkit play --from` goes on from it."""
    with play.lock:
        text = play.session.position_text()
    wanted = play.root / "build" / "serve" / f"{play.game_id}-position.yaml"
    try:
        confine(wanted.parent, play.root)
    except FileRefused as refused:
        raise UsageError(f"position: {refused.reason}") from None
    path = fresh_position(wanted)
    write_position(path, text)
    play.position_file = path
    return path


class PositionSession(Session):
    """A game begun from a position: its transcript embeds the position's text."""

    position: StartPosition

    def transcript_lines(self) -> list[str]:
        seats = [HUMAN if p == self.seat else name for p, name in enumerate(self.bots)]
        head = header(
            self.loaded, manifest=self.manifest, index=0, seed=self.seed, players=self.players,
            bots=seats, options=self.options, variants=self.variants, games=1,
            position=self.position,
        )  # fmt: skip
        return game_lines(self.loaded, head, self.actions)


@dataclass
class Started:
    """What a sent position sets up: its state (after its moves), seed and players."""

    start: Callable[[], State]
    seed: int
    players: int
    options: dict[str, Any]
    position: StartPosition


def read_sent(loaded: LoadedGame, text: str) -> Started:
    """Check a sent position as `play --from` checks a file; `ContentError` if it is bad."""
    from toolkit.engine.position_load import position_start, read_position

    if len(text.encode("utf-8")) > MAX_POSITION_BYTES:
        raise UsageError(f"a position of at most {MAX_POSITION_BYTES // 1024} KiB, please")
    if not text.strip():
        raise UsageError("choose a position file (or paste one) first")
    game = loaded.game
    read, first, moves, problems = read_position(game, Path(SENT_NAME), text=text)
    if read is None or first is None:
        raise ContentError(problems)
    if first.terminal:
        raise UsageError("the game in that position is over: score it with toolkit score")

    def start() -> State:  # the position's own moves made, as its transcript replays them
        state, _, _ = position_start(game, read, None)
        assert state is not None  # it loaded once: the same text loads again
        for player, action in moves:
            state.apply(player, action)
        return state

    return Started(start, first.seed, first.n, dict(first.options),
                   StartPosition(SENT_NAME, text))  # fmt: skip


def play_from(
    loaded: LoadedGame,
    game_id: str,
    sent: Started,
    *,
    seat: int,
    bot: str,
    variants: list[str],
    session_id: str,
    root: Path,
) -> PlaySession:
    """A game against bots from a sent position, the person at `seat` (1-based)."""
    if not 1 <= seat <= sent.players:
        raise UsageError(f"the seat must be 1-{sent.players} for this position")
    game = loaded.game
    names = [
        name if name == HUMAN else check_bot_name(name, game)
        for name in bot_seats([bot], sent.players, seat - 1)
    ]
    session = PositionSession(
        loaded, seed=sent.seed, players=sent.players, seat=seat - 1, bots=names,
        manifest=game_id, variants=variants, options=dict(sent.options), start=sent.start,
    )  # fmt: skip
    session.position = sent.position
    session.run_bots()
    path = root / "build" / "serve" / f"{game_id}-from-position-seed-{sent.seed}.jsonl"
    return PlaySession(session_id, game_id, session, path, root)


@dataclass
class Step:
    """The game after its first `number` moves, seen from the page's seat."""

    number: int
    total: int
    play: PlaySession
    told: list[str]


def step(play: PlaySession, number: int) -> Step:
    """Replay the first `number` moves from the start (the seed or the position) and show
    them from the seat that asks: what the step did, in the words its seat may read."""
    source = play.session
    with play.lock:
        actions = list(source.actions)
        names = list(source.bots)
    number = max(0, min(number, len(actions)))
    copy = Session(
        source.loaded, seed=source.seed, players=source.players, seat=source.seat,
        bots=["random" if name == HUMAN else name for name in names],  # none of them moves
        manifest=source.manifest, variants=source.variants, options=source.options,
        start=source.start,
    )  # fmt: skip
    state, narrator, seat = copy.state, source.loaded.narrator, source.seat
    mark, own = 0, ""
    for index, (player, action) in enumerate(actions[:number]):
        if index == number - 1:
            mark = len(state.log)
            # A choice made in secret is told to its own player only, in the move's words.
            own = f"you: {narrator.action(state, action)}" if player == seat else ""
            secret = f"player {player + 1} chose in secret"
        state.apply(player, action)
    copy.actions, copy.mark = actions[:number], mark
    told = list(narrator.events(state.log[mark:], viewer=seat))
    if number and not told:
        told = [own or secret]
    shown = PlaySession(play.id, play.game_id, copy, play.transcript, play.root)
    return Step(number, len(actions), shown, told)
