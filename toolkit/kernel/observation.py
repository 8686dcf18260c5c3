"""What one player sees of a state, as plain data (JSON as it is): the keys every game has,
which each mechanic's observation extends with its own (a TypedDict per kit). Hidden zones of
other players and face-down piles show how many cards they hold, never which."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

if TYPE_CHECKING:
    from toolkit.kernel.state import State

Held = list[str] | int
"""Card ids in order, or only how many where the viewer may not see them."""


class TableView(TypedDict):
    """Resources, the supply, tracks and zones as `player` sees them."""

    resources: dict[str, list[int]]
    supply: dict[str, int]
    tracks: dict[str, list[int]]
    zones: dict[str, Any]
    """By zone id: a player zone's `Held` per player, a shared zone's `Held` (the two shapes
    are told apart by the game's zone specs, so they are not typed apart here)."""


class Observation(TableView):
    """What every mechanic's observation holds; each kit's TypedDict adds its own keys."""

    player: int
    round: int
    to_move: list[int]
    hand: list[str]


def table_view(state: State, player: int) -> TableView:
    """The part of an observation every game has, from the game's zone specs."""
    game = state.game
    n = state.n
    zones: dict[str, Any] = {}
    for zone in game.player_zones:
        ids = game.tables[zone.kind].ids
        held = state.zones[zone.index]
        if zone.hidden_from_owner:
            zones[zone.id] = [len(held[p]) for p in range(n)]
        elif zone.hidden_from_others:
            zones[zone.id] = [
                [ids[c] for c in held[p]] if p == player else len(held[p]) for p in range(n)
            ]
        else:
            zones[zone.id] = [[ids[c] for c in held[p]] for p in range(n)]
    for zone in game.shared_zones:
        shared = state.shared[zone.index]
        # A face-down pile (a draw pile) shows how many cards it holds, not which.
        zones[zone.id] = (
            len(shared)
            if zone.hidden_from_others
            else [game.tables[zone.kind].ids[c] for c in shared]
        )
    return {
        "resources": {
            r.id: [state.res[p][i] for p in range(n)] for i, r in enumerate(game.resources)
        },
        "supply": {r.id: state.supply[i] for i, r in enumerate(game.resources)},
        "tracks": {t.id: [state.track[p][i] for p in range(n)] for i, t in enumerate(game.tracks)},
        "zones": zones,
    }
