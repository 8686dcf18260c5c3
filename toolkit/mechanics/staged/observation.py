"""What a player of a staged game sees: the kernel's observation and the program's own."""

from __future__ import annotations

from typing import NotRequired, TypedDict

from toolkit.kernel.observation import Observation


class Called(TypedDict):
    field: str
    value: str


class AskedView(TypedDict):
    zone: str
    holds: str
    """`some`: at least one of the cards is in the zone; `none`: none is."""
    cards: list[str]


class StagedObservation(Observation):
    """Card ids as content names them; seats from 0."""

    rounds: int
    turn: int
    acting: int
    """The player acting now (`current` in the stages)."""
    passed: list[bool]
    """Per seat, whether they passed in the turns in play."""
    finished: list[int]
    """Per seat, the place they finished in this round (0: still playing)."""
    picked: list[str]
    """The viewer's own hidden picks of the simultaneous stage in play."""
    choosing: list[str]
    """The cards chosen so far of a move of several cards."""
    direction: int
    """Turn order now: 1 as seated, -1 reversed."""
    called: dict[str, Called]
    """Per face-up shared zone, the value called for a field of its top card (a wild's
    colour): what the next play must match instead of the card itself."""
    played_by: dict[str, int]
    """Per card of a face-up shared zone, the seat that put it there (who leads a trick)."""
    known: list[list[str]]
    """Per seat, the cards everyone saw go into their hidden zones (taken from a face-up
    row): public, though the zone is not."""
    chips: NotRequired[dict[str, dict[str, int]]]
    """In a game that stakes a resource: per shared zone with chips on it (the pot), the amount
    of each resource lying there."""
    stakes: NotRequired[list[int]]
    """Per seat, their stake in the betting round (or bid in the auction) in play."""
    folded: NotRequired[list[bool]]
    """Per seat, whether they folded this round, or were put out of it (`eliminate`)."""
    bid: NotRequired[int]
    """The viewer's own hidden sealed bid (-1: none yet); the others' stay hidden."""
    closed: NotRequired[list[str]]
    """The shared zones closed until the round ends (a row taken for the round)."""
    asked: list[list[AskedView]]
    """Per seat, what asking showed about their hidden cards (public: everyone heard it)."""
    target: int
    """The seat the last `target` stage chose (-1: none yet this round)."""
