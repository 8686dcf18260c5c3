"""`deal`: shuffle the deck and deal cards to every player's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.diagnostics import plural
from toolkit.rules.parameters import check_declared
from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel
from toolkit.schema.amounts import (
    CardsAmount,
    amount_at,
    amount_values,
    count_words,
)
from toolkit.schema.params import IntoPlayerZone

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SETUP_STEPS.register
class Deal(StepModel):
    """Shuffle the deck and deal cards to every player's hand.

    `count` deals that many each (a number, or one per player count); without it the deck is
    dealt as evenly as possible and any extra cards stay face down out of play.
    """

    step: Literal["deal"]
    count: CardsAmount | None = None
    """Cards per player (`{by_players: {3: 10, 4: 8}}` by player count); unset deals the
    whole deck evenly."""
    to: IntoPlayerZone = "hand"
    """The players' zone receiving the cards."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        check_declared(self, ctx, path)
        size = ctx.deck_size()
        low, high = ctx.players()
        if self.count is not None and any(value < 1 for value in amount_values(self.count)):
            ctx.error((*path, "count"), "out-of-range", "deal at least 1 card each")
            return
        if size == 0:
            return
        if self.count is None and size < high:
            ctx.error(
                path,
                "infeasible-setup",
                f"a deck of {plural(size, 'card')} cannot be dealt to {high} players",
            )
        for players in range(high, low - 1, -1):
            each = amount_at(self.count, players) if self.count is not None else None
            if each is not None and each * players > size:
                ctx.error(
                    (*path, "count"),
                    "infeasible-setup",
                    f"{players} players x {each} cards need {each * players}; the deck has {size}",
                    "lower 'count' or 'players.max'",
                )
                break

    def describe(self, words: Words) -> str:
        zone = words.zone(self.to)
        if self.count is not None:
            return f"shuffle and deal {count_words(self.count, 'card')} to each player's {zone}"
        return (
            f"shuffle and deal the whole deck evenly to each player's {zone}; extra cards "
            "stay face down, out of play"
        )

    def counts(self, c: Compiler) -> tuple[int | None, ...]:
        """Cards each by player count (None: the whole deck, evenly)."""
        if self.count is None:
            return (None,) * (c.max_players + 1)
        return c.per_players(self.count)

    def compile_step(self, c: Compiler) -> SetupFn:
        zone, counts = c.zone(self.to).index, self.counts(c)

        def deal(state: State) -> None:
            state.deal(zone, counts[state.n])

        return deal
