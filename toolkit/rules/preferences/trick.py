"""`wins_trick` / `loses_trick`: the plays that would or could not win the trick as it stands."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from toolkit.rules.preferences.base import CardPreference, Core, Option
from toolkit.rules.registry import PREFERENCES

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.preferences.base import StrategyGame


class _Trick(CardPreference):
    implied_decisions: ClassVar[tuple[str, ...] | None] = ("play", "lead", "follow")
    wins: ClassVar[bool] = True

    def compile(self, game: StrategyGame) -> Core:
        from toolkit.kernel.mechanic import TrickJudge  # play-time only: validation skips it

        wins, mechanic = self.wins, game.mechanic
        judge = mechanic if isinstance(mechanic, TrickJudge) else None

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            if judge is None:
                return []  # no tricks in this game's mechanic
            chosen = []
            for option in options:
                if option.decision not in ("lead", "follow"):
                    continue
                if judge.wins_trick(state, player, option.card) == wins:
                    chosen.append(option)
            return chosen

        return core


@PREFERENCES.register
class WinsTrick(_Trick):
    """The plays that would win the trick as it stands (only the cards already played count;
    a lead always does)."""

    prefer: Literal["wins_trick"]


@PREFERENCES.register
class LosesTrick(_Trick):
    """The plays that could not win the trick as it stands (a lead never does)."""

    wins: ClassVar[bool] = False
    prefer: Literal["loses_trick"]
