"""Build a `State` from a position file (`kind: position`): a game in progress or ended.

The table is filled from the file (zones, grids, shared zones, slots, tracks, resources,
banked points), the mechanic's kit reads its own `play` section, and what the position leaves
to chance (cards written `hidden` or as a count, the unseen rest of the deck) is dealt from the
cards no zone names, with a generator of the given seed alone: the same file and seed give
the same game. Then the position is checked against the rules data (`legality.py`), and the
moves written after it are replayed. Every problem is reported at its place in the file.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path as PathLike
from typing import Any

from pydantic import BaseModel, ValidationError, create_model

from toolkit.content.models.position import UNKNOWN, Position
from toolkit.content.project import LoadedFile
from toolkit.content.schema_errors import diagnostics_from_error
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.engine.compiled import Game
from toolkit.engine.legality import legality_problems
from toolkit.engine.position import fill_slots
from toolkit.errors import ContentError, OptionError
from toolkit.kernel.mechanic import placement_problems
from toolkit.kernel.state import State
from toolkit.mechanics.base import KitPosition
from toolkit.mechanics.registry import mechanic_kit

Path = tuple[str | int, ...]
HIDDEN = -1
"""A card left to chance, in a zone until the deal."""


@dataclass
class _Open:
    """A place waiting for a card left to chance: a zone's list and index, or a grid cell."""

    kind: str
    cards: list[int] | None = None
    index: int = 0
    grid: dict[tuple[int, int], int] | None = None
    cell: tuple[int, int] = (0, 0)


@dataclass
class _Reader:
    """What the position names, and the problems found, as the mechanic's kit sees it."""

    game: Game
    loaded: LoadedFile
    n: int
    told: tuple[int, ...] = ()
    errors: list[Diagnostic] = field(default_factory=list)
    placed: dict[tuple[str, int], Path] = field(default_factory=dict)
    named_zones: set[str] = field(default_factory=set)

    def error(self, path: Path, code: str, message: str, hint: str = "") -> None:
        self.errors.append(self.loaded.diag(path, code, message, hint))

    def card(self, path: Path, card_id: str, *, place: bool = True) -> int | None:
        return self.of_kind("deck", path, card_id, place=place)

    def of_kind(
        self, kind: str, path: Path, card_id: str, *, place: bool = True, zone: str = ""
    ) -> int | None:
        """A card of `kind`; a deck card lies in one place, any other card (an attraction
        several players rode) once in each zone (`zone` names it)."""
        table = self.game.tables[kind]
        if card_id not in table.ids:
            what = "card" if kind == "deck" else f"{kind} card"
            self.error(
                path,
                "unknown-reference",
                f"unknown {what} '{card_id}'",
                did_you_mean(card_id, table.ids),
            )
            return None
        card = table.ids.index(card_id)
        if place:
            key = (kind if kind == "deck" else f"{kind}/{zone}", card)
            earlier = self.placed.get(key)
            if earlier is not None:
                self.error(
                    path,
                    "duplicate-id",
                    f"'{card_id}' is also at {_where(earlier)}: a card lies in one place",
                    "remove one of them",
                )
                return None
            self.placed[key] = path
            self.placed.setdefault((kind, card), path)
        return card

    def seat(self, path: Path, seat: int) -> int | None:
        if 1 <= seat <= self.n:
            return seat - 1
        self.error(
            path, "out-of-range", f"no seat {seat} among {self.n} players", f"seats run 1-{self.n}"
        )
        return None

    def given(self, zone_id: str) -> bool:
        return zone_id in self.named_zones

    @property
    def to_move(self) -> tuple[int, ...]:
        return self.told

    def known(self, path: Path, name: str, choices: Iterable[str], what: str) -> bool:
        options = list(choices)
        if name in options:
            return True
        self.errors.append(
            self.loaded.diag(
                path,
                "unknown-reference",
                f"unknown {what} '{name}'",
                did_you_mean(name, options),
                key=True,
            )
        )
        return False


def _where(path: Path) -> str:
    return ".".join(str(part + 1) if isinstance(part, int) else part for part in path)


def kit_of(game: Game) -> KitPosition:
    kit = mechanic_kit(game.content.game.structure.mechanic)
    assert kit.position is not None, f"mechanic {kit.name} writes no positions"
    return kit.position()


def state_from_position(
    game: Game, loaded: LoadedFile, seed: int | None = None
) -> tuple[State | None, list[Diagnostic]]:
    """The state the position describes (after its moves), or every problem found. `seed`
    replaces the file's own for what it leaves to chance (each game of `simulate --from`)."""
    state, moves, errors = position_start(game, loaded, seed)
    if state is not None:
        for player, action in moves:
            state.apply(player, action)
    return state, errors


