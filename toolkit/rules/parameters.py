"""Checking a primitive's parameters by what their types declare them to be.

A parameter typed `PlayerZone`, `IntoSlot`, `ZoneField`, `ZoneFilter`, `ResourceId` or
`TrackId` (`toolkit.schema.params`) carries a marker saying what it refers to; amounts by
player count and measures are known by their own types. `check_declared` checks every such
parameter of a primitive, and of the models of parameters nested in it (an acquisition's
`cost`), whatever its name, so a new primitive gets its references checked by declaring its
parameters' types, without a line of checking code. `declared_ids` reads the same markers for
what a primitive fills and gains.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Annotated, Any, get_args, get_origin

from pydantic import BaseModel

from toolkit.schema.amounts import ByPlayers
from toolkit.schema.filters import Measure
from toolkit.schema.params import (
    FieldParam,
    FilterParam,
    ParamKind,
    ResourceParam,
    SlotParam,
    TrackParam,
    ZoneParam,
)

if TYPE_CHECKING:
    from toolkit.rules.context import CheckContext, Path

_KINDS = (ZoneParam, SlotParam, FieldParam, FilterParam, ResourceParam, TrackParam)

_ZONE_WORDS = {"player": "player zone", "shared": "shared zone", None: "zone"}

Declared = tuple[tuple[str, ParamKind], ...]
Nested = tuple[tuple[str, type[BaseModel]], ...]


@cache
def declared_params(cls: type[BaseModel]) -> Declared:
    """Each parameter of a model that declares what it refers to, with its marker."""
    found = []
    for name, field in cls.model_fields.items():
        for marker in (*field.metadata, *_markers(field.annotation)):
            if isinstance(marker, _KINDS):
                found.append((name, marker))
                break
    return tuple(found)


@cache
def nested_params(cls: type[BaseModel]) -> Nested:
    """Each parameter of a model that is itself a model of declared parameters (`cost:
    AcquireCost | None`), whose fields and filters refer to the outer primitive's zones.
    Primitives held by a primitive (`then: list[Effect]`) are unions, never one class: they
    are checked as primitives of their own."""
    found = []
    for name, field in cls.model_fields.items():
        annotation = field.annotation
        options = get_args(annotation) if get_origin(annotation) is not None else (annotation,)
        models = [
            option
            for option in options
            if isinstance(option, type) and issubclass(option, BaseModel)
        ]
        if len(models) == 1 and declared_params(models[0]):
            found.append((name, models[0]))
    return tuple(found)


def _markers(annotation: Any) -> list[Any]:
    """Markers anywhere inside an annotation (`ZoneField | None`, `list[TrackId]`)."""
    if annotation is None:
        return []
    if get_origin(annotation) is Annotated:
        return [*annotation.__metadata__, *_markers(get_args(annotation)[0])]
    return [marker for arg in get_args(annotation) for marker in _markers(arg)]


def declared_ids(model: BaseModel, wanted: Callable[[ParamKind], bool]) -> tuple[str, ...]:
    """The ids named by the parameters whose markers `wanted` accepts, nested models' too:
    what a primitive fills (`filled` zones and slots) or gains (`gained` resources), decided
    by the types it declares, whatever its parameters are called."""
    found: list[str] = []
    for name, marker in declared_params(type(model)):
        value = getattr(model, name)
        if wanted(marker) and isinstance(value, str):
            found.append(value)
    for name, _ in nested_params(type(model)):
        inner = getattr(model, name)
        if isinstance(inner, BaseModel):
            found.extend(declared_ids(inner, wanted))
    return tuple(found)


def check_declared(model: BaseModel, ctx: CheckContext, path: Path) -> bool:
    """Check every declared parameter: amounts cover the game's player counts, measures and
    references name what exists, fields and filters fit the cards of their zone, and the
    same inside nested models of parameters. False when a zone parameter names no such zone
    (its fields and filters are then not checked)."""
    zones: dict[str, str | None] = {}
    _check_ids(model, ctx, path, zones)
    if any(zone is None for zone in zones.values()):
        return False
    _check_cards(model, ctx, path, zones)
    return True


def _check_ids(
    model: BaseModel, ctx: CheckContext, path: Path, zones: dict[str, str | None]
) -> None:
    """Amounts, measures, zones, slots, resources and tracks; known zones go into `zones`."""
    for name in type(model).model_fields:
        value = getattr(model, name)
        if isinstance(value, ByPlayers):
            ctx.check_amount((*path, name), value)
        elif isinstance(value, Measure):
            ctx.check_measure((*path, name), value)
    for name, marker in declared_params(type(model)):
        value = getattr(model, name)
        if value is None:
            continue
        if isinstance(marker, ZoneParam):
            choices = ctx.zone_ids(marker.owner)
            known = ctx.known((*path, name), value, choices, _ZONE_WORDS[marker.owner])
            zones[name] = value if known else None
        elif isinstance(marker, SlotParam):
            ctx.known((*path, name), value, ctx.slots(), "slot")
        elif isinstance(marker, ResourceParam):
            ctx.known((*path, name), value, ctx.resource_ids(), "resource")
        elif isinstance(marker, TrackParam):
            ctx.known((*path, name), value, ctx.track_ids(), "track")
    for name, _ in nested_params(type(model)):
        inner = getattr(model, name)
        if isinstance(inner, BaseModel):
            _check_ids(inner, ctx, (*path, name), {})


def _check_cards(
    model: BaseModel, ctx: CheckContext, path: Path, zones: dict[str, str | None]
) -> None:
    """Fields and filters against the cards of the (outer primitive's) zone they name."""
    for name, marker in declared_params(type(model)):
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
    for name, _ in nested_params(type(model)):
        inner = getattr(model, name)
        if isinstance(inner, BaseModel):
            _check_cards(inner, ctx, (*path, name), zones)
