"""Resources spent by choice, as the interpreter keeps them: chips lying on shared zones (a pot,
a card on offer), each player's stake in the betting round or auction in play, who folded, and
the hidden sealed bids. Plain lists, copied cheaply by bots; absent from games that never
stake anything."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from toolkit.diagnostics import singular_id
from toolkit.kernel.events import Event

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.runtime import Mech, Zone


@dataclass(slots=True)
class Wager:
    """What the stages that spend resources remember."""

    chips: list[list[int]]
    """Per shared zone, per resource: the chips lying there (a pot)."""
    stake: list[int] = field(default_factory=list)
    """Per player, what they staked in the betting round (or bid in the auction) in play."""
    high: int = 0
    """The highest stake (bid) of the betting round (auction) in play."""
    folded: list[bool] = field(default_factory=list)
    """Per player, folded this round: out of its betting and its showdown."""
    matched: list[bool] = field(default_factory=list)
    """Per player, acted since the last bet or raise (the betting round may end)."""
    out: list[bool] = field(default_factory=list)
    """Per player, dropped out of the auction in play."""
    raises: int = 0
    """Raises made in the betting round in play."""
    bids: list[int] = field(default_factory=list)
    """Per player, their hidden sealed bid (-1: not bid yet)."""
    given: list[list[int]] = field(default_factory=list)
    """Per shared zone, at `player * resources + resource`: what each player put there this
    round. A showdown splits a pot by it into side pots: a player all in wins back from each
    other player no more than they put in themselves."""

    @classmethod
    def fresh(cls, players: int, zones: int, resources: int) -> Wager:
        return cls(
            chips=[[0] * resources for _ in range(zones)],
            stake=[0] * players,
            folded=[False] * players,
            matched=[False] * players,
            out=[False] * players,
            bids=[-1] * players,
            given=[[0] * (players * resources) for _ in range(zones)],
        )

    def copy(self) -> Wager:
        return Wager(
            [c[:] for c in self.chips],
            self.stake[:],
            self.high,
            self.folded[:],
            self.matched[:],
            self.out[:],
            self.raises,
            self.bids[:],
            [g[:] for g in self.given],
        )

    def new_round(self, players: int) -> None:
        """A round begins: nobody has folded or staked (chips on zones stay: a pot carried,
        which every player still in may win)."""
        self.stake = [0] * players
        self.high = 0
        self.folded = [False] * players
        self.matched = [False] * players
        self.out = [False] * players
        self.raises = 0
        self.bids = [-1] * players
        for given in self.given:
            given[:] = [0] * len(given)

    def give(self, zone: int, player: int, resource: int, amount: int) -> None:
        """Count `amount` (negative: taken back) as put onto `zone` by `player`."""
        self.given[zone][player * len(self.chips[zone]) + resource] += amount

    def put_by(self, zone: int, resource: int, players: int) -> list[int]:
        """What each player put onto `zone` of `resource` this round."""
        width = len(self.chips[zone])
        given = self.given[zone]
        return [given[player * width + resource] for player in range(players)]

    def emptied(self, zone: int) -> None:
        """The chips on `zone` were taken: nobody has anything left to win back from it."""
        given = self.given[zone]
        given[:] = [0] * len(given)


def onto(state: State, wager: Wager, player: int, resource: int, zone: int, amount: int) -> int:
    """Move up to `amount` of a player's resource onto a shared zone (-1: to the supply);
    returns what was paid."""
    if zone < 0:
        return state.pay(player, resource, amount)
    held = state.res[player]
    paid = min(amount, held[resource])
    held[resource] -= paid
    wager.chips[zone][resource] += paid
    wager.give(zone, player, resource, paid)
    return paid


def off(state: State, wager: Wager, player: int, zone: int, share: int = 0) -> int:
    """Give a player the chips lying on a zone (`share` > 0: that much of each resource at
    most); returns how many chips moved."""
    moved = 0
    held = state.res[player]
    for resource, lying in enumerate(wager.chips[zone]):
        amount = lying if share <= 0 else min(share, lying)
        held[resource] += amount
        wager.chips[zone][resource] = lying - amount
        moved += amount
    if not any(wager.chips[zone]):
        wager.emptied(zone)
    return moved


def take_chips(state: State, mech: Mech, player: int, zone: Zone) -> None:
    """A player taking a zone takes the chips lying on it too."""
    wager = mech.wager
    if wager is None or not zone.shared or zone.index < 0 or not any(wager.chips[zone.index]):
        return
    moved = off(state, wager, player, zone.index)
    state.log.append(PotWon(player, moved, zone.id, False))


# -- events ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Wagered(Event):
    """A player's choice with chips: `check`, `bet`, `call`, `raise`, `fold`, `pay` (an ante or
    a chip onto a zone), `bid`, `drop` (out of an auction), `back` (the part of a stake nobody
    matched, returned when the betting round ends); `amount` is what they paid now
    (negative: what came back), `total` their stake or bid after it."""

    kind: ClassVar[str] = "stake"
    player: int
    what: str
    amount: int
    total: int
    resource: str


@dataclass(frozen=True, slots=True)
class PotWon(Event):
    """Chips lying on a zone went to a player (`shown`: after a showdown)."""

    kind: ClassVar[str] = "chips-won"
    player: int
    amount: int
    zone: str
    shown: bool


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    """The sealed bids, by seat (-1: no bid), and the winner (-1: nobody)."""

    kind: ClassVar[str] = "bids"
    bids: tuple[int, ...]
    winner: int
    resource: str


WAGER_EVENTS: tuple[type[Event], ...] = (Wagered, PotWon, BidsRevealed)


def chips(amount: int, resource: str) -> str:
    """An amount of a resource, its word agreeing in number (`1 chip`, `2 chips`)."""
    return f"{amount} {singular_id(resource) if abs(amount) == 1 else resource}"
