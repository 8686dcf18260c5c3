"""`ask`: a move that acts on a chosen other player, and what asking tells everyone.

A player asks another for a value of a card field they hold (a rank), or for one named card of
a family they hold; the other gives every match, face up. Asking shows that the asker holds a
card of the value, and the answer that the player asked holds none of it (a value: after
giving every match, or having none; a named card: not having it). Each claim is kept per
player (`Mech.claims`) until play makes it unsure (a card of it seen leaving, or cards leaving
or arriving unseen), and search bots deal hidden hands that keep every claim true
(`honour_claims`).

Ids: one per (other seat, value): the seats counted from the asker (1: the next seat), the
values those of the declared field (or one per card for a named card), so the block is bounded
by the players and the deck.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.events import Asked, CardsMoved
from toolkit.mechanics.staged.moves import Mover, MoveRule
from toolkit.mechanics.staged.runtime import Mech, Zone, is_out

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.mechanics.staged.machine import StagedMechanic
    from toolkit.mechanics.staged.observation import AskedView

Claim = tuple[int, frozenset[int], bool]
"""(player zone, cards, some): the zone holds at least one of the cards (some), or none."""


@dataclass(slots=True)
class AskMove(MoveRule):
    """`ask`: a chosen other player for a value (`by_card`: a named card) the asker holds."""

    zone: Zone = None  # type: ignore[assignment]
    """The players' zone asked from, where the asker must hold the value."""
    target: Zone = None  # type: ignore[assignment]
    """The asker's zone receiving what is given."""
    field: str = ""
    by_card: bool = False
    choices: int = 1
    """Values (or cards, `by_card`) offered per seat: the block holds one id per seat and
    choice."""
    labels: tuple[str, ...] = ()
    """Per choice, its words (a value as written, or a card id)."""
    card_value: tuple[int, ...] = ()
    """Per card, the index of its value of `field` (-1: none)."""
    groups: tuple[frozenset[int], ...] = ()
    """Per value index, the cards with that value (what a claim names)."""
    ordered: tuple[tuple[int, ...], ...] = ()
    """Per value index, the cards with that value in deck order (the named cards offered)."""
    offered: dict[tuple[int, ...], list[int]] = dataclasses.field(default_factory=dict)
    """The choices offered per hand, remembered (a hand's choices never change)."""
    only_target: bool = False
    """Only the player a `target` stage chose may be asked (`who: target`)."""

    def legal(self, state: State, mech: Mech, player: int, out: list[int]) -> None:
        mine = self.zone.cards(state, player)
        if not mine:
            return
        key = tuple(mine)
        choices = self.offered.get(key)
        if choices is None:
            choices = self._choices(mine)
            if len(self.offered) >= 4096:  # a bounded memo: hands recur across turns
                self.offered.clear()
            self.offered[key] = choices
        if not choices:
            return
        zone, n, size = self.zone, state.n, self.choices
        for seat in range(1, n):
            other = (player + seat) % n
            if is_out(mech, other) or not zone.cards(state, other):
                continue
            if self.only_target and other != mech.target:
                continue
            base = self.base + (seat - 1) * size
            out.extend([base + choice for choice in choices])

    def _choices(self, mine: list[int]) -> list[int]:
        """The values (or named cards) a player holding `mine` may ask for."""
        held = set(map(self.card_value.__getitem__, mine))
        held.discard(-1)
        if self.by_card:
            groups = self.ordered
            return [c for v in sorted(held) for c in groups[v] if c not in mine]
        return sorted(held)

    def apply(self, state: State, mech: Mech, player: int, offset: int, mover: Mover) -> bool:
        seat, choice = divmod(offset, self.choices)
        other = (player + seat + 1) % state.n
        theirs = self.zone.cards(state, other)
        if self.by_card:
            value = self.card_value[choice]
            given = [choice] if choice in theirs else []
        else:
            value = choice
            given = [card for card in theirs if self.card_value[card] == value]
        if not mech.claims:  # a state set up mid-round (a position) starts with none
            mech.claims = [[] for _ in range(state.n)]
        claims = mech.claims
        theirs_before, mine_before = claims[other][:], claims[player][:]
        zone = self.zone.index
        if given:
            mover(state, mech, player, given, self.zone, other, self.target, player)
            if isinstance(state.log[-1], CardsMoved):  # told by the ask itself, face up
                state.log.pop()
            if self.target.hidden and not self.target.shared:
                known = mech.known[player]
                known.extend(card for card in given if card not in known)
            # handed over in sight: only what these cards touch is unsure now
            if theirs_before:
                claims[other] = updated(theirs_before, zone, given, seen=True, leaving=True)
            if mine_before:
                claims[player] = updated(mine_before, self.target.index, given, True, False)
        group = self.groups[value]
        if not self.by_card:  # every match given, or none held: they hold none of it
            note(claims[other], (zone, group, False))
        elif not given:
            note(claims[other], (zone, frozenset((choice,)), False))
        note(claims[player], (zone, group, True))
        card = choice if self.by_card else -1
        label = self.labels[choice]
        state.log.append(Asked(player, other, self.field, label, card, tuple(given)))
        mech.got = bool(given)
        return True

    def words(self, offset: int, card_name: Callable[[int], str]) -> str:
        seat, choice = divmod(offset, self.choices)
        whom = (
            "the chosen player"  # one seat only is ever offered
            if self.only_target
            else ("the next player", "the player after next")[seat]
            if seat < 2
            else (f"the player {seat + 1} seats on")
        )
        if self.by_card:
            return f"ask {whom} for {card_name(choice)}"
        return f"ask {whom} for {self.field} {self.labels[choice]}"

    def card_part(self, offset: int) -> tuple[int, int] | None:
        return None

    def seat_at(self, state: State, mech: Mech, offset: int) -> int:
        """The player asked (seats counted from the asker, the player acting now)."""
        return (mech.acting + offset // self.choices + 1) % state.n

    def card_of(self, state: State, mech: Mech, offset: int) -> int:
        """The named card asked for (strategies read its fields); -1 for a value."""
        return offset % self.choices if self.by_card else -1


def ask_rule(
    common: dict[str, Any],
    move: Any,
    zone: Zone,
    target: Zone,
    column: tuple[Any, ...],
    card_ids: tuple[str, ...],
    seats: int,
) -> AskMove:
    """The compiled `ask` of a structure's move, its values taken from the deck's field."""
    values = list(dict.fromkeys(v for v in column if v is not None))
    index = {value: i for i, value in enumerate(values)}
    card_value = tuple(index[v] if v is not None else -1 for v in column)
    groups = tuple(
        frozenset(card for card, of in enumerate(card_value) if of == i) for i in range(len(values))
    )
    by_card = move.for_ == "card"
    labels = card_ids if by_card else tuple(str(v) for v in values)
    choices = max(len(labels), 1)
    return AskMove(
        **common,
        size=max(seats, 1) * choices,
        zone=zone,
        target=target,
        field=move.field,
        by_card=by_card,
        choices=choices,
        labels=labels,
        card_value=card_value,
        groups=groups,
        ordered=tuple(tuple(sorted(group)) for group in groups),
    )


def note(claims: list[Claim], claim: Claim) -> None:
    """Add a claim to a player's, replacing any it contradicts (some of these cards against
    none of cards including them; none of these against some of cards among them)."""
    if claim in claims:
        return
    zone, cards, some = claim
    claims[:] = [
        c
        for c in claims
        if c[0] != zone or c[2] == some or not (cards <= c[1] if some else c[1] <= cards)
    ]
    claims.append(claim)


def updated(
    claims: list[Claim], zone: int, cards: list[int], seen: bool, leaving: bool
) -> list[Claim]:
    """A player's claims once cards left (or entered) their zone: a claim that some of its
    cards are there goes when one of them left in sight, or anything left unseen; a claim that
    none are goes when one of them arrived in sight, or anything arrived unseen."""
    moved = set(cards)
    return [
        (where, group, some)
        for where, group, some in claims
        if where != zone or some != leaving or (seen and not group & moved)
    ]


def forget_claims(
    mech: Mech, owner: int, zone: int, cards: list[int], seen: bool, leaving: bool
) -> None:
    """Cards left (or entered) a player's zone: drop the claims that made unsure."""
    if mech.claims and mech.claims[owner]:
        mech.claims[owner] = updated(mech.claims[owner], zone, cards, seen, leaving)


def honour_claims(state: State, copy: State, observer: int, rng: random.Random) -> None:
    """Swap cards of a determinised copy so that every other player's claims hold: a claimed
    card is brought from wherever the observer cannot see (another hand's unknown cards, a
    face-down pile, the cards out of play) in exchange for an unknown card of the claimant's,
    never breaking a claim that held."""
    mech: Mech = state.mech
    if not any(mech.claims):
        return
    game = state.game
    slots: list[tuple[list[int], int, int, int]] = []
    """(cards, place, owner, zone): the places the observer cannot see."""
    for zone in game.player_zones:
        if not zone.hidden_from_others or game.tables[zone.kind] is not game.deck:
            continue
        for player in range(state.n):
            if player == observer:
                continue
            cards, known = copy.zones[zone.index][player], mech.known[player]
            slots += [(cards, i, player, zone.index) for i, c in enumerate(cards) if c not in known]
    for zone in game.shared_zones:
        if zone.hidden_from_others and game.tables[zone.kind] is game.deck:
            pile = copy.shared[zone.index]
            slots += [(pile, i, -1, -1) for i in range(len(pile))]
    slots += [(copy.out_of_play, i, -1, -1) for i in range(len(copy.out_of_play))]

    def holds(owner: int, zone: int, without: int, plus: int) -> bool:
        """Whether swapping one card of the owner's zone for another keeps every claim on the
        zone that held (one still broken may stay so: it is mended in its turn)."""
        if owner < 0:
            return True
        before = set(copy.zones[zone][owner])
        after = (before - {without}) | {plus}
        return all(
            bool(group & after) == some
            for where, group, some in mech.claims[owner]
            if where == zone and bool(group & before) == some
        )

    for player in range(state.n):
        if player == observer:
            continue
        for claimed, group, some in mech.claims[player]:
            hand = copy.zones[claimed][player]
            mine = [s for s in slots if s[0] is hand]
            if some:
                if any(card in group for card in hand):
                    continue
                theirs = [s for s in slots if s[0] is not hand and s[0][s[1]] in group]
                rng.shuffle(mine)
                rng.shuffle(theirs)
                _swap_one(mine, theirs, player, claimed, holds)
                continue
            for spot in mine:  # none of the group: each such card swapped for another
                if spot[0][spot[1]] not in group:
                    continue
                theirs = [s for s in slots if s[0] is not hand and s[0][s[1]] not in group]
                rng.shuffle(theirs)
                _swap_one([spot], theirs, player, claimed, holds)


def _swap_one(
    mine: list[tuple[list[int], int, int, int]],
    theirs: list[tuple[list[int], int, int, int]],
    player: int,
    zone: int,
    holds: Callable[[int, int, int, int], bool],
) -> None:
    for cards, place, owner, where in theirs:
        wanted = cards[place]
        for hand, spot, _, _ in mine:
            given = hand[spot]
            if holds(player, zone, given, wanted) and holds(owner, where, wanted, given):
                cards[place], hand[spot] = given, wanted
                return


def asked_view(machine: StagedMechanic, mech: Mech) -> list[list[AskedView]]:
    """What asking showed, per seat, as an observation (and a saved position) writes it."""
    ids = machine.card_ids
    zone_ids = {zone.index: zone.id for zone in machine.zones if not zone.shared}
    return [
        [
            {
                "zone": zone_ids.get(zone, str(zone)),
                "holds": "some" if some else "none",
                "cards": [ids[card] for card in sorted(cards)],
            }
            for zone, cards, some in claims
        ]
        for claims in mech.claims
    ]
