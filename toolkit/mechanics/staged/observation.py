"""What a player of a staged game sees: the kernel's observation and the program's own."""

from __future__ import annotations

from toolkit.kernel.observation import Observation


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
