"""Simultaneous drafting onto grids or into tableaux, configured by data.

Every pick, all players choose a card of their hand at once, together with where it goes and
whether it is paid for (face up) or placed face down. The choice is hidden until all have
chosen; then all cards are revealed, paid and placed, and the actions of face-up cards that
carry one (shop actions) resolve, higher card number first, each possibly asking its owner to
choose and possibly triggering more. Then hands pass in the current direction.

Choosing the place together with the card is equivalent to the printed sequence (choose, then
reveal and place): where a card may go depends only on one's own park, which nobody else
changes between the choice and the placement.

Corner cases the rule text leaves open, decided here:

- An extra pick (blue shop) happens after every triggered action of the pick has resolved and
  before hands pass. A player whose park is already full, or whose hand is empty, skips it.
  Several extra picks in one round are played one after another.
- The game ends when no player can place any more: normally after the pick that fills every
  park (9 cards). Cards left in hands are then set aside.
- A player can always place face down (the plan's shape is connected, so an empty bordering
  cell always exists); a player who cannot pay or place any card face up must do so.
- A card that reaches a park face up through a swap (red or purple shop) triggers its own
  shop action for the player whose park it reaches, after the current one; but no card's
  action resolves twice in one round (the purple card swapped away by its own action does not
  fire again for its new owner), so chains always end.
- A triggered card waits in the queue once, however often it changes hands before its turn.
  The rule text gives the action to the park the card ends up in ("another park card with a
  shop symbol ending up in a player's park"), so when its turn comes it acts for the player in
  whose park it then lies face up: a fresh shop card swapped into another park by a
  higher-numbered shop acts once, for its new owner, not once for each. A card that has gone
  back into a hand (or face down) before its turn does not act; placed face up again later in
  the round, it triggers anew, since it never acted.
- The red swap may exchange a face-up or a face-down card of the park; the hand card is placed
  face up for free and must obey the ascending and unique-number rules at that cell.

A tableau draft has no plan: a picked card goes face up into the player's tableau (a plain
zone). It may be played over several rounds:

- Each round deals new hands from the cards not dealt yet (the setup's deal count to the hand
  zone), picks until every player has placed `placements` cards or hands are empty, then sets
  the cards left in hands aside, banks the round scoring (`end_of_round`) and, with several
  rounds, discards the tableau's cards except those `keep` matches.
- A round's hands pass in the round's direction (`pass_direction` cycles round by round); a
  reversing action lasts until the round ends.
- With a price, a player who can pay for no card of their hand discards one card instead
  (free, set aside).
- Triggered actions of one pick resolve in seat order.
- The game ends after the last round, or earlier when `end_of_round` says an end condition
  holds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.errors import IllegalActionError, UnsupportedGameError
from toolkit.kernel.events import GAME_ENDED, Dealt, Event, RoundEnded
from toolkit.kernel.mechanic import BotOption, CardWords
from toolkit.kernel.observation import table_view
from toolkit.kernel.state import DECLINE, EffectFn, State
from toolkit.mechanics.defaults import MachineDefaults, twin_cards
from toolkit.mechanics.draft import narration
from toolkit.mechanics.draft.codec import DraftCodec, HandSwap, OpponentSwap
from toolkit.mechanics.draft.events import (
    EXTRA_PICK,
    CardActed,
    CardActionLapsed,
    HandsPassed,
    HandSwapped,
    OpponentSwapped,
    PickDiscarded,
    Picked,
    Placed,
    TableauDiscarded,
    Taken,
)
from toolkit.mechanics.draft.grid import Cell, Shape, ascending_ok, grid_problems, initial_offsets
from toolkit.mechanics.draft.observation import (
    DOWN,
    GridObservation,
    TableauObservation,
    cell_key,
)

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.mechanics.draft.structure import Draft

NO_CHOICE = -2
NO_SHAPE = Shape(frozenset())
"""A tableau's stand-in for the plan: no cells."""


