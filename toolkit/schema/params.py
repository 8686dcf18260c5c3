"""What a primitive's parameter refers to, declared in its type: a zone, a slot, a card field,
a card filter, a resource or a track.

The semantic checker finds these markers in a primitive's annotations and checks each
parameter by what it is, whatever it is called: `by: ZoneField` is checked against the cards
of the primitive's zone exactly as `field: ZoneField` is. Amounts by player count and
measures are recognised by their own types. The same markers say what a primitive does with
what it names: the zones and slots it puts cards into (`IntoPlayerZone`, `IntoSlot`) and the
resources it gives (`GainedResource`), which the game-wide checks read through `fills()` and
`gains()`.
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
    filled: bool = False
    """The primitive puts cards into the zone (so it is never reported as always empty)."""


@dataclass(frozen=True, slots=True)
class SlotParam:
    """The parameter names a slot of the table."""

    filled: bool = False
    """The primitive puts cards into the slot."""


@dataclass(frozen=True, slots=True)
class FieldParam:
    """The parameter names a field of the cards held in the zone named by parameter `zone`
    (of the primitive, also for a parameter of a model nested in it)."""

    zone: str = "zone"


@dataclass(frozen=True, slots=True)
class FilterParam:
    """The parameter is a card filter on the cards of the zone named by parameter `zone`
    (of the primitive, also for a parameter of a model nested in it)."""

    zone: str = "zone"


@dataclass(frozen=True, slots=True)
class ResourceParam:
    """The parameter names a resource."""

    gained: bool = False
    """The primitive can give players the resource during play (`gains`)."""


@dataclass(frozen=True, slots=True)
class TrackParam:
    """The parameter names a track."""


ParamKind = ZoneParam | SlotParam | FieldParam | FilterParam | ResourceParam | TrackParam

PlayerZone = Annotated[Id, ZoneParam("player")]
"""A zone every player has one of (a hand, a park, a won pile)."""
SharedZone = Annotated[Id, ZoneParam("shared")]
"""A zone on the table (a display, a market, a draw pile)."""
IntoPlayerZone = Annotated[Id, ZoneParam("player", filled=True)]
"""A zone of players the primitive puts cards into."""
IntoSharedZone = Annotated[Id, ZoneParam("shared", filled=True)]
"""A zone on the table the primitive puts cards into."""
IntoSlot = Annotated[Id, SlotParam(filled=True)]
"""A slot the primitive puts cards into."""
ZoneField = Annotated[Id, FieldParam()]
"""A field of the cards in the primitive's `zone`."""
SourceField = Annotated[Id, FieldParam("source")]
"""A field of the cards in the primitive's `source` zone."""
ZoneFilter = Annotated[CardFilter, FilterParam()]
"""A card filter on the cards in the primitive's `zone`."""
ResourceId = Annotated[Id, ResourceParam()]
"""A resource of the game."""
GainedResource = Annotated[Id, ResourceParam(gained=True)]
"""A resource the primitive can give players during play."""
TrackId = Annotated[Id, TrackParam()]
"""A track of the game."""
