"""One finished game as plain data: what the statistics read from it, cheap to pickle."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What the statistics need from one finished game; plain data, cheap to pickle."""

    seed: int
    totals: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    decided_by: str
    display: dict[str, tuple[str, ...]]
    """Shared zone id to the card ids in it at setup."""
    acquired: tuple[tuple[str, int, str, int], ...]
    """(zone id, player, card id, turn) of every acquisition."""
    track_gains: dict[str, dict[str, int]]
    """Track id to cause to the total steps gained by all players."""
    declined: int
    supply_short: int
    turns: int
    counters: dict[str, int]
    """Named event counts (face-down cards, shop actions used), summed over players."""
    slots: dict[str, tuple[str, ...]]
    """Setup slot to the cards in it (`card` or `card:side`): plan, scoring cards."""
    resources_left: dict[str, tuple[int, ...]]
    """Resource id to what each player holds at the end."""
    holdings: tuple[tuple[str, ...], ...]
    """Per player, the cards in their public zones at the end (attractions ridden, park)."""
    checkpoints: tuple[tuple[int, ...], ...]
    """Provisional totals (as if the game ended) at the end of each round and of the game:
    drama, lead changes, and the rounds played."""
    actions: tuple[tuple[int, int], ...] = ()
    """(player, action) in the order played, kept only when asked (for transcripts)."""
    lowest_wins: bool = False
    """The game's lowest total wins: margins and leaders read the totals the other way."""
    held: tuple[str, ...] = ()
    """Ids of the cards some player held in a public zone at the end of a round."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The partnerships of this player count (seats from 0): partners win together."""
    first_player: int = 0
    """The seat that started the game."""
