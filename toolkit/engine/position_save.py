"""A game as it stands written as a position file, which `position_load` reads back into the
same state: save, load and save again give the same bytes.

A position describes a moment when no card's choice is open (the choices of effects are
closures over the moment they opened); a game saved while a player answers one is written
as the last such moment and the moves since (`moves:`), which loading replays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import yaml

from toolkit.engine.compiled import Game
from toolkit.engine.position_load import kit_of
from toolkit.kernel.state import State

HEADER = "# A position of a game, written by toolkit: `toolkit play GAME --from FILE` goes on.\n"
MADE = (HEADER.encode("utf-8"),)
"""How a position file the toolkit wrote begins (only such a file is ever replaced)."""

Action = tuple[int, int]


def position_data(
    game: Game, state: State, names: Sequence[str] = (), moves: Sequence[Action] = ()
) -> dict[str, Any]:
    """The state as a position's plain data; `moves` (player, action) are played after it."""
    assert state.pending is None, "a position is written where no choice is open"
    data: dict[str, Any] = {"kind": "position", "game": game.id}
    options = {k: v for k, v in state.options.items() if game.option_defaults.get(k) != v}
    if options:
        data["options"] = options
    data["seed"] = state.seed
    data["draws"] = state.draws
    data["round"] = state.round
    data["turn"] = state.turn
    data["first_player"] = state.first_player + 1
    if state.terminal:
        data["ended"] = True
    else:
        data["to_move"] = [p + 1 for p in state.to_move()]
    data["players"] = [_player(game, state, p, names) for p in range(state.n)]
    shared = {
        zone.id: _ids(game, zone.kind, state.shared[zone.index])
        for zone in game.shared_zones
        if state.shared[zone.index]
    }
    if shared:
        data["shared"] = shared
    if state.slots:
        data["slots"] = {
            slot: [
                f"{game.tables[kind].ids[card]}:{side}" if side else game.tables[kind].ids[card]
                for kind, card, side in entries
            ]
            for slot, entries in state.slots.items()
        }
    data["unseen"] = _ids(game, "deck", state.out_of_play)
    in_play = set(state.deck_cards)
    removed = [game.deck.ids[card] for card in range(game.deck.size) if card not in in_play]
    if removed:
        data["removed"] = removed
    held = [sum(state.res[p][i] for p in range(state.n)) for i in range(len(game.resources))]
    supply = {
        resource.id: state.supply[i]
        for i, resource in enumerate(game.resources)
        if state.supply[i] != max(0, resource.supply - held[i])
    }
    if supply:
        data["supply"] = supply
    play = kit_of(game).save(game.mechanic, state)
    if play:
        data["play"] = play
    if moves:
        data["moves"] = _described(game, state, moves)
    return data


def _described(game: Game, state: State, moves: Sequence[Action]) -> list[dict[str, Any]]:
    """The moves in words, each described in the state it is made in."""
    work = state.clone()
    out = []
    for player, action in moves:
        out.append({"player": player + 1, "move": game.describe_action(work, action)})
        work.apply(player, action)
    return out


def _player(game: Game, state: State, seat: int, names: Sequence[str]) -> dict[str, Any]:
    out: dict[str, Any] = {"name": names[seat] if seat < len(names) else f"Player {seat + 1}"}
    zones = {
        zone.id: _ids(game, zone.kind, state.zones[zone.index][seat])
        for zone in game.player_zones
        if not zone.grid and state.zones[zone.index][seat]
    }
    if zones:
        out["zones"] = zones
    grids = {
        zone.id: _rows(game, zone.kind, state.grids[zone.index][seat])
        for zone in game.player_zones
        if zone.grid and state.grids[zone.index][seat]
    }
    if grids:
        out["grids"] = grids
    tracks = {
        track.id: state.track[seat][i]
        for i, track in enumerate(game.tracks)
        if state.track[seat][i] != track.start
    }
    if tracks:
        out["tracks"] = tracks
    resources = {
        resource.id: state.res[seat][i]
        for i, resource in enumerate(game.resources)
        if state.res[seat][i]
    }
    if resources:
        out["resources"] = resources
    banked = {
        step.label: state.banked[i][seat]
        for i, step in enumerate(game.round_scoring)
        if state.banked[i][seat]
    }
    if banked:
        out["round_points"] = banked
    return out


def _ids(game: Game, kind: str, cards: Sequence[int]) -> list[str]:
    ids = game.tables[kind].ids
    return [ids[card] for card in cards]


def _rows(game: Game, kind: str, park: dict[tuple[int, int], int]) -> list[str]:
    """A grid from its top-left cell in use: ids, `#ID` face down, `.` empty."""
    ids = game.tables[kind].ids
    top, left = min(r for r, _ in park), min(c for _, c in park)
    bottom, right = max(r for r, _ in park), max(c for _, c in park)
    rows = []
    for r in range(top, bottom + 1):
        marks = []
        for c in range(left, right + 1):
            card = park.get((r, c))
            marks.append("." if card is None else ids[card] if card >= 0 else f"#{ids[~card]}")
        rows.append(" ".join(marks))
    return rows


def position_text(data: dict[str, Any]) -> str:
    """The YAML of a position: keys in the order written, short lists on one line."""
    body = yaml.safe_dump(
        data, sort_keys=False, allow_unicode=True, width=100, default_flow_style=None
    )
    return HEADER + body


def save_position(
    game: Game,
    start: Callable[[], State],
    actions: Sequence[Action],
    names: Sequence[str] = (),
) -> dict[str, Any]:
    """The position of the game `start()` then `actions` lead to: the last moment no choice
    was open, and the moves after it."""
    state = start()
    quiet, at = state.clone(), 0
    for index, (player, action) in enumerate(actions):
        state.apply(player, action)
        if state.pending is None:
            quiet, at = state.clone(), index + 1
    return position_data(game, quiet, names, actions[at:])
