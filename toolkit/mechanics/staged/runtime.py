"""What a staged game keeps while it runs (plain lists and ints, copied by bots), and the zones
and seats its stages name, resolved once when the game compiles."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.wagers import Wager

WAIT = -1
"""An op's answer when a player must decide before play goes on."""


@dataclass(slots=True)
class Mech:
    """The interpreter's registers: where the round's program stands and what it remembers."""

    pc: int = 0
    """The op running, or waiting for a decision."""
    acting: int = 0
    """The player acting now (`current`)."""
    regs: list[int] = field(default_factory=list)
    """Per loop of the program: its counter and the player it saved."""
    direction: int = 1
    skip: int = 0
    """Players the next turn passes over."""
    passed: list[bool] = field(default_factory=list)
    finished: list[int] = field(default_factory=list)
    """Per player, the place they finished in this round (0: still playing)."""
    winner: int = -1
    last_mover: int = -1
    moved: list[int] = field(default_factory=list)
    """The cards just moved or picked (what a `card` check reads)."""
    placed_by: list[int] = field(default_factory=list)
    """Per deck card, the player who last moved it (who played it into a trick)."""
    last_play: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per shared zone, the cards of the last play onto it (what a play must beat)."""
    called: dict[int, tuple[str, object]] = field(default_factory=dict)
    """Per shared zone, a value called for a field of its top card."""
    building: list[int] = field(default_factory=list)
    """The cards chosen so far of a move of several cards."""
    building_rule: int = -1
    """The move template those cards are chosen for (-1: none)."""
    picks: list[list[int]] = field(default_factory=list)
    """Per player, the cards picked in the simultaneous stage in play (hidden)."""
    picking: list[bool] = field(default_factory=list)
    """Per player, whether they still pick."""
    reveal: list[int] = field(default_factory=list)
    """The pickers in reveal order (one entry per pick revealed one by one)."""
    known: list[list[int]] = field(default_factory=list)
    """Per player, the cards everyone saw enter their hidden zones."""
    trigger: int = -1
    """The player whose move held a round-end trigger with one more turn each, or -1."""
    acted: bool = False
    """Whether a decision was taken or a card moved since the turns in play last checked (stall
    detection)."""
    idle: int = 0
    offer: tuple[int, int, list[int]] | None = None
    """(op, player, actions): the legal actions worked out when play stopped for a decision,
    for `autoplay` to pick from within one call; dropped at every action, never copied, and
    never read by `legal_actions` (a state edited by hand must not get a stale list)."""
    wager: Wager | None = None
    """Chips on zones, stakes, folds and sealed bids, in games that stake a resource."""
    got: bool = False
    """Whether the last `ask` got cards or the last `capture` took some (a `got` check)."""
    claims: list[list[tuple[int, frozenset[int], bool]]] = field(default_factory=list)
    """Per player, what asking showed about their hidden cards: (player zone, cards, some),
    the zone holding at least one of those cards (some) or none of them; dropped once play
    makes it unsure (`moves_ask.updated`)."""
    target: int = -1
    """The player the last `target` stage chose (`who: target`), -1 before any."""
    closed: tuple[int, ...] = ()
    """The shared zones (by index) closed until the round ends: a row taken for the round."""

    def copy(self) -> Mech:
        return Mech(
            self.pc,
            self.acting,
            self.regs[:],
            self.direction,
            self.skip,
            self.passed[:],
            self.finished[:],
            self.winner,
            self.last_mover,
            self.moved[:],
            self.placed_by[:],
            dict(self.last_play),
            dict(self.called),
            self.building[:],
            self.building_rule,
            [p[:] for p in self.picks],
            self.picking[:],
            self.reveal[:],
            [k[:] for k in self.known],
            self.trigger,
            self.acted,
            self.idle,
            wager=self.wager.copy() if self.wager is not None else None,
            got=self.got,
            claims=[c[:] for c in self.claims],
            target=self.target,
            closed=self.closed,
        )


@dataclass(frozen=True, slots=True)
class Zone:
    """A zone a stage names: a player zone (read for a player) or a shared one."""

    id: str
    name: str
    shared: bool
    index: int
    hidden: bool
    """Hidden from other players (a hand) or from everyone (a face-down pile)."""
    hidden_from_owner: bool = False

    def cards(self, state: State, player: int) -> list[int]:
        if self.shared:
            return state.shared[self.index]
        return state.zones[self.index][player]


@dataclass(frozen=True, slots=True)
class UndealtZone(Zone):
    """`undealt`: the cards the last deal left over, face down out of play."""

    def cards(self, state: State, player: int) -> list[int]:
        return state.out_of_play


@dataclass(frozen=True, slots=True)
class PickedZone(Zone):
    """`picked`: the cards a player picked in the simultaneous stage being revealed."""

    def cards(self, state: State, player: int) -> list[int]:
        mech: Mech = state.mech
        return mech.picks[player]


UNDEALT = UndealtZone("undealt", "the undealt cards", True, -1, True)
PICKED = PickedZone("picked", "the picked cards", False, -1, False)
FACE_DOWN_PICKS = PickedZone("picked", "the picked cards", False, -1, True)
"""`picked` in a simultaneous stage that never reveals: its cards move unseen."""
RESERVED = {"undealt": UNDEALT, "picked": PICKED}
"""Zone names a stage may use besides the game's zones."""


def is_out(mech: Mech, seat: int) -> bool:
    """Whether a player is out of the round's turns: finished, folded or put out."""
    if mech.finished and mech.finished[seat]:
        return True
    wager = mech.wager
    return wager is not None and bool(wager.folded) and wager.folded[seat]


def next_seat(mech: Mech, n: int, seat: int, step: int = 1) -> int:
    """The seat `step` players on in turn order, passing over players who finished, folded
    or were put out."""
    direction = mech.direction
    for _ in range(n):
        seat = (seat + direction) % n
        if not is_out(mech, seat):
            step -= 1
            if step <= 0:
                return seat
    return seat
