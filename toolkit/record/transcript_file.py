"""Reading a transcript file, which the toolkit does not trust: bounded, checked, positioned.

A transcript may come from anyone, so it is read like content: a regular file only (a FIFO or
a device is refused, never waited on), a line at a time with a bounded length, a bounded number
of lines per game and a bounded nesting depth, and every header field type-checked before
anything acts on it. A header names files the replay will load (the manifest, variants): they
must be regular files inside the project of the current folder. Every problem raises
`TranscriptError` as `file:line:col: what is wrong` (exit 1); a path that cannot be read at all
is a `UsageError` (exit 2).

Completeness: a transcript ends with `{"type": "trailer", "games": N}` and each header carries
`games` (the file's count), so a file cut short (a run stopped while writing, a copy cut off)
is an error rather than fewer games replayed in silence. Files written before the trailer
existed (no `games` in their headers) are read with a warning.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from toolkit.agents import ismcts_budget
from toolkit.errors import ToolkitError, UsageError
from toolkit.files import FileRefused, confine, open_regular, project_root
from toolkit.kernel.streams import FORMATS, TWISTER
from toolkit.schema.amounts import MAX_PLAYERS

MAX_LINE_BYTES = 1 << 20
"""The longest line read (1 MiB); a recorded line is a few hundred bytes."""
MAX_GAME_LINES = 100_000
"""The most lines one game may have; every shipped game's action cap is far below it."""
MAX_DEPTH = 32
"""The deepest nesting of lists and objects in a line; recorded lines nest at most 4 deep."""
MAX_ACTION = 2**31
"""Actions are small numbers (a few are negative, such as -1 for declining)."""
MAX_SEED = 2**64
"""Seeds are at most this large in magnitude (simulate draws 63-bit seeds)."""
MAX_TEXT = 200
"""The longest id, bot name, version or path in a header."""
MAX_POSITION_TEXT = 256 * 1024
"""The longest position a header embeds (characters); a position file is a few kilobytes."""

TRAILER = "trailer"
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
Warn = Callable[[str], None]


class TranscriptError(ToolkitError):
    """A transcript file that cannot be read (not JSON Lines, lines out of order, a header
    field of the wrong type, a file cut short)."""


@dataclass
class RecordedAction:
    player: int
    action: int
    text: str
    line: int


@dataclass
class RecordedGame:
    """One game of a transcript file as read, with the line number of every part."""

    header: dict[str, Any]
    line: int
    setup: list[tuple[dict[str, Any], int]] = field(default_factory=list)
    actions: list[RecordedAction] = field(default_factory=list)
    end: dict[str, Any] | None = None
    end_line: int = 0
    lines: int = 1

    @property
    def index(self) -> int:
        value = self.header.get("index", 0)
        return value if isinstance(value, int) else 0


def read_transcript(path: Path, warn: Warn | None = None) -> list[RecordedGame]:
    return list(iter_transcript(path, warn))


def iter_transcript(path: Path, warn: Warn | None = None) -> Iterator[RecordedGame]:
    """The games of a transcript file one at a time, so a long run replays as it is read;
    a malformed line raises TranscriptError when it is reached, a file cut short once its
    end is reached (after the games before it). `warn` hears of a file without a trailer."""
    try:
        stream = open_regular(path)
    except FileRefused as refused:
        if refused.code == "missing-file":
            raise UsageError(f"no such transcript: '{path}'") from None
        raise UsageError(refused.reason) from None
    with stream:
        yield from _Reader(path, warn).games(_lines(path, stream))


