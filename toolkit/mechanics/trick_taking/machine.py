"""Trick-taking, configured by data: lead, follow suit if able, highest of the led suit (or
trump) wins, the winner resolves the winning card's suit action and leads; rounds end when
hands are empty, with cleanup effects; the whole deck is dealt again each round.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NoReturn

from toolkit.errors import IllegalActionError
from toolkit.kernel.mechanic import BotOption, CardWords, Cell, MechanicScreen, Screen
from toolkit.kernel.state import DECLINE, EffectFn, State, chain
from toolkit.mechanics.trick_taking.codec import TrickCodec
from toolkit.mechanics.trick_taking.structure import TrickTaking
from toolkit.rules.setup import Deal

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler


@dataclass(slots=True)
class TrickState:
    """Where play stands: who is to play, the trick so far, the round."""

    current: int
    round_leader: int
    trick: int = 1
    led: int = -1
    plays: list[tuple[int, int]] = field(default_factory=list)

    def copy(self) -> TrickState:
        return TrickState(self.current, self.round_leader, self.trick, self.led, self.plays[:])


DECISIONS_PER_ACTION = 8
"""A generous bound on the choices one play can lead to (a ride, its decline, a `choose`)."""


@dataclass(frozen=True, slots=True)
class TrickTakingMechanic:
    hand: int
    rounds: int
    follow_suit: bool
    trump: int
    winner_leads: bool
    leader_is_last_winner: bool
    deal_counts: tuple[int | None, ...]
    """Cards each at every deal, by player count (None: the whole deck evenly)."""
    suit_of: tuple[int, ...]
    rank_of: tuple[int, ...]
    suit_actions: tuple[EffectFn, ...]
    cleanup: tuple[EffectFn, ...]
    card_names: tuple[str, ...]
    suit_names: tuple[str, ...]
    seats: tuple[tuple[int], ...]
    plays: tuple[tuple[tuple[int, int], ...], ...]
    """(player, card) by player and card, made once: a trick holds these, never new tuples."""
    play_events: tuple[tuple[tuple[str, int, int], ...], ...]
    """The log's `play` event by player and card, made once for the same reason."""
    codec: TrickCodec

    @classmethod
    def compile(cls, spec: TrickTaking, c: Compiler) -> TrickTakingMechanic:
        suits = c.table(c.suits_kind())
        suit_ids = list(suits.ids)
        action = suits.field_of_type("effects")
        actions = suits.fields[action] if action is not None else ((),) * suits.size
        deck = c.table("deck")
        deal = next((s for s in c.setup_steps if isinstance(s, Deal) and s.to == spec.hand), None)
        return cls(
            hand=c.zone(spec.hand).index,
            rounds=spec.rounds,
            follow_suit=spec.follow_suit,
            trump=suit_ids.index(spec.trump) if spec.trump is not None else -1,
            winner_leads=spec.winner_leads,
            leader_is_last_winner=spec.next_round_leader == "last_trick_winner",
            deal_counts=deal.counts(c) if deal is not None else (None,) * (c.max_players + 1),
            suit_of=tuple(suit_ids.index(s) for s in deck.fields["suit"]),
            rank_of=tuple(deck.fields["rank"]),
            suit_actions=tuple(
                chain(c.effects(effects, f"{name} action"))
                for effects, name in zip(actions, suits.names, strict=True)
            ),
            cleanup=c.effects(spec.cleanup, "cleanup"),
            card_names=deck.names,
            suit_names=suits.names,
            seats=tuple((p,) for p in range(c.max_players)),
            plays=tuple(
                tuple((p, card) for card in range(deck.size)) for p in range(c.max_players)
            ),
            play_events=tuple(
                tuple(("play", p, card) for card in range(deck.size)) for p in range(c.max_players)
            ),
            codec=TrickCodec(deck.size),
        )

    # -- the phase machine ---------------------------------------------------------------

    def setup(self, state: State) -> None:
        if not any(state.zones[self.hand]):
            state.deal(self.hand, self.deal_counts[state.n])
        state.mech = TrickState(current=state.first_player, round_leader=state.first_player)
        state.turn = 1

    def to_move(self, state: State) -> tuple[int, ...]:
        return self.seats[state.mech.current]

    def max_actions(self, players: int) -> int:
        """Each round plays every card once; each trick may ask its winner a few choices."""
        return self.rounds * len(self.suit_of) * DECISIONS_PER_ACTION

    def legal_actions(self, state: State, player: int) -> list[int]:
        mech: TrickState = state.mech
        if player != mech.current:
            return []
        hand = state.zones[self.hand][player]
        led = mech.led
        if self.follow_suit and led >= 0:
            suit_of = self.suit_of
            same = [card for card in hand if suit_of[card] == led]
            if same:
                return same
        return hand[:]

    def apply(self, state: State, player: int, card: int) -> None:
        mech: TrickState = state.mech
        hand = state.zones[self.hand][player]
        if player != mech.current:
            self._refuse(state, player, card)
        led = mech.led
        suit_of = self.suit_of
        if led >= 0 and suit_of[card] != led and self.follow_suit:
            for other in hand:
                if suit_of[other] == led:
                    if card not in hand:
                        self._refuse(state, player, card)
                    raise IllegalActionError(
                        f"player {player} must follow suit ({self.suit_names[led]})",
                        self.summary(state),
                    )
        try:
            hand.remove(card)
        except ValueError:
            self._refuse(state, player, card)
        plays = mech.plays
        plays.append(self.plays[player][card])
        log = state.log
        log.append(self.play_events[player][card])
        n = state.n
        if len(plays) < n:
            if led < 0:
                mech.led = suit_of[card]
            mech.current = (player + 1) % n
            return
        winner, winning = self.trick_winner(plays, led if led >= 0 else suit_of[card])
        log.append(("trick", winner, winning))
        mech.plays = []
        mech.led = -1
        mech.current = winner if self.winner_leads else (plays[0][0] + 1) % n
        self.suit_actions[suit_of[winning]](state, winner, winning)
        if state.pending is None:
            self.after_effects(state)

    def _refuse(self, state: State, player: int, card: int) -> NoReturn:
        mech: TrickState = state.mech
        if player != mech.current:
            raise IllegalActionError(
                f"it is player {mech.current}'s turn, not player {player}'s", self.summary(state)
            )
        raise IllegalActionError(
            f"{self.describe_action(state, card)} is not in player {player}'s hand",
            self.summary(state),
        )

    def trick_winner(self, plays: list[tuple[int, int]], led: int) -> tuple[int, int]:
        """The winning (player, card): highest trump if any was played, else of the led suit."""
        suit_of, rank_of = self.suit_of, self.rank_of
        target = led
        trump = self.trump
        if trump >= 0 and any(suit_of[card] == trump for _, card in plays):
            target = trump
        best_player, best_card, best_rank = -1, -1, 0
        for player, card in plays:
            if suit_of[card] == target and (best_card < 0 or rank_of[card] > best_rank):
                best_player, best_card, best_rank = player, card, rank_of[card]
        return best_player, best_card

    def after_effects(self, state: State) -> None:
        """The trick is resolved: go on with the next trick, or end the round (and game)."""
        mech: TrickState = state.mech
        state.turn += 1
        mech.trick += 1
        if state.zones[self.hand][mech.current]:
            return
        for player in range(state.n):
            state.run_effects(self.cleanup, player, -1)
        state.log.append(("round-end", state.round))
        if state.game.end_of_round(state) or state.round >= self.rounds:
            state.terminal = True
            state.log.append(("game-end",))
            return
        state.round += 1
        mech.trick = 1
        if not self.leader_is_last_winner:
            mech.round_leader = (mech.round_leader + 1) % state.n
            mech.current = mech.round_leader
        else:
            mech.round_leader = mech.current
        state.deal(self.hand, self.deal_counts[state.n])

    # -- presentation ----------------------------------------------------------------------

    def preview(self, state: State, player: int, action: int) -> State:
        """The position right after `action`, for one-step lookahead."""
        after = state.clone(for_scoring=True)
        after.apply(player, action)
        return after

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        """A copy where the other hands and the face-down leftovers are dealt anew from the
        cards `observer` has not seen, respecting the suits each player showed void in this
        round; later deals are unknown too (the copy gets a new seed)."""
        copy = state.clone(for_scoring=True)
        copy.seed = rng.getrandbits(62)
        suit_of = self.suit_of
        played: set[int] = set()
        void: list[set[int]] = [set() for _ in range(state.n)]
        trick: list[tuple[int, int]] = []
        for event in reversed(state.log):
            if event[0] == "deal":
                break
            if event[0] == "play":
                trick.append((event[1], event[2]))
        trick.reverse()
        led = -1
        for count, (player, card) in enumerate(trick):
            played.add(card)
            if count % state.n == 0:
                led = suit_of[card]
            elif suit_of[card] != led:
                void[player].add(led)
        hands = copy.zones[self.hand]
        pool = [
            card
            for card in range(len(suit_of))
            if card not in played and card not in hands[observer]
        ]
        others = [p for p in range(state.n) if p != observer]
        for _ in range(20):
            rng.shuffle(pool)
            dealt = self._deal_respecting(pool, others, [len(hands[p]) for p in others], void)
            if dealt is not None:
                break
        else:
            dealt = []
            start = 0
            for p in others:
                dealt.append(pool[start : start + len(hands[p])])
                start += len(hands[p])
        used = set()
        for p, cards in zip(others, dealt, strict=True):
            hands[p] = list(cards)
            used.update(cards)
        copy.out_of_play = [card for card in pool if card not in used]
        return copy

    def _deal_respecting(
        self, pool: list[int], players: list[int], sizes: list[int], void: list[set[int]]
    ) -> list[list[int]] | None:
        """Deal from the shuffled pool so that no player gets a suit it is void in."""
        suit_of = self.suit_of
        order = sorted(range(len(players)), key=lambda i: -len(void[players[i]]))
        left = list(pool)
        dealt: list[list[int]] = [[] for _ in players]
        for index in order:
            allowed = [c for c in left if suit_of[c] not in void[players[index]]]
            if len(allowed) < sizes[index]:
                return None
            chosen = allowed[: sizes[index]]
            dealt[index] = chosen
            taken = set(chosen)
            left = [c for c in left if c not in taken]
        return dealt

    def equivalent_actions(self, state: State, player: int, actions: list[int]) -> list[list[int]]:
        """Every card is its own case in a trick."""
        return [[action] for action in actions]

    def options_left(self, state: State, player: int) -> int:
        """Nothing a player does now narrows what they may play later (follow suit depends
        on the lead), so every play keeps the same room."""
        return 0

    def is_quiet(self, state: State, player: int) -> bool:
        """Whether any card `player` plays now leaves everything that scores unchanged: true
        unless the play completes the trick (or answers a choice)."""
        return state.pending is None and len(state.mech.plays) < state.n - 1

    def bot_option(self, state: State, action: int) -> BotOption:
        return BotOption("follow" if state.mech.plays else "lead", self.codec.decode(action).card)

    def wins_trick(self, state: State, player: int, card: int) -> bool | None:
        """Whether `card` played now would win the trick as it stands."""
        mech: TrickState = state.mech
        led = mech.led if mech.led >= 0 else self.suit_of[card]
        winner, _ = self.trick_winner([*mech.plays, (player, card)], led)
        return winner == player

    def position_problems(
        self, state: State, zone: int, player: int
    ) -> list[tuple[Cell | None, str]]:
        """No placement rules: any hand-written position of cards is a position."""
        return []

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None:
        return None

    def narrate_event(
        self, event: tuple[Any, ...], viewer: int | None, words: CardWords
    ) -> Iterator[str] | None:
        return None

    def screen(self, screen: Screen) -> MechanicScreen:
        # Imported here so that simulating never loads the terminal's rendering library.
        from toolkit.mechanics.trick_taking.screen import TrickScreen

        return TrickScreen(self, screen)

    def describe_action(self, state: State, action: int) -> str:
        pending = state.pending
        if pending is not None:
            if action == DECLINE:
                return "decline"
            if pending.kind == "option":
                return f"option {action + 1}"
            table = state.game.tables[pending.kind]
            if 0 <= action < table.size:
                return table.names[action]
            return f"action {action}"
        if 0 <= action < len(self.card_names):
            return self.card_names[action]
        return f"action {action}"

    def observe(self, state: State, player: int) -> dict[str, Any]:
        mech: TrickState = state.mech
        deck = state.game.deck
        return {
            "player": player,
            "round": state.round,
            "trick": mech.trick,
            "to_move": list(state.to_move()),
            "led_suit": self.suit_names[mech.led] if mech.led >= 0 else None,
            "plays": [(p, deck.ids[card]) for p, card in mech.plays],
            "hand": [deck.ids[card] for card in state.zones[self.hand][player]],
        }

    def summary(self, state: State) -> str:
        mech: TrickState = state.mech
        if mech is None:
            return "setting up"
        led = self.suit_names[mech.led] if mech.led >= 0 else "none"
        return f"round {state.round}, trick {mech.trick}, player {mech.current} to play, led: {led}"
