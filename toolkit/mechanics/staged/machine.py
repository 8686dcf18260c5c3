"""The staged mechanic: a round is a program of stages the designer wrote, run by a small
interpreter; a player's turn is a choice among declared moves.

Corner cases decided here:

- A `choose` with no allowed move runs its `otherwise` stages (nothing, unless written).
- A `turns` stage passes over players who finished and those its `skip` names; when nobody
  takes a decision and no card moves for more than two rounds of turns, the round's play stops
  (`stalled`): a turn that only draws a card is progress.
- Round-end triggers are checked after every move a player makes and every `move` stage; with
  `one_more_turn`, the other players each have one more turn before play stops.
- A `simultaneous` pick takes the cards out of the picker's zone, hidden, until the reveal;
  picked cards no `then` stage moved go back where they came from.
- A card's owner is whoever moved it last (nobody, when the rules moved it): an `award` gives
  the zone's cards to whoever played the best card.
- A card a player moves from a face-up shared zone into one of their own zones (bought from a
  market row, a pile taken) counts as acquired in the simulator's card-usage statistics.
- Cards everyone saw enter a hidden zone (taken from a face-up row) stay known while they are
  there: search bots deal the other hidden cards around them.
- After the round's play, `round_end.then` runs, the round is scored (`round_scoring`), and
  the game ends when `end.when` holds or the last round is over.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolkit.errors import IllegalActionError
from toolkit.kernel.mechanic import BotOption, CardWords, Pick
from toolkit.kernel.observation import table_view
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.defaults import MachineDefaults, twin_cards
from toolkit.mechanics.staged import narration, ops
from toolkit.mechanics.staged.bets import Asking
from toolkit.mechanics.staged.checks import Test, seat_of
from toolkit.mechanics.staged.codec import StagedCodec
from toolkit.mechanics.staged.events import CardsMoved, Triggered
from toolkit.mechanics.staged.moves_ask import asked_view, forget_claims, honour_claims
from toolkit.mechanics.staged.rows import is_closed
from toolkit.mechanics.staged.runtime import WAIT, Mech, Zone
from toolkit.mechanics.staged.wagers import Wager

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.mechanics.staged.observation import StagedObservation
    from toolkit.mechanics.staged.structure import Staged

STEPS_WITHOUT_DECISION = 1_000_000
"""Ops run in a row without a decision before the interpreter gives up (a loop that cannot
progress slipped past validation): the game stops with an error naming the stage."""


@dataclass(frozen=True, slots=True)
class StagedMechanic(MachineDefaults):
    program: tuple[ops.Op, ...]
    registers: int
    round_end: ops.Label
    triggers: tuple[Test, ...]
    one_more_turn: bool
    rounds: tuple[int, ...]
    hand: Zone | None
    """The first player zone only its owner sees: what observations call the hand."""
    zones: tuple[Zone, ...]
    card_ids: tuple[str, ...]
    deck_size: int
    twins: tuple[int, ...]
    seats: tuple[tuple[int], ...]
    codec: StagedCodec
    bound: int
    """Actions per round at most, from the loops' bounds."""
    hidden_from_owner: tuple[int, ...]
    """Player zones nobody sees, not even their owner (face-down cards)."""
    paths: dict[int, str]
    """Each decision op's stage path in the structure (what positions write as `at`)."""
    decision_at: dict[str, int]
    first_decision: int
    direction: int
    """Turn order at the start of a round: 1 clockwise, -1 counterclockwise."""
    fields: dict[str, tuple[Any, ...]]
    wagers: bool = False
    """Whether a stage or move stakes a resource: the state keeps a `Wager`."""

    @classmethod
    def compile(cls, spec: Staged, c: Compiler) -> StagedMechanic:
        # The builder reads the content models, here only: the interpreter plays without them.
        from toolkit.mechanics.staged.build import ProgramBuilder

        builder = ProgramBuilder(spec, c)
        program = builder.build()
        codec = StagedCodec.for_rules(builder.rules)
        for op in program:
            if isinstance(op, (ops.Choose, Asking)):
                op.bases = tuple(rule.base for rule in op.rules)
        triggers = tuple(builder.check(check) for check in spec.round_end.when)
        layout = c.layout
        zones = tuple(builder.zone(z.id) for z in (*layout.player_zones, *layout.shared_zones))
        hand = next((z for z in zones if not z.shared and z.hidden), None)
        deck = c.table("deck")
        return cls(
            program=tuple(program),
            registers=builder.registers,
            round_end=builder.round_end,
            triggers=tuple(t for t in triggers if t is not None),
            one_more_turn=spec.round_end.one_more_turn,
            rounds=c.per_players(spec.rounds),
            hand=hand,
            zones=zones,
            card_ids=deck.ids,
            deck_size=deck.size,
            twins=twin_cards(deck.fields, deck.size),
            seats=tuple((p,) for p in range(c.max_players)),
            codec=codec,
            bound=actions_bound(spec, deck.size, c.max_players),
            hidden_from_owner=tuple(z.index for z in zones if z.hidden_from_owner),
            paths=dict(builder.paths),
            decision_at={path: pc for pc, path in builder.paths.items()},
            first_decision=min(builder.paths, default=0),
            direction=-1 if spec.order == "counterclockwise" else 1,
            fields=deck.fields,
            wagers=builder.wagers,
        )

    def field_value(self, field: str, text: str) -> Any:
        """A called value written as text, as the deck's cards hold it."""
        for value in self.fields.get(field, ()):
            if value is not None and str(value) == text:
                return value
        return text

    # -- the interpreter ----------------------------------------------------------------------

    def setup(self, state: State) -> None:
        state.mech = Mech(
            regs=[0] * self.registers,
            placed_by=[-1] * self.deck_size,
            known=[[] for _ in range(state.n)],
            passed=[False] * state.n,
            finished=[0] * state.n,
            picks=[[] for _ in range(state.n)],
            picking=[False] * state.n,
            wager=Wager.fresh(state.n, len(state.shared), len(state.supply))
            if self.wagers
            else None,
        )
        state.turn = 0
        self._advance(state)

    def _advance(self, state: State) -> None:
        """Run ops until a player must decide or the game ends."""
        mech: Mech = state.mech
        program = self.program
        for _ in range(STEPS_WITHOUT_DECISION):
            if state.terminal or state.pending is not None:
                return
            following = program[mech.pc].run(self, state, mech)
            if following == WAIT:
                return
            mech.pc = following
        raise RuntimeError(
            f"the round's stages ran {STEPS_WITHOUT_DECISION} steps without a decision "
            f"(stuck at step {mech.pc}: {type(program[mech.pc]).__name__})"
        )

    def after_effects(self, state: State) -> None:
        state.mech.offer = None
        self._advance(state)

    def to_move(self, state: State) -> tuple[int, ...]:
        mech: Mech = state.mech
        if state.terminal:
            return ()
        return self.program[mech.pc].to_move(state, mech)

    def legal_actions(self, state: State, player: int) -> list[int]:
        mech: Mech = state.mech
        return self.program[mech.pc].legal(self, state, mech, player)

    def apply(self, state: State, player: int, action: int) -> None:
        mech: Mech = state.mech
        op = self.program[mech.pc]
        if not op.allows(self, state, mech, player, action):
            if player not in op.to_move(state, mech):
                raise IllegalActionError(f"player {player} cannot act now", self.summary(state))
            raise IllegalActionError(
                f"player {player} cannot {self.describe_action(state, action)} now",
                self.summary(state),
            )
        mech.offer = None  # the actions worked out for this decision are spent
        following = op.apply(self, state, mech, player, action)
        if following != WAIT:
            mech.pc = following
            self._advance(state)

    def autoplay(
        self,
        state: State,
        picks: Sequence[Pick],
        played: list[tuple[int, int]] | None,
        limit: int,
    ) -> int:
        """Random play in one call (the kernel's `Autoplay`): each action is picked from the
        actions the waiting `choose` listed when it began, and played without the check an
        action from that list cannot fail."""
        mech: Mech = state.mech
        program = self.program
        start = state.round
        count = 0
        mech.offer = None  # listed before this call: the state may have changed since
        while count < limit and not state.terminal:
            movers = self.to_move(state)
            if not movers:
                break
            for player in movers:
                op = program[mech.pc]
                offer = mech.offer  # listed when play stopped for this decision, in this call
                actions = (
                    offer[2]
                    if offer is not None and offer[0] == mech.pc and offer[1] == player
                    else op.legal(self, state, mech, player)
                )
                if not actions:
                    return count  # the engine's own step names the stuck player
                action = picks[player](actions)
                if played is not None:
                    played.append((player, action))
                mech.offer = None
                following = op.apply(self, state, mech, player, action)
                if following != WAIT:
                    mech.pc = following
                    self._advance(state)
                count += 1
                if state.pending is not None or state.terminal:
                    return count
                if program[mech.pc] is not op:
                    break  # the picks are revealed: ask who moves now
            if state.round != start or count >= limit:
                break
        return count

    def max_actions(self, players: int) -> int:
        return self.rounds[players] * self.bound

    # -- what stages call ---------------------------------------------------------------------

    def move_cards(
        self,
        state: State,
        mech: Mech,
        player: int,
        cards: list[int],
        source: Zone,
        source_owner: int,
        target: Zone,
        target_owner: int,
    ) -> None:
        """Move `cards` (in order) and remember who moved them, what everyone saw and the
        last play onto a shared zone."""
        taken_from = source.cards(state, source_owner)
        put = target.cards(state, target_owner)
        for card in cards:
            taken_from.remove(card)
            put.append(card)
        known = mech.known
        if not source.shared and source.index >= 0:
            mine = known[source_owner]
            if mine:
                known[source_owner] = [c for c in mine if c not in cards]
            if mech.claims and mech.claims[source_owner]:  # what asking showed, made unsure
                seen = not (source.hidden and target.hidden)
                forget_claims(mech, source_owner, source.index, cards, seen, leaving=True)
        if mech.claims and target.index >= 0 and not target.shared and mech.claims[target_owner]:
            seen = not (source.hidden and target.hidden)
            forget_claims(mech, target_owner, target.index, cards, seen, leaving=False)
        if not target.shared and target.hidden and not source.hidden:
            known[target_owner].extend(cards)
        for card in cards:  # the rules moving a card (player -1): nobody placed it now
            mech.placed_by[card] = player
        if player >= 0:
            if source.shared and not source.hidden and not target.shared and target.index >= 0:
                # taken from a face-up shared zone (a market row): the card-usage statistics
                state.stats.acquired.extend((target.index, player, c, state.turn) for c in cards)
            if target.shared:
                mech.last_mover = player
                mech.last_play[target.index] = tuple(cards)
                mech.called.pop(target.index, None)
        if source.shared and not taken_from:
            mech.last_play.pop(source.index, None)
        mech.moved = list(cards)
        state.log.append(
            CardsMoved(
                player,
                tuple(cards),
                source.id,
                target.id,
                -1 if target.shared else target_owner,
                source.hidden and target.hidden,
            )
        )

    def trigger_after_move(self, state: State, mech: Mech) -> bool:
        """Whether a round-end trigger stops play now."""
        if not self.triggers or mech.trigger >= 0:
            return False
        if not any(test(state, mech) for test in self.triggers):
            return False
        state.log.append(Triggered(mech.acting))
        if self.one_more_turn:
            mech.trigger = mech.acting
            return False
        return True

    def seat(self, whose: Any, state: State, mech: Mech, owner: int) -> int:
        """The player a `to_who` names (or the seats it names round by round), seen from
        `owner`."""
        if not isinstance(whose, str):
            whose = whose[(state.round - 1) % len(whose)]
        n = state.n
        if whose == "self":
            return owner
        if whose == "left":
            return (owner + 1) % n
        if whose == "right":
            return (owner - 1) % n
        if whose == "across":
            return (owner + n // 2) % n
        return seat_of(whose, state, mech)

    # -- bot hooks ------------------------------------------------------------------------------

    def public_in_hand(self, state: State, player: int) -> Sequence[int]:
        mech: Mech = state.mech
        return mech.known[player]

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        """The default (other players' hidden zones and face-down piles dealt anew), and
        also the observer's own face-down cards and the others' hidden picks: these join the
        cards the default dealt anew, and all of them are dealt again together (a card the
        observer never saw may lie in their own face-down zone as well as in the pile)."""
        mech: Mech = state.mech
        copy = MachineDefaults.determinize(self, state, observer, rng)
        other = copy.mech
        hide = getattr(self.program[mech.pc], "hide", None)
        if hide is not None and not state.terminal:
            hide(copy, observer, rng)
        places: list[list[int]] = [copy.zones[zone][observer] for zone in self.hidden_from_owner]
        for player in range(state.n):
            if player != observer and mech.picks[player] and any(mech.picking):
                places.append(other.picks[player])
        if not any(places):
            honour_claims(state, copy, observer, rng)
            return copy
        game = state.game
        slots = [(place, index) for place in places for index in range(len(place))]
        for zone in game.shared_zones:
            if zone.hidden_from_others and game.tables[zone.kind] is game.deck:
                pile = copy.shared[zone.index]
                slots += [(pile, index) for index in range(len(pile))]
        for zone in game.player_zones:
            if not zone.hidden_from_others or game.tables[zone.kind] is not game.deck:
                continue
            for player in range(state.n):
                if player == observer:
                    continue
                cards, known = copy.zones[zone.index][player], mech.known[player]
                slots += [(cards, i) for i, card in enumerate(cards) if card not in known]
        slots += [(copy.out_of_play, index) for index in range(len(copy.out_of_play))]
        pool = sorted(place[index] for place, index in slots)
        rng.shuffle(pool)
        for (place, index), card in zip(slots, pool, strict=True):
            place[index] = card
        honour_claims(state, copy, observer, rng)
        return copy

    def preview(self, state: State, player: int, action: int) -> State:
        """The position right after `action`, for one-step lookahead: in a simultaneous pick
        or a sealed bid, the others' hidden choices are taken back first, so the lookahead
        never resolves them (it would read what the player cannot see)."""
        after = state.clone(for_scoring=True)
        forget = getattr(self.program[after.mech.pc], "forget_others", None)
        if forget is not None and not after.terminal:
            forget(after, player)
        after.apply(player, action)
        return after

    def options_left(self, state: State, player: int) -> int:
        if self.hand is None:
            return 0
        return len(self.hand.cards(state, player))

    def bot_option(self, state: State, action: int) -> BotOption:
        mech: Mech = state.mech
        _, rule = self.codec.rule_of(action)
        offset = action - rule.base
        return BotOption(
            rule.decision_at(offset),
            rule.card_of(state, mech, offset),
            value=rule.value_of(offset),
            seat=rule.seat_at(state, mech, offset),
        )

    # -- words ----------------------------------------------------------------------------------

    def describe_action(self, state: State, action: int) -> str:
        if state.pending is not None and action == DECLINE:
            return "decline"
        if not 0 <= action < self.codec.num_distinct_actions:
            return f"action {action}"
        _, rule = self.codec.rule_of(action)
        return rule.words(action - rule.base, self.card_ids.__getitem__)

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None:
        if state.pending is not None or not 0 <= action < self.codec.num_distinct_actions:
            return None
        _, rule = self.codec.rule_of(action)
        if rule.kind == "pick":
            return "pick a card"
        return rule.words(action - rule.base, words.deck_card)

    def narrate_event(
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None:
        return narration.event(self, event, viewer, words)

    def observe(self, state: State, player: int) -> StagedObservation:
        mech: Mech = state.mech
        ids = self.card_ids
        hand = self.hand.cards(state, player) if self.hand is not None else []
        table = table_view(state, player)
        seen: StagedObservation = {
            "player": player,
            "round": state.round,
            "rounds": self.rounds[state.n],
            "turn": state.turn,
            "to_move": list(state.to_move()),
            "acting": mech.acting,
            "hand": [ids[card] for card in hand],
            "passed": mech.passed[:],
            "finished": mech.finished[:],
            "picked": [ids[card] for card in mech.picks[player]],
            "choosing": [ids[card] for card in mech.building],
            "direction": mech.direction,
            "called": {
                zone.id: {"field": name, "value": str(value)}
                for zone in self.zones
                if zone.shared and (call := mech.called.get(zone.index)) is not None
                for name, value in (call,)
            },
            "played_by": {
                ids[card]: mech.placed_by[card]
                for zone in self.zones
                if zone.shared and not zone.hidden
                for card in state.shared[zone.index]
                if mech.placed_by[card] >= 0
            },
            "known": [[ids[card] for card in cards] for cards in mech.known],
            "asked": asked_view(self, mech),
            "target": mech.target,
            "resources": table["resources"],
            "supply": table["supply"],
            "tracks": table["tracks"],
            "zones": table["zones"],
        }
        if mech.closed:
            seen["closed"] = [zone.id for zone in self.zones if is_closed(mech, zone)]
        if mech.wager is not None:
            wager_view(self, state, player, seen)
        return seen

    def summary(self, state: State) -> str:
        mech: Mech | None = state.mech
        if mech is None:
            return "setting up"
        if state.terminal:
            return f"round {state.round}, the game is over"
        movers = ", ".join(f"player {p + 1}" for p in self.to_move(state)) or "nobody"
        return f"round {state.round}, turn {state.turn}, {movers} to move"


def actions_bound(spec: Staged, deck: int, players: int) -> int:
    """Actions one round can take at most, from the loops' bounds (a generous product)."""
    from toolkit.mechanics.staged.build import DEFAULT_REPEATS_PER_CARD, DEFAULT_TURNS_PER_CARD
    from toolkit.mechanics.staged.build_bets import actions as wager_actions

    def of(stages: list[Any]) -> int:
        total = 0
        for stage in stages:
            kind = stage.stage
            if kind == "turns":
                most = stage.max or DEFAULT_TURNS_PER_CARD * max(deck, 1)
                total += most * (1 + of(stage.turn))
            elif kind == "repeat":
                most = stage.max or DEFAULT_REPEATS_PER_CARD * max(deck, 1)
                total += most * (1 + of(stage.stages))
            elif kind == "choose":
                total += deck + 1 + max((of(m.then) for m in stage.moves), default=0)
                total += of(stage.otherwise)
            elif kind == "simultaneous":
                total += players * stage.count + players * of(stage.then)
            elif kind == "each_player":
                total += players * of(stage.stages)
            elif kind == "if":
                total += max(of(stage.then), of(stage.else_))
            elif kind == "target":
                total += 1 + max(of(stage.then), of(stage.otherwise))
            elif kind == "automaton":
                total += of(stage.stages)
            elif kind == "move":
                total += of(stage.otherwise)
            elif kind in ("betting", "auction", "sealed_bid"):
                total += wager_actions(stage, players)
            elif kind == "use" and stage.name not in seen:
                seen.add(stage.name)
                total += of(spec.defines.get(stage.name, []))
                seen.discard(stage.name)
        return min(total, 2**40)

    seen: set[str] = set()
    return max(1, of(spec.round) + of(spec.round_end.then)) + 1


def wager_view(m: StagedMechanic, state: State, player: int, seen: StagedObservation) -> None:
    """What every player sees of the chips: what lies on each zone, the stakes, the folds;
    of the sealed bids, only their own."""
    wager = state.mech.wager
    names = [r.id for r in state.game.resources]
    seen["chips"] = {
        zone.id: {names[r]: amount for r, amount in enumerate(lying) if amount}
        for zone in m.zones
        if zone.shared and any(lying := wager.chips[zone.index])
    }
    seen["stakes"] = wager.stake[:]
    seen["folded"] = wager.folded[:]
    seen["bid"] = max(wager.bids[player], -1)