class _Reader:
    """The state of one pass over a file: the game being read, the counts announced."""

    def __init__(self, path: Path, warn: Warn | None) -> None:
        self.path = path
        self.warn = warn
        self.current: RecordedGame | None = None
        self.read = 0
        self.announced: int | None = None
        self.trailer: tuple[int, int] | None = None
        self.last = 0

    def at(self, number: int, raw: str = "", key: str = "") -> str:
        return f"{self.path}:{number}:{_column(raw, key)}"

    def games(self, lines: Iterator[tuple[int, str, bool]]) -> Iterator[RecordedGame]:
        for number, raw, ended in lines:
            self.last = number
            if not raw.strip():
                continue
            line = self.parse(number, raw, ended)
            kind = line.get("type")
            if self.trailer is not None:
                raise TranscriptError(f"{self.at(number)}: a line after the trailer line")
            if kind == "game":
                self.check_header(number, raw, line)
                if self.current is not None:
                    yield self.current
                self.current = RecordedGame(line, number)
                self.read += 1
            elif kind == TRAILER:
                self.check_trailer(number, raw, line)
            elif self.current is None:
                raise TranscriptError(f"{self.at(number)}: expected a 'game' line first")
            else:
                self.add(number, raw, line, kind)
        if self.current is None:
            raise TranscriptError(f"{self.path}: no game in the file")
        yield self.current
        self.check_complete()

    def parse(self, number: int, raw: str, ended: bool) -> dict[str, Any]:
        if raw.count("[") + raw.count("{") > MAX_DEPTH:
            deep = _too_deep(raw)
            if deep:
                raise TranscriptError(
                    f"{self.path}:{number}:{deep}: nested more than {MAX_DEPTH} levels deep"
                )
        try:
            line = json.loads(raw, parse_constant=_no_constant)
        except json.JSONDecodeError as error:
            where = f"{self.path}:{number}:{error.colno}"
            if not ended:
                raise TranscriptError(
                    f"{where}: the file ends in the middle of this line: it is cut short (a run "
                    "stopped while writing, or a partial copy)"
                ) from None
            reason = error.msg.removesuffix(" starting at")
            raise TranscriptError(f"{where}: not JSON: {reason}") from None
        except (ValueError, RecursionError) as error:  # a number of thousands of digits
            reason = str(error).split(";")[0]
            raise TranscriptError(f"{self.path}:{number}:1: not JSON: {reason}") from None
        if not isinstance(line, dict):
            raise TranscriptError(f"{self.path}:{number}:1: expected a JSON object with a 'type'")
        return line

    def add(self, number: int, raw: str, line: dict[str, Any], kind: object) -> None:
        current = self.current
        assert current is not None
        current.lines += 1
        if current.lines > MAX_GAME_LINES:
            raise TranscriptError(
                f"{self.at(number)}: game {current.index} has more than {MAX_GAME_LINES:,} lines"
            )
        if current.end is not None:
            raise TranscriptError(f"{self.at(number)}: '{kind}' line after the game's end")
        if kind == "setup":
            _check(self, number, raw, line, {"text": str})
            current.setup.append((line, number))
        elif kind == "action":
            _check(self, number, raw, line, {"player": int, "action": int, "text": str})
            players = current.header["players"]
            if not 0 <= line["player"] < players:
                raise TranscriptError(
                    f"{self.at(number, raw, 'player')}: player {line['player']} does not exist: "
                    f"players are numbered 0-{players - 1} in a transcript"
                )
            if abs(line["action"]) > MAX_ACTION:
                raise TranscriptError(
                    f"{self.at(number, raw, 'action')}: action {_shown(line['action'])} is out "
                    "of range (no game numbers its moves so high)"
                )
            current.actions.append(
                RecordedAction(line["player"], line["action"], line["text"], number)
            )
        elif kind in ("scores", "end"):
            current.end, current.end_line = line, number
        else:
            raise TranscriptError(f"{self.at(number, raw, 'type')}: unknown line type {kind!r}")

    def check_header(self, number: int, raw: str, line: dict[str, Any]) -> None:
        _check(self, number, raw, line, {"game": str, "seed": int, "players": int})
        optional = {"format": int, "index": int, "games": int, "run_seed": int,
                    "content_version": str, "manifest": str, "bots": list, "options": dict,
                    "variants": list, "set": list, "position": dict}  # fmt: skip
        _check(self, number, raw, line, {k: v for k, v in optional.items() if k in line})
        where: Callable[[str], str] = functools.partial(self.at, number, raw)
        if line.get("format", TWISTER) not in FORMATS:
            raise TranscriptError(
                f"{where('format')}: format {line['format']} is not one this toolkit replays "
                f"({', '.join(map(str, FORMATS))}; none: 1)"
            )
        if not ID_PATTERN.match(line["game"]) or len(line["game"]) > MAX_TEXT:
            raise TranscriptError(
                f"{where('game')}: 'game' must be a game id, not {line['game']!r}"
            )
        for key in ("seed", "run_seed"):
            if key in line and abs(line[key]) > MAX_SEED:
                raise TranscriptError(f"{where(key)}: '{key}' is larger than 2**64")
        if line.get("index", 0) < 0:
            raise TranscriptError(f"{where('index')}: 'index' must not be negative")
        if not 1 <= line["players"] <= MAX_PLAYERS:
            raise TranscriptError(f"{where('players')}: 'players' must be 1-{MAX_PLAYERS}")
        for key in ("content_version", "manifest"):
            if len(line.get(key, "")) > MAX_TEXT:
                raise TranscriptError(f"{where(key)}: '{key}' is longer than {MAX_TEXT}")
            if "\x00" in line.get(key, ""):
                raise TranscriptError(f"{where(key)}: '{key}' holds a NUL character")
        self.check_count(number, raw, line)
        _check_bots(where, line)
        _check_options(where, line)
        for variant in line.get("variants", []):
            if not isinstance(variant, str) or not variant or len(variant) > MAX_TEXT:
                raise TranscriptError(
                    f"{where('variants')}: 'variants' must be file paths of at most "
                    f"{MAX_TEXT} characters"
                )
            if "\x00" in variant:
                raise TranscriptError(f"{where('variants')}: a variant path holds a NUL character")
            _check_file(where("variants"), "variant", resolve_beside(self.path, variant))
        manifest = line.get("manifest")
        if manifest is not None and _is_path(manifest):
            _check_file(where("manifest"), "manifest", Path(manifest))
        _check_position(where, line)
        for pair in line.get("set", []):
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
                raise TranscriptError(f"{where('set')}: 'set' must hold [path, value] pairs")

    def check_count(self, number: int, raw: str, line: dict[str, Any]) -> None:
        games = line.get("games")
        if games is None:
            return
        if games < 1 or (self.announced is not None and games != self.announced):
            raise TranscriptError(
                f"{self.at(number, raw, 'games')}: 'games' is {games}, "
                + (f"an earlier header said {self.announced}" if self.announced else "not >= 1")
            )
        self.announced = games
        if line.get("index", 0) != self.read:
            raise TranscriptError(
                f"{self.at(number, raw, 'index')}: game {line.get('index')} where game "
                f"{self.read} was expected (games missing or out of order)"
            )

    def check_trailer(self, number: int, raw: str, line: dict[str, Any]) -> None:
        _check(self, number, raw, line, {"games": int})
        if self.current is None:
            raise TranscriptError(f"{self.at(number)}: expected a 'game' line first")
        self.trailer = (line["games"], number)

    def check_complete(self) -> None:
        path, read = self.path, self.read
        if self.trailer is not None:
            games, number = self.trailer
            if games != read or (self.announced is not None and self.announced != games):
                raise TranscriptError(
                    f"{path}:{number}:1: the trailer says {games} games, the file holds {read}"
                    " (games were removed or the file was edited)"
                )
            return
        if self.announced is not None:
            raise TranscriptError(
                f"{path}:{self.last}:1: the file ends without its trailer line after {read} of "
                f"{self.announced} games: it is cut short (a run stopped while writing, or a "
                "partial copy); write it again"
            )
        if self.warn is not None:
            self.warn(
                f"{path}: no trailer line (written by an older toolkit), so whether it is "
                "complete cannot be checked"
            )


