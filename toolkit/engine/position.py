"""Build a final `State` from a hand-written end position, checking it against the game."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from toolkit.content.models.position import EndPosition
from toolkit.content.project import LoadedFile
from toolkit.diagnostics import Diagnostic, did_you_mean
from toolkit.engine.compiled import Game
from toolkit.engine.legality import legality_problems
from toolkit.kernel.mechanic import placement_problems
from toolkit.kernel.state import State


def state_from_position(game: Game, loaded: LoadedFile) -> tuple[State | None, list[Diagnostic]]:
    position = loaded.model
    assert isinstance(position, EndPosition)
    errors: list[Diagnostic] = []
    if position.game != game.id:
        errors.append(
            loaded.diag(
                ("game",),
                "game-mismatch",
                f"this position is for '{position.game}', not '{game.id}'",
            )
        )
        return None, errors
    count = len(position.players)
    if not game.min_players <= count <= game.max_players:
        errors.append(
            loaded.diag(
                ("players",),
                "invalid-value",
                f"{count} players; {game.name} is for {game.min_players}-{game.max_players}",
            )
        )
        return None, errors
    state = State(game, count, 0, dict(game.option_defaults))
    zones = {z.id: z for z in game.player_zones}
    tracks = {t.id: (i, t) for i, t in enumerate(game.tracks)}
    resources = {r.id: i for i, r in enumerate(game.resources)}
    for seat, player in enumerate(position.players):
        base = ("players", seat)

        def known(section: str, name: str, choices: Iterable[str], what: str) -> bool:
            """Whether a key names something of the game; reports it at the key if not."""
            options = list(choices)
            if name in options:
                return True
            errors.append(
                loaded.diag(
                    (*base, section, name),  # noqa: B023 (used at once, in this iteration)
                    "unknown-reference",
                    f"unknown {what} '{name}'",
                    did_you_mean(name, options),
                    key=True,
                )
            )
            return False

        for zone_id, cards in player.zones.items():
            if not known("zones", zone_id, zones, "player zone"):
                continue
            zone = zones[zone_id]
            table = game.tables[zone.kind]
            for index, card_id in enumerate(cards):
                if card_id not in table.ids:
                    errors.append(
                        loaded.diag(
                            (*base, "zones", zone_id, index),
                            "unknown-reference",
                            f"unknown {zone.kind} id '{card_id}'",
                            did_you_mean(card_id, table.ids),
                        )
                    )
                elif table.ids.index(card_id) in state.zones[zone.index][seat]:
                    errors.append(
                        loaded.diag(
                            (*base, "zones", zone_id, index),
                            "duplicate-id",
                            f"'{card_id}' is listed twice",
                        )
                    )
                else:
                    state.zones[zone.index][seat].append(table.ids.index(card_id))
        for track_id, value in player.tracks.items():
            if not known("tracks", track_id, tracks, "track"):
                continue
            index, track = tracks[track_id]
            if not track.min <= value <= track.max:
                errors.append(
                    loaded.diag(
                        (*base, "tracks", track_id),
                        "out-of-range",
                        f"{track.name} {value} lies outside {track.min}..{track.max}",
                    )
                )
            state.track[seat][index] = value
        for resource_id, amount in player.resources.items():
            if not known("resources", resource_id, resources, "resource"):
                continue
            if amount < 0:
                errors.append(
                    loaded.diag(
                        (*base, "resources", resource_id),
                        "out-of-range",
                        "a resource cannot be negative",
                    )
                )
            state.res[seat][resources[resource_id]] = amount
        for zone_id, rows in player.grids.items():
            _fill_grid(game, loaded, state, seat, zone_id, rows, errors)
        labels = [step.label for step in game.round_scoring]
        for label, points in player.round_points.items():
            if known("round_points", label, labels, "round-scoring rule"):
                state.banked[labels.index(label)][seat] = points
    fill_slots(game, loaded, position.slots, state, errors)
    if not errors:
        _check_grids(game, loaded, position, state, errors)
        errors.extend(legality_problems(game.content, loaded, state))
    state.terminal = True
    return (None, errors) if errors else (state, [])


def _fill_grid(
    game: Game,
    loaded: LoadedFile,
    state: State,
    seat: int,
    zone_id: str,
    rows: list[str],
    errors: list[Diagnostic],
) -> None:
    base = ("players", seat, "grids", zone_id)
    zone = next((z for z in game.player_zones if z.id == zone_id and z.grid), None)
    if zone is None:
        grids = [z.id for z in game.player_zones if z.grid]
        errors.append(
            loaded.diag(
                base,
                "unknown-reference",
                f"unknown grid zone '{zone_id}'",
                did_you_mean(zone_id, grids),
                key=True,
            )
        )
        return
    table = game.tables[zone.kind]
    for r, row in enumerate(rows):
        for c, mark in enumerate(row.split()):
            if mark == ".":
                continue
            if mark == "##":
                state.grids[zone.index][seat][(r, c)] = ~0
                continue
            if mark not in table.ids:
                errors.append(
                    loaded.diag(
                        (*base, r),
                        "unknown-reference",
                        f"unknown card '{mark}' in row {r + 1}",
                        did_you_mean(mark, table.ids) or "write a card id, '##' (face down) or '.'",
                    )
                )
                continue
            card = table.index(mark)
            owner = next((p for p in range(state.n) if card in state.zones[zone.index][p]), None)
            if owner is not None:
                where = (
                    "twice in the grid" if owner == seat else f"also in player {owner + 1}'s grid"
                )
                errors.append(loaded.diag((*base, r), "duplicate-id", f"'{mark}' is {where}"))
                continue
            state.grids[zone.index][seat][(r, c)] = card
            state.zones[zone.index][seat].append(card)


def fill_slots(
    game: Game,
    loaded: LoadedFile,
    slots: Mapping[str, list[str]],
    state: State,
    errors: list[Diagnostic],
) -> None:
    """The position's `slots` onto the table; slots setup fills with a fixed card need not
    be written, those it fills at random must."""
    for slot, entries in slots.items():
        if slot not in game.slot_pools:
            errors.append(
                loaded.diag(
                    ("slots", slot),
                    "unknown-reference",
                    f"unknown slot '{slot}'",
                    did_you_mean(slot, game.slot_pools),
                    key=True,
                )
            )
            continue
        kind = game.slot_pools[slot]
        table = game.tables[kind]
        placed = []
        for index, entry in enumerate(entries):
            card_id, _, side = entry.partition(":")
            if card_id not in table.ids:
                errors.append(
                    loaded.diag(
                        ("slots", slot, index),
                        "unknown-reference",
                        f"unknown {kind} id '{card_id}'",
                        did_you_mean(card_id, table.ids),
                    )
                )
                continue
            card = table.index(card_id)
            sides = table.side_ids(card)
            if sides and side not in sides:
                errors.append(
                    loaded.diag(
                        ("slots", slot, index),
                        "unknown-reference",
                        f"'{card_id}' needs one of its sides: "
                        + ", ".join(f"'{card_id}:{s}'" for s in sides),
                        did_you_mean(side, sides) if side else "",
                    )
                )
                continue
            placed.append((kind, card, side if sides else ""))
        state.slots[slot] = placed
    for step in game.fixed_slots:
        if step[0] not in slots:
            state.slots[step[0]] = [step[1]]
    for slot in game.required_slots:
        if slot not in state.slots:
            errors.append(
                loaded.diag(
                    (),
                    "missing-key",
                    f"the position must say which card lies in slot '{slot}'",
                    f"add 'slots: {{{slot}: [...]}}'",
                )
            )


def _check_grids(
    game: Game,
    loaded: LoadedFile,
    position: EndPosition,
    state: State,
    errors: list[Diagnostic],
) -> None:
    """Hand-written grids must obey the placement rules of the plan in play."""
    for seat in range(state.n):
        for zone in game.player_zones:
            if zone.grid and zone.id in position.players[seat].grids:
                for cell, problem in placement_problems(game.mechanic, state, zone.index, seat):
                    at: tuple[str | int, ...] = ("players", seat, "grids", zone.id)
                    if cell is not None:
                        at = (*at, cell[0])
                    errors.append(loaded.diag(at, "illegal-placement", problem))
