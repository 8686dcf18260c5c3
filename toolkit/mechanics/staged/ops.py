"""The round's program: stages compiled to a flat list of ops with jumps.

Each op's `run` does its work and returns the next op's index, or `WAIT` when a player must
decide (the state keeps its index in `mech.pc`). Loops keep their counters in `mech.regs`, so a
state's place in the program is a few ints, copied cheaply by bots.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.kernel.events import GAME_ENDED, RoundEnded
from toolkit.mechanics.staged.checks import Test, seat_of
from toolkit.mechanics.staged.events import (
    STALLED,
    Awarded,
    CardsMoved,
    FinishedPlace,
    OrderChanged,
    Picked,
    Revealed,
)
from toolkit.mechanics.staged.moves import MoveRule, PickMove, refill
from toolkit.mechanics.staged.rows import is_closed
from toolkit.mechanics.staged.runtime import PICKED, WAIT, Mech, Zone, is_out, next_seat

if TYPE_CHECKING:
    from toolkit.kernel.state import EffectFn, State
    from toolkit.kernel.tables import CardPredicate
    from toolkit.mechanics.staged.machine import StagedMechanic


@dataclass(slots=True)
class Label:
    """A place in the program, known once the stages after it are compiled."""

    pc: int = -1


class Op:
    """One step of the program."""

    __slots__ = ()

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        raise NotImplementedError

    def to_move(self, state: State, mech: Mech) -> tuple[int, ...]:
        return ()

    def legal(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> list[int]:
        return []

    def allows(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> bool:
        """Whether `action` is one of `legal(...)`, found without listing every move's."""
        return action in self.legal(m, state, mech, player)

    def apply(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> int:
        raise NotImplementedError


@dataclass(slots=True)
class Jump(Op):
    to: Label

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        return self.to.pc


@dataclass(slots=True)
class RoundStart(Op):
    """Every round begins afresh: nobody has passed or finished, turn order as declared."""

    direction: int

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        n = state.n
        mech.acting = (state.first_player + state.round - 1) % n
        mech.direction = self.direction
        mech.skip = 0
        mech.passed = [False] * n
        mech.finished = [0] * n
        mech.winner = -1
        mech.last_mover = -1
        mech.moved = []
        mech.last_play = {}
        mech.called = {}
        mech.building = []
        mech.building_rule = -1
        mech.picks = [[] for _ in range(n)]
        mech.picking = [False] * n
        mech.trigger = -1
        mech.idle = 0
        if mech.wager is not None:
            mech.wager.new_round(n)
        mech.got = False
        mech.claims = [[] for _ in range(n)]
        mech.target = -1
        mech.closed = ()
        return 1


@dataclass(slots=True)
class DealOp(Op):
    """Every card gathered, shuffled and dealt; the rest form a face-down pile."""

    to: int
    """The players' zone dealt to; -1: nobody is dealt any, every card forms `rest`."""
    counts: tuple[int | None, ...]
    rest: Zone | None
    gather: tuple[int, ...]
    gather_shared: tuple[int, ...]
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        for zone in self.gather:
            state.zones[zone] = [[] for _ in range(state.n)]
        for zone in self.gather_shared:
            state.shared[zone] = []
        if self.to >= 0:
            state.deal(self.to, self.counts[state.n])
        else:
            deck = state.deck_cards[:]
            state.random().shuffle(deck)
            state.out_of_play = deck
        mech.known = [[] for _ in range(state.n)]
        mech.placed_by[:] = [-1] * len(mech.placed_by)  # gathered: nobody placed them yet
        if self.rest is not None:
            rest = state.out_of_play
            state.shared[self.rest.index] = rest
            state.out_of_play = []
            state.log.append(CardsMoved(-1, tuple(rest), "undealt", self.rest.id, -1, True))
        return self.next


@dataclass(slots=True)
class MoveCards(Op):
    """Cards moving by themselves."""

    source: Zone
    target: Zone
    count: int | None
    """None: every card (matching `where`)."""
    which: str
    where: CardPredicate | None
    fill_to: int | None
    who: str
    to_who: str | Sequence[str] | None
    """Whose zone receives (`left`, `self` ...), or the seats named round by round."""
    reshuffle: Zone | None
    next: int = 0
    by: tuple[Any, ...] | None = None
    """With `which: highest`/`lowest`: per card, the value compared."""
    sets: tuple[tuple[Any, ...], int] | None = None
    """(per card, the value a set shares; its size): only cards of complete sets move."""

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        if self.who == "each":
            for player in range(state.n):
                self._move(m, state, mech, player)
        else:
            self._move(m, state, mech, seat_of(self.who, state, mech))
        if m.trigger_after_move(state, mech):
            return m.round_end.pc
        return self.next

    def _move(self, m: StagedMechanic, state: State, mech: Mech, owner: int) -> None:
        if mech.closed and is_closed(mech, self.target):
            return  # closed until the round ends: nothing is added to it
        receiver = owner if self.to_who is None else m.seat(self.to_who, state, mech, owner)
        target = self.target.cards(state, receiver)
        wanted = self.count
        if self.fill_to is not None:
            wanted = max(0, self.fill_to - len(target))
        moved: list[int] = []
        refilled = False
        while wanted is None or len(moved) < wanted:
            pile = self.source.cards(state, owner)
            left = [c for c in pile if c not in moved and (self.where is None or self.where(c))]
            if self.sets is not None:
                left = complete_sets(left, *self.sets)
            if not left and self.reshuffle is not None and not refilled:
                refilled = True  # once: a spare pile of one card refills nothing
                refill(state, self.reshuffle, self.source, owner)
                continue
            if not left:
                break
            if wanted is None:
                moved.extend(left)
                break
            if self.which == "top":
                card = left[-1]
            elif self.which == "bottom":
                card = left[0]
            elif self.by is not None and self.which in ("highest", "lowest"):
                by = self.by
                ranked = sorted(left, key=lambda c: (by[c] if by[c] is not None else 0, c))
                card = ranked[-1] if self.which == "highest" else ranked[0]
            else:
                card = left[state.random().randrange(len(left))]
            moved.append(card)
        if moved:  # a pick is placed by its picker (who wins it in an award); else by nobody
            mover = owner if self.source is PICKED else -1
            m.move_cards(state, mech, mover, moved, self.source, owner, self.target, receiver)
            if not self.source.shared and self.source.index >= 0 and self.target.shared:
                for card in moved:  # laid out of a player's zone: theirs to win in an award
                    mech.placed_by[card] = owner
            mech.acted = True  # cards moving is progress, even with no one choosing


def complete_sets(cards: list[int], shared: tuple[Any, ...], size: int) -> list[int]:
    """The cards, in order, whose value of the shared field at least `size` of them have."""
    counts: dict[Any, int] = {}
    for card in cards:
        value = shared[card]
        if value is not None:
            counts[value] = counts.get(value, 0) + 1
    return [card for card in cards if counts.get(shared[card], 0) >= size]


@dataclass(slots=True)
class TurnsBegin(Op):
    reg: int
    start: Callable[[State, Mech], int]
    while_: Test | None
    skip: Test | None
    exit: Label
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        regs = mech.regs
        regs[self.reg] = 0  # turns taken
        regs[self.reg + 1] = mech.acting  # the player acting before, if nobody can take a turn
        mech.passed = [False] * state.n
        mech.last_play = {}
        mech.idle = 0
        mech.acted = False
        mech.acting = self.start(state, mech)
        if not self._playable(state, mech):
            mech.acting = regs[self.reg + 1]
            return self.exit.pc
        state.turn += 1
        return self.next

    def _playable(self, state: State, mech: Mech) -> bool:
        """Move on to a player who may take a turn; False when there is none, or `while`
        no longer holds."""
        for _ in range(state.n):
            if not is_out(mech, mech.acting) and (self.skip is None or not self.skip(state, mech)):
                return self.while_ is None or self.while_(state, mech)
            mech.acting = next_seat(mech, state.n, mech.acting)
        return False


@dataclass(slots=True)
class TurnsEnd(Op):
    begin: TurnsBegin
    until: Test | None
    once: bool
    most: int
    body: int
    exit: Label

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        regs, reg = mech.regs, self.begin.reg
        regs[reg] += 1
        mech.idle = 0 if mech.acted else mech.idle + 1
        mech.acted = False
        if mech.idle > 2 * state.n:
            state.log.append(STALLED)
            return m.round_end.pc
        if self.until is not None and self.until(state, mech):
            return self.exit.pc
        if regs[reg] >= self.most or (
            self.once and regs[reg] >= state.n - sum(1 for p in range(state.n) if is_out(mech, p))
        ):
            return self.exit.pc
        step = 1 + mech.skip
        mech.skip = 0
        mech.acting = next_seat(mech, state.n, mech.acting, step)
        if mech.trigger >= 0 and mech.acting == mech.trigger:
            return m.round_end.pc
        if not self.begin._playable(state, mech):
            return self.exit.pc
        if mech.trigger >= 0 and mech.acting == mech.trigger:
            return m.round_end.pc
        state.turn += 1
        return self.body


@dataclass(slots=True)
class Choose(Op):
    rules: tuple[MoveRule, ...]
    bases: tuple[int, ...]
    otherwise: Label
    after: Label

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        actions = self._legal(state, mech, mech.acting)
        if actions:
            mech.offer = (mech.pc, mech.acting, actions)
            return WAIT
        return self.otherwise.pc

    def to_move(self, state: State, mech: Mech) -> tuple[int, ...]:
        return (mech.acting,)

    def _legal(self, state: State, mech: Mech, player: int) -> list[int]:
        out: list[int] = []
        if mech.building_rule >= 0:
            self.rules[mech.building_rule].legal(state, mech, player, out)
            return out
        for rule in self.rules:
            if rule.when is None or rule.when(state, mech):
                rule.legal(state, mech, player, out)
        return out

    def legal(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> list[int]:
        if player != mech.acting:
            return []
        return self._legal(state, mech, player)

    def rule_of(self, action: int) -> tuple[int, MoveRule]:
        index = bisect.bisect_right(self.bases, action) - 1
        return index, self.rules[index]

    def allows(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> bool:
        if player != mech.acting or not self.rules or action < self.bases[0]:
            return False
        index, rule = self.rule_of(action)
        if action >= rule.base + rule.size:
            return False
        if mech.building_rule >= 0:
            if index != mech.building_rule:
                return False
        elif rule.when is not None and not rule.when(state, mech):
            return False
        return rule.allows(state, mech, player, action - rule.base)

    def apply(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> int:
        index, rule = self.rule_of(action)
        mech.acted = True
        done = rule.apply(state, mech, player, action - rule.base, m.move_cards)
        if not done:
            mech.building_rule = index
            mech.offer = (mech.pc, player, self._legal(state, mech, player))
            return WAIT
        mech.building_rule = -1
        if m.trigger_after_move(state, mech):
            return m.round_end.pc
        return rule.then_label.pc if rule.then_label is not None else self.after.pc


@dataclass(slots=True)
class Simultaneous(Op):
    rule: PickMove
    reveal: str
    by: tuple[Any, ...] | None
    counts_turn: bool
    """Outside any `turns` stage, a pick everyone makes at once is the game's turn (a game
    played only in simultaneous picks counts them, as a draft counts its picks)."""
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        n = state.n
        mech.picks = [[] for _ in range(n)]
        rule = self.rule  # a player with no card they may pick sits this pick out
        mech.picking = [not is_out(mech, p) and rule.can_pick(state, p) for p in range(n)]
        if not any(mech.picking):
            mech.reveal = []
            return self.next
        if self.counts_turn:
            state.turn += 1
        return WAIT

    def to_move(self, state: State, mech: Mech) -> tuple[int, ...]:
        return tuple(p for p, picking in enumerate(mech.picking) if picking)

    def forget_others(self, state: State, player: int) -> None:
        """The others' hidden picks go back to their zones, still to be made (a lookahead
        for `player` must not see them)."""
        mech: Mech = state.mech
        for other, picks in enumerate(mech.picks):
            if other != player and picks:
                self.rule.source.cards(state, other).extend(picks)
                mech.picks[other] = []
                mech.picking[other] = True

    def legal(self, m: StagedMechanic, state: State, mech: Mech, player: int) -> list[int]:
        out: list[int] = []
        self.rule.legal(state, mech, player, out)
        return out

    def apply(self, m: StagedMechanic, state: State, mech: Mech, player: int, action: int) -> int:
        offset = action - self.rule.base
        self.rule.apply(state, mech, player, offset, m.move_cards)
        state.log.append(Picked(player, offset))
        mech.acted = True
        if len(mech.picks[player]) >= self.rule.count or not self.rule.can_pick(state, player):
            mech.picking[player] = False
        if any(mech.picking):
            return WAIT
        order = [p for p in range(state.n) if mech.picks[p]]
        if self.reveal != "none":
            for player_ in order:
                state.log.append(Revealed(player_, tuple(mech.picks[player_])))
        by = self.by
        if by is not None and self.reveal in ("ascending", "descending"):
            order.sort(  # a card without a value of the field counts 0, as `which` ranks it
                key=lambda p: min(v if (v := by[c]) is not None else 0 for c in mech.picks[p]),
                reverse=self.reveal == "descending",
            )
        mech.reveal = order
        return self.next


@dataclass(slots=True)
class RevealNext(Op):
    """Run the reveal's stages for the next pick; at the end, return what no stage moved."""

    reg: int
    source: Zone
    exit: Label
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        regs = mech.regs
        if regs[self.reg] == 0:
            regs[self.reg + 1] = mech.acting
        if regs[self.reg] > 0:
            previous = mech.reveal[regs[self.reg] - 1]
            left = mech.picks[previous]
            if left:
                self.source.cards(state, previous).extend(left)
                mech.picks[previous] = []
        if regs[self.reg] >= len(mech.reveal):
            regs[self.reg] = 0
            mech.reveal = []  # the reveal is over: a saved position has none to go on with
            mech.acting = regs[self.reg + 1]
            return self.exit.pc
        player = mech.reveal[regs[self.reg]]
        regs[self.reg] += 1
        mech.acting = player
        mech.moved = mech.picks[player][:]
        return self.next


@dataclass(slots=True)
class RepeatBegin(Op):
    reg: int
    while_: Test | None
    exit: Label
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        mech.regs[self.reg] = 0
        if self.while_ is not None and not self.while_(state, mech):
            return self.exit.pc
        return self.next


@dataclass(slots=True)
class RepeatEnd(Op):
    begin: RepeatBegin
    until: Test | None
    most: int
    body: int
    exit: Label

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        regs, reg = mech.regs, self.begin.reg
        regs[reg] += 1
        if self.until is not None and self.until(state, mech):
            return self.exit.pc
        if regs[reg] >= self.most:
            return self.exit.pc
        while_ = self.begin.while_
        if while_ is not None and not while_(state, mech):
            return self.exit.pc
        return self.body


@dataclass(slots=True)
class EachBegin(Op):
    reg: int
    start: Callable[[State, Mech], int]
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        mech.regs[self.reg] = 0
        mech.regs[self.reg + 1] = mech.acting
        mech.acting = self.start(state, mech)
        return self.next


@dataclass(slots=True)
class EachEnd(Op):
    begin: EachBegin
    body: int
    exit: Label

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        regs, reg = mech.regs, self.begin.reg
        regs[reg] += 1
        if regs[reg] >= state.n:
            mech.acting = regs[reg + 1]
            return self.exit.pc
        mech.acting = (mech.acting + 1) % state.n
        return self.body


@dataclass(slots=True)
class If(Op):
    test: Test
    otherwise: Label
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        return self.next if self.test(state, mech) else self.otherwise.pc


@dataclass(slots=True)
class Effects(Op):
    effects: Sequence[EffectFn]
    who: str
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        card = mech.moved[-1] if mech.moved else -1
        if self.who == "each":
            for player in range(state.n):
                state.run_effects(self.effects, player, card)
        else:
            state.run_effects(self.effects, seat_of(self.who, state, mech), card)
        if state.pending is not None:
            mech.pc = self.next
            return WAIT
        return self.next


@dataclass(slots=True)
class Award(Op):
    zone: Zone
    to: Zone | None
    values: tuple[Any, ...]
    highest: bool
    follow: tuple[Any, ...] | None
    trump: CardPredicate | None
    first_wins_ties: bool
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        cards = self.zone.cards(state, mech.acting)
        if not cards:
            return self.next
        candidates = list(cards)
        wager = mech.wager
        if wager is not None and any(wager.folded):  # a player out of the round wins nothing
            folded, by = wager.folded, mech.placed_by
            candidates = [c for c in cards if by[c] < 0 or not folded[by[c]]]
        trump = self.trump
        if trump is not None and any(trump(c) for c in candidates):
            candidates = [c for c in candidates if trump(c)]
        elif self.follow is not None:
            led = self.follow[cards[0]]
            candidates = [c for c in candidates if self.follow[c] == led]
        if not candidates:  # only cards of players out of the round: nobody wins them
            mech.winner = -1
            return self.next
        values = self.values
        ranked = [c for c in candidates if values[c] is not None]
        if ranked:
            best_value = (max if self.highest else min)(values[c] for c in ranked)
            best = [c for c in ranked if values[c] == best_value]
        else:  # no value to compare (a lone trump without a rank): the candidates tie
            best = candidates
        if len(best) > 1 and not self.first_wins_ties:
            mech.winner = -1
            played = any(mech.placed_by[c] >= 0 for c in best)  # else no tie: nobody played
            state.log.append(Awarded(-1, best[0] if played else -1, self.zone.id))
            return self.next
        card = best[0]
        winner = mech.placed_by[card]
        mech.winner = winner
        state.log.append(Awarded(winner, card if winner >= 0 else -1, self.zone.id))
        if self.to is not None and winner >= 0:
            m.move_cards(state, mech, winner, cards[:], self.zone, winner, self.to, winner)
        return self.next


@dataclass(slots=True)
class Finish(Op):
    by_place: tuple[Sequence[EffectFn], ...]
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        player = mech.acting
        if mech.finished[player]:
            return self.next
        place = 1 + sum(1 for p in mech.finished if p)
        mech.finished[player] = place
        state.log.append(FinishedPlace(player, place))
        if place <= len(self.by_place) and self.by_place[place - 1]:
            state.run_effects(self.by_place[place - 1], player, -1)
            if state.pending is not None:
                mech.pc = self.next
                return WAIT
        return self.next


@dataclass(slots=True)
class Order(Op):
    reverse: bool
    skip: int
    next: int = 0

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        if self.reverse:
            mech.direction = -mech.direction
        mech.skip += self.skip
        state.log.append(OrderChanged(self.reverse, self.skip))
        return self.next


@dataclass(slots=True)
class EndRound(Op):
    """Score the round; the next one begins, or the game ends."""

    rounds: tuple[int, ...]

    def run(self, m: StagedMechanic, state: State, mech: Mech) -> int:
        state.log.append(RoundEnded(state.round))
        if state.game.end_of_round(state) or state.round >= self.rounds[state.n]:
            state.terminal = True
            state.log.append(GAME_ENDED)
            return WAIT
        state.round += 1
        return 0


@dataclass(slots=True)
class Program:
    ops: list[Op] = field(default_factory=list)
    registers: int = 0