def resolve_beside(transcript: Path, variant: str) -> Path:
    """A variant file as recorded: from the current folder, else beside the transcript."""
    as_given = Path(variant)
    if as_given.is_absolute() or _exists(as_given):
        return as_given
    beside = transcript.parent / as_given
    return beside if _exists(beside) else as_given


def _exists(path: Path) -> bool:
    """Whether a recorded path names something; a name the system refuses names nothing."""
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _lines(path: Path, stream: IO[bytes]) -> Iterator[tuple[int, str, bool]]:
    """(number, text, ended with a newline) per line, each at most MAX_LINE_BYTES long."""
    number = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            raise TranscriptError(
                f"{path}:{number}:1: line longer than {MAX_LINE_BYTES:,} bytes "
                "(not a transcript written by the toolkit)"
            )
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise TranscriptError(f"{path}:{number}:{error.start + 1}: not UTF-8") from None
        yield number, text, raw.endswith(b"\n")


def _check(
    reader: _Reader, number: int, raw: str, line: dict[str, Any], wanted: dict[str, type]
) -> None:
    for key, kind in wanted.items():
        value = line.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            name = {"str": "text", "int": "a whole number", "list": "a list",
                    "dict": "an object"}[kind.__name__]  # fmt: skip
            raise TranscriptError(
                f"{reader.at(number, raw, key)}: '{line.get('type')}' line needs '{key}' as "
                f"{name}, not {_shown(value)}"
            )