def position_start(
    game: Game, loaded: LoadedFile, seed: int | None = None
) -> tuple[State | None, list[tuple[int, int]], list[Diagnostic]]:
    """The state the position describes before its moves, and the moves as (player,
    action), or every problem found."""
    position = loaded.model
    assert isinstance(position, Position)
    reader = _Reader(game, loaded, len(position.players))
    if position.game != game.id:
        reader.error(
            ("game",), "game-mismatch", f"this position is for '{position.game}', not '{game.id}'"
        )
        return None, [], reader.errors
    n = reader.n
    if not game.min_players <= n <= game.max_players:
        reader.error(
            ("players",),
            "invalid-value",
            f"{n} players; {game.name} is for {game.min_players}-{game.max_players}",
        )
        return None, [], reader.errors
    kit = kit_of(game)
    section = _section(loaded, kit, reader)
    options = _options(game, position, reader)
    state = State(game, n, position.seed if seed is None else seed, options)
    state.draws = position.draws if seed is None else 0
    state.round = position.round
    state.first_player = position.first_player - 1 if position.first_player <= n else 0
    reader.seat(("first_player",), position.first_player)
    reader.told = tuple(
        s
        for i, seat in enumerate(position.to_move)
        if (s := reader.seat(("to_move", i), seat)) is not None
    )
    fill_slots(game, loaded, position.slots, state, reader.errors)
    state.deck_cards = _deck_cards(position, reader)
    waiting: list[_Open] = []
    _fill_players(game, position, state, reader, waiting)
    _fill_shared(game, position, state, reader, waiting)
    state.terminal = position.ended
    if section is not None and not reader.errors:
        kit.load(game.mechanic, state, section, reader)
    if reader.errors:
        return None, [], reader.errors
    _deal_unknown(game, position, state, reader, waiting, seed)
    _supply(game, position, state, reader)
    kit.complete(game.mechanic, state, section, reader)
    if position.turn is not None:
        state.turn = position.turn
    if reader.errors:
        return None, [], reader.errors
    _check_grids(game, position, state, reader)
    reader.errors.extend(legality_problems(game.content, loaded, state, ended=position.ended))
    if not reader.errors and not state.terminal:
        _check_someone_acts(state, reader)
    moves = _replay(position, state.clone(), reader) if not reader.errors else []
    return (None, [], reader.errors) if reader.errors else (state, moves, [])


def _section(loaded: LoadedFile, kit: KitPosition, reader: _Reader) -> BaseModel | None:
    """The `play` section read with the mechanic's model, its errors at their places."""
    position = loaded.model
    assert isinstance(position, Position)
    wrapper: type[BaseModel] = create_model(
        "PlaySection", __config__=kit.model.model_config, play=(kit.model, ...)
    )
    try:
        return wrapper.model_validate({"play": dict(position.play)}).play  # type: ignore[attr-defined, no-any-return]
    except ValidationError as error:
        reader.errors.extend(diagnostics_from_error(loaded.document, wrapper, error))
        return None


def _options(game: Game, position: Position, reader: _Reader) -> dict[str, Any]:
    from toolkit.engine.options import check_option

    chosen = dict(game.option_defaults)
    for name, value in position.options.items():
        try:
            key, checked = check_option(game.name, game.option_choices, name, value)
        except OptionError as error:
            reader.error(("options", name), "invalid-value", str(error))
            continue
        chosen[key] = checked
    return chosen


def _deck_cards(position: Position, reader: _Reader) -> list[int]:
    removed = [
        card
        for index, card_id in enumerate(position.removed)
        if (card := reader.card(("removed", index), card_id)) is not None
    ]
    gone = set(removed)
    return [card for card in range(reader.game.deck.size) if card not in gone]


def _fill_players(
    game: Game, position: Position, state: State, reader: _Reader, waiting: list[_Open]
) -> None:
    zones = {z.id: z for z in game.player_zones}
    tracks = {t.id: (i, t) for i, t in enumerate(game.tracks)}
    resources = {r.id: i for i, r in enumerate(game.resources)}
    labels = [step.label for step in game.round_scoring]
    for seat, player in enumerate(position.players):
        base: Path = ("players", seat)
        for zone_id, entries in player.zones.items():
            if not reader.known((*base, "zones", zone_id), zone_id, zones, "player zone"):
                continue
            zone = zones[zone_id]
            if zone.grid:
                reader.error(
                    (*base, "zones", zone_id),
                    "invalid-value",
                    f"'{zone_id}' is a grid: draw it under 'grids'",
                    f"grids: {{{zone_id}: [rows]}}",
                )
                continue
            reader.named_zones.add(zone_id)
            state.zones[zone.index][seat] = _cards(
                reader, zone.kind, (*base, "zones", zone_id), entries, waiting
            )
        for zone_id, rows in player.grids.items():
            _fill_grid(game, state, reader, seat, zone_id, rows, waiting)
        for track_id, value in player.tracks.items():
            if not reader.known((*base, "tracks", track_id), track_id, tracks, "track"):
                continue
            index, track = tracks[track_id]
            if not track.min <= value <= track.max:
                reader.error(
                    (*base, "tracks", track_id),
                    "out-of-range",
                    f"{track.name} {value} lies outside {track.min}..{track.max}",
                )
            state.track[seat][index] = value
        for resource_id, amount in player.resources.items():
            if not reader.known(
                (*base, "resources", resource_id), resource_id, resources, "resource"
            ):
                continue
            if amount < 0:
                reader.error(
                    (*base, "resources", resource_id),
                    "out-of-range",
                    "a resource cannot be negative",
                )
            state.res[seat][resources[resource_id]] = amount
        for label, points in player.round_points.items():
            if reader.known((*base, "round_points", label), label, labels, "round-scoring rule"):
                state.banked[labels.index(label)][seat] = points


