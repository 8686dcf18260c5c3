"""What a player of a draw-and-play game sees: the kernel's observation and the turn's own."""

from __future__ import annotations

from toolkit.kernel.observation import Observation


class DrawObservation(Observation):
    """Card ids as content names them; seats from 0."""

    rounds: int
    turn: int
    step: str
    """`play` or `draw`."""
    hand_sizes: list[int]
    known: list[list[str]]
    """Per seat, the cards of its hand every player saw it take from a discard pile."""
    draw_pile: int
    """Cards left to draw."""
    discards: dict[str, list[str]]
    """Per discard pile (by name), its cards from the bottom up."""
    areas: list[dict[str, dict[str, list[str]]]]
    """Per seat: per area zone, per area holding cards (its `by` value or the zone's name),
    the cards in the order played."""
