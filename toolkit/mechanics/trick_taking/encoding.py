"""Trick-taking's part of the observation vector: round and trick, phase, led suit, trump, the
trick so far, bids, passing (docs/interop.md lists every block)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.trick_taking.observation import TrickObservation
from toolkit.mechanics.vector import Block, Slots, index_of, relative

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView
    from toolkit.kernel.state import State
    from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic

PHASES = ("play", "passing", "naming trump", "bidding")
CALLING_PHASES = (*PHASES, "calling", "calling a suit", "discarding")
"""The phases of a game that calls trump (other games keep the shorter block)."""


class TrickEncoder:
    def __init__(self, machine: TrickTakingMechanic, game: GameView, players: int) -> None:
        self.machine = machine
        self.n = n = players
        self.deck = index_of(game.deck.ids)
        self.suits = machine.suit_names
        d, s = len(self.deck), len(self.suits)
        self.calling = machine.calling or machine.contract_need > 0
        self.phases = CALLING_PHASES if self.calling else PHASES
        self.blocks: tuple[Block, ...] = (
            Block("round", 1, "the round in play (from 1)"),
            Block("rounds", 1, "rounds in the game"),
            Block("trick", 1, "the trick in play this round (from 1)"),
            Block("phase", len(self.phases), "one-hot: " + ", ".join(self.phases)),
            Block("led_suit", s + 1, "one-hot over the suits, last slot: none led"),
            Block("trump", s + 1, "one-hot over the suits, last slot: no trump"),
            Block("turned_up", d + 1, "one-hot over the deck, last slot: none turned up"),
            Block("plays", n * d, "per relative seat: one-hot of its card in the current trick"),
            Block("bids", n, "per relative seat: its bid (-1: none yet or no bidding)"),
            Block("passing", d, "multi-hot: the observer's cards set aside to pass"),
            Block("broken", 1, "1 once a suit that may not be led early has been broken"),
            Block("pass_count", 1, "cards each player passes"),
            Block("pass_to", n, "one-hot: the relative seat the observer passes to"),
        )
        if self.calling:
            self.blocks += (
                Block("maker", n + 1, "one-hot: the maker's relative seat, last slot: none yet"),
                Block("sitting_out", n, "multi-hot: relative seats sitting out the round"),
            )

    def observe(self, state: State, seat: int) -> TrickObservation:
        return self.machine.observe(state, seat)

    def _suit(self, name: str | None) -> int:
        return self.suits.index(name) if name is not None else len(self.suits)

    def fill(self, slots: Slots, view: TrickObservation, seat: int) -> None:
        n, deck = self.n, self.deck
        d = len(deck)
        slots.values([view["round"]])
        slots.values([view["rounds"]])
        slots.values([view["trick"]])
        slots.ones([self.phases.index(view["phase"])])
        slots.ones([self._suit(view["led_suit"])])
        slots.ones([self._suit(view["trump"])])
        turned = view["turned_up"]
        slots.ones([deck[turned] if turned is not None else d])
        slots.ones([((player - seat) % n) * d + deck[card] for player, card in view["plays"]])
        bids = view["bids"]
        slots.values(relative(bids, seat) if len(bids) == n else [-1.0] * n)
        slots.ones([deck[card] for card in view["passing"]])
        slots.values([float(view["broken"])])
        slots.values([view["pass_count"]])
        slots.ones([(view["pass_to"] - seat) % n])
        if self.calling:
            maker = view.get("maker", -1)
            slots.ones([(maker - seat) % n if maker >= 0 else n])
            slots.ones([(p - seat) % n for p in view.get("sitting_out", [])])