@dataclass(slots=True)
class DraftState:
    machine: DraftMechanic
    """The compiled mechanic, for the draft's own effects (they compile before it exists)."""
    shape: Shape
    size: int
    waiting: list[bool]
    choices: list[int]
    offsets: list[frozenset[Cell]]
    direction: int = 1
    extra_picks: int = 0
    queue: list[tuple[int, int, int]] = field(default_factory=list)
    """Triggered actions waiting to resolve, one entry per card: (card number, seat that
    triggered it, card), in resolution order once sorted. The player who acts is the card's
    holder when its turn comes (`holder`), who may since have changed."""
    set_aside: list[int] = field(default_factory=list)
    resolved: set[int] = field(default_factory=set)
    """Cards whose action resolved this round; none resolves twice, so chains end."""
    passed: list[tuple[int, ...]] = field(default_factory=list)
    """The hand each player passed at the last pass: its passer knows what its neighbour holds."""
    passed_step: int = 0
    """The direction of that pass (+1 to the next seat, -1 to the previous)."""
    placed: list[int] = field(default_factory=list)
    """Cards each player has placed this round (tableau drafts)."""
    discarded: list[int] = field(default_factory=list)
    """Tableau cards discarded at the end of rounds (public)."""

    def copy(self) -> DraftState:
        return DraftState(
            self.machine,
            self.shape,
            self.size,
            self.waiting[:],
            self.choices[:],
            self.offsets[:],
            self.direction,
            self.extra_picks,
            self.queue[:],
            self.set_aside[:],
            set(self.resolved),
            self.passed,
            self.passed_step,
            self.placed[:],
            self.discarded[:],
        )


DECISIONS_PER_PLACEMENT = 8
"""A generous bound on the choices one placement can lead to (shop actions and their chains)."""