def _cards(
    reader: _Reader, kind: str, path: Path, entries: list[str] | int, waiting: list[_Open]
) -> list[int]:
    """A zone's cards; `hidden` (or a count) holds a place for a card dealt later."""
    if isinstance(entries, int):
        entries = [UNKNOWN] * entries
    cards: list[int] = []
    for index, entry in enumerate(entries):
        if entry == UNKNOWN:
            waiting.append(_Open(kind, cards, len(cards)))
            cards.append(HIDDEN)
            continue
        card = reader.of_kind(kind, (*path, index), entry, zone=_where(path))
        if card is not None:
            cards.append(card)
    return cards


def _fill_grid(
    game: Game,
    state: State,
    reader: _Reader,
    seat: int,
    zone_id: str,
    rows: list[str],
    waiting: list[_Open],
) -> None:
    """Rows of card ids, `#ID` face down, `##` face down and left to chance, `.` empty."""
    base: Path = ("players", seat, "grids", zone_id)
    zone = next((z for z in game.player_zones if z.id == zone_id and z.grid), None)
    if zone is None:
        grids = [z.id for z in game.player_zones if z.grid]
        reader.known(base, zone_id, grids, "grid zone")
        return
    reader.named_zones.add(zone_id)
    park = state.grids[zone.index][seat]
    face_up = state.zones[zone.index][seat]
    for r, row in enumerate(rows):
        for c, mark in enumerate(row.split()):
            if mark == ".":
                continue
            if mark == "##":
                park[(r, c)] = ~0
                waiting.append(_Open(zone.kind, grid=park, cell=(r, c)))
                continue
            down = mark.startswith("#")
            card = reader.of_kind(zone.kind, (*base, r), mark[1:] if down else mark)
            if card is None:
                continue
            park[(r, c)] = ~card if down else card
            if not down:
                face_up.append(card)


def _fill_shared(
    game: Game, position: Position, state: State, reader: _Reader, waiting: list[_Open]
) -> None:
    zones = {z.id: z for z in game.shared_zones}
    for zone_id, entries in position.shared.items():
        if not reader.known(("shared", zone_id), zone_id, zones, "shared zone"):
            continue
        zone = zones[zone_id]
        reader.named_zones.add(zone_id)
        state.shared[zone.index] = _cards(reader, zone.kind, ("shared", zone_id), entries, waiting)


def _deal_unknown(
    game: Game,
    position: Position,
    state: State,
    reader: _Reader,
    waiting: list[_Open],
    seed: int | None,
) -> None:
    """Deal the cards left to chance from those no zone names, shuffled by the seed alone;
    unless the position says which they are, the deck's rest lies unseen, out of play."""
    rng = random.Random(f"{position.seed if seed is None else seed}/position")
    pools: dict[str, list[int]] = {}
    in_play = set(state.deck_cards)

    def pool(kind: str) -> list[int]:
        if kind not in pools:
            size = game.tables[kind].size
            cards = [
                card
                for card in range(size)
                if (kind, card) not in reader.placed and (kind != "deck" or card in in_play)
            ]
            rng.shuffle(cards)
            pools[kind] = cards
        return pools[kind]

    unseen = position.unseen
    entries = [UNKNOWN] * unseen if isinstance(unseen, int) else list(unseen or [])
    state.out_of_play = _cards(reader, "deck", ("unseen",), entries, waiting)
    short: dict[str, int] = {}
    for place in waiting:
        cards = pool(place.kind)
        if not cards:
            short[place.kind] = short.get(place.kind, 0) + 1
            continue
        card = cards.pop()
        if place.grid is not None:
            place.grid[place.cell] = ~card
        elif place.cards is not None:
            place.cards[place.index] = card
    for kind, missing in short.items():
        reader.error(
            (),
            "illegal-position",
            f"{missing} more {kind} cards left to chance than the game has unnamed",
            "name fewer cards 'hidden', or count fewer",
        )
    if unseen is None:
        state.out_of_play.extend(pool("deck"))
    # With `unseen` written, the deck's cards no zone names have left play (played to
    # tricks that keep no cards): nobody will see them again.


