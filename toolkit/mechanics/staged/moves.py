"""The move templates compiled: which actions each allows a player now, and what each does.

Every template owns a block of action ids (`base` .. `base + size - 1`) numbered from the data
when the game compiles (`codec.py`). A move of several cards is chosen one card at a time (then
`done`), so the ids stay one per card whatever the set.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.checks import Test, seat_of
from toolkit.mechanics.staged.events import (
    Flipped,
    OptionTaken,
    PassedTurn,
    Stopped,
    ValueCalled,
)
from toolkit.mechanics.staged.rows import close, is_closed, nearest
from toolkit.mechanics.staged.runtime import Mech, Zone
from toolkit.mechanics.staged.wagers import take_chips

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.kernel.tables import CardPredicate
    from toolkit.mechanics.staged.ops import Label

Mover = Callable[["State", Mech, int, list[int], Zone, int, Zone, int], None]
"""(state, mech, player, cards, source, source owner, target, target owner): move cards."""


@dataclass(slots=True)
class MoveRule:
    """One move template of a `choose` (or a `simultaneous` pick)."""

    kind: str
    """The move's kind (`play`, `draw` ...): its decision for strategies unless named."""
    decision: str
    says: str
    when: Test | None
    base: int = 0
    size: int = 1
    then_label: Label | None = None
    """Where play goes on after the move: its own stages, or the end of the innermost
    `repeat` for `stop` (None: the stage after the `choose`)."""

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        raise NotImplementedError

    def allows(self, state: State, mech: Mech, player: int, offset: int) -> bool:
        """Whether the action `base + offset` is one of `legal`'s."""
        out: list[int] = []
        self.legal(state, mech, player, out)
        return self.base + offset in out

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        """Play the action `base + offset`; False when the move needs more choices (the
        next card of a set)."""
        raise NotImplementedError

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        raise NotImplementedError

    def card_part(self, offset: int) -> tuple[int, int] | None:
        return None

    def card_of(self, state: State, mech: Mech, offset: int) -> int:
        """The deck card the action plays or takes, -1 for none."""
        return -1

    def value_of(self, offset: int) -> int:
        """The number the action chooses (an amount bet), -1 for none."""
        return -1

    def seat_at(self, state: State, mech: Mech, offset: int) -> int:
        """The player the action chooses (a target, the player asked), -1 for none."""
        return -1

    def decision_at(self, offset: int) -> str:
        """The decision strategies name the action `base + offset` by (one per template,
        unless a template offers two kinds of choice)."""
        return self.decision


