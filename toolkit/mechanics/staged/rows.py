"""Rows in the staged vocabulary: a shared zone closed until the round ends once it is taken
(`take_all` with `closes: round`), and the closest row a card climbs onto (`climb` with
`closest: true`: the row whose card it tops most narrowly).

A closed zone is known to everything that would add cards to it (`play`, `take`, `draw`, a
`move` stage), to `take_all` (it cannot be taken again) and to the `closed` check; the round's
first stage opens every zone again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from toolkit.kernel.events import Event
from toolkit.mechanics.staged.runtime import Mech, Zone

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.moves import Relation


@dataclass(frozen=True, slots=True)
class ZoneClosed(Event):
    """A shared zone was closed until the round ends (`player`: whose move closed it)."""

    kind: ClassVar[str] = "close"
    player: int
    zone: str


def is_closed(mech: Mech, zone: Zone) -> bool:
    """Whether no card may be added to `zone` until the round ends."""
    return zone.shared and zone.index in mech.closed


def close(state: State, mech: Mech, player: int, zone: Zone) -> None:
    """Close a shared zone until the round ends (a player zone is never closed)."""
    if zone.shared and zone.index >= 0 and zone.index not in mech.closed:
        mech.closed = (*mech.closed, zone.index)
        state.log.append(ZoneClosed(player, zone.id))


def nearest(
    relation: Relation,
    state: State,
    player: int,
    card: int,
    options: list[tuple[int, Zone]],
    tops: list[dict[Any, int] | None] | None,
) -> list[tuple[int, Zone]]:
    """Of the destinations `card` climbs onto (`options`, by index), those whose compared card
    is nearest below it; destinations with no card to compare with (or one without a value of
    the field) only when there is no other."""
    climb = relation.climb
    if climb is None or len(options) < 2:
        return options
    ranked: list[tuple[int | None, int, Zone]] = []
    for index, target in options:
        column = tops[index] if tops is not None else None
        if column is not None and relation.among is not None:
            ref = column.get(relation.among[card], -1)
        else:
            ref = relation.reference((relation.zone or target).cards(state, player), card)
        ranked.append((climb[ref] if ref >= 0 else None, index, target))
    values = [value for value, _, _ in ranked if value is not None]
    if not values:
        return options
    best = max(values)  # signed so that higher always climbs: the highest below is nearest
    return [(index, target) for value, index, target in ranked if value == best]
