"""`place_card`: a specific card from a pool into a table slot (the standard scoring
card)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel
from toolkit.schema.base import Id
from toolkit.schema.params import IntoSlot

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SETUP_STEPS.register
class PlaceCard(StepModel):
    """Put a specific card from a pool into a table slot (the standard scoring card)."""

    step: Literal["place_card"]
    pool: Id
    """The content kind holding the card."""
    card: Id
    """The card's id."""
    to: IntoSlot
    """The slot it goes to."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if ctx.known((*path, "pool"), self.pool, ctx.card_kinds(), "card kind") and ctx.has(
            self.pool
        ):
            ctx.known((*path, "card"), self.card, ctx.ids(self.pool), f"{self.pool} id")
        check_declared(self, ctx, path)

    def describe(self, words: Words) -> str:
        return f"place {words.card_name(self.card)} in the {self.to.replace('-', ' ')} slot"

    def compile_step(self, c: Compiler) -> SetupFn:
        table = c.table(self.pool)
        card = table.index(self.card)
        side = table.first_side(card)
        entry, slot = (self.pool, card, side), self.to

        def place(state: State) -> None:
            state.slots[slot] = [entry]

        return place
