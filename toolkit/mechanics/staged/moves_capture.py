"""`capture`: play a card and take face-up cards whose field adds up to its value, or trail it.

A capture is chosen card by card: first the card played, then the table cards one at a time,
each offered only while a combination through it can still reach the sum exactly (a subset-sum
table over the cards left, never a list of every combination), so the ids stay three per deck
card: capture with it, trail it, take it from the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.moves import Mover, MoveRule
from toolkit.mechanics.staged.runtime import Mech, Zone

if TYPE_CHECKING:
    from toolkit.kernel.state import State


def reaches(values: list[int], total: int, most: int | None) -> bool:
    """Whether some of `values` (positive) add up to exactly `total` with at most `most` of
    them (the fewest cards per reachable sum, one pass per value)."""
    if total == 0:
        return True
    fewest = {0: 0}
    for value in values:
        for reached, count in list(fewest.items()):
            summed = reached + value
            if summed <= total and count + 1 < fewest.get(summed, 1 << 30):
                fewest[summed] = count + 1
    used = fewest.get(total)
    return used is not None and (most is None or used <= most)


@dataclass(slots=True)
class CaptureMove(MoveRule):
    """`capture`: ids `card` (capture with it), `deck + card` (trail it), `2 * deck + card`
    (take it from the table, one of the capture)."""

    source: Zone = None  # type: ignore[assignment]
    table: Zone = None  # type: ignore[assignment]
    target: Zone = None  # type: ignore[assignment]
    values: tuple[int, ...] = ()
    """Per card, its value of the field (0: none, never part of a sum)."""
    deck: int = 0
    trail: str = "if_no_capture"
    single_first: bool = False
    most: int | None = None

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        values, deck, base = self.values, self.deck, self.base
        table = self.table.cards(state, player)
        building = mech.building
        if building:
            out.extend(base + 2 * deck + card for card in self._next(table, building))
            return
        counted = [values[card] for card in table if values[card] > 0]
        trails: list[int] = []
        for card in sorted(self.source.cards(state, player)):
            value = values[card]
            can = value > 0 and reaches(counted, value, self.most)
            if can:
                out.append(base + card)
            if self.trail == "always" or (self.trail == "if_no_capture" and not can):
                trails.append(base + deck + card)
        out.extend(trails)

    def _next(self, table: list[int], building: list[int]) -> list[int]:
        """The table cards that can be taken next: a combination through each still reaches
        the sum (a card of equal value alone first, with `single_first`)."""
        values = self.values
        played, chosen = building[0], building[1:]
        left = values[played] - sum(values[card] for card in chosen)
        rest = sorted(card for card in table if card not in chosen and values[card] > 0)
        if self.single_first and not chosen:
            equal = [card for card in rest if values[card] == left]
            if equal:
                return equal
        most = None if self.most is None else self.most - len(chosen) - 1
        if most is not None and most < 0:
            return []
        found = []
        for card in rest:
            value = values[card]
            if value > left:
                continue
            others = [values[other] for other in rest if other != card]
            if reaches(others, left - value, most):
                found.append(card)
        return found

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        deck = self.deck
        building = mech.building
        if offset < deck:
            building[:] = [offset]
            return False
        if offset < 2 * deck:
            card = offset - deck
            mover(state, mech, player, [card], self.source, player, self.table, player)
            mech.got = False
            return True
        building.append(offset - 2 * deck)
        played, chosen = building[0], building[1:]
        if sum(self.values[card] for card in chosen) < self.values[played]:
            return False
        building.clear()
        mover(state, mech, player, [played], self.source, player, self.target, player)
        mover(state, mech, player, chosen, self.table, player, self.target, player)
        mech.got = True
        mech.winner = player
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        card, part = offset % self.deck, offset // self.deck
        if part == 0:
            return f"capture with {card_name(card)}"
        if part == 1:
            return f"trail {card_name(card)} onto {self.table.name}"
        return f"take {card_name(card)} from {self.table.name}"

    def card_part(self, offset: int) -> tuple[int, int] | None:
        return offset % self.deck, offset // self.deck

    def decision_at(self, offset: int) -> str:
        """Trailing a card is its own decision (`trail`), apart from capturing."""
        return "trail" if self.deck <= offset < 2 * self.deck else self.decision

    def card_of(self, state: State, mech: Mech, offset: int) -> int:
        return offset % self.deck


def capture_rule(
    common: dict[str, Any],
    move: Any,
    zone: Callable[[str], Zone],
    numbers: tuple[int | None, ...],
) -> CaptureMove:
    """The compiled `capture` of a structure's move."""
    deck = len(numbers)
    return CaptureMove(
        **common,
        size=3 * max(deck, 1),
        source=zone(move.from_),
        table=zone(move.table),
        target=zone(move.to),
        values=tuple(v if v is not None and v > 0 else 0 for v in numbers),
        deck=deck,
        trail=move.trail,
        single_first=move.single_first,
        most=move.most,
    )