@dataclass(slots=True)
class Relation:
    """How a card must fit a reference card of a zone (`match`)."""

    zone: Zone | None
    first: bool
    same: tuple[tuple[str, tuple[Any, ...]], ...]
    step_values: tuple[int | None, ...] | None
    """Per card, the stepped field's value (or its index among the values when wrapping)."""
    steps: frozenset[int]
    wrap: int
    """The number of values the stepped field wraps round (0: no wrap)."""
    wild: CardPredicate | None
    empty_fits: bool
    climb: tuple[int | None, ...] | None = None
    """Per card, the climbed field's value, signed so that higher always climbs."""
    strict: bool = False
    closest: bool = False
    """Only the destinations whose compared card is nearest below the card (`rows.nearest`)."""
    among: tuple[Any, ...] | None = None
    """Per card, the value that picks its column of the zone (`among`)."""
    size: int = 0
    """The deck's size: the cards a reference card is compared with."""
    fitting_cache: dict[tuple[int, object], frozenset[int]] = field(default_factory=dict)
    """Per reference card and called value, the cards that fit it (computed once each)."""

    def reference(self, cards: list[int], card: int) -> int:
        """The card compared with `card`: the zone's top (or first) card, of the card's own
        column with `among`; -1 when there is none."""
        among = self.among
        if among is None:
            if not cards:
                return -1
            return cards[0] if self.first else cards[-1]
        column = among[card]
        for other in cards if self.first else reversed(cards):
            if among[other] == column:
                return other
        return -1

    def tops(self, state: State, player: int, target: Zone) -> dict[Any, int] | None:
        """With `among`: each column's reference card, found in one pass over the zone, for
        testing a whole hand (None without `among`)."""
        among = self.among
        if among is None:
            return None
        cards = (self.zone or target).cards(state, player)
        if self.first:
            cards = cards[::-1]
        return {among[other]: other for other in cards}

    def fits(
        self,
        state: State,
        mech: Mech,
        player: int,
        target: Zone,
        card: int,
        tops: dict[Any, int] | None = None,
    ) -> bool:
        zone = self.zone or target
        if tops is not None and self.among is not None:
            ref = tops.get(self.among[card], -1)
        else:
            ref = self.reference(zone.cards(state, player), card)
        if ref < 0:
            return self.empty_fits
        called = mech.called.get(zone.index) if zone.shared else None
        key = (ref, called)
        fitting = self.fitting_cache.get(key)
        if fitting is None:
            fitting = frozenset(c for c in range(self.size) if self._fits(ref, called, c))
            self.fitting_cache[key] = fitting
        return card in fitting

    def _fits(self, ref: int, called: tuple[str, object] | None, card: int) -> bool:
        if self.wild is not None and self.wild(card):
            return True
        for name, column in self.same:
            wanted = called[1] if called is not None and called[0] == name else column[ref]
            if column[card] == wanted and column[card] is not None:
                return True
        steps = self.step_values
        if steps is not None:
            mine, theirs = steps[card], steps[ref]
            if mine is not None and theirs is not None:
                difference = mine - theirs
                if self.wrap:
                    difference %= self.wrap
                    if any(step % self.wrap == difference for step in self.steps):
                        return True
                elif difference in self.steps:
                    return True
        climb = self.climb
        if climb is not None:
            mine, theirs = climb[card], climb[ref]
            if mine is None:
                return theirs is None
            if theirs is None:
                return True
            return mine > theirs if self.strict else mine >= theirs
        return False


