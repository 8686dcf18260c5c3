"""The components of a compiled game as plain frozen records: resources, tracks with their
milestones, zones, final scores, and the layout primitives look components up in."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from toolkit.kernel.state import EffectFn
from toolkit.kernel.tables import CardTable


@dataclass(frozen=True, slots=True)
class ResourceSpec:
    id: str
    name: str
    supply: int


@dataclass(frozen=True, slots=True)
class MilestoneSpec:
    at: int
    points: int
    discounts: tuple[tuple[int, int], ...]
    """(resource index, amount) of the discounts it grants."""
    at_game_end: tuple[EffectFn, ...]


@dataclass(frozen=True, slots=True)
class TrackSpec:
    id: str
    name: str
    min: int
    max: int
    start: int
    milestones: tuple[MilestoneSpec, ...]


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    id: str
    name: str
    kind: str
    shared: bool
    index: int
    hidden_from_others: bool
    grid: bool = False
    hidden_from_owner: bool = False
    """Nobody sees its cards, not even their owner (face-down cards of a player)."""


@dataclass(frozen=True, slots=True)
class Scores:
    """Final scores: totals, a breakdown by source, and the winners after tie-breakers."""

    totals: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    decided_by: str
    """The tie-breaker that decided the winner ('points' if none was needed, 'shared' if tied)."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The components a game has, by index: what primitives look up while they compile."""

    resources: tuple[ResourceSpec, ...]
    tracks: tuple[TrackSpec, ...]
    player_zones: tuple[ZoneSpec, ...]
    shared_zones: tuple[ZoneSpec, ...]
    tables: Mapping[str, CardTable]
    deck: CardTable
