"""Transcripts: games as JSON Lines that anyone can replay, and the replay that checks them.

A game is its seed and its actions (the engine is deterministic), so a transcript holds, per
game, one line of each kind:

- `{"type": "game", ...}`: the header (the format, game id, content version, seed,
  players, bots, options, variant files, and where the game came from); the format (2)
  names the random streams its events drew from, and a header without one (written before
  it existed) replays with the streams of then (`kernel/streams.py`); a game played from a position
  embeds it (`"position": {"file": ..., "text": ...}`, the file's whole YAML), so the
  transcript replays without the file, and a replay starts from the same position whatever
  became of it;
- `{"type": "setup", "event": [...], "text": ...}`: each setup event as the engine logged it;
- `{"type": "action", "player": p, "action": a, "text": ...}`: every move, in order (players
  numbered from 0, as the engine does; the text names the cards);
- `{"type": "scores", "totals": [...], "breakdown": [...], "winners": [...], ...}` once the
  game is over, or `{"type": "end", "finished": false}` for a game left before its end.

The file ends with `{"type": "trailer", "games": N}` and each header carries `games` (N too),
and it is written under a temporary name and renamed only once whole, so a transcript is
complete or detectably not (`transcript_file` reads and checks it).

Lines are built by re-running the seed and the actions, never by hand, so a transcript is
exactly what a replay will meet. A replay runs the same again against the current content
and stops at the first difference (a setup, a move no longer legal or worded differently,
other scores), naming the game, the action and the line.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.content.project import GameContent
from toolkit.engine.compiled import Game
from toolkit.engine.game import compile_game
from toolkit.engine.load import load_valid_game
from toolkit.engine.position_load import read_position
from toolkit.errors import IllegalActionError, OptionError, ToolkitError, UsageError
from toolkit.files import (
    TRANSCRIPT,
    FileRefused,
    atomic_output,
    check_output,
    claim_fresh_name,
    ensure_folder,
)
from toolkit.kernel.events import Event
from toolkit.kernel.state import State
from toolkit.kernel.streams import CURRENT, TWISTER
from toolkit.record.events import narrate_scores
from toolkit.record.narration import Narrator, seat
from toolkit.record.transcript_file import (
    TRAILER,
    RecordedAction,
    RecordedGame,
    TranscriptError,
    iter_transcript,
    read_transcript,
    resolve_beside,
)

__all__ = [
    "LoadedGame",
    "RecordedAction",
    "RecordedGame",
    "ReplayDivergence",
    "ReplayedGame",
    "StartPosition",
    "TranscriptError",
    "fresh_transcript",
    "game_lines",
    "header",
    "iter_transcript",
    "prepare_output",
    "read_transcript",
    "replay",
    "replay_game",
    "simulation_games",
    "start_state",
    "write_transcript",
]  # fmt: skip

Action = tuple[int, int]
"""(player, action) as the engine takes them."""


class ReplayDivergence(ToolkitError):
    """A replay that does not reproduce its transcript: the content changed, or the file."""

    def __init__(self, path: Path, index: int, action: int | None, line: int, reason: str):
        self.index = index
        self.action = action
        self.line = line
        self.reason = reason
        at = "setup" if action == 0 else "final scores" if action is None else f"action {action}"
        super().__init__(
            f"{path}:{line}: replay diverges in game {index}, {at}: {reason} "
            "(the content or the file changed since it was recorded)"
        )


@dataclass(frozen=True, slots=True)
class StartPosition:
    """The position a game starts from, as its transcript's header embeds it: the file's
    name as given (for messages) and its whole text."""

    file: str
    text: str

    def plain(self) -> dict[str, str]:
        return {"file": self.file, "text": self.text}


class PositionGone(ToolkitError):
    """An embedded position that no longer loads against the current content."""


@dataclass
class LoadedGame:
    """A compiled game with its content and narrator, as a transcript header names it."""

    game: Game
    content: GameContent
    narrator: Narrator

    @classmethod
    def load(
        cls,
        argument: str,
        variants: Sequence[Path] = (),
        sets: Sequence[tuple[str, Any]] = (),
    ) -> LoadedGame:
        _, content = load_valid_game(argument, list(variants), list(sets))
        game = compile_game(content)
        return cls(game, content, Narrator(game, content))


def header(
    loaded: LoadedGame,
    *,
    manifest: str,
    index: int,
    seed: int,
    players: int,
    bots: Sequence[str],
    options: dict[str, Any],
    variants: Sequence[str] = (),
    sets: Sequence[tuple[str, Any]] = (),
    run_seed: int | None = None,
    games: int | None = None,
    position: StartPosition | None = None,
) -> dict[str, Any]:
    """The header line of one game; `games` is how many the file holds (left out only by
    callers that write no trailer), `position` the one the game starts from, if any."""
    line: dict[str, Any] = {
        "type": "game",
        "format": CURRENT,
        "game": loaded.game.id,
        "index": index,
        **({"games": games} if games is not None else {}),
        "content_version": loaded.content.game.version,
        "seed": seed,
        "players": players,
        "bots": list(bots),
        "options": dict(sorted(options.items())),
        "variants": list(variants),
    }
    if sets:
        line["set"] = [[path, value] for path, value in sets]
    line["manifest"] = manifest
    if run_seed is not None:
        line["run_seed"] = run_seed
    if position is not None:
        line["position"] = position.plain()
    return line


def start_state(loaded: LoadedGame, head: dict[str, Any]) -> State:
    """The state a header's game starts from: dealt from its seed, or its embedded position
    (what that leaves to chance dealt from the seed) after the position's own moves. A
    position that no longer loads raises `PositionGone` with its first problem. Its random
    events draw from the streams of the header's `format` (a header without one was written
    when every event had its own Mersenne Twister: `kernel/streams.py`)."""
    recorded = head.get("position")
    streams = head.get("format", TWISTER)
    if recorded is None:
        options = head.get("options") or {}
        return loaded.game.new_state(head["seed"], head["players"], options, streams)
    name, text = str(recorded["file"]), str(recorded["text"])
    _, state, moves, problems = read_position(loaded.game, Path(name), head["seed"], text)
    if state is None:
        first = problems[0] if problems else None
        where = f"{first.file}:{first.line}:{first.column}: {first.message}" if first else ""
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise PositionGone(f"the position it starts from no longer loads: {where}{more}")
    if state.n != head["players"]:
        raise PositionGone(
            f"the position it starts from has {state.n} players, the header says {head['players']}"
        )
    state.streams = streams
    for player, action in moves:
        state.apply(player, action)
    return state


def game_lines(loaded: LoadedGame, head: dict[str, Any], actions: Sequence[Action]) -> list[str]:
    """Every line of one game: re-runs the seed and the actions to record setup, texts and
    scores. An action that is not legal is a bug of whoever recorded it (IllegalActionError)."""
    state = start_state(loaded, head)
    lines = [_dump(head)]
    lines += [_dump(_setup_line(loaded, event)) for event in state.log]
    for player, action in actions:
        text = loaded.narrator.action(state, action)
        state.apply(player, action)
        lines.append(_dump({"type": "action", "player": player, "action": action, "text": text}))
    lines.append(_dump(_end_line(state)))
    return lines


def prepare_output(path: Path) -> None:
    """Refuse, before any game is played, a transcript path that cannot be written (its
    missing folders are made first, as the default build/play/ is): a link, a designer's
    file, anything but an earlier transcript (see `files.check_output`)."""
    try:
        ensure_folder(path.parent)
        check_output(path, made=TRANSCRIPT)
    except FileRefused as refused:
        hint = f"; {refused.hint}" if refused.hint else ""
        raise UsageError(f"--transcript: {refused.reason}{hint}") from None


def fresh_transcript(path: Path) -> Path:
    """A default transcript name no other game has: `path`, else `<stem>-2.jsonl`, `-3`...,
    claimed at once (created empty), so a game never replaces an earlier game's transcript,
    even one started at the same moment with the same seed. Its folders are made as needed;
    a link on the way is refused (UsageError)."""
    try:
        return claim_fresh_name(path)
    except FileRefused as refused:
        hint = f"; {refused.hint}" if refused.hint else ""
        raise UsageError(f"transcript: {refused.reason}{hint}") from None


def write_transcript(path: Path, games: Iterable[list[str]]) -> int:
    """Write every game and the trailer under a temporary name, renamed to `path` only when
    whole; returns the number of games. A failure leaves the previous file (or none)."""
    count = 0
    try:
        with atomic_output(path) as out:
            for lines in games:
                out.write("\n".join(lines) + "\n")
                count += 1
            out.write(_dump({"type": TRAILER, "games": count}) + "\n")
    except FileRefused as refused:
        raise UsageError(f"transcript: {refused.reason}") from None
    except OSError as error:
        raise UsageError(
            f"cannot write the transcript '{path}': {error.strerror or error}"
        ) from None
    return count


def simulation_games(
    loaded: LoadedGame,
    *,
    manifest: str,
    records: Sequence[Any],
    players: int,
    bots: Sequence[str],
    run_seed: int,
    variants: Sequence[str],
    sets: Sequence[tuple[str, Any]] = (),
    options: dict[str, Any] | None = None,
    position: StartPosition | None = None,
) -> Iterator[list[str]]:
    """The lines of every game of a simulation run, in game order, from records kept with
    `record_actions`; each re-run must end with the record's totals. The header records every
    option in play (the defaults and those chosen), so a replay plays the same rules, and the
    position every game started from, if any."""
    options = {**loaded.game.option_defaults, **(options or {})}
    for index, record in enumerate(records):
        head = header(
            loaded, manifest=manifest, index=index, seed=record.seed, players=players,
            bots=bots, options=options, variants=variants, sets=sets, run_seed=run_seed,
            games=len(records), position=position,
        )  # fmt: skip
        lines = game_lines(loaded, head, record.actions)
        final = json.loads(lines[-1])
        if final.get("totals") != list(record.totals):
            raise RuntimeError(f"game {index} did not re-run to its recorded scores")
        yield lines


# -- replaying ---------------------------------------------------------------------------


@dataclass
class ReplayedGame:
    """A game re-run from its transcript: its narration and final position."""

    recorded: RecordedGame
    loaded: LoadedGame
    state: State
    lines: list[str]

    @property
    def finished(self) -> bool:
        return self.state.terminal

    def as_json(self) -> dict[str, Any]:
        head = self.recorded.header
        result: dict[str, Any] = {
            "index": self.recorded.index,
            "game": head["game"],
            "seed": head["seed"],
            "players": head["players"],
            "bots": head.get("bots", []),
            **({"from": head["position"]["file"]} if "position" in head else {}),
            "actions": len(self.recorded.actions),
            "finished": self.finished,
            "narration": self.lines,
        }
        if self.finished:
            result["scores"] = _scores_json(self.state)
        return result


def replay(path: Path, games: Iterable[RecordedGame]) -> Iterator[ReplayedGame]:
    """Re-run every game of a transcript in order; raises ReplayDivergence at the first
    difference (after yielding the games before it)."""
    cache: dict[tuple[Any, ...], LoadedGame] = {}
    for recorded in games:
        yield replay_game(path, recorded, cache)


def replay_game(
    path: Path, recorded: RecordedGame, cache: dict[tuple[Any, ...], LoadedGame]
) -> ReplayedGame:
    head = recorded.header
    loaded = _load_for(path, head, cache)
    index = recorded.index

    def diverged(action: int | None, line: int, reason: str) -> ReplayDivergence:
        return ReplayDivergence(path, index, action, line, reason)

    try:
        state = start_state(loaded, head)
    except (OptionError, ValueError, PositionGone) as error:
        raise diverged(0, recorded.line, str(error)) from None
    setup = [_setup_line(loaded, event) for event in state.log]
    for position, (line, number) in enumerate(recorded.setup):
        now = setup[position] if position < len(setup) else None
        if now is None or line.get("event") != now["event"] or line.get("text") != now["text"]:
            then = now["text"] if now is not None else "nothing"
            raise diverged(0, number, f"recorded '{line.get('text')}', now '{then}'")
    if len(setup) > len(recorded.setup):
        raise diverged(
            0, recorded.line, f"setup now also has '{setup[len(recorded.setup)]['text']}'"
        )
    narrator = loaded.narrator
    lines = _title(loaded, head)
    lines += [line["text"] for line in setup]
    mark = len(state.log)
    for number, step in enumerate(recorded.actions, start=1):
        if step.player not in state.to_move() or step.action not in state.legal_actions(
            step.player
        ):
            reason = "the game is over" if state.terminal else _not_legal(state, step, narrator)
            move = f"{seat(step.player)}'s move {step.action} (recorded as '{step.text}')"
            raise diverged(number, step.line, f"{move} is not legal: {reason}")
        text = narrator.action(state, step.action)
        # A transcript written before alike moves were told apart has the plain words.
        if text != step.text and step.text != narrator.said(state, step.action):
            raise diverged(number, step.line, f"the move was '{step.text}', now it is '{text}'")
        try:
            state.apply(step.player, step.action)
        except IllegalActionError as error:
            raise diverged(number, step.line, f"'{step.text}' is illegal: {error.reason}") from None
        lines += narrator.events(state.log[mark:])
        mark = len(state.log)
    last = len(recorded.actions)
    end = recorded.end or {"type": "end", "finished": False}
    end_line = recorded.end_line or (
        recorded.actions[-1].line if recorded.actions else recorded.line
    )
    if end.get("type") == "scores":
        if not state.terminal:
            raise diverged(None, end_line, f"the game is not over after action {last}")
        now = _scores_json(state)
        for key in ("totals", "breakdown", "winners"):
            if end.get(key) != now[key]:
                raise diverged(
                    None,
                    end_line,
                    f"{key} after action {last}: recorded {end.get(key)}, now {now[key]}",
                )
        lines += narrate_scores(loaded.game, state)
    elif state.terminal:
        raise diverged(None, end_line, f"the game ends at action {last}, recorded as unfinished")
    else:
        lines.append(f"(left unfinished after action {last})")
    return ReplayedGame(recorded, loaded, state, lines)


def _load_for(
    path: Path, head: dict[str, Any], cache: dict[tuple[Any, ...], LoadedGame]
) -> LoadedGame:
    manifest = head.get("manifest") or head["game"]
    variants = [resolve_beside(path, str(v)) for v in head.get("variants") or []]
    sets = [(str(p), v) for p, v in head.get("set") or []]
    key = (manifest, tuple(variants), json.dumps(sets))
    if key not in cache:
        try:
            loaded = LoadedGame.load(str(manifest), variants, sets)
        except UsageError:
            if manifest == head["game"]:
                raise
            loaded = LoadedGame.load(str(head["game"]), variants, sets)
        if loaded.game.id != head["game"]:
            raise TranscriptError(
                f"{path}: '{manifest}' is the game '{loaded.game.id}', not '{head['game']}'"
            )
        cache[key] = loaded
    return cache[key]


def _not_legal(state: State, step: RecordedAction, narrator: Narrator) -> str:
    if step.player not in state.to_move():
        waiting = ", ".join(seat(p) for p in state.to_move())
        return f"it is not their turn ({waiting} to move)"
    legal = state.legal_actions(step.player)
    shown = ", ".join(f"'{narrator.action(state, action)}'" for action in legal[:4])
    more = f" and {len(legal) - 4} more" if len(legal) > 4 else ""
    return f"the legal moves now are {shown}{more}"


def _title(loaded: LoadedGame, head: dict[str, Any]) -> list[str]:
    bots = ", ".join(head.get("bots") or [])
    version = loaded.content.game.version
    recorded = head.get("content_version")
    note = f" (recorded with {recorded})" if recorded and recorded != version else ""
    position = head.get("position")
    start = f", from the position {position['file']}" if position else ""
    return [
        f"game {head.get('index', 0)}: {loaded.game.name} {version}{note}, seed {head['seed']}, "
        f"{head['players']} players" + (f", {bots}" if bots else "") + start
    ]


def _setup_line(loaded: LoadedGame, event: Event) -> dict[str, Any]:
    text = "; ".join(line.strip() for line in loaded.narrator.event(event))
    return {"type": "setup", "event": event.plain(), "text": text}


def _end_line(state: State) -> dict[str, Any]:
    if not state.terminal:
        return {"type": "end", "finished": False}
    return {"type": "scores", **_scores_json(state)}


def _scores_json(state: State) -> dict[str, Any]:
    scores = state.scores()
    return {
        "totals": list(scores.totals),
        "breakdown": [dict(row) for row in scores.breakdown],
        "winners": list(scores.winners),
        "decided_by": scores.decided_by,
    }


def _dump(line: dict[str, Any]) -> str:
    return json.dumps(line, ensure_ascii=False)