@dataclass(slots=True)
class CardMove(MoveRule):
    """`play` / `take`: cards the player chooses from a zone they see."""

    source: Zone = None  # type: ignore[assignment]
    source_who: str = "current"
    targets: tuple[Zone, ...] = ()
    target_who: str = "current"
    deck: int = 0
    low: int = 1
    high: int = 1
    same: tuple[Any, ...] | None = None
    """Per card, the value every card of a set shares."""
    where: CardPredicate | None = None
    relation: Relation | None = None
    beats: tuple[Any, ...] | None = None
    """Per card, the value a play must beat the last play's with."""
    same_count: bool = True
    follow: tuple[Zone, tuple[Any, ...]] | None = None
    room: int | None = None
    target_of: tuple[int, ...] | None = None
    """Per card, the index in `targets` of the one zone it may go to (-1: none), when the
    destination is chosen by a card field (`to: {by, zones}`)."""
    except_moved: bool = False
    """The cards of the last move may not move (a card just taken is not thrown back)."""
    names: tuple[str, ...] = field(default_factory=tuple)

    @property
    def single(self) -> bool:
        return self.high == 1

    def _owner(self, state: State, mech: Mech, who: str, player: int) -> int:
        if who == "current":
            return player
        return seat_of(who, state, mech)

    def _eligible(self, state: State, mech: Mech, player: int) -> list[int]:
        owner = self._owner(state, mech, self.source_who, player)
        cards = self.source.cards(state, owner)
        where = self.where
        eligible = [c for c in cards if where is None or where(c)]
        if self.except_moved and mech.moved:
            eligible = [c for c in eligible if c not in mech.moved]
        follow = self.follow
        if follow is not None:
            zone, values = follow
            led = zone.cards(state, player)
            if led:
                suit = values[led[0]]
                following = [c for c in eligible if values[c] == suit]
                if following:
                    eligible = following
        return eligible

    def _open(self, state: State, mech: Mech, player: int, target: Zone) -> bool:
        if self.room is None:
            return True
        owner = self._owner(state, mech, self.target_who, player)
        return len(target.cards(state, owner)) < self.room

    def _sizes(self, state: State, mech: Mech, player: int, target: Zone) -> range:
        """How many cards the play may have: as many as the last play it must beat."""
        if self.beats is not None and self.same_count and target.shared:
            last = mech.last_play.get(target.index)
            if last and target.cards(state, player):
                return range(len(last), len(last) + 1)
        return range(self.low, self.high + 1)

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        eligible = self._eligible(state, mech, player)
        base = self.base
        building = mech.building
        if building:
            target = self._set_target(building[0])
            sizes = self._sizes(state, mech, player, target)
            same = self.same
            if len(building) < sizes.stop - 1:
                out.extend(
                    base + card
                    for card in sorted(eligible)
                    if card not in building and (same is None or same[card] == same[building[0]])
                )
            if len(building) in sizes:
                out.append(base + self.deck)
            return
        relation = self.relation
        targets = self.targets
        destinations = len(targets)
        target_of = self.target_of
        room, beats, single = self.room, self.beats, self.high == 1
        closed = mech.closed
        if relation is None and room is None and beats is None and single and not closed:
            # Nothing to test per card: every eligible card goes to its zone(s).
            if target_of is not None:
                out.extend(
                    base + card * destinations + target_of[card]
                    for card in sorted(eligible)
                    if target_of[card] >= 0
                )
            else:
                out.extend(
                    base + card * destinations + index
                    for card in sorted(eligible)
                    for index in range(destinations)
                )
            return
        every = tuple(enumerate(targets))
        tops = (
            [relation.tops(state, player, target) for target in targets]
            if relation is not None and relation.among is not None
            else None
        )
        closest = relation is not None and relation.closest
        for card in sorted(eligible):
            options = every
            if target_of is not None:
                index = target_of[card]
                if index < 0:
                    continue
                options = ((index, targets[index]),)
            fitting: list[tuple[int, Zone]] = []
            for index, target in options:
                if closed and is_closed(mech, target):
                    continue
                if room is not None and not self._open(state, mech, player, target):
                    continue
                if relation is not None and not relation.fits(
                    state, mech, player, target, card, tops[index] if tops else None
                ):
                    continue
                if beats is not None and not self._beats(state, mech, player, target, card):
                    continue
                if not single and not self._completes(state, mech, player, target, eligible, card):
                    continue
                if closest:
                    fitting.append((index, target))
                else:
                    out.append(base + card * destinations + index)
            if fitting and relation is not None:
                nearest_ = nearest(relation, state, player, card, fitting, tops)
                out.extend(base + card * destinations + index for index, _ in nearest_)

    def allows(self, state: State, mech: Mech, player: int, offset: int) -> bool:
        """One card to one zone is checked alone, without listing the others."""
        relation = self.relation
        if self.high != 1 or mech.building or (relation is not None and relation.closest):
            return MoveRule.allows(self, state, mech, player, offset)
        card, index = divmod(offset, len(self.targets))
        if card >= self.deck or (self.target_of is not None and self.target_of[card] != index):
            return False
        if card not in self._eligible(state, mech, player):
            return False
        target = self.targets[index]
        if mech.closed and is_closed(mech, target):
            return False
        if self.room is not None and not self._open(state, mech, player, target):
            return False
        if relation is not None and not relation.fits(state, mech, player, target, card):
            return False
        return self.beats is None or self._beats(state, mech, player, target, card)

    def _beats(self, state: State, mech: Mech, player: int, target: Zone, card: int) -> bool:
        """Whether `card` beats the last play onto the destination (nothing beats a play
        without a value)."""
        values = self.beats
        if values is None or not target.shared:
            return True
        last = mech.last_play.get(target.index)
        if not last or not target.cards(state, player):
            return True
        mine, theirs = values[card], values[last[0]]
        return mine is not None and theirs is not None and mine > theirs

    def _completes(
        self, state: State, mech: Mech, player: int, target: Zone, eligible: list[int], card: int
    ) -> bool:
        """Whether a set starting with `card` can be made of the allowed size."""
        same = self.same
        available = (
            sum(1 for c in eligible if same[c] == same[card]) if same is not None else len(eligible)
        )
        return any(size <= available for size in self._sizes(state, mech, player, target))

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        building = mech.building
        if not self.single:
            if building and offset == self.deck:
                cards = building[:]
                building.clear()
                self._move(state, mech, player, cards, self._set_target(cards[0]), mover)
                return True
            card = offset if building else offset // len(self.targets)
            building.append(card)
            target = self._set_target(building[0])
            sizes = self._sizes(state, mech, player, target)
            if len(building) >= sizes.stop - 1:
                cards = building[:]
                building.clear()
                self._move(state, mech, player, cards, target, mover)
                return True
            return False
        card, index = divmod(offset, len(self.targets))
        self._move(state, mech, player, [card], self.targets[index], mover)
        return True

    def _set_target(self, first: int) -> Zone:
        """Where a set goes: its first card's zone when the card picks it, else the one."""
        if self.target_of is not None and self.target_of[first] >= 0:
            return self.targets[self.target_of[first]]
        return self.targets[0]

    def _move(
        self,
        state: State,
        mech: Mech,
        player: int,
        cards: list[int],
        target: Zone,
        mover: Mover,
    ) -> None:
        mover(
            state,
            mech,
            player,
            cards,
            self.source,
            self._owner(state, mech, self.source_who, player),
            target,
            self._owner(state, mech, self.target_who, player),
        )

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        verb = "take" if self.kind == "take" else "play"
        if not self.single:
            if offset == self.deck:
                return f"{verb} the cards chosen"
            return f"{verb} {card_name(offset)} (one of a set)"
        card, index = divmod(offset, len(self.targets))
        return f"{verb} {card_name(card)} to {self.targets[index].name}"

    def card_part(self, offset: int) -> tuple[int, int] | None:
        if offset >= self.deck * (len(self.targets) if self.single else 1):
            return None
        if self.single:
            return divmod(offset, len(self.targets))
        return offset, 0

    def card_of(self, state: State, mech: Mech, offset: int) -> int:
        part = self.card_part(offset)
        return part[0] if part is not None else -1