def _supply(game: Game, position: Position, state: State, reader: _Reader) -> None:
    """The supply holds what no player does, unless the position says."""
    for index, resource in enumerate(game.resources):
        given = position.supply.get(resource.id)
        held = sum(state.res[p][index] for p in range(state.n))
        state.supply[index] = given if given is not None else max(0, resource.supply - held)
        if given is not None and given < 0:
            reader.error(("supply", resource.id), "out-of-range", "a supply cannot be negative")
    for resource_id in position.supply:
        reader.known(
            ("supply", resource_id), resource_id, [r.id for r in game.resources], "resource"
        )


def _check_grids(game: Game, position: Position, state: State, reader: _Reader) -> None:
    for seat in range(state.n):
        for zone in game.player_zones:
            if zone.grid and zone.id in position.players[seat].grids:
                for cell, problem in placement_problems(game.mechanic, state, zone.index, seat):
                    at: Path = ("players", seat, "grids", zone.id)
                    if cell is not None:
                        at = (*at, cell[0] - min(r for r, _ in state.grids[zone.index][seat]))
                    reader.error(at, "illegal-placement", problem)


def _check_someone_acts(state: State, reader: _Reader) -> None:
    """A game in progress waits for someone who has a move."""
    movers = state.to_move()
    if not movers:
        reader.error(
            (),
            "illegal-position",
            "nobody has a decision to make",
            "write 'ended: true' for a game that is over",
        )
        return
    for player in movers:
        if not state.legal_actions(player):
            reader.error(
                ("to_move",),
                "illegal-position",
                f"it is player {player + 1}'s decision, but the rules leave them no move",
            )


def _replay(position: Position, state: State, reader: _Reader) -> list[tuple[int, int]]:
    """The moves after the position, each matched by its words among the legal ones."""
    done: list[tuple[int, int]] = []
    for index, move in enumerate(position.moves):
        player = reader.seat(("moves", index, "player"), move.player)
        if player is None:
            return done
        if state.terminal:
            reader.error(("moves", index), "illegal-position", "the game is already over")
            return done
        legal = state.legal_actions(player)
        words = {state.game.describe_action(state, a).casefold(): a for a in legal}
        action = words.get(move.move.casefold())
        if action is None:
            shown = [state.game.describe_action(state, a) for a in legal]
            reader.error(
                ("moves", index, "move"),
                "illegal-move",
                f"player {move.player} cannot '{move.move}' now"
                + ("" if legal else ": it is not their decision"),
                did_you_mean(move.move, shown) if shown else "",
            )
            return done
        state.apply(player, action)
        done.append((player, action))
    return done


def load_position(
    game: Game, path: PathLike, seed: int | None = None, text: str | None = None
) -> tuple[LoadedFile | None, State | None, list[Diagnostic]]:
    """Read a position file (or `text` as that file) and build its state."""
    from toolkit.content.project import load_content_file
    from toolkit.content.yaml_loader import load_bytes

    read = load_bytes(text.encode("utf-8"), str(path)) if text is not None else None
    loaded, diagnostics = load_content_file(path, "position", read=read)
    if loaded is None:
        return None, None, diagnostics
    state, diagnostics = state_from_position(game, loaded, seed)
    return loaded, state, diagnostics


def read_position(
    game: Game, path: PathLike, seed: int | None = None, text: str | None = None
) -> tuple[LoadedFile | None, State | None, list[tuple[int, int]], list[Diagnostic]]:
    """Read a position file: its state before the moves it lists, and those moves."""
    from toolkit.content.project import load_content_file
    from toolkit.content.yaml_loader import load_bytes

    read = load_bytes(text.encode("utf-8"), str(path)) if text is not None else None
    loaded, diagnostics = load_content_file(path, "position", read=read)
    if loaded is None:
        return None, None, [], diagnostics
    state, moves, diagnostics = position_start(game, loaded, seed)
    return loaded, state, moves, diagnostics


def state_from_text(game: Game, text: str, seed: int | None = None) -> State:
    """The state a position's YAML `text` describes, after its moves: a game set up at a
    rule's corner case in a few lines (scenario tests, scripts). Every problem found raises
    one `ContentError`, each at its line and column of `position.yaml`."""
    _, state, diagnostics = load_position(game, PathLike("position.yaml"), seed, text)
    if state is None:
        raise ContentError(diagnostics)
    return state
