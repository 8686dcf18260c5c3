"""Resources spent by choice, compiled: the moves of a betting round (check, bet, call, raise,
fold), an auction's bid and drop, a sealed bid, a chip paid onto a zone; and the ops that run
antes, betting rounds, showdowns and auctions.

A betting round, an auction and a sealed bid are each one decision op that keeps asking until
it is settled: who acts next follows from the stakes, not from a `turns` loop.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.checks import seat_of
from toolkit.mechanics.staged.events import Revealed
from toolkit.mechanics.staged.moves import Mover, MoveRule
from toolkit.mechanics.staged.ops import Op
from toolkit.mechanics.staged.runtime import WAIT, Mech, Zone
from toolkit.mechanics.staged.side_pots import side_pots
from toolkit.mechanics.staged.wagers import BidsRevealed, PotWon, Wager, Wagered, chips, onto

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.machine import StagedMechanic


def _wager(mech: Mech) -> Wager:
    wager = mech.wager
    assert wager is not None  # compiled games that stake anything always keep one
    return wager


# -- moves ------------------------------------------------------------------------------------


@dataclass(slots=True)
class StakeMove(MoveRule):
    """One move of a betting round: `check`, `bet`, `call`, `raise` or `fold` (its kind)."""

    resource: int = 0
    resource_id: str = ""
    pot: int = 0
    amounts: tuple[int, ...] = ()
    cap: int = 0

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        wager = _wager(mech)
        mine, high = wager.stake[player], wager.high
        held = state.res[player][self.resource]
        kind, base = self.kind, self.base
        if kind == "check":
            if mine == high:
                out.append(base)
        elif kind == "bet":
            if high == 0:
                out.extend(base + i for i, a in enumerate(self.amounts) if a <= held)
        elif kind == "raise":
            if high > 0 and wager.raises < self.cap:
                out.extend(base + i for i, a in enumerate(self.amounts) if high + a - mine <= held)
        elif mine < high:  # call, fold: only facing a bet
            out.append(base)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        wager = _wager(mech)
        kind = self.kind
        paid = 0
        if kind == "fold":
            wager.folded[player] = True
        elif kind != "check":
            target = wager.high  # call
            if kind == "bet":
                target = self.amounts[offset]
            elif kind == "raise":
                target = wager.high + self.amounts[offset]
                wager.raises += 1
            paid = onto(state, wager, player, self.resource, self.pot, target - wager.stake[player])
            wager.stake[player] += paid
            if wager.stake[player] > wager.high:
                wager.high = wager.stake[player]
                wager.matched = [False] * state.n
        wager.matched[player] = True
        state.log.append(Wagered(player, kind, paid, wager.stake[player], self.resource_id))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        if self.kind == "bet":
            return f"bet {chips(self.amounts[offset], self.resource_id)}"
        if self.kind == "raise":
            return f"raise by {chips(self.amounts[offset], self.resource_id)}"
        return self.kind

    def value_of(self, offset: int) -> int:
        return self.amounts[offset] if self.kind in ("bet", "raise") else -1


@dataclass(slots=True)
class BidMove(MoveRule):
    """An auction's `bid` (the highest bid plus a step) or `drop` (out, with its consequence)."""

    resource: int = 0
    resource_id: str = ""
    steps: tuple[int, ...] = ()

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        if self.kind == "drop":
            out.append(self.base)
            return
        wager = _wager(mech)
        room = state.res[player][self.resource] + wager.stake[player] - wager.high
        out.extend(self.base + i for i, step in enumerate(self.steps) if step <= room)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        wager = _wager(mech)  # a drop is carried out by the auction, which knows the lots
        if self.kind == "bid":
            bid = wager.high + self.steps[offset]
            paid = state.pay(player, self.resource, bid - wager.stake[player])
            wager.stake[player] += paid
            wager.high = wager.stake[player]
            state.log.append(Wagered(player, "bid", paid, bid, self.resource_id))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        if self.kind == "drop":
            return "drop out"
        return f"bid {chips(self.steps[offset], self.resource_id)} more"

    def value_of(self, offset: int) -> int:
        return self.steps[offset] if self.kind == "bid" else -1


