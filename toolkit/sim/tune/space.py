"""The search space of `toolkit tune`: variant paths (as `--set` takes them), each with a range
or a list of choices, read from YAML and checked against the game like a variant file.

A mistake is reported at its line in the space file: an unknown path (with a did-you-mean),
a bound the game's schema or checks refuse (both ends are tried on the game).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError, model_validator

from toolkit.agents import check_bot_name
from toolkit.content.models.variant import Variant
from toolkit.content.project import GameContent, LoadedFile, Patch, load_game
from toolkit.content.schema_errors import diagnostics_from_error
from toolkit.content.semantic import check_game
from toolkit.content.variants import Overlay, value_at
from toolkit.content.yaml_loader import Document, load_file
from toolkit.diagnostics import Diagnostic, players_span
from toolkit.engine.compiled import Game
from toolkit.errors import ContentError, UsageError
from toolkit.schema.amounts import PlayerCount
from toolkit.schema.base import Id, Model, Scalar, Text

Number = int | float
Bound = Number | dict[PlayerCount, Number]
"""A number, or one per player count (`{2: 12, 5: 8}`) for a parameter tuned per count."""


class Parameter(Model):
    """One value to tune: a range (`low`, `high`, `step`) or `choices`."""

    path: Text
    """A variant path, as `--set` and variant files take it: `attractions/ferris-wheel/cost`."""
    low: Bound | None = None
    """Smallest value tried (whole numbers when `low`, `high` and `step` all are); with
    `per_players`, may be given per player count: `{2: 8, 5: 6}`."""
    high: Bound | None = None
    """Largest value tried; per player count as `low`."""
    step: Number | None = Field(default=None, gt=0)
    """Distance between the values tried (default: 1 for whole numbers, any for decimals)."""
    choices: list[Scalar | float] | None = Field(default=None, min_length=1)
    """The values to choose from, instead of a range."""
    per_players: bool = False
    """One value per player count, written `{by_players: {2: .., 3: ..}}` (for numbers the
    game lets depend on the player count, such as a deal's `count`)."""

    @model_validator(mode="after")
    def _range_or_choices(self) -> Parameter:
        ranged = self.low is not None or self.high is not None
        if ranged == (self.choices is not None):
            raise ValueError("give either low and high, or choices")
        if ranged and (self.low is None or self.high is None):
            raise ValueError("a range needs both low and high")
        tables = isinstance(self.low, dict) or isinstance(self.high, dict)
        if tables and not self.per_players:
            raise ValueError("bounds per player count go with 'per_players: true'")
        return self

    @property
    def whole(self) -> bool:
        numbers: list[Number | None] = [self.step]
        for bound in (self.low, self.high):
            numbers += list(bound.values()) if isinstance(bound, dict) else [bound]
        return all(isinstance(v, int) for v in numbers if v is not None)

    def bounds(self, players: int | None) -> tuple[Any, Any]:
        """Low and high (at a player count, for bounds given per count); None where a table
        has no entry for that count."""
        return _at(self.low, players), _at(self.high, players)

    def ends(self, players: int | None) -> tuple[Any, Any]:
        """The two values furthest apart: both are tried on the game before any trial."""
        if self.choices is not None:
            return self.choices[0], self.choices[-1]
        return self.bounds(players)


def _at(bound: Bound | None, players: int | None) -> Any:
    if isinstance(bound, dict):
        return bound.get(players) if players is not None else None
    return bound


def players_of(name: str) -> int | None:
    """The player count of an optimiser name (`path@3`), None for a value for all counts."""
    _, at, count = name.rpartition("@")
    return int(count) if at and count.isdigit() else None


class SpaceFile(Model):
    """What `toolkit tune` may change, and at which player counts it judges the targets."""

    game: Id
    """The game these values belong to."""
    players: list[PlayerCount] | None = None
    """Player counts whose targets are met (default: every count the game allows)."""
    bots: list[Text] = Field(default_factory=lambda: ["greedy"])
    """One bot for every seat, or one per seat."""
    parameters: list[Parameter] = Field(min_length=1)
    """The values to tune."""


@dataclass
class Space:
    """A checked space file, with the game's current value of each path."""

    file: str
    model: SpaceFile
    players: list[int]
    """The player counts whose targets are judged: a per-player value is tuned at these."""
    counts: list[int]
    """Every player count the game allows (a per-player table covers them all; at a count
    not judged it keeps the game's value)."""
    current: dict[str, Any]
    """Parameter path to its value in the game now (None: not set)."""

    @property
    def parameters(self) -> list[Parameter]:
        return self.model.parameters

    def names(self, parameter: Parameter) -> list[str]:
        """The optimiser's names for a parameter: its path, or one per player count."""
        if parameter.per_players:
            return [f"{parameter.path}@{players}" for players in self.tuned(parameter)]
        return [parameter.path]

    def tuned(self, parameter: Parameter) -> list[int]:
        """The player counts a per-player value is searched at: those judged, and those
        where the game has no value of its own to keep."""
        return [n for n in self.counts if n in self.players or self.kept(parameter, n) is None]

    def sets(self, values: dict[str, Any]) -> list[tuple[str, Any]]:
        """Optimiser values (by name) to `--set` pairs."""
        pairs: list[tuple[str, Any]] = []
        for parameter in self.parameters:
            if parameter.per_players:
                table = {
                    n: values.get(f"{parameter.path}@{n}", self.kept(parameter, n))
                    for n in self.counts
                }
                pairs.append((parameter.path, {"by_players": table}))
            else:
                pairs.append((parameter.path, values[parameter.path]))
        return pairs

    def kept(self, parameter: Parameter, players: int) -> Any:
        """The game's value of a per-player parameter at a count that is not tuned."""
        now = self.current.get(parameter.path)
        return now["by_players"].get(players) if isinstance(now, dict) else now

    def current_values(self) -> dict[str, Any]:
        """The game's values by optimiser name, where they lie inside the space (a first trial
        that changes nothing)."""
        found: dict[str, Any] = {}
        for parameter in self.parameters:
            now = self.current[parameter.path]
            for name in self.names(parameter):
                value = now
                if isinstance(now, dict) and "by_players" in now:
                    value = now["by_players"].get(players_of(name))
                if _inside(parameter, value, players_of(name)):
                    found[name] = value
        return found

    def changes(self, sets: list[tuple[str, Any]]) -> int:
        """How many values differ from the game's (a per-player table counts each entry)."""
        count = 0
        for (path, value), parameter in zip(sets, self.parameters, strict=True):
            now = self.current[path]
            if parameter.per_players:
                for players, each in value["by_players"].items():
                    before = now["by_players"].get(players) if isinstance(now, dict) else now
                    count += each != before
            else:
                count += value != now
        return count


def _inside(parameter: Parameter, value: Any, players: int | None) -> bool:
    if value is None or isinstance(value, bool):
        return False
    if parameter.choices is not None:
        return value in parameter.choices
    low, high = parameter.bounds(players)
    if not isinstance(value, int | float) or not low <= value <= high:
        return False
    if parameter.whole and not isinstance(value, int):
        return False
    step = parameter.step if parameter.step is not None else (1 if parameter.whole else None)
    return step is None or abs((value - low) / step - round((value - low) / step)) < 1e-9


def load_space(
    path: Path, manifest: Path, base: GameContent, compiled: Game | None = None
) -> Space:
    """Read and check a space file against the game (and its bots against the `compiled`
    game, when given); errors raise `ContentError`."""
    document, errors = load_file(path)
    if document is None:
        raise ContentError(errors)
    try:
        model = SpaceFile.model_validate(document.data)
    except ValidationError as error:
        raise ContentError(diagnostics_from_error(document, SpaceFile, error)) from None
    loaded = LoadedFile(path, document, model)
    game = base.game
    problems: list[Diagnostic] = []
    if model.game != game.id:
        problems.append(
            loaded.diag(
                ("game",), "game-mismatch", f"this space is for '{model.game}', not '{game.id}'"
            )
        )
    players = model.players or list(range(game.players.min, game.players.max + 1))
    for index, count in enumerate(players):
        if not game.players.min <= count <= game.players.max:
            problems.append(
                loaded.diag(
                    ("players", index),
                    "out-of-range",
                    f"{game.name} is for {players_span(game.players.min, game.players.max)}",
                )
            )
    counts = list(range(game.players.min, game.players.max + 1))
    players = [n for n in players if n in counts]
    complete = True  # every bound there, so both ends can be tried on the game
    space = Space(str(path), model, players, counts, {})
    for parameter in model.parameters:
        kind, *rest = parameter.path.split("/")
        file = base.manifest if kind == "game" else base.files.get(kind)
        found = value_at(file.document.data, kind, rest) if file is not None else None
        space.current[parameter.path] = found
    seen: set[str] = set()
    for index, parameter in enumerate(model.parameters):
        missing_any = False
        wanted = space.tuned(parameter)
        for key in ("low", "high"):
            bound = getattr(parameter, key)
            missing = [n for n in wanted if isinstance(bound, dict) and n not in bound]
            if missing:
                missing_any = True
                problems.append(
                    loaded.diag(
                        ("parameters", index, key),
                        "missing-key",
                        f"no {key} for {', '.join(map(str, missing))} players",
                        f"give one for each count tuned ({', '.join(map(str, wanted))}): the "
                        "space's players, and counts where the game sets no value",
                    )
                )
        complete = complete and not missing_any
        at: list[int | None] = [*wanted] if parameter.per_players else [None]
        for n in at if parameter.choices is None and not missing_any else []:
            low, high = parameter.bounds(n)
            if low > high:
                problems.append(
                    loaded.diag(
                        ("parameters", index, "low"),
                        "out-of-range",
                        f"low {low} is above high {high}"
                        + (f" at {n} players" if parameter.per_players else ""),
                    )
                )
                break
        if parameter.path in seen:
            problems.append(
                loaded.diag(
                    ("parameters", index, "path"), "duplicate", f"'{parameter.path}' is tuned twice"
                )
            )
        seen.add(parameter.path)
    if compiled is not None:
        problems += _bot_problems(loaded, model, players, compiled)
    if complete:  # every bound is there to try: the game's own checks, at both ends
        kinds = ["game", *base.files]
        for end in (0, 1):
            problems += _try_on_game(space, document, manifest, kinds, end, game.id)
    if problems:
        raise ContentError(_unique(problems))
    return space


def _bot_problems(
    loaded: LoadedFile, model: SpaceFile, players: list[int], game: Game
) -> list[Diagnostic]:
    """The space's bots, checked as `--bots` is before a run: known to the game, with a
    budget within the limits, one for every seat or one per seat at each player count."""
    problems: list[Diagnostic] = []
    for index, name in enumerate(model.bots):
        try:
            check_bot_name(name, game)
        except UsageError as error:
            problems.append(loaded.diag(("bots", index), "unknown-bot", str(error)))
    counts = [n for n in players if len(model.bots) not in (1, n)]
    if counts and "bots" in model.model_fields_set:
        problems.append(
            loaded.diag(
                ("bots",),
                "bot-count",
                f"{len(model.bots)} bots for {', '.join(map(str, counts))} players",
                "give one bot for every seat, or one per seat",
            )
        )
    return problems


def _try_on_game(
    space: Space, source: Document, manifest: Path, kinds: list[str], end: int, game_id: str
) -> list[Diagnostic]:
    """Apply every parameter at one end of its range as a variant; the game's errors come
    back at the parameter's line in the space file."""
    values: dict[str, Any] = {}
    for parameter in space.parameters:
        for name in space.names(parameter):
            values[name] = parameter.ends(players_of(name))[end]
    sets = space.sets(values)
    data = {
        "kind": "variant",
        "game": game_id,  # a mismatch is reported once, at the space's `game`
        "name": "tune space",
        "set": [{"path": path, "value": value} for path, value in sets],
    }
    document = Document(source.file, data)
    for index, parameter in enumerate(space.parameters):
        at = ("parameters", index)
        document.values[("set", index, "path")] = source.position((*at, "path"))
        key_path: tuple[str | int, ...] = (*at, "low" if end == 0 else "high")
        if parameter.choices is not None:
            key_path = (*at, "choices", 0 if end == 0 else len(parameter.choices) - 1)
        position = source.position(key_path)
        document.values[("set", index, "value")] = position
        _spread(document, ("set", index, "value"), sets[index][1], position)
    overlay = Overlay(LoadedFile(Path(source.file), document, Variant.model_validate(data)))
    errors = overlay.check_targets(kinds)
    if errors:
        return errors
    patches: dict[str, list[Patch]] = {}
    for kind in overlay.targets():
        patches.setdefault(kind, []).append(overlay.patch(kind))
    content, diagnostics = load_game(manifest, patches)
    if content is not None and not diagnostics:
        diagnostics = [d for d in check_game(content) if d.severity == "error"]
    return diagnostics


def _spread(document: Document, at: tuple[Any, ...], value: Any, position: Any) -> None:
    """Every value inside a per-player table stands at the parameter's bound."""
    if isinstance(value, dict):
        for key, inner in value.items():
            document.values[(*at, key)] = position
            _spread(document, (*at, key), inner, position)


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return list(dict.fromkeys(diagnostics))
