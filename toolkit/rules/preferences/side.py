"""`face_up` / `face_down`: draft picks that place the card on one side."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from toolkit.rules.preferences.base import CardPreference, Core
from toolkit.rules.registry import PREFERENCES

if TYPE_CHECKING:
    from toolkit.rules.preferences.base import StrategyGame


class _Side(CardPreference):
    implied_decisions: ClassVar[tuple[str, ...] | None] = ("pick",)
    down: ClassVar[bool] = False

    def compile(self, game: StrategyGame) -> Core:
        down = self.down
        return lambda state, player, options: [
            o for o in options if o.decision == "pick" and o.face_down == down
        ]


@PREFERENCES.register
class FaceUp(_Side):
    """Draft picks that place the card face up (paid for)."""

    prefer: Literal["face_up"]


@PREFERENCES.register
class FaceDown(_Side):
    """Draft picks that place the card face down (free, but scores nothing of the card)."""

    down: ClassVar[bool] = True
    prefer: Literal["face_down"]