@dataclass(slots=True)
class SealedMove(MoveRule):
    """A hidden bid of 0 .. `most` of a resource (no more than the bidder holds)."""

    resource: int = 0
    resource_id: str = ""

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        wager = _wager(mech)
        if wager.bids[player] != -1:
            return
        most = min(self.size - 1, state.res[player][self.resource])
        out.extend(range(self.base, self.base + most + 1))

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        _wager(mech).bids[player] = offset
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return f"bid {chips(offset, self.resource_id)}"

    def value_of(self, offset: int) -> int:
        return offset


@dataclass(slots=True)
class PayMove(MoveRule):
    """`pay`: an amount of a resource onto a shared zone, for a player who holds it."""

    resource: int = 0
    resource_id: str = ""
    amount: int = 1
    zone: Zone = None  # type: ignore[assignment]

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        if state.res[player][self.resource] >= self.amount:
            out.append(self.base)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        paid = onto(state, _wager(mech), player, self.resource, self.zone.index, self.amount)
        state.log.append(Wagered(player, "pay", paid, paid, self.resource_id))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return f"pay {chips(self.amount, self.resource_id)} onto {self.zone.name}"


# -- ops ----------------------------------------------------------------------------------------


@dataclass(slots=True)
class Pay(Op):
    """Antes: players pay onto a zone (or the supply); short players pay all or fold."""

    resource: int
    resource_id: str
    amount: int
    zone: int
    who: str
    fold_short: bool
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        wager = _wager(mech)
        if self.who == "each":
            players = [p for p in range(state.n) if not wager.folded[p] and not mech.finished[p]]
        else:
            players = [seat_of(self.who, state, mech)]
        for player in players:
            if self.fold_short and state.res[player][self.resource] < self.amount:
                wager.folded[player] = True
                state.log.append(Wagered(player, "fold", 0, 0, self.resource_id))
                continue
            paid = onto(state, wager, player, self.resource, self.zone, self.amount)
            state.log.append(Wagered(player, "pay", paid, paid, self.resource_id))
        return self.next


