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

from typing import Annotated, Any, Literal

from toolkit.schema.base import Id
from toolkit.schema.filters import CardFilter


class _Marker:
    """A frozen record of what a parameter refers to. Plain slotted classes, not dataclasses:
    every validation imports this module, and a dataclass costs a millisecond to define."""

    __slots__: tuple[str, ...] = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, _Marker)
            and type(other) is type(self)
            and other._values() == self._values()
        )

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({shown})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")


class ZoneParam(_Marker):
    """The parameter names a zone; `owner` narrows it to players' or shared zones, `filled`
    says the primitive puts cards into it (so it is never reported as always empty)."""

    __slots__ = ("filled", "owner")
    owner: Literal["player", "shared"] | None
    filled: bool

    def __init__(
        self, owner: Literal["player", "shared"] | None = None, *, filled: bool = False
    ) -> None:
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "filled", filled)


class SlotParam(_Marker):
    """The parameter names a slot of the table; `filled`: the primitive puts cards into it."""

    __slots__ = ("filled",)
    filled: bool

    def __init__(self, *, filled: bool = False) -> None:
        object.__setattr__(self, "filled", filled)


class FieldParam(_Marker):
    """The parameter names a field of the cards held in the zone named by parameter `zone`
    (of the primitive, also for a parameter of a model nested in it)."""

    __slots__ = ("zone",)
    zone: str

    def __init__(self, zone: str = "zone") -> None:
        object.__setattr__(self, "zone", zone)


class FilterParam(_Marker):
    """The parameter is a card filter on the cards of the zone named by parameter `zone`
    (of the primitive, also for a parameter of a model nested in it)."""

    __slots__ = ("zone",)
    zone: str

    def __init__(self, zone: str = "zone") -> None:
        object.__setattr__(self, "zone", zone)


class ResourceParam(_Marker):
    """The parameter names a resource; `gained`: the primitive can give players the resource
    during play (`gains`)."""

    __slots__ = ("gained",)
    gained: bool

    def __init__(self, *, gained: bool = False) -> None:
        object.__setattr__(self, "gained", gained)


class TrackParam(_Marker):
    """The parameter names a track."""

    __slots__ = ()


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
