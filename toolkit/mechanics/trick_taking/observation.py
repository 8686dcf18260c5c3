"""What a player of a trick-taking game sees: the kernel's observation and the trick's own."""

from __future__ import annotations

from typing import NotRequired

from toolkit.kernel.observation import Observation


class TrickObservation(Observation):
    """Card and suit ids as content names them; seats from 0."""

    rounds: int
    trick: int
    """The trick in play this round, from 1."""
    led_suit: str | None
    plays: list[tuple[int, str]]
    """(seat, card id) of the current trick, in the order played."""
    phase: str
    """`play`, `passing`, `naming trump` or `bidding`."""
    trump: str | None
    turned_up: str | None
    bids: list[int]
    """Each seat's bid this round, -1 before it bids; empty without bidding."""
    passing: list[str]
    """The viewer's own cards set aside to pass."""
    broken: bool
    pass_count: int
    pass_to: int
    maker: NotRequired[int]
    """With calling or named trump and a contract: the player who made trump, -1 before."""
    sitting_out: NotRequired[list[int]]
    """With calling: the seats sitting out the round (a maker's partners going alone)."""
