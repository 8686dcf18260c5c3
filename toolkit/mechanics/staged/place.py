"""A `move` stage that places cards by a `match`: each card goes, with no one choosing, to the
first destination it fits, or to the closest row it tops (`climb: {closest: true}`); a card
that fits none stops the move and runs the stage's `otherwise` (take a row), the card still
where it was. A picked card is placed by its picker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.checks import seat_of
from toolkit.mechanics.staged.ops import Label, Op
from toolkit.mechanics.staged.rows import is_closed, nearest
from toolkit.mechanics.staged.runtime import PICKED, Mech, Zone

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.kernel.tables import CardPredicate
    from toolkit.mechanics.staged.machine import StagedMechanic
    from toolkit.mechanics.staged.moves import Relation


@dataclass(slots=True)
class PlaceCards(Op):
    source: Zone
    targets: tuple[Zone, ...]
    relation: Relation | None
    count: int | None
    """None: every card (matching `where`)."""
    which: str
    where: CardPredicate | None
    by: tuple[Any, ...] | None
    who: str
    otherwise: Label
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        owner = seat_of(self.who, state, mech)
        for card in self._chosen(state, owner):
            options = self._fitting(state, mech, owner, card)
            if not options:
                mech.moved = [card]  # what a `card` check in `otherwise` reads
                return self.otherwise.pc
            target = options[0][1]
            mover = owner if self.source is PICKED else -1
            m.move_cards(state, mech, mover, [card], self.source, owner, target, owner)
            if not self.source.shared and self.source.index >= 0 and target.shared:
                mech.placed_by[card] = owner  # laid out of a player's zone: theirs
            mech.acted = True
            if m.trigger_after_move(state, mech):
                return m.round_end.pc
        return self.next

    def _chosen(self, state: State, owner: int) -> list[int]:
        """The cards to place, in the order they are placed."""
        where = self.where
        cards = [c for c in self.source.cards(state, owner) if where is None or where(c)]
        if self.which == "top":
            cards.reverse()
        elif self.by is not None and self.which in ("highest", "lowest"):
            by = self.by
            cards.sort(key=lambda c: (by[c] if by[c] is not None else 0, c))
            if self.which == "highest":
                cards.reverse()
        return cards if self.count is None else cards[: self.count]

    def _fitting(self, state: State, mech: Mech, owner: int, card: int) -> list[tuple[int, Zone]]:
        relation = self.relation
        options = [
            (index, target)
            for index, target in enumerate(self.targets)
            if not (mech.closed and is_closed(mech, target))
            and (relation is None or relation.fits(state, mech, owner, target, card))
        ]
        if relation is not None and relation.closest and options:
            options = nearest(relation, state, owner, card, options, None)
        return options