def _check_bots(where: Callable[[str], str], line: dict[str, Any]) -> None:
    bots = line.get("bots")
    if bots is None:
        return
    if len(bots) != line["players"]:
        raise TranscriptError(
            f"{where('bots')}: 'bots' names {len(bots)} seats for {line['players']} players"
        )
    for name in bots:
        if not isinstance(name, str) or not name or len(name) > MAX_TEXT:
            raise TranscriptError(f"{where('bots')}: 'bots' must be bot names, not {_shown(name)}")
        base, _, budget = name.partition(":")
        if base != "ismcts" or not budget:
            continue
        try:
            ismcts_budget(budget)  # refuses a budget past the command line's own limits
        except (UsageError, ValueError) as error:
            raise TranscriptError(f"{where('bots')}: {error}") from None


def _check_options(where: Callable[[str], str], line: dict[str, Any]) -> None:
    for name, value in line.get("options", {}).items():
        if len(name) > MAX_TEXT or not isinstance(value, str | int | float | bool | None):
            raise TranscriptError(
                f"{where('options')}: option '{name[:MAX_TEXT]}' must have a plain value, "
                f"not {_shown(value)}"
            )


def _check_position(where: Callable[[str], str], line: dict[str, Any]) -> None:
    """An embedded position: its file's name and its text, bounded; the replay reads the
    text like any position file (checked against the rules), never the named file."""
    position = line.get("position")
    if position is None:
        return
    name, text = position.get("file"), position.get("text")
    if set(position) != {"file", "text"} or not isinstance(name, str) or not isinstance(text, str):
        raise TranscriptError(
            f"{where('position')}: 'position' must hold the position's 'file' and 'text'"
        )
    if not name or len(name) > MAX_TEXT or "\x00" in name:
        raise TranscriptError(
            f"{where('position')}: the position's 'file' must be a name of 1-{MAX_TEXT} "
            "characters without NUL"
        )
    if len(text) > MAX_POSITION_TEXT:
        raise TranscriptError(
            f"{where('position')}: the position's text is longer than "
            f"{MAX_POSITION_TEXT:,} characters"
        )


def _check_file(where: str, what: str, path: Path) -> None:
    """A file a header names: a regular file inside the project of the current folder."""
    try:
        real = confine(path, project_root(Path.cwd()))
    except FileRefused as refused:
        raise TranscriptError(f"{where}: the {what} {refused.reason}") from None
    if not real.is_file():
        raise TranscriptError(f"{where}: the {what} '{path}' is not a regular file")


def _is_path(manifest: str) -> bool:
    """A manifest recorded as a path rather than a game id (looked up in rules/)."""
    return not ID_PATTERN.match(manifest) or _exists(Path(manifest))


def _column(raw: str, key: str) -> int:
    """The column (from 1) of `"key":` in the line, else 1."""
    if not key:
        return 1
    found = re.search(rf'"{re.escape(key)}"\s*:', raw)
    return found.start() + 1 if found else 1


def _too_deep(raw: str) -> int:
    """The column where nesting passes MAX_DEPTH (outside strings), or 0."""
    depth, quoted, escaped = 0, False, False
    for column, char in enumerate(raw, start=1):
        if quoted:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                quoted = False
        elif char == '"':
            quoted = True
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return column
        elif char in "]}":
            depth -= 1
    return 0


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a transcript holds")


def _shown(value: object) -> str:
    text = json.dumps(value) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
