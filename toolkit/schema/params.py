"""What a primitive's parameter refers to, declared in its type: a zone, a card field, a card
filter, a resource or a track.

The semantic checker finds these markers in a primitive's annotations and checks each
parameter by what it is, whatever it is called: `by: ZoneField` is checked against the cards
of the primitive's zone exactly as `field: ZoneField` is. Amounts by player count and
measures are recognised by their own types.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from toolkit.schema.base import Id
from toolkit.schema.filters import CardFilter


@dataclass(frozen=True, slots=True)
class ZoneParam:
    """The parameter names a zone; `owner` narrows it to players' or shared zones."""

    owner: Literal["player", "shared"] | None = None


@dataclass(frozen=True, slots=True)
class FieldParam:
    """The parameter names a field of the cards held in the zone named by parameter `zone`."""

    zone: str = "zone"


@dataclass(frozen=True, slots=True)
class FilterParam:
    """The parameter is a card filter on the cards of the zone named by parameter `zone`."""

    zone: str = "zone"


@dataclass(frozen=True, slots=True)
class ResourceParam:
    """The parameter names a resource."""


@dataclass(frozen=True, slots=True)
class TrackParam:
    """The parameter names a track."""


ParamKind = ZoneParam | FieldParam | FilterParam | ResourceParam | TrackParam

PlayerZone = Annotated[Id, ZoneParam("player")]
"""A zone every player has one of (a hand, a park, a won pile)."""
SharedZone = Annotated[Id, ZoneParam("shared")]
"""A zone on the table (a display, a market, a draw pile)."""
ZoneField = Annotated[Id, FieldParam()]
"""A field of the cards in the primitive's `zone`."""
ZoneFilter = Annotated[CardFilter, FilterParam()]
"""A card filter on the cards in the primitive's `zone`."""
ResourceId = Annotated[Id, ResourceParam()]
"""A resource of the game."""
TrackId = Annotated[Id, TrackParam()]
"""A track of the game."""
