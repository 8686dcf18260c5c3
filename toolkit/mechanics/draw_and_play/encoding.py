"""Draw-and-play's part of the observation vector: round and turn, the step, cards known in
others' hands, the top of every discard pile (docs/interop.md lists every block)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.draw_and_play.observation import DrawObservation
from toolkit.mechanics.vector import Block, Slots, index_of, relative

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView
    from toolkit.kernel.state import State
    from toolkit.mechanics.draw_and_play.machine import DrawPlayMechanic

STEPS = ("draw", "play")


class DrawEncoder:
    def __init__(self, machine: DrawPlayMechanic, game: GameView, players: int) -> None:
        self.machine = machine
        self.deck = index_of(game.deck.ids)
        self.piles = machine.pile_names
        d = len(self.deck)
        self.blocks = (
            Block("round", 1, "the round in play (from 1)"),
            Block("rounds", 1, "rounds in the game"),
            Block("turn", 1, "turns played"),
            Block("step", len(STEPS), "one-hot: " + ", ".join(STEPS)),
            Block(
                "known", players * d, "per relative seat: multi-hot of its hand cards all have seen"
            ),
            Block(
                "pile_tops",
                len(self.piles) * (d + 1),
                "per discard pile (" + ", ".join(self.piles) + "): one-hot of its top card, "
                "last slot: empty",
            ),
        )

    def observe(self, state: State, seat: int) -> DrawObservation:
        return self.machine.observe(state, seat)

    def fill(self, slots: Slots, view: DrawObservation, seat: int) -> None:
        deck = self.deck
        d = len(deck)
        slots.values([view["round"]])
        slots.values([view["rounds"]])
        slots.values([view["turn"]])
        slots.ones([STEPS.index(view["step"])])
        slots.ones(
            [
                r * d + deck[card]
                for r, cards in enumerate(relative(view["known"], seat))
                for card in cards
            ]
        )
        slots.ones(
            [
                p * (d + 1) + (deck[cards[-1]] if cards else d)
                for p, cards in enumerate(view["discards"][pile] for pile in self.piles)
            ]
        )