class Asking(Op):
    """A decision op that asks one player after another until it is settled."""

    __slots__ = ()
    rules: tuple[MoveRule, ...]
    bases: tuple[int, ...]

    def to_move(self, state: State, mech: Mech) -> tuple[int, ...]:
        return (mech.acting,)

    def legal(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> list[int]:
        out: list[int] = []
        if player == mech.acting:
            for rule in self.rules:
                rule.legal(state, mech, player, out)
        return out

    def rule_of(self, action: int) -> MoveRule:
        index = bisect.bisect_right(self.bases, action) - 1
        return self.rules[max(index, 0)]

    def ask(self, state: State, mech: Mech, player: int) -> int:
        """Wait for `player`, with their actions worked out for `autoplay`."""
        mech.acting = player
        state.turn += 1
        mech.offer = (mech.pc, player, self.legal_for(state, mech, player))
        return WAIT

    def legal_for(self, state: State, mech: Mech, player: int) -> list[int]:
        out: list[int] = []
        for rule in self.rules:
            rule.legal(state, mech, player, out)
        return out


def _after(mech: Mech, n: int, seat: int, wanted: Callable[[int], bool]) -> int:
    """The first seat after `seat` in turn order for which `wanted` holds, or -1."""
    for _ in range(n):
        seat = (seat + mech.direction) % n
        if wanted(seat):
            return seat
    return -1


@dataclass(slots=True)
class Betting(Asking):
    """A betting round: ask the players still in, in turn, until every one of them has acted
    and matched the highest stake (or holds nothing more), or only one is left."""

    rules: tuple[MoveRule, ...]
    bases: tuple[int, ...]
    resource: int
    resource_id: str
    pot: int
    start: Callable[[State, Mech], int]
    reg: int
    """Its register: the player acting before it, acting again after it (the leader)."""
    next: int = 0

    def _in(self, state: State, mech: Mech, player: int) -> bool:
        return not _wager(mech).folded[player] and not mech.finished[player]

    def _waiting(self, state: State, mech: Mech, player: int) -> bool:
        wager = _wager(mech)
        if not self._in(state, mech, player) or state.res[player][self.resource] <= 0:
            return False
        return not wager.matched[player] or wager.stake[player] < wager.high

    def _settled(self, state: State, mech: Mech) -> bool:
        return sum(1 for p in range(state.n) if self._in(state, mech, p)) <= 1

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        wager = _wager(mech)
        n = state.n
        wager.stake = [0] * n
        wager.high = 0
        wager.matched = [False] * n
        wager.raises = 0
        mech.regs[self.reg] = mech.acting
        if self._settled(state, mech):
            return self.next
        first = self.start(state, mech)
        if self._waiting(state, mech, first):
            return self.ask(state, mech, first)
        player = _after(mech, n, first, lambda p: self._waiting(state, mech, p))
        return self._done(state, mech) if player < 0 else self.ask(state, mech, player)

    def _done(self, state: State, mech: Mech) -> int:
        """The round is settled: the part of the highest stake nobody matched goes back to
        its player (a bet everyone folded to, a call short of chips); the leader acts again."""
        wager = _wager(mech)
        stakes = wager.stake
        top = max(range(state.n), key=stakes.__getitem__)
        matched = max((s for p, s in enumerate(stakes) if p != top), default=0)
        excess = stakes[top] - matched
        if excess > 0:
            wager.chips[self.pot][self.resource] -= excess
            wager.give(self.pot, top, self.resource, -excess)
            state.res[top][self.resource] += excess
            stakes[top] = matched
            wager.high = matched
            state.log.append(Wagered(top, "back", -excess, matched, self.resource_id))
        mech.acting = mech.regs[self.reg]
        return self.next

    def apply(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> int:
        rule = self.rule_of(action)
        mech.acted = True
        rule.apply(state, mech, player, action - rule.base, m.move_cards)
        if self._settled(state, mech):
            return self._done(state, mech)
        following = _after(mech, state.n, player, lambda p: self._waiting(state, mech, p))
        return self._done(state, mech) if following < 0 else self.ask(state, mech, following)


@dataclass(slots=True)
class Showdown(Op):
    """The players still in compare hands; the best take the chips lying on the pot."""

    pot: Zone
    zone: Zone
    shared: tuple[Zone, ...]
    keys: tuple[tuple[str, tuple[Any, ...]], ...]
    split: bool
    next: int = 0

    def hand(self, state: State, player: int) -> tuple[Any, ...]:
        cards = list(self.zone.cards(state, player))
        for zone in self.shared:
            cards += zone.cards(state, player)
        key: list[Any] = []
        for kind, column in self.keys:
            values = [column[c] for c in cards if column[c] is not None]
            if kind == "most_alike":
                key.append(max(Counter(values).values(), default=0))
            elif kind == "highest":
                key.append(tuple(sorted(values, reverse=True)))
            elif kind == "lowest":
                key.append(tuple(-v for v in sorted(values)))
            else:
                key.append(sum(values))
        return tuple(key)

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        """The pot split into side pots by what each player put in this round (one pot unless
        someone went all in short), each won by the best hand among those who may win it."""
        wager = _wager(mech)
        players = [p for p in range(state.n) if not wager.folded[p] and not mech.finished[p]]
        if not players:
            return self.next
        shown = len(players) > 1
        hands: dict[int, tuple[Any, ...]] = {}
        if shown:
            for player in players:
                state.log.append(Revealed(player, tuple(self.zone.cards(state, player))))
            hands = {p: self.hand(state, p) for p in players}
            best = max(hands.values())
            mech.winner = next(p for p in players if hands[p] == best)
        else:
            mech.winner = players[0]
        pot = self.pot.index
        lying = wager.chips[pot]
        won: dict[int, int] = {}
        stays = False
        for resource, amount in enumerate(lying):
            put = wager.put_by(pot, resource, state.n)
            for pot_chips, eligible in side_pots(put, amount, players):
                top = max(hands[p] for p in eligible) if shown else None
                winners = [p for p in eligible if not shown or hands[p] == top]
                if len(winners) > 1 and not self.split:
                    stays = True
                    continue
                share = pot_chips // len(winners)
                for player in winners:
                    state.res[player][resource] += share
                    lying[resource] -= share
                    won[player] = won.get(player, 0) + share
        if stays:
            state.log.append(PotWon(-1, 0, self.pot.id, shown))
        for player in sorted(won):
            state.log.append(PotWon(player, won[player], self.pot.id, shown))
        wager.emptied(pot)  # what stays on it is carried, for every player still in later
        return self.next


@dataclass(slots=True)
class Auction(Asking):
    """An open ascending auction: bid higher or drop out, until one bidder is left; then the
    player acting before it acts again (the turn it was held in goes on)."""

    rules: tuple[MoveRule, ...]
    bases: tuple[int, ...]
    resource: int
    resource_id: str
    lots: Zone
    to: Zone
    by: tuple[Any, ...]
    start: Callable[[State, Mech], int]
    drop_takes: str
    refund: str
    last: str
    most: int
    reg: int
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        wager = _wager(mech)
        n = state.n
        wager.stake = [0] * n
        wager.high = 0
        wager.out = [bool(wager.folded[p] or mech.finished[p]) for p in range(n)]
        mech.regs[self.reg] = 0
        mech.regs[self.reg + 1] = mech.acting  # acting again once it is settled (a turn's)
        first = self.start(state, mech)
        if wager.out[first]:
            first = _after(mech, n, first, lambda p: not wager.out[p])
        return self._go_on(m, state, mech, first)

    def _go_on(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> int:
        """Ask `player` (or end the auction, when it is over)."""
        wager = _wager(mech)
        bidders = [p for p in range(state.n) if not wager.out[p]]
        if mech.regs[self.reg] >= self.most and len(bidders) > 1:
            leader = next((p for p in bidders if wager.stake[p] == wager.high), bidders[0])
            n = state.n
            for step in range(1, n):  # the others drop out in turn order after the leader
                other = (leader + step * mech.direction) % n
                if not wager.out[other]:
                    self._drop(m, state, mech, other)
            bidders = [leader]
        if not self.lots.cards(state, player) or len(bidders) <= 1 or player < 0:
            self._settle(m, state, mech, bidders)
            return self.next
        return self.ask(state, mech, player)

    def _lot(self, state: State, which: str) -> list[int]:
        cards = self.lots.cards(state, 0)
        if not cards or which == "none":
            return []
        if which == "all":
            return cards[:]
        by = self.by
        ranked = sorted(cards, key=lambda c: (by[c] if by[c] is not None else 0, c))
        return [ranked[0] if which == "lowest" else ranked[-1]]

    def _drop(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> None:
        wager = _wager(mech)
        wager.out[player] = True
        bid = wager.stake[player]
        back = bid if self.refund == "all" else bid // 2 if self.refund == "half" else 0
        back = state.gain(player, self.resource, back) if back else 0
        state.log.append(Wagered(player, "drop", -back, bid, self.resource_id))
        lot = self._lot(state, self.drop_takes)
        if lot:
            m.move_cards(state, mech, player, lot, self.lots, player, self.to, player)

    def _settle(self, m: StagedMechanic, state: State, mech: Mech, bidders: list[int]) -> None:
        wager = _wager(mech)
        if len(bidders) == 1 and self.lots.cards(state, 0):
            winner = bidders[0]
            mech.winner = winner
            lot = self._lot(state, self.last)
            m.move_cards(state, mech, winner, lot, self.lots, winner, self.to, winner)
        else:  # no lot left for them: their bids come back
            for player in bidders:
                if wager.stake[player]:
                    state.gain(player, self.resource, wager.stake[player])
        wager.stake = [0] * state.n
        wager.high = 0
        mech.acting = mech.regs[self.reg + 1]

    def apply(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> int:
        rule = self.rule_of(action)
        mech.acted = True
        if rule.kind == "drop":
            self._drop(m, state, mech, player)
        else:
            rule.apply(state, mech, player, action - rule.base, m.move_cards)
            mech.regs[self.reg] += 1
        wager = _wager(mech)
        following = _after(mech, state.n, player, lambda p: not wager.out[p])
        return self._go_on(m, state, mech, following)


@dataclass(slots=True)
class SealedBid(Op):
    """Everyone bids at once, hidden; the highest bid wins the lot."""

    rule: SealedMove
    resource: int
    resource_id: str
    lots: Zone
    to: Zone
    take: str
    by: tuple[Any, ...] | None
    first_wins: bool
    next: int = 0

    @property
    def rules(self) -> tuple[MoveRule, ...]:
        return (self.rule,)

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        wager = _wager(mech)
        if not self.lots.cards(state, 0):
            return self.next
        wager.bids = [-2 if wager.folded[p] or mech.finished[p] else -1 for p in range(state.n)]
        if -1 not in wager.bids:
            return self.next
        state.turn += 1
        return WAIT

    def to_move(self, state: State, mech: Mech) -> tuple[int, ...]:
        return tuple(p for p, bid in enumerate(_wager(mech).bids) if bid == -1)

    def legal(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> list[int]:
        out: list[int] = []
        self.rule.legal(state, mech, player, out)
        return out

    def apply(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> int:
        wager = _wager(mech)
        self.rule.apply(state, mech, player, action - self.rule.base, m.move_cards)
        mech.acted = True
        if -1 in wager.bids:
            return WAIT
        bids = wager.bids
        best = max(bids)
        n = state.n
        order = [(mech.acting + step) % n for step in range(n)]
        tied = [p for p in order if bids[p] == best]
        winner = tied[0] if len(tied) == 1 or self.first_wins else -1
        state.log.append(
            BidsRevealed(tuple(b if b >= 0 else -1 for b in bids), winner, self.resource_id)
        )
        if winner >= 0:
            mech.winner = winner
            state.pay(winner, self.resource, best)
            cards = self.lots.cards(state, 0)
            if self.take == "all" or self.by is None:
                lot = cards[:]
            else:
                by = self.by
                ranked = sorted(cards, key=lambda c: (by[c] if by[c] is not None else 0, c))
                lot = [ranked[-1] if self.take == "highest" else ranked[0]]
            m.move_cards(state, mech, winner, lot, self.lots, winner, self.to, winner)
        wager.bids = [-1] * n
        return self.next

    def forget_others(self, state: State, player: int) -> None:
        """The others' bids are taken back, still to be made (a lookahead for `player` must
        not see them)."""
        wager = _wager(state.mech)
        for other, bid in enumerate(wager.bids):
            if other != player and bid >= 0:
                wager.bids[other] = -1

    def hide(self, state: State, observer: int, rng: random.Random) -> None:
        """Search bots: the bids others made are unknown to `observer`: guess them anew."""
        wager = _wager(state.mech)
        for player, bid in enumerate(wager.bids):
            if player != observer and bid >= 0:
                most = min(self.rule.size - 1, state.res[player][self.resource])
                wager.bids[player] = rng.randint(0, most)