@dataclass(frozen=True)
class DraftMechanic(MachineDefaults):
    hand: int
    park: int
    price_resource: int
    prices: tuple[int, ...]
    numbers: tuple[int, ...]
    unique_numbers: bool
    reading_order: bool
    face_down_allowed: bool
    highest_first: bool
    start_direction: int
    plan_slot: str
    shapes: dict[int, Shape]
    actions: tuple[tuple[EffectFn, ...], ...]
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    distinct_numbers: tuple[int, ...]
    codec: DraftCodec
    action_texts: tuple[str, ...]
    """Each card's printed action text, if the cards have one (for narration)."""
    tableau: bool = False
    """Picked cards go face up into a plain zone (`park` is its index): no plan, no cells."""
    placements: int = 0
    """Cards each player places in a round (tableau drafts)."""
    rounds: tuple[int, ...] = ()
    """Rounds by player count (tableau drafts)."""
    discards: bool = False
    """The tableau is discarded but for kept cards at the end of every round (several rounds)."""
    directions: tuple[int, ...] = (1,)
    """The pass direction of each round (cycling): +1 left, -1 right."""
    deal_counts: tuple[int | None, ...] = ()
    """Cards dealt to each hand at the start of a round, by player count (the setup's deal)."""
    kept: tuple[bool, ...] = ()
    """Per deck card: stays in the tableau when a round ends (`keep`)."""
    twins: tuple[int, ...] = ()
    """Identical deck cards (`twin_cards`): picks that score alike in a tableau."""

    @classmethod
    def compile(cls, spec: Draft, c: Compiler) -> DraftMechanic:
        from toolkit.rules.setup.deal import Deal  # compiling only: play keeps no model

        deck = c.table("deck")
        field_values = deck.fields[spec.action_field] if spec.action_field else None
        actions = tuple(
            c.effects(field_values[card], f"shop {deck.ids[card]}") if field_values else ()
            for card in range(deck.size)
        )
        price = spec.price
        common: dict[str, Any] = {
            "hand": c.zone(spec.hand).index,
            "price_resource": c.resource(price.resource) if price is not None else -1,
            "prices": (
                tuple(p or 0 for p in deck.fields[price.field])
                if price is not None
                else (0,) * deck.size
            ),
            "actions": actions,
            "card_ids": deck.ids,
            "card_names": deck.names,
            "action_texts": tuple(str(text or "") for text in deck.fields.get("action_text", ())),
            "start_direction": _step(spec.directions()[0]),
        }
        grid = spec.grid
        if grid is None:
            assert spec.tableau is not None
            deal = next(
                (s for s in c.setup_steps if isinstance(s, Deal) and s.to == spec.hand), None
            )
            keep = spec.keep
            zone = c.zone(spec.tableau.zone)
            test = c.predicate(zone.kind, keep.where) if keep is not None else None
            return cls(
                **common,
                park=zone.index,
                numbers=(0,) * deck.size,
                unique_numbers=False,
                reading_order=False,
                face_down_allowed=False,
                highest_first=False,
                plan_slot="",
                shapes={},
                distinct_numbers=(),
                codec=DraftCodec.for_game(deck.size, 0, 0, c.max_players),
                tableau=True,
                placements=spec.placements or deck.size,
                rounds=c.per_players(spec.rounds),
                discards=spec.most_rounds() > 1,
                directions=tuple(_step(d) for d in spec.directions()),
                deal_counts=(deal.counts(c) if deal is not None else (None,) * (c.max_players + 1)),
                kept=tuple(
                    bool(test(card)) if test is not None else False for card in range(deck.size)
                ),
                twins=twin_cards(deck.fields, deck.size),
            )
        plans = c.table(plan_pool(grid.plan_slot, c))
        shape = plans.field_of_type("shape")
        if shape is None:
            raise UnsupportedGameError(f"the plan cards ('{plans.kind}') declare no shape field")
        shapes = {k: Shape.from_rows(rows) for k, rows in enumerate(plans.fields[shape])}
        return cls(
            **common,
            park=c.zone(grid.zone).index,
            numbers=tuple(deck.fields[grid.order_field]),
            unique_numbers=grid.unique_field is not None,
            reading_order=grid.ascending == "reading_order",
            face_down_allowed=grid.face_down,
            highest_first=spec.resolve_order == "highest_first",
            plan_slot=grid.plan_slot,
            shapes=shapes,
            distinct_numbers=tuple(sorted(set(deck.fields[grid.order_field]))),
            codec=DraftCodec.for_game(
                deck.size,
                max((_span(shape, 0) for shape in shapes.values()), default=0),
                max((_span(shape, 1) for shape in shapes.values()), default=0),
                c.max_players,
            ),
        )

    # -- phases ------------------------------------------------------------------------------

    def setup(self, state: State) -> None:
        if self.tableau:
            n = state.n
            state.mech = DraftState(
                machine=self,
                shape=NO_SHAPE,
                size=self.placements,
                waiting=[True] * n,
                choices=[NO_CHOICE] * n,
                offsets=[],
                direction=self.start_direction,
                placed=[0] * n,
            )
            self._start_pick(state)
            return
        _, plan, _ = state.slots[self.plan_slot][0]
        shape = self.shapes[plan]
        n = state.n
        state.mech = DraftState(
            machine=self,
            shape=shape,
            size=len(shape.cells),
            waiting=[True] * n,
            choices=[NO_CHOICE] * n,
            offsets=[initial_offsets(shape)] * n,
            direction=self.start_direction,
        )
        self._start_pick(state)

    def max_actions(self, players: int) -> int:
        """Every pick places a card of the deck once at most (a tableau's discarded cards never
        come back); each placement may trigger a few
        choices (a shop action, a swap), and no card's action resolves twice in a round."""
        return len(self.numbers) * DECISIONS_PER_PLACEMENT

    def to_move(self, state: State) -> tuple[int, ...]:
        waiting = state.mech.waiting
        return tuple(p for p in range(state.n) if waiting[p])

    def legal_actions(self, state: State, player: int) -> list[int]:
        mech: DraftState = state.mech
        if not mech.waiting[player]:
            return []
        if self.tableau:
            return self._tableau_picks(state, player)
        park = state.grids[self.park][player]
        cells = mech.shape.open_cells(park, mech.offsets[player])
        resource = self.price_resource
        coins = state.res[player][resource] if resource >= 0 else 0
        prices, numbers, reading = self.prices, self.numbers, self.reading_order
        used = {numbers[card] for card in park.values() if card >= 0}
        pick_id = self.codec.pick_id
        indexes = [self.codec.cell_index(cell) for cell in cells]
        actions = []
        for card in state.zones[self.hand][player]:
            face_up = prices[card] <= coins and not (self.unique_numbers and numbers[card] in used)
            for cell, index in zip(cells, indexes, strict=True):
                if face_up and ascending_ok(park, cell, numbers[card], numbers, reading):
                    actions.append(pick_id(card, index, False))
                if self.face_down_allowed:
                    actions.append(pick_id(card, index, True))
        return actions

    def _tableau_picks(self, state: State, player: int) -> list[int]:
        """Every hand card it can pay for; if none, discarding any one (picks are card * 2,
        discards card * 2 + 1: one cell)."""
        hand = state.zones[self.hand][player]
        if self.price_resource < 0:
            return [card * 2 for card in hand]
        coins = state.res[player][self.price_resource]
        prices = self.prices
        picks = [card * 2 for card in hand if prices[card] <= coins]
        return picks or [card * 2 + 1 for card in hand]

    def apply(self, state: State, player: int, action: int) -> None:
        mech: DraftState = state.mech
        if not mech.waiting[player]:
            raise IllegalActionError(
                f"player {player} has already chosen or has nothing to choose",
                self.summary(state),
            )
        if not self._allowed(state, player, action):
            raise IllegalActionError(
                f"player {player} cannot {self.describe_action(state, action)}: "
                "not in hand, not payable, or against the placement rules",
                self.summary(state),
            )
        mech.choices[player] = action
        mech.waiting[player] = False
        state.log.append(Picked(player, action))
        if not any(mech.waiting):
            self._reveal(state)

    def _allowed(self, state: State, player: int, action: int) -> bool:
        """Whether `action` is one of `legal_actions(state, player)`, checked for this one
        pick instead of listing them all (the same rules, in the same terms)."""
        if not 0 <= action < self.codec.picks:
            return False
        pick = self.codec.pick(action)
        card, cell = pick.card, pick.cell
        if card not in state.zones[self.hand][player]:
            return False
        if self.tableau:
            return action in self._tableau_picks(state, player)
        mech: DraftState = state.mech
        park = state.grids[self.park][player]
        if cell not in mech.shape.open_cells(park, mech.offsets[player]):
            return False
        if pick.face_down:
            return self.face_down_allowed
        numbers = self.numbers
        resource = self.price_resource
        if self.prices[card] > (state.res[player][resource] if resource >= 0 else 0):
            return False
        if self.unique_numbers and any(
            numbers[other] == numbers[card] for other in park.values() if other >= 0
        ):
            return False
        return ascending_ok(park, cell, numbers[card], numbers, self.reading_order)

    def _reveal(self, state: State) -> None:
        mech: DraftState = state.mech
        for player in range(state.n):
            action = mech.choices[player]
            if action == NO_CHOICE:
                continue
            pick = self.codec.pick(action)
            state.zones[self.hand][player].remove(pick.card)
            if self.tableau:
                self.take(state, player, pick.card, pick.face_down)
                continue
            if not pick.face_down and self.price_resource >= 0:
                state.pay(player, self.price_resource, self.prices[pick.card])
            self.place(state, player, pick.card, pick.cell, pick.face_down)
        mech.choices = [NO_CHOICE] * state.n
        self._process_queue(state)

    def place(self, state: State, player: int, card: int, cell: Cell, face_down: bool) -> None:
        mech: DraftState = state.mech
        park = state.grids[self.park][player]
        park[cell] = ~card if face_down else card
        mech.offsets[player] = mech.shape.narrow(mech.offsets[player], cell)
        state.log.append(Placed(player, card, cell, face_down))
        if face_down:
            counters = state.stats.counters
            counters["face-down cards"] = counters.get("face-down cards", 0) + 1
            return
        state.zones[self.park][player].append(card)
        self.trigger(state, player, card)

    def take(self, state: State, player: int, card: int, discard: bool) -> None:
        """A tableau pick, out of the hand already: paid for and face up into the tableau, or
        discarded (set aside) by a player who can pay for nothing."""
        mech: DraftState = state.mech
        mech.placed[player] += 1
        if discard:
            mech.set_aside.append(card)
            state.log.append(PickDiscarded(player, card))
            return
        if self.price_resource >= 0:
            state.pay(player, self.price_resource, self.prices[card])
        state.zones[self.park][player].append(card)
        state.log.append(Taken(player, card))
        self.trigger(state, player, card)

    def trigger(self, state: State, player: int, card: int) -> None:
        """Queue the action of a card that reached `player`'s park face up, unless it has
        acted this round or already waits (it then acts once, for whoever holds it)."""
        mech: DraftState = state.mech
        if not self.actions[card] or card in mech.resolved:
            return
        if all(queued != card for _, _, queued in mech.queue):
            mech.queue.append((self.numbers[card], player, card))

    def holder(self, state: State, card: int) -> int | None:
        """The player whose park holds `card` face up, if any."""
        for player, cards in enumerate(state.zones[self.park]):
            if card in cards:
                return player
        return None

    def _process_queue(self, state: State) -> None:
        mech: DraftState = state.mech
        while mech.queue:
            mech.queue.sort(reverse=self.highest_first)
            _, _, card = mech.queue.pop(0)
            owner = self.holder(state, card)
            if owner is None:
                state.log.append(CardActionLapsed(card))
                continue
            mech.resolved.add(card)
            counters = state.stats.counters
            key = f"shop {self.card_ids[card]}"
            counters[key] = counters.get(key, 0) + 1
            state.log.append(CardActed(owner, card))
            if not state.run_effects(self.actions[card], owner, card):
                return  # a player must choose; after_effects resumes
        self._end_of_pick(state)

    def after_effects(self, state: State) -> None:
        self._process_queue(state)

    def _end_of_pick(self, state: State) -> None:
        mech: DraftState = state.mech
        while mech.extra_picks > 0:
            mech.extra_picks -= 1
            if self._start_pick(state):
                state.log.append(EXTRA_PICK)
                return
        hands = state.zones[self.hand]
        if self.tableau:
            if not any(mech.placed[p] < mech.size and hands[p] for p in range(state.n)):
                self._end_of_round(state)
                return
            self._pass(state)
            if not self._start_pick(state):
                self._end_of_round(state)
            return
        if not any(len(state.grids[self.park][p]) < mech.size for p in range(state.n)):
            for hand in hands:
                mech.set_aside.extend(hand)
                hand.clear()
            self._end_grid_game(state)
            return
        n, step = state.n, mech.direction
        mech.passed = [tuple(hand) for hand in hands]
        mech.passed_step = step
        state.zones[self.hand] = [hands[(p - step) % n] for p in range(n)]
        state.log.append(HandsPassed("left" if step == 1 else "right"))
        state.round += 1
        mech.resolved = set()
        if not self._start_pick(state):
            self._end_grid_game(state)

    def _end_grid_game(self, state: State) -> None:
        """A grid draft is one round (its `round` counts passes): the game's end is that
        round's end, so round scoring applies once."""
        state.game.end_of_round(state)
        state.terminal = True
        state.log.append(GAME_ENDED)

    def _pass(self, state: State) -> None:
        mech: DraftState = state.mech
        hands = state.zones[self.hand]
        n, step = state.n, mech.direction
        mech.passed = [tuple(hand) for hand in hands]
        mech.passed_step = step
        state.zones[self.hand] = [hands[(p - step) % n] for p in range(n)]
        state.log.append(HandsPassed("left" if step == 1 else "right"))
        mech.resolved = set()

    def _end_of_round(self, state: State) -> None:
        """A tableau round is over: hands are set aside, the round scores, the tableau is
        discarded but for kept cards (several rounds); then the next round is dealt."""
        mech: DraftState = state.mech
        for hand in state.zones[self.hand]:
            mech.set_aside.extend(hand)
            hand.clear()
        state.log.append(RoundEnded(state.round))
        ended = state.game.end_of_round(state)
        if self.discards:
            kept = self.kept
            for player, cards in enumerate(state.zones[self.park]):
                gone = [card for card in cards if not kept[card]]
                if gone:
                    mech.discarded.extend(gone)
                    state.zones[self.park][player] = [card for card in cards if kept[card]]
                    state.log.append(TableauDiscarded(player, tuple(gone)))
        if ended or state.round >= self.rounds[state.n]:
            state.terminal = True
            state.log.append(GAME_ENDED)
            return
        state.round += 1
        n = state.n
        pile = state.out_of_play
        count = self.deal_counts[n]
        each = count if count is not None else len(pile) // n
        state.zones[self.hand] = [pile[p * each : (p + 1) * each] for p in range(n)]
        state.out_of_play = pile[n * each :]
        state.log.append(Dealt(each, len(state.out_of_play)))
        mech.direction = self.directions[(state.round - 1) % len(self.directions)]
        mech.placed = [0] * n
        mech.passed = []
        mech.resolved = set()
        if not self._start_pick(state):
            self._end_of_round(state)

    def _start_pick(self, state: State) -> bool:
        """Open a pick for every player who can place; False when nobody can.

        A pick (extra picks included) is a turn: `state.turn` advances only when one opens,
        so a finished game's turn is the number of picks played."""
        mech: DraftState = state.mech
        hands = state.zones[self.hand]
        if self.tableau:
            mech.waiting = [mech.placed[p] < mech.size and bool(hands[p]) for p in range(state.n)]
        else:
            parks = state.grids[self.park]
            mech.waiting = [len(parks[p]) < mech.size and bool(hands[p]) for p in range(state.n)]
        mech.choices = [NO_CHOICE] * state.n
        if any(mech.waiting):
            state.turn += 1
            return True
        return False

    # -- what shop actions do ------------------------------------------------------------------

    def hand_swaps(self, state: State, player: int) -> list[int]:
        """`HandSwap` actions: a placed card may give way to a hand card, free."""
        park = state.grids[self.park][player]
        numbers = self.numbers
        options = []
        for cell in park:
            used = {numbers[c] for at, c in park.items() if c >= 0 and at != cell}
            for new in state.zones[self.hand][player]:
                if self.unique_numbers and numbers[new] in used:
                    continue
                if ascending_ok(park, cell, numbers[new], numbers, self.reading_order):
                    options.append(self.codec.encode(HandSwap(cell, new)))
        return options

    def swap_with_hand(self, state: State, player: int, option: int) -> None:
        swap = self.codec.decode(option)
        assert isinstance(swap, HandSwap)
        cell, new = swap.cell, swap.card
        park = state.grids[self.park][player]
        old = park[cell]
        hand = state.zones[self.hand][player]
        hand.remove(new)
        if old >= 0:
            state.zones[self.park][player].remove(old)
            hand.append(old)
        else:
            hand.append(~old)
        park[cell] = new
        state.zones[self.park][player].append(new)
        state.log.append(HandSwapped(player, cell, old, new))
        self.trigger(state, player, new)

    def opponent_swaps(self, state: State, player: int, match: tuple[Any, ...]) -> list[int]:
        """`OpponentSwap` actions: own and other players' face-up cards of equal `match`."""
        mine = state.grids[self.park][player]
        options = []
        for cell, card in mine.items():
            if card < 0:
                continue
            for other in range(state.n):
                if other == player:
                    continue
                for their_cell, theirs in state.grids[self.park][other].items():
                    if theirs >= 0 and match[theirs] == match[card]:
                        options.append(self.codec.encode(OpponentSwap(cell, other, their_cell)))
        return options

    def swap_with_opponent(self, state: State, player: int, option: int) -> None:
        swap = self.codec.decode(option)
        assert isinstance(swap, OpponentSwap)
        cell, other, their_cell = swap.cell, swap.other, swap.their_cell
        mine, theirs = state.grids[self.park][player], state.grids[self.park][other]
        my_card, their_card = mine[cell], theirs[their_cell]
        mine[cell], theirs[their_cell] = their_card, my_card
        zone = state.zones[self.park]
        zone[player].remove(my_card)
        zone[player].append(their_card)
        zone[other].remove(their_card)
        zone[other].append(my_card)
        state.log.append(OpponentSwapped(player, other, my_card, their_card))
        self.trigger(state, player, their_card)
        self.trigger(state, other, my_card)

    def position_problems(
        self, state: State, zone: int, player: int
    ) -> list[tuple[Cell | None, str]]:
        """Placement-rule problems of a whole park (for hand-written positions: the kernel's
        `PlacementRules`)."""
        if zone != self.park or self.tableau:
            return []
        _, plan, _ = state.slots[self.plan_slot][0]
        park = state.grids[self.park][player]
        return grid_problems(park, self.shapes[plan], self.numbers, self.reading_order)

    # -- presentation ----------------------------------------------------------------------------

    def preview(self, state: State, player: int, action: int) -> State:
        """The position right after `player`'s own pick, without waiting for the others."""
        after = state.clone(for_scoring=True)
        if state.pending is not None or not state.mech.waiting[player]:
            after.apply(player, action)
            return after
        pick = self.codec.pick(action)
        after.zones[self.hand][player].remove(pick.card)
        if self.tableau:
            self.take(after, player, pick.card, pick.face_down)
            after.mech.queue.clear()
            return after
        if not pick.face_down and self.price_resource >= 0:
            after.pay(player, self.price_resource, self.prices[pick.card])
        self.place(after, player, pick.card, pick.cell, pick.face_down)
        after.mech.queue.clear()
        return after

    def options_left(self, state: State, player: int) -> int:
        """How much room the park leaves for face-up cards: for every empty cell the plan can
        still use, the number values not yet in the park that could go there. Cards placed
        where they squeeze the ascending order force face-down cards later; two placements
        that score alike now differ here."""
        mech: DraftState = state.mech
        if self.tableau:
            return 0
        park = state.grids[self.park][player]
        if len(park) >= mech.size:
            return 0
        numbers, reading = self.numbers, self.reading_order
        used = {numbers[card] for card in park.values() if card >= 0}
        values = [value for value in self.distinct_numbers if value not in used]
        empty = {
            (r + dr, c + dc) for dr, dc in mech.offsets[player] for r, c in mech.shape.cells
        }.difference(park)
        return sum(
            1
            for cell in empty
            for value in values
            if ascending_ok(park, cell, value, numbers, reading)
        )

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        """A copy where what `observer` cannot see is dealt anew, consistently with what it saw.

        Others' hands, their hidden picks of the current turn (undone, so they choose again
        without the observer learning them), the identities of their face-down cards and the
        undealt cards are shuffled together; the neighbour who received the observer's last
        passed hand gets back as much of that hand as is still unaccounted for.
        """
        copy = state.clone(for_scoring=True)
        copy.seed = rng.getrandbits(62)
        mech: DraftState = copy.mech
        n = copy.n
        for player in range(n):
            if player != observer and mech.choices[player] != NO_CHOICE:
                mech.choices[player] = NO_CHOICE
                mech.waiting[player] = True
        hands = copy.zones[self.hand]
        parks = copy.grids[self.park]
        if self.tableau:
            # Unknown: the others' hands, the cards not dealt yet and the hands' leftovers
            # set aside at earlier rounds' ends (all face down); tableaux are public.
            pool = sorted(c for p in range(n) if p != observer for c in hands[p])
            pool += sorted([*copy.out_of_play, *mech.set_aside])
        else:
            own = set(hands[observer])
            visible = {card for park in parks for card in park.values() if card >= 0}
            own_down = {~card for card in parks[observer].values() if card < 0}
            pool = [
                card
                for card in copy.deck_cards  # cards removed at setup are in nobody's hand
                if card not in own
                and card not in visible
                and card not in own_down
                and card not in mech.set_aside
            ]
        rng.shuffle(pool)
        remaining = set(pool)
        receiver = (observer + mech.passed_step) % n if mech.passed else None
        order = [p for p in range(n) if p != observer]
        if receiver is not None and receiver != observer:
            order.remove(receiver)
            order.insert(0, receiver)
        for player in order:
            size = len(hands[player])
            known: list[int] = []
            if player == receiver and mech.passed:
                known = [c for c in mech.passed[observer] if c in remaining][:size]
            for card in known:
                remaining.discard(card)
            rest = [c for c in pool if c in remaining][: size - len(known)]
            for card in rest:
                remaining.discard(card)
            hands[player] = known + rest
        for player in order:
            park = parks[player]
            for cell, card in list(park.items()):
                if card < 0 and remaining:
                    new = next(c for c in pool if c in remaining)
                    remaining.discard(new)
                    park[cell] = ~new
        unknown = [c for c in pool if c in remaining]
        if self.tableau:
            undealt = len(copy.out_of_play)
            copy.out_of_play, mech.set_aside = unknown[:undealt], unknown[undealt:]
        else:
            copy.out_of_play = unknown
        return copy

    def equivalent_actions(self, state: State, player: int, actions: list[int]) -> list[list[int]]:
        """Actions that score alike, grouped: the same card the same way up in different
        cells, unless the scoring in play looks at positions."""
        if self.tableau:
            return super().equivalent_actions(state, player, actions)
        if state.pending is not None or state.game.scoring_uses_positions(state):
            return [[action] for action in actions]
        groups: dict[tuple[int, bool], list[int]] = {}
        key = self.codec.pick_key
        for action in actions:
            groups.setdefault(key(action), []).append(action)
        return list(groups.values())

    def bot_option(self, state: State, action: int) -> BotOption:
        pick = self.codec.pick(action)
        return BotOption("pick", pick.card, pick.face_down)

    def describe_action(self, state: State, action: int) -> str:
        pending = state.pending
        if pending is not None:
            if action == DECLINE:
                return "decline"
            if pending.kind in SWAPS and 0 <= action < self.codec.num_distinct_actions:
                record = self.codec.decode(action)
                if isinstance(record, HandSwap):
                    return (
                        f"put {self._name(record.card)} at {record.cell} in place of the card there"
                    )
                if isinstance(record, OpponentSwap):
                    return (
                        f"swap the card at {record.cell} with player {record.other + 1}'s "
                        f"card at {record.their_cell}"
                    )
            return f"option {action + 1}"
        if not 0 <= action < self.codec.picks:
            return f"action {action}"
        pick = self.codec.pick(action)
        if self.tableau:
            return f"{'discard' if pick.face_down else 'take'} {self._name(pick.card)}"
        how = "face down" if pick.face_down else "face up"
        return f"place {self._name(pick.card)} {how} at {pick.cell}"

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None:
        return narration.action(self, state, action, words)

    def narrate_event(
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None:
        return narration.event(self, event, viewer, words)

    def _name(self, card: int) -> str:
        return self.card_ids[card] if 0 <= card < len(self.card_ids) else f"card {card}"

    def observe(self, state: State, player: int) -> GridObservation | TableauObservation:
        if self.tableau:
            return self.observe_tableau(state, player)
        return self.observe_grid(state, player)

    def observe_tableau(self, state: State, player: int) -> TableauObservation:
        mech: DraftState = state.mech
        own = mech.choices[player]
        ids = self.card_ids
        return {
            "player": player,
            "round": state.round,
            "rounds": self.rounds[state.n],
            "direction": "left" if mech.direction == 1 else "right",
            "to_move": list(state.to_move()),
            "hand": [ids[c] for c in state.zones[self.hand][player]],
            "hand_sizes": [len(h) for h in state.zones[self.hand]],
            "my_choice": self.describe_action(state, own) if own != NO_CHOICE else None,
            "tableaux": [[ids[c] for c in cards] for cards in state.zones[self.park]],
            "discarded": len(mech.discarded),
            **table_view(state, player),
        }

    def observe_grid(self, state: State, player: int) -> GridObservation:
        mech: DraftState = state.mech
        own = mech.choices[player]
        ids = self.card_ids
        parks = []
        for p in range(state.n):
            cells = {}
            for cell, card in sorted(state.grids[self.park][p].items()):
                if card >= 0:
                    cells[cell_key(cell)] = ids[card]
                else:
                    cells[cell_key(cell)] = f"{DOWN}:{ids[~card]}" if p == player else DOWN
            parks.append(cells)
        return {
            "player": player,
            "round": state.round,
            "direction": "left" if mech.direction == 1 else "right",
            "to_move": list(state.to_move()),
            "hand": [ids[c] for c in state.zones[self.hand][player]],
            "hand_sizes": [len(h) for h in state.zones[self.hand]],
            "my_choice": self.describe_action(state, own) if own != NO_CHOICE else None,
            "parks": parks,
            **table_view(state, player),
        }

    def summary(self, state: State) -> str:
        mech: DraftState | None = state.mech
        if mech is None:
            return "setting up"
        waiting = [p for p in range(state.n) if mech.waiting[p]]
        if self.tableau:
            return f"round {state.round} of {self.rounds[state.n]}, waiting for players {waiting}"
        return f"round {state.round}, waiting for players {waiting}"


SWAPS = ("swap-hand", "swap-opponent")
"""Decision kinds of the draft's own effects (their options are codec actions)."""


def plan_pool(plan_slot: str, c: Compiler) -> str:
    """The content kind of the cards the plan slot is filled from (the project plans)."""
    from toolkit.rules.setup.draw_random import DrawRandom
    from toolkit.rules.setup.place_card import PlaceCard

    for step in c.setup_steps:
        if isinstance(step, PlaceCard | DrawRandom) and step.to == plan_slot:
            return step.pool
    raise UnsupportedGameError(f"no setup step fills the plan slot '{plan_slot}'")


def _step(direction: str) -> int:
    """+1 passes to the next seat (left), -1 to the previous (right)."""
    return 1 if direction == "left" else -1


def _span(shape: Shape, axis: int) -> int:
    """How far a shape extends along one axis (0 rows, 1 columns), minus one."""
    values = [cell[axis] for cell in shape.cells]
    return max(values) - min(values) if values else 0
