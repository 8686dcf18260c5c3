"""Checking a primitive's parameters by what their types declare them to be.

A parameter typed `PlayerZone`, `ZoneField`, `ZoneFilter`, `ResourceId` or `TrackId`
(`toolkit.schema.params`) carries a marker saying what it refers to; amounts by player count
and measures are known by their own types. `check_declared` checks every such parameter of a
primitive, whatever its name, so a new primitive gets its references checked by declaring
its parameters' types, without a line of checking code.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_origin

from toolkit.schema.amounts import ByPlayers
from toolkit.schema.filters import Measure
from toolkit.schema.params import (
    FieldParam,
    FilterParam,
    ParamKind,
    ResourceParam,
    TrackParam,
    ZoneParam,
)

if TYPE_CHECKING:
    from pydantic import BaseModel

    from toolkit.rules.context import CheckContext, Path

_KINDS = (ZoneParam, FieldParam, FilterParam, ResourceParam, TrackParam)

_ZONE_WORDS = {"player": "player zone", "shared": "shared zone", None: "zone"}


@cache
def declared_params(cls: type[BaseModel]) -> tuple[tuple[str, ParamKind], ...]:
    """Each parameter of a model that declares what it refers to, with its marker."""
    found = []
    for name, field in cls.model_fields.items():
        for marker in (*field.metadata, *_markers(field.annotation)):
            if isinstance(
                marker, ZoneParam | FieldParam | FilterParam | ResourceParam | TrackParam
            ):
                found.append((name, marker))
                break
    return tuple(found)


def _markers(annotation: Any) -> list[Any]:
    """Markers anywhere inside an annotation (`ZoneField | None`, `list[TrackId]`)."""
    if annotation is None:
        return []
    if get_origin(annotation) is Annotated:
        return [*annotation.__metadata__, *_markers(get_args(annotation)[0])]
    return [marker for arg in get_args(annotation) for marker in _markers(arg)]


def check_declared(model: BaseModel, ctx: CheckContext, path: Path) -> bool:
    """Check every declared parameter: amounts cover the game's player counts, measures and
    references name what exists, fields and filters fit the cards of their zone. False when
    a zone parameter names no such zone (its fields and filters are then not checked)."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, ByPlayers):
            ctx.check_amount((*path, name), value)
        elif isinstance(value, Measure):
            ctx.check_measure((*path, name), value)
    params = declared_params(type(model))
    zones: dict[str, str | None] = {}
    for name, marker in params:
        value = getattr(model, name)
        if isinstance(marker, ZoneParam) and value is not None:
            choices = ctx.zone_ids(marker.owner)
            known = ctx.known((*path, name), value, choices, _ZONE_WORDS[marker.owner])
            zones[name] = value if known else None
        elif isinstance(marker, ResourceParam) and value is not None:
            ctx.known((*path, name), value, ctx.resource_ids(), "resource")
        elif isinstance(marker, TrackParam) and value is not None:
            ctx.known((*path, name), value, ctx.track_ids(), "track")
    if any(zone is None for zone in zones.values()):
        return False
    for name, marker in params:
        value = getattr(model, name)
        if not value or not isinstance(marker, FieldParam | FilterParam):
            continue
        zone = zones.get(marker.zone)
        if zone is None:
            continue
        if isinstance(marker, FieldParam):
            ctx.known((*path, name), value, ctx.zone_fields(zone), "card field")
        else:
            kind = ctx.zone_kind(zone) or ""
            ctx.check_filter((*path, name), value, kind, grid=zone in ctx.grid_zones())
    return True