@dataclass(slots=True)
class DrawMove(MoveRule):
    """`draw`: the top cards of one of several face-down piles, into the mover's zone or onto
    one of several shared zones (one id per pile and destination)."""

    sources: tuple[Zone, ...] = ()
    targets: tuple[Zone, ...] = ()
    count: int = 1
    reshuffle: Zone | None = None
    take_back: bool = True
    room: int | None = None
    """A destination holding this many cards is full."""

    def _open(self, state: State, mech: Mech, player: int, target: Zone) -> bool:
        if mech.closed and is_closed(mech, target):
            return False
        return self.room is None or len(target.cards(state, player)) < self.room

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        reshuffle = self.reshuffle
        targets = self.targets
        destinations = len(targets)
        if destinations == 1 and self.room is None and not mech.closed:
            open_: list[int] | tuple[int, ...] = (0,)  # into the mover's zone: always open
        else:
            open_ = [i for i, t in enumerate(targets) if self._open(state, mech, player, t)]
            if not open_:
                return
        base = self.base
        for index, source in enumerate(self.sources):
            pile = source.cards(state, player)
            if pile:
                if not (self.take_back or pile[-1] not in mech.moved):
                    continue
            elif reshuffle is None or len(reshuffle.cards(state, player)) <= 1:
                continue
            if destinations == 1:
                out.append(base + index * destinations + open_[0])
            else:
                out.extend(base + index * destinations + to for to in open_)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        which, to = divmod(offset, len(self.targets))
        source, target = self.sources[which], self.targets[to]
        for _ in range(self.count):
            pile = source.cards(state, player)
            if not pile and self.reshuffle is not None:
                refill(state, self.reshuffle, source, player)
                pile = source.cards(state, player)
            if not pile or not self._open(state, mech, player, target):
                break
            mover(state, mech, player, [pile[-1]], source, player, target, player)
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        which, to = divmod(offset, len(self.targets))
        many = f"{self.count} cards" if self.count != 1 else "a card"
        target = self.targets[to]
        if target.shared:
            onto = f" onto {target.name}"
        else:  # into the mover's own zone: named only when it is one choice of several
            onto = f" into your {target.name}" if len(self.targets) > 1 else ""
        return f"draw {many} from {self.sources[which].name}{onto}"


