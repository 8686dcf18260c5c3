"""`remove_cards`: deck cards set aside face down for the whole game, so the deck fits the
player count."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Literal

from pydantic import Field, model_validator

from toolkit.kernel.events import Event
from toolkit.rules.events import SetAside
from toolkit.rules.registry import SETUP_STEPS
from toolkit.rules.setup.base import SetupFn, StepModel
from toolkit.schema.amounts import CardsAmount, amount_values, count_words
from toolkit.schema.base import Id
from toolkit.schema.empty import empty_list

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SETUP_STEPS.register
class RemoveCards(StepModel):
    """Set deck cards aside face down for the whole game, so the deck fits the player count.

    `count` removes that many cards at random (unseen); `cards` removes the named deck cards.
    `players` limits the step to some player counts.
    """

    step: Literal["remove_cards"]
    events: ClassVar[tuple[type[Event], ...]] = (SetAside,)
    count: CardsAmount | None = None
    """How many random cards to set aside (a number, or one per player count)."""
    cards: list[Id] = Field(default_factory=empty_list)
    """Deck card ids to set aside (`clubs-2`)."""
    players: list[int] | None = None
    """Only at these player counts; unset at every count."""

    @model_validator(mode="after")
    def _one_way(self) -> RemoveCards:
        if (self.count is None) == (not self.cards):
            raise ValueError("'remove_cards' takes either 'count' or 'cards'")
        return self

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        low, high = ctx.players()
        for index, count in enumerate(self.players or []):
            if not low <= count <= high:
                ctx.error(
                    (*path, "players", index),
                    "out-of-range",
                    f"the game is for {low}-{high} players, not {count}",
                )
        deck = ctx.deck_ids()
        for index, card in enumerate(self.cards):
            ctx.known((*path, "cards", index), card, deck, "deck card")
        if self.count is not None:
            if self.players is None:
                ctx.check_amount((*path, "count"), self.count)
            elif not isinstance(self.count, int):
                missing = [n for n in self.players if n not in self.count.by_players]
                if missing:
                    ctx.error(
                        (*path, "count", "by_players"),
                        "missing-key",
                        f"no value for {', '.join(str(n) for n in missing)} players",
                        "give a value for every count listed under 'players'",
                    )
            if any(value < 0 for value in amount_values(self.count)):
                ctx.error((*path, "count"), "out-of-range", "a count cannot be negative")
            elif any(value >= len(deck) for value in amount_values(self.count)) and deck:
                ctx.error(
                    (*path, "count"),
                    "infeasible-setup",
                    f"the deck has {len(deck)} cards; removing as many leaves none to play",
                )

    def describe(self, words: Words) -> str:
        at = ""
        if self.players:
            at = f" with {' or '.join(str(n) for n in self.players)} players"
        if self.count is not None:
            return f"set {count_words(self.count, 'random card')} aside face down{at}"
        names = ", ".join(words.card_name(card) for card in self.cards)
        return f"set {names} aside{at}"

    def compile_step(self, c: Compiler) -> SetupFn:

        deck = c.table("deck")
        only = frozenset(self.players) if self.players is not None else None
        named = frozenset(deck.index(card) for card in self.cards)
        counts = c.per_players(self.count) if self.count is not None else None

        def remove(state: State) -> None:
            if only is not None and state.n not in only:
                return
            if counts is not None:
                pool = state.deck_cards[:]
                state.random().shuffle(pool)
                gone = frozenset(pool[: counts[state.n]])
            else:
                gone = named
            state.deck_cards = [card for card in state.deck_cards if card not in gone]
            state.log.append(SetAside(len(gone), tuple(sorted(named))))

        return remove
