"""The log events of choosing another player and putting a player out of the round."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from toolkit.kernel.events import Event


@dataclass(frozen=True, slots=True)
class TargetChosen(Event):
    """A player chose another (`target` stage); `decision` names the choice."""

    kind: ClassVar[str] = "target"
    player: int
    target: int
    decision: str = "target"


@dataclass(frozen=True, slots=True)
class PlayerOut(Event):
    """A player is out of the round (`eliminate` stage)."""

    kind: ClassVar[str] = "out"
    player: int


TARGET_EVENTS: tuple[type[Event], ...] = (TargetChosen, PlayerOut)