def refill(state: State, spare: Zone, pile: Zone, player: int) -> None:
    """Shuffle every card of `spare` but its top one into the empty `pile`."""
    cards = spare.cards(state, player)
    if len(cards) <= 1:
        return
    rest = cards[:-1]
    del cards[:-1]
    state.random().shuffle(rest)
    pile.cards(state, player).extend(rest)


@dataclass(slots=True)
class TakeAllMove(MoveRule):
    """`take_all`: every card of one of several zones."""

    sources: tuple[Zone, ...] = ()
    target: Zone = None  # type: ignore[assignment]
    allow_empty: bool = False
    closes: bool = False
    """The zone taken is closed until the round ends."""

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        closed = mech.closed
        for index, source in enumerate(self.sources):
            if closed and is_closed(mech, source):
                continue
            if self.allow_empty or source.cards(state, player):
                out.append(self.base + index)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        source = self.sources[offset]
        cards = source.cards(state, player)[:]
        mover(state, mech, player, cards, source, player, self.target, player)
        if mech.wager is not None:
            take_chips(state, mech, player, source)
        if self.closes:
            close(state, mech, player, source)
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return f"take every card of {self.sources[offset].name}"


@dataclass(slots=True)
class PassMove(MoveRule):
    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        out.append(self.base)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        mech.passed[player] = True
        state.log.append(PassedTurn(player, self.decision))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        # Two passes of one choice (knock or walk on) are told apart by their decisions.
        return "pass" if self.decision == self.kind else self.decision.replace("_", " ")


@dataclass(slots=True)
class OptionMove(MoveRule):
    """`option`: a named choice with no cards; the player does not count as passed."""

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        out.append(self.base)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        state.log.append(OptionTaken(player, self.decision))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return self.decision.replace("_", " ")


@dataclass(slots=True)
class StopMove(MoveRule):
    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        out.append(self.base)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        state.log.append(Stopped(player))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return "stop"


@dataclass(slots=True)
class CallMove(MoveRule):
    field: str = ""
    values: tuple[Any, ...] = ()
    zone: Zone = None  # type: ignore[assignment]

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        out.extend(range(self.base, self.base + len(self.values)))

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        value = self.values[offset]
        mech.called[self.zone.index] = (self.field, value)
        state.log.append(ValueCalled(player, self.field, str(value)))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return f"call {self.field} {self.values[offset]}"


@dataclass(slots=True)
class FlipMove(MoveRule):
    """`flip`: a face-down card chosen by its place, moved face up."""

    source: Zone = None  # type: ignore[assignment]
    target: Zone = None  # type: ignore[assignment]

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        out.extend(range(self.base, self.base + len(self.source.cards(state, player))))

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        card = self.source.cards(state, player)[offset]
        mover(state, mech, player, [card], self.source, player, self.target, player)
        state.log.append(Flipped(player, card))
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return f"flip card {offset + 1} of {self.source.name}"


@dataclass(slots=True)
class PickMove(MoveRule):
    """A card picked, hidden, in a `simultaneous` stage."""

    source: Zone = None  # type: ignore[assignment]
    where: CardPredicate | None = None
    count: int = 1

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        if not mech.picking or not mech.picking[player]:
            return
        where = self.where
        out.extend(
            self.base + card
            for card in sorted(self.source.cards(state, player))
            if where is None or where(card)
        )

    def can_pick(self, state: State, player: int) -> bool:
        """Whether the player holds a card they may pick (one matching `where`)."""
        where = self.where
        cards = self.source.cards(state, player)
        return any(where(card) for card in cards) if where is not None else bool(cards)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        self.source.cards(state, player).remove(offset)
        mech.picks[player].append(offset)
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        return f"pick {card_name(offset)}"

    def card_part(self, offset: int) -> tuple[int, int] | None:
        return offset, 0

    def card_of(self, state: State, mech: Mech, offset: int) -> int:
        return offset
