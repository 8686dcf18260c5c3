"""Acting on a chosen player: a `target` stage, where the player acting now chooses another
(one action id per seat), and an `eliminate` stage, which puts a player out of the round.

The chosen seat is kept in `Mech.target`: `who: target` names it wherever a seat is read, until
another is chosen (a round starts with none). A player put out is folded, the state `betting`
and `pay short: fold` already keep, so the turn order, showdowns, the `folded` and `out` checks
read one state; a game that eliminates therefore keeps a `Wager` even if it stakes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.mechanics.staged.checks import Test, seat_of
from toolkit.mechanics.staged.moves import Mover, MoveRule
from toolkit.mechanics.staged.ops import Op
from toolkit.mechanics.staged.runtime import Mech, is_out
from toolkit.mechanics.staged.target_events import PlayerOut, TargetChosen

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.machine import StagedMechanic


@dataclass(slots=True)
class TargetMove(MoveRule):
    """The choice of a `target` stage: one id per seat (its number from 0), so the block is
    the most players the game allows."""

    include_self: bool = False
    where: Test | None = None
    """A check each candidate passes, read with `who: target` naming the candidate."""

    def candidates(self, state: State, mech: Mech, player: int) -> list[int]:
        """The seats the player may choose, in seat order: still in the round and passing
        `where`."""
        found: list[int] = []
        where, chosen = self.where, mech.target
        try:
            for seat in range(state.n):
                if (seat == player and not self.include_self) or is_out(mech, seat):
                    continue
                if where is not None:
                    mech.target = seat
                    if not where(state, mech):
                        continue
                found.append(seat)
        finally:
            mech.target = chosen
        return found

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        base = self.base
        out.extend(base + seat for seat in self.candidates(state, mech, player))

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        mech.target = offset
        state.log.append(TargetChosen(player, offset, self.decision))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        verb = "choose" if self.decision == "target" else self.decision.replace("_", " ")
        return f"{verb} player {offset + 1}"

    def seat_at(self, state: State, mech: Mech, offset: int) -> int:
        return offset


@dataclass(slots=True)
class Eliminate(Op):
    """A player is put out of the round (folded): no more turns, not among those still in."""

    who: str
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        if self.who == "target" and mech.target < 0:
            return self.next  # nobody was chosen (no candidate): nobody is put out
        player = seat_of(self.who, state, mech)
        wager = mech.wager
        if wager is not None and not wager.folded[player]:
            wager.folded[player] = True
            state.log.append(PlayerOut(player))
            mech.acted = True
        if player == mech.target:
            mech.target = -1  # a player out is nobody's target any more
        return self.next
