"""Build a final `State` from a hand-written end position, checking it against the game."""

from __future__ import annotations

from toolkit.content.diagnostics import Diagnostic, did_you_mean
from toolkit.content.models.position import EndPosition
from toolkit.content.project import LoadedFile
from toolkit.engine.game import Game
from toolkit.engine.state import State


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
        for zone_id, cards in player.zones.items():
            zone = zones.get(zone_id)
            if zone is None:
                errors.append(
                    loaded.diag(
                        (*base, "zones", zone_id),
                        "unknown-reference",
                        f"unknown player zone '{zone_id}'",
                        did_you_mean(zone_id, zones),
                        key=True,
                    )
                )
                continue
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
            if track_id not in tracks:
                errors.append(
                    loaded.diag(
                        (*base, "tracks", track_id),
                        "unknown-reference",
                        f"unknown track '{track_id}'",
                        did_you_mean(track_id, tracks),
                        key=True,
                    )
                )
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
            if resource_id not in resources:
                errors.append(
                    loaded.diag(
                        (*base, "resources", resource_id),
                        "unknown-reference",
                        f"unknown resource '{resource_id}'",
                        did_you_mean(resource_id, resources),
                        key=True,
                    )
                )
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
    state.terminal = True
    return (None, errors) if errors else (state, [])
