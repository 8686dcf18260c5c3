"""Trick-taking, configured by data: lead, follow suit if able, highest of the led suit (or
trump) wins, the winner resolves the winning card's suit action and leads; rounds end when
hands are empty, with cleanup effects; the whole deck is dealt again each round.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NoReturn

from toolkit.errors import IllegalActionError
from toolkit.kernel.events import GAME_ENDED, Dealt, Event, RoundEnded
from toolkit.kernel.mechanic import BotOption, CardWords, Pick
from toolkit.kernel.observation import table_view
from toolkit.kernel.state import DECLINE, EffectFn, State, chain
from toolkit.mechanics.defaults import MachineDefaults, twin_cards
from toolkit.mechanics.trick_taking import narration
from toolkit.mechanics.trick_taking.codec import (
    Bid,
    Call,
    Discard,
    NameTrump,
    PassCard,
    PlayCard,
    TrickCodec,
)
from toolkit.mechanics.trick_taking.events import (
    BidMade,
    CallPassed,
    ContractScored,
    Discarded,
    Passed,
    PassPicked,
    Played,
    TrickWon,
    TrumpCalled,
    TrumpNamed,
    TrumpTurned,
)
from toolkit.mechanics.trick_taking.observation import TrickObservation

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.mechanics.trick_taking.structure import TrickTaking


PLAY, PASS, NAME, BID, CALL, CALL2, DISCARD = 0, 1, 2, 3, 4, 5, 6
"""Phases of a round; play is 0 so that the hot loop tests it with one truth test. CALL2 (the
second calling round) and DISCARD (the dealer's, after picking up) follow CALL within it."""
BEFORE_PLAY = -2
"""`TrickState.led` in the phases before play."""
PHASE_WORDS = {
    PLAY: "play",
    PASS: "passing",
    NAME: "naming trump",
    BID: "bidding",
    CALL: "calling",
    CALL2: "calling a suit",
    DISCARD: "discarding",
}


@dataclass(slots=True)
class TrickState:
    """Where play stands: who is to play, the trick so far, the round."""

    current: int
    round_leader: int
    trick: int = 1
    led: int = -1
    """The led suit; -1 before the trick's lead, BEFORE_PLAY while passing, bidding or
    naming trump (the hot loop tells the phases apart with this one integer)."""
    plays: list[tuple[int, int]] = field(default_factory=list)
    phase: int = PLAY
    stage: int = 0
    """The index of `phase` in the round's phases."""
    trump: int = -1
    """This round's trump suit, -1 for none."""
    turned: int = -1
    """The card turned up for trump this round, -1 for none."""
    broken: bool = False
    """Whether the suit that must be broken has been played this round."""
    acted: int = 0
    """Players who have finished the current passing or bidding phase."""
    passing: list[list[int]] = field(default_factory=list)
    """Cards each player has set aside to pass (hidden until they are handed over)."""
    passed: list[list[int]] = field(default_factory=list)
    """Cards each player handed over this round (its giver and receiver know them)."""
    pass_offset: int = 0
    """This round's passing direction as seats onwards (0: no passing)."""
    bids: list[int] = field(default_factory=list)
    """Each player's bid this round, -1 before they bid."""
    maker: int = -1
    """The player who made trump this round (called it or named it), -1 for none."""
    sitting: tuple[int, ...] = ()
    """Players sitting out the round (the partners of a maker going alone)."""
    taken: list[int] = field(default_factory=list)
    """Tricks each player won this round, when a contract reads them."""
    picked: int = -1
    """The turned card the dealer picked up this round, -1 for none."""

    def copy(self) -> TrickState:
        return TrickState(
            self.current,
            self.round_leader,
            self.trick,
            self.led,
            self.plays[:],
            self.phase,
            self.stage,
            self.trump,
            self.turned,
            self.broken,
            self.acted,
            [cards[:] for cards in self.passing] if self.passing else self.passing,
            self.passed,
            self.pass_offset,
            self.bids[:],
            self.maker,
            self.sitting,
            self.taken[:],
            self.picked,
        )


DECISIONS_PER_ACTION = 8
"""A generous bound on the choices one play can lead to (a ride, its decline, a `choose`)."""

DIRECTIONS = ("left", "right", "across", "none")


def direction_offset(direction: str, players: int) -> int:
    """Seats onwards the cards go: left is the next player in turn order."""
    if direction == "left":
        return 1
    if direction == "right":
        return players - 1
    if direction == "across":
        return players // 2
    return 0


@dataclass(frozen=True, slots=True)
class TrickTakingMechanic(MachineDefaults):
    hand: int
    rounds: tuple[int, ...]
    """The most rounds a game has, by player count."""
    follow_suit: bool
    trump: int
    winner_leads: bool
    leader_is_last_winner: bool
    deal_counts: tuple[int | None, ...]
    """Cards each at every deal, by player count (None: the whole deck evenly)."""
    suit_of: tuple[int, ...]
    in_suit: tuple[frozenset[int], ...]
    """The deck cards of each suit, by suit: following suit tests membership, in C."""
    suit_cards: tuple[int, ...]
    """A deck card of each suit, by suit: what naming that suit trump stands for to bots."""
    rank_of: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    """By suit, each deck card's rank if it is of that suit, else less than every rank: a
    trick's winner is the play of most power in the winning suit, one lookup per card."""
    suit_actions: tuple[EffectFn, ...]
    cleanup: tuple[EffectFn, ...]
    card_names: tuple[str, ...]
    suit_names: tuple[str, ...]
    seats: tuple[tuple[int], ...]
    plays: tuple[tuple[tuple[int, int], ...], ...]
    """(player, card) by player and card, made once: a trick holds these, never new tuples."""
    play_events: tuple[tuple[Played, ...], ...]
    """The log's `play` event by player and card, made once for the same reason."""
    trick_events: tuple[tuple[TrickWon, ...], ...]
    """The log's `trick` event by winner and winning card, made once too."""
    codec: TrickCodec
    won: int = -1
    """The player zone taken tricks go to, -1 when tricks are not kept."""
    suit_action: bool = True
    """Whether the winner resolves the winning card's suit action."""
    turned_up: bool = False
    """Trump is the suit of the first card left over after each deal."""
    named_by: str = ""
    """Who names trump each round: `leader`, `high_bidder`, or nobody."""
    must_trump: bool = False
    broken_suit: int = -1
    first_card: int = -1
    restricted: bool = False
    """Whether any rule beyond following suit limits a play (must trump, lead rules)."""
    pass_count: int = 0
    pass_directions: tuple[str, ...] = ()
    bid_track: int = -1
    hook: bool = False
    tricks_track: int = -1
    hand_sizes: tuple[int, ...] = ()
    """Cards dealt each by round (repeating); empty to deal `deal_count` every round."""
    phases: tuple[int, ...] = ()
    """The phases before play each round, in order (play itself is always last)."""
    only_suit_action: bool = True
    """Winning a trick only resolves the suit action (no count, no taking): the plain path."""
    wins_fill_hand: bool = False
    """Some suit action puts cards into the hand zone (an `acquire` into it): a hand may
    grow during play, not only shrink."""
    suit_ids: tuple[str, ...] = ()
    """The suits' ids, as position files name trump."""
    twins: tuple[int, ...] = ()
    """Identical deck cards (`twin_cards`): none in a suited deck."""
    suits_by_trump: tuple[tuple[int, ...], ...] = ()
    """By trump suit (the last entry: no trump, so that -1 indexes it), each deck card's suit
    for following and winning (`trump_ranks` moves cards into the trump suit)."""
    in_suit_by_trump: tuple[tuple[frozenset[int], ...], ...] = ()
    """By trump suit as above, the deck cards of each suit."""
    power_by_trump: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """By trump suit as above, `power` (cards listed in `trump_ranks` above the rest)."""
    turned_from_dealer: bool = False
    """The turned-up card is the dealer's own last dealt card, kept in hand."""
    calling: bool = False
    dealer_picks_up: bool = False
    alone: bool = False
    sides: tuple[tuple[tuple[int, ...], ...], ...] = ()
    """By player count, by player: the seats of their side (`team_sides`)."""
    contract_need: int = 0
    """Tricks the makers must win (0: no contract)."""
    contract_track: int = -1
    contract_points: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Made, all tricks, alone made, alone all tricks, to each defending side."""

    @classmethod
    def compile(cls, spec: TrickTaking, c: Compiler) -> TrickTakingMechanic:
        # The content models, here only: the machine plays without them (a cached game).
        from toolkit.mechanics.trick_taking.structure import NamedTrump, TurnedUpTrump
        from toolkit.rules.primitive import walk_one
        from toolkit.rules.setup.deal import Deal

        suits = c.table(c.suits_kind())
        suit_ids = list(suits.ids)
        action = suits.field_of_type("effects")
        actions = suits.fields[action] if action is not None else ((),) * suits.size
        deck = c.table("deck")
        deal = next((s for s in c.setup_steps if isinstance(s, Deal) and s.to == spec.hand), None)
        on_win = spec.on_win_steps()
        trump = spec.trump
        named_by = trump.named_by if isinstance(trump, NamedTrump) else ""
        phases: list[int] = []
        if spec.passing is not None:
            phases.append(PASS)
        if spec.calling is not None:
            phases.append(CALL)
        if named_by == "leader":
            phases.append(NAME)
        if spec.bidding is not None:
            phases.append(BID)
        if named_by == "high_bidder":
            phases.append(NAME)
        lead = spec.lead
        by_trump = _suit_tables(spec, suit_ids, deck.ids, deck.fields["suit"], deck.fields["rank"])
        contract = spec.contract
        calling = spec.calling
        return cls(
            hand=c.zone(spec.hand).index,
            rounds=c.per_players(spec.rounds),
            follow_suit=spec.follow_suit,
            trump=suit_ids.index(trump) if isinstance(trump, str) else -1,
            winner_leads=spec.winner_leads,
            leader_is_last_winner=spec.next_round_leader == "last_trick_winner",
            deal_counts=deal.counts(c) if deal is not None else (None,) * (c.max_players + 1),
            suit_of=tuple(suit_ids.index(s) for s in deck.fields["suit"]),
            in_suit=tuple(
                frozenset(k for k, s in enumerate(deck.fields["suit"]) if s == suit)
                for suit in suit_ids
            ),
            suit_cards=tuple(
                next((k for k, s in enumerate(deck.fields["suit"]) if s == suit), -1)
                for suit in suit_ids
            ),
            rank_of=tuple(deck.fields["rank"]),
            power=tuple(
                tuple(
                    rank if s == suit else min(deck.fields["rank"]) - 1
                    for s, rank in zip(deck.fields["suit"], deck.fields["rank"], strict=True)
                )
                for suit in suit_ids
            ),
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
                tuple(Played(p, card) for card in range(deck.size)) for p in range(c.max_players)
            ),
            trick_events=tuple(
                tuple(TrickWon(p, card) for card in range(deck.size)) for p in range(c.max_players)
            ),
            codec=TrickCodec(
                deck.size,
                passing=spec.passing is not None,
                bidding=spec.bidding is not None,
                suits=suits.size if named_by or calling is not None else 0,
                calling=calling is not None,
            ),
            won=c.zone(spec.won).index if spec.won is not None else -1,
            suit_action="suit_action" in on_win,
            wins_fill_hand=any(
                spec.hand in primitive.fills()
                for effects in actions
                for effect in effects
                for _, primitive in walk_one(effect, ())
            ),
            turned_up=isinstance(trump, TurnedUpTrump),
            named_by=named_by,
            must_trump=spec.must_trump,
            broken_suit=suit_ids.index(lead.broken) if lead.broken is not None else -1,
            first_card=list(deck.ids).index(lead.first) if lead.first is not None else -1,
            restricted=spec.must_trump or lead.broken is not None or lead.first is not None,
            pass_count=spec.passing.count if spec.passing is not None else 0,
            pass_directions=tuple(spec.passing.directions) if spec.passing is not None else (),
            bid_track=c.track(spec.bidding.track) if spec.bidding is not None else -1,
            hook=spec.bidding.hook if spec.bidding is not None else False,
            tricks_track=c.track(spec.tricks_track) if spec.tricks_track is not None else -1,
            hand_sizes=tuple(spec.hand_sizes),
            only_suit_action=(
                on_win == ["suit_action"]
                and spec.won is None
                and spec.tricks_track is None
                and contract is None
            ),
            phases=tuple(phases),
            suit_ids=tuple(suit_ids),
            twins=twin_cards(deck.fields, deck.size),
            suits_by_trump=tuple(table[0] for table in by_trump),
            in_suit_by_trump=tuple(table[1] for table in by_trump),
            power_by_trump=tuple(table[2] for table in by_trump),
            turned_from_dealer=isinstance(trump, TurnedUpTrump) and trump.turned_up == "dealer",
            calling=calling is not None,
            dealer_picks_up=calling is not None and calling.dealer_picks_up,
            alone=calling is not None and calling.alone,
            sides=c.team_sides,
            contract_need=contract.need if contract is not None else 0,
            contract_track=c.track(contract.track) if contract is not None else -1,
            contract_points=(
                (
                    contract.made,
                    contract.all_tricks,
                    contract.alone_made if contract.alone_made is not None else contract.made,
                    contract.alone_all_tricks
                    if contract.alone_all_tricks is not None
                    else contract.all_tricks,
                    contract.defenders,
                )
                if contract is not None
                else (0, 0, 0, 0, 0)
            ),
        )

    # -- the phase machine ---------------------------------------------------------------

    def setup(self, state: State) -> None:
        state.mech = TrickState(current=state.first_player, round_leader=state.first_player)
        state.turn = 1
        hands = state.zones[self.hand]
        if not any(hands) or (self.hand_sizes and len(hands[0]) != self.hand_sizes[0]):
            self._deal(state)
        else:
            self._reset_tracks(state)
        self._begin_round(state)

    def _reset_tracks(self, state: State) -> None:
        for track in (self.bid_track, self.tricks_track, self.contract_track):
            if track >= 0:
                for values in state.track:
                    values[track] = 0

    def _deal(self, state: State) -> None:
        """Won cards go back into the deck, round tracks restart, the deck is dealt."""
        if self.won >= 0:
            piles = state.zones[self.won]
            for player in range(state.n):
                piles[player] = []
        self._reset_tracks(state)
        sizes = self.hand_sizes
        count = sizes[(state.round - 1) % len(sizes)] if sizes else self.deal_counts[state.n]
        state.deal(self.hand, count)

    def _begin_round(self, state: State) -> None:
        """After the deal: trump turned up, then the first phase of the round."""
        mech: TrickState = state.mech
        mech.trick = 1
        mech.led = -1
        mech.plays = []
        mech.broken = False
        mech.trump = self.trump
        mech.turned = -1
        mech.passed = []
        mech.bids = [-1] * state.n if self.bid_track >= 0 else []
        mech.maker = -1
        mech.sitting = ()
        mech.taken = [0] * state.n if self.contract_need else []
        mech.picked = -1
        if self.turned_up:
            if self.turned_from_dealer:
                dealt = state.zones[self.hand][self.dealer(state)]
                if dealt:
                    mech.turned = dealt[-1]
            elif state.out_of_play:
                mech.turned = state.out_of_play[0]
            if mech.turned >= 0 and not self.calling:
                mech.trump = self.suit_of[mech.turned]
            state.log.append(TrumpTurned(mech.turned))
        mech.pass_offset = 0
        if self.pass_count:
            directions = self.pass_directions
            direction = directions[(state.round - 1) % len(directions)]
            mech.pass_offset = direction_offset(direction, state.n)
        mech.stage = -1
        self._next_phase(state)

    def _next_phase(self, state: State) -> None:
        mech: TrickState = state.mech
        mech.stage += 1
        mech.acted = 0
        phases = self.phases
        while mech.stage < len(phases) and phases[mech.stage] == PASS and not mech.pass_offset:
            mech.stage += 1
        phase = phases[mech.stage] if mech.stage < len(phases) else PLAY
        if phase == CALL and mech.turned < 0:
            phase = CALL2  # no card to order up: suits are named
        mech.phase = phase
        mech.led = -1 if phase == PLAY else BEFORE_PLAY
        mech.current = mech.round_leader
        if phase == PASS:
            mech.passing = [[] for _ in range(state.n)]
        elif phase == NAME and self.named_by == "high_bidder":
            mech.current = self.high_bidder(state)
        elif phase == PLAY and self.first_card >= 0:
            hands = state.zones[self.hand]
            for player in range(state.n):
                if self.first_card in hands[player]:
                    mech.current = player
        if phase == PLAY and mech.current in mech.sitting:
            mech.current = self.next_seated(mech, mech.current, state.n)

    def dealer(self, state: State) -> int:
        """The dealer: the seat before the round's leader."""
        mech: TrickState = state.mech
        return (mech.round_leader - 1) % state.n

    @staticmethod
    def next_seated(mech: TrickState, player: int, n: int) -> int:
        """The next player in turn order after `player` who is not sitting out."""
        player = (player + 1) % n
        while player in mech.sitting:
            player = (player + 1) % n
        return player

    def high_bidder(self, state: State) -> int:
        """The highest bidder; of equal bids, the one who bid first."""
        mech: TrickState = state.mech
        best, best_bid = mech.round_leader, -1
        for offset in range(state.n):
            player = (mech.round_leader + offset) % state.n
            if mech.bids[player] > best_bid:
                best, best_bid = player, mech.bids[player]
        return best

    def to_move(self, state: State) -> tuple[int, ...]:
        return self.seats[state.mech.current]

    @property
    def round_end_effects(self) -> Sequence[EffectFn]:
        """The cleanup, run for every player when a round ends."""
        return self.cleanup

    def max_actions(self, players: int) -> int:
        """Each round plays every card once; each trick may ask its winner a few choices;
        before play, passes, bids and a named trump."""
        before = players * (self.pass_count + 1) + 1 + (2 * players + 1 if self.calling else 0)
        return self.rounds[players] * (len(self.suit_of) * DECISIONS_PER_ACTION + before)

    def legal_actions(self, state: State, player: int) -> list[int]:
        mech: TrickState = state.mech
        if player != mech.current:
            return []
        hand = state.zones[self.hand][player]
        led = mech.led
        if led < -1:
            return self._phase_actions(state, player)
        if led >= 0:
            in_suit = self.in_suit_by_trump[mech.trump]
            if self.follow_suit:
                cards = in_suit[led]
                same = [card for card in hand if card in cards]
                if same:
                    return same
            if self.must_trump and mech.trump >= 0:
                cards = in_suit[mech.trump]
                trumps = [card for card in hand if card in cards]
                if trumps:
                    return trumps
            return hand[:]
        if self.restricted:
            return self._leads(state, hand)
        return hand[:]

    def _leads(self, state: State, hand: list[int]) -> list[int]:
        """The cards that may lead: the first card on the round's first trick, then anything
        but the unbroken suit unless nothing else is held."""
        mech: TrickState = state.mech
        if mech.trick == 1 and self.first_card >= 0 and self.first_card in hand:
            return [self.first_card]
        if self.broken_suit >= 0 and not mech.broken:
            suit_of, broken = self.suits_by_trump[mech.trump], self.broken_suit
            others = [card for card in hand if suit_of[card] != broken]
            if others:
                return others
        return hand[:]

    def _phase_actions(self, state: State, player: int) -> list[int]:
        mech: TrickState = state.mech
        codec = self.codec
        if mech.phase == PASS:
            base = codec.pass_base
            return [base + card for card in state.zones[self.hand][player]]
        if mech.phase == NAME:
            return list(range(codec.name_base, codec.name_base + len(self.suit_names)))
        if mech.phase >= CALL:
            return self._call_actions(state, player)
        tricks = len(state.zones[self.hand][player])
        bids = range(tricks + 1)
        if self.hook and mech.acted == state.n - 1:
            others = sum(b for b in mech.bids if b >= 0)
            bids = [b for b in bids if others + b != tricks]  # type: ignore[assignment]
        return [codec.bid_base + b for b in bids]

    def _call_actions(self, state: State, player: int) -> list[int]:
        """Pass or order up; pass or name another suit (the dealer may not pass); discard."""
        mech: TrickState = state.mech
        codec = self.codec
        if mech.phase == DISCARD:
            return [codec.discard_base + card for card in state.zones[self.hand][player]]
        alone = self.alone and len(self.sides[state.n][player]) > 1
        base = codec.call_base
        if mech.phase == CALL:
            return [base, base + 1, base + 2] if alone else [base, base + 1]
        turned = self.suit_of[mech.turned] if mech.turned >= 0 else -1
        suits = [s for s in range(len(self.suit_names)) if s != turned]
        actions = [] if player == self.dealer(state) else [base]
        actions += [codec.name_base + s for s in suits]
        if alone:
            actions += [base + 3 + s for s in suits]
        return actions

    def apply(self, state: State, player: int, card: int) -> None:
        mech: TrickState = state.mech
        if player != mech.current:
            self._refuse(state, player, card)
        if mech.led >= -1:  # a play (the phases before play check their own actions)
            self._check_play(state, player, card)
        self._play(state, player, card)

    def autoplay(
        self,
        state: State,
        picks: Sequence[Pick],
        played: list[tuple[int, int]] | None,
        limit: int,
    ) -> int:
        """Plays and phase actions picked from `legal_actions`, without their checks, until
        a choice, the round's end or `limit` (the engine's `Autoplay`); once the round is in
        plain play, `_plain_cards` plays the rest (and answers the choices its tricks ask)."""
        mech: TrickState = state.mech
        legal, play = self.legal_actions, self._play
        start = state.round
        count = 0
        while count < limit:
            if mech.led >= -1 and not self.restricted and not mech.sitting:
                return count + self._plain_cards(state, picks, played, limit - count)
            player = mech.current
            actions = legal(state, player)
            if not actions:
                break  # the engine's own step names the stuck player
            action = picks[player](actions)
            if played is not None:
                played.append((player, action))
            play(state, player, action)
            count += 1
            if state.pending is not None or state.terminal or state.round != start:
                break
        return count

    def _plain_cards(
        self,
        state: State,
        picks: Sequence[Pick],
        played: list[tuple[int, int]] | None,
        limit: int,
    ) -> int:
        """`autoplay` while the round is in play and only following suit limits a card (no
        must-trump, lead rule or suit to break, nobody sitting out): the bulk of a random
        game. Each card is what `legal_actions` then `_play` would pick and do, with the
        trump's tables read once rather than per card, and a pick from the hand itself
        rather than its copy (a random pick only reads the list); a choice a trick's win
        asks is answered the same way (`State.answer`). Stops as `autoplay` does, but for
        a choice.

        Following suit picks from each hand's cards of the led suit, kept apart in hand
        order (`_by_suit`) as cards leave, rather than filtering the hand at every card:
        the same list `legal_actions` makes, so the same pick. Cards leave a hand only by
        play here; where a suit action can put cards into a hand (`wins_fill_hand`), the
        lists are made again after every trick."""
        mech: TrickState = state.mech
        hands = state.zones[self.hand]
        suit_of = self.suits_by_trump[mech.trump]
        follow, seat_plays, events, log = self.follow_suit, self.plays, self.play_events, state.log
        n, start = state.n, state.round
        suits = len(self.suit_ids)
        by_suit = _by_suit(hands, suit_of, suits) if follow else []
        refill = follow and self.wins_fill_hand
        count = 0
        while count < limit:
            # A trick, from whoever is to play: who plays and the led suit live in locals,
            # written back to `mech` only when play stops before the trick is full.
            player, led, plays = mech.current, mech.led, mech.plays
            while True:
                hand = hands[player]
                if not hand or count >= limit:  # stuck (the engine's step names them), or capped
                    mech.current, mech.led = player, led
                    return count
                if led >= 0 and follow:
                    card = picks[player](by_suit[player][led] or hand)
                else:
                    card = picks[player](hand)
                if played is not None:
                    played.append((player, card))
                hand.remove(card)
                if follow:
                    by_suit[player][suit_of[card]].remove(card)
                plays.append(seat_plays[player][card])
                log.append(events[player][card])
                count += 1
                if led < 0:
                    led = suit_of[card]
                if len(plays) == n:
                    break
                player = (player + 1) % n
            self._end_trick(state, plays, led)
            while (pending := state.pending) is not None and pending.options and count < limit:
                # The win asks its winner a choice (a ride): a pick among the options.
                action = picks[pending.player](pending.options)
                if played is not None:
                    played.append((pending.player, action))
                state.answer(action)
                count += 1
            if state.pending is not None or state.terminal or state.round != start:
                break
            if refill:
                by_suit = _by_suit(hands, suit_of, suits)
        return count

    def _check_play(self, state: State, player: int, card: int) -> None:
        """Refuse a card the player may not play now, with the reason."""
        mech: TrickState = state.mech
        hand = state.zones[self.hand][player]
        if card not in hand:
            self._refuse(state, player, card)
        led = mech.led
        if (
            led >= 0
            and self.follow_suit
            and self.suits_by_trump[mech.trump][card] != led
            and not self.in_suit_by_trump[mech.trump][led].isdisjoint(hand)
        ):
            raise IllegalActionError(
                f"player {player} must follow suit ({self.suit_names[led]})",
                self.summary(state),
            )
        if self.restricted:
            self._check_restricted(state, player, card)

    def _play(self, state: State, player: int, card: int) -> None:
        """A legal action of the player to move: a card to the trick (the trick resolved
        when it is full), or an action of the phases before play."""
        mech: TrickState = state.mech
        led = mech.led
        if led < -1:
            self._apply_phase(state, player, card)
            return
        suit_of = self.suits_by_trump[mech.trump]
        if suit_of[card] == self.broken_suit:
            mech.broken = True
        state.zones[self.hand][player].remove(card)
        plays = mech.plays
        plays.append(self.plays[player][card])
        log = state.log
        log.append(self.play_events[player][card])
        n = state.n
        sitting = mech.sitting
        if len(plays) < n - len(sitting):
            if led < 0:
                mech.led = suit_of[card]
            mech.current = (player + 1) % n if not sitting else self.next_seated(mech, player, n)
            return
        self._end_trick(state, plays, led if led >= 0 else suit_of[card])

    def _end_trick(self, state: State, plays: list[tuple[int, int]], led: int) -> None:
        """The full trick's winner takes it (and the lead, or passes it on), then the
        play goes on unless the win asks its winner a choice."""
        mech: TrickState = state.mech
        winner, winning = self.trick_winner(plays, led, mech.trump)
        state.log.append(self.trick_events[winner][winning])
        mech.plays = []
        mech.led = -1
        if self.winner_leads:
            mech.current = winner
        else:
            mech.current = self.next_seated(mech, plays[0][0], state.n)
        if self.only_suit_action:
            self.suit_actions[self.suit_of[winning]](state, winner, winning)
        else:
            self._win(state, winner, winning, plays)
        if state.pending is None:
            self.after_effects(state)

    def _win(self, state: State, winner: int, winning: int, plays: list[tuple[int, int]]) -> None:
        """What winning a trick does beyond the suit action: count it, take its cards."""
        if self.tricks_track >= 0:
            state.advance(winner, self.tricks_track, 1, "tricks")
        if self.contract_need:
            state.mech.taken[winner] += 1
        if self.won >= 0:
            state.zones[self.won][winner].extend([card for _, card in plays])
        if self.suit_action:
            self.suit_actions[self.suit_of[winning]](state, winner, winning)

    def _check_restricted(self, state: State, player: int, card: int) -> None:
        """Refuse a card in the hand that must trump or that leads what may not lead, with
        the reason (playing it breaks the suit that must be broken: `_play`)."""
        mech: TrickState = state.mech
        hand = state.zones[self.hand][player]
        if card in self.legal_actions(state, player):
            return
        if mech.led >= 0:
            reason = f"must play a trump ({self.suit_names[mech.trump]})"
        elif mech.trick == 1 and self.first_card in hand:
            reason = f"must lead {self.card_names[self.first_card]}"
        else:
            reason = f"may not lead {self.suit_names[self.broken_suit]} before it is broken"
        raise IllegalActionError(f"player {player} {reason}", self.summary(state))

    def _apply_phase(self, state: State, player: int, action: int) -> None:
        """A card passed, a bid or a suit named, in the phases before play."""
        mech: TrickState = state.mech
        if action not in self._phase_actions(state, player):
            raise IllegalActionError(
                f"{self.describe_action(state, action)} is not allowed now "
                f"({PHASE_WORDS[mech.phase]})",
                self.summary(state),
            )
        codec, n = self.codec, state.n
        if mech.phase == PASS:
            card = action - codec.pass_base
            state.zones[self.hand][player].remove(card)
            chosen = mech.passing[player]
            chosen.append(card)
            state.log.append(PassPicked(player, card))
            if len(chosen) < self.pass_count:
                return
            mech.current = (player + 1) % n
            mech.acted += 1
            if mech.acted < n:
                return
            hands = state.zones[self.hand]
            for giver in range(n):
                receiver = (giver + mech.pass_offset) % n
                hands[receiver].extend(mech.passing[giver])
                state.log.append(Passed(giver, receiver, tuple(mech.passing[giver])))
            mech.passed = mech.passing
            mech.passing = []
            self._next_phase(state)
        elif mech.phase == NAME:
            mech.trump = action - codec.name_base
            mech.maker = player
            state.log.append(TrumpNamed(player, mech.trump))
            self._next_phase(state)
        elif mech.phase >= CALL:
            self._apply_call(state, player, action)
        else:
            bid = action - codec.bid_base
            mech.bids[player] = bid
            state.track[player][self.bid_track] = min(bid, state.game.tracks[self.bid_track].max)
            state.log.append(BidMade(player, bid))
            mech.current = (player + 1) % n
            mech.acted += 1
            if mech.acted == n:
                self._next_phase(state)

    def _apply_call(self, state: State, player: int, action: int) -> None:
        """A pass, an order up, a suit named (alone or not), or the dealer's discard."""
        mech: TrickState = state.mech
        record = self.codec.decode(action)
        n = state.n
        if isinstance(record, Discard):
            state.zones[self.hand][player].remove(record.card)
            state.out_of_play = [*state.out_of_play, record.card]  # shared with clones
            state.log.append(Discarded(player, record.card))
            self._next_phase(state)
            return
        if isinstance(record, Call) and not record.order:
            state.log.append(CallPassed(player))
            mech.acted += 1
            mech.current = (player + 1) % n
            if mech.acted == n:  # the first round passed: suits are named
                mech.phase, mech.acted, mech.current = CALL2, 0, mech.round_leader
            return
        if isinstance(record, Call):
            suit, alone = self.suit_of[mech.turned], record.alone
        else:
            assert isinstance(record, NameTrump)
            suit, alone = record.suit, record.alone
        mech.trump, mech.maker = suit, player
        state.log.append(TrumpCalled(player, suit, alone, mech.phase == CALL))
        if alone:
            mech.sitting = tuple(p for p in self.sides[n][player] if p != player)
            hands = state.zones[self.hand]
            for partner in mech.sitting:
                state.out_of_play = [*state.out_of_play, *hands[partner]]
                hands[partner] = []
        dealer = self.dealer(state)
        if mech.phase == CALL and self.dealer_picks_up and dealer not in mech.sitting:
            state.out_of_play = [card for card in state.out_of_play if card != mech.turned]
            state.zones[self.hand][dealer].append(mech.turned)
            mech.picked = mech.turned
            mech.phase, mech.current = DISCARD, dealer
            return
        self._next_phase(state)

    def _score_contract(self, state: State) -> None:
        """The makers' side won `need` tricks (more for all of them), else each defending
        side scores: on the maker's track, or the first of each defending side's."""
        mech: TrickState = state.mech
        maker, n = mech.maker, state.n
        sides = self.sides[n]
        won = sum(mech.taken[p] for p in sides[maker])
        made, every, alone_made, alone_every, defenders = self.contract_points
        alone = bool(mech.sitting)
        if won >= self.contract_need:
            if won == sum(mech.taken):
                points = alone_every if alone else every
            else:
                points = alone_made if alone else made
            state.advance(maker, self.contract_track, points, "contract")
            state.log.append(ContractScored(maker, won, True, points))
            return
        state.log.append(ContractScored(maker, won, False, defenders))
        scored: set[tuple[int, ...]] = {sides[maker]}
        for offset in range(1, n):
            player = (maker + offset) % n
            if sides[player] not in scored:
                scored.add(sides[player])
                state.advance(player, self.contract_track, defenders, "contract")

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

    def trick_winner(self, plays: list[tuple[int, int]], led: int, trump: int) -> tuple[int, int]:
        """The winning (player, card): highest trump if any was played, else of the led suit
        (the first play leads, so it is of the led suit)."""
        target = led
        if trump >= 0:
            suit_of = self.suits_by_trump[trump]
            if any(suit_of[card] == trump for _, card in plays):
                target = trump
        power = self.power_by_trump[trump][target]
        best = plays[0]
        best_power = power[best[1]]
        for play in plays:
            if power[play[1]] > best_power:
                best, best_power = play, power[play[1]]
        return best

    def after_effects(self, state: State) -> None:
        """The trick is resolved: go on with the next trick, or end the round (and game).

        `state.turn` counts tricks and advances only when another trick follows, so a finished
        game's turn is the number of tricks played."""
        mech: TrickState = state.mech
        mech.trick += 1
        if state.zones[self.hand][mech.current]:
            state.turn += 1
            return
        if self.contract_need and mech.maker >= 0:
            self._score_contract(state)
        for player in range(state.n):
            state.run_effects(self.cleanup, player, -1)
        state.log.append(RoundEnded(state.round))
        if state.game.end_of_round(state) or state.round >= self.rounds[state.n]:
            state.terminal = True
            state.log.append(GAME_ENDED)
            return
        state.turn += 1
        state.round += 1
        if not self.leader_is_last_winner:
            mech.round_leader = (mech.round_leader + 1) % state.n
            mech.current = mech.round_leader
        else:
            mech.round_leader = mech.current
        self._deal(state)
        self._begin_round(state)

    # -- bot hooks -------------------------------------------------------------------------

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        """A copy where the cards `observer` has not seen (the other hands, the cards they set
        aside to pass, the face-down leftovers, the cards set aside at setup) are dealt anew,
        respecting the suits each player showed void in this round and the cards `observer`
        passed (still in the receiver's hand); won piles, the trick, a turned-up card and bids
        are public. Later deals are unknown too (the copy gets a new seed)."""
        copy = state.clone(for_scoring=True)
        copy.seed = rng.getrandbits(62)
        mech: TrickState = state.mech
        n = state.n
        hands = copy.zones[self.hand]
        others = [p for p in range(n) if p != observer]
        known: list[list[int]] = [[] for _ in range(n)]
        if mech.passed and mech.pass_offset:
            receiver = (observer + mech.pass_offset) % n
            held = state.zones[self.hand][receiver]
            known[receiver] = [card for card in mech.passed[observer] if card in held]
        if mech.turned >= 0 and mech.turned not in state.out_of_play:
            for p in others:  # face up in the dealer's hand (kept, or picked up)
                if mech.turned in hands[p]:
                    known[p].append(mech.turned)
        fixed = {card for cards in known for card in cards}
        buffers = mech.passing
        pool = [card for p in others for card in hands[p] if card not in fixed]
        if buffers:
            pool += [card for p in others for card in buffers[p]]
        pool += [card for card in state.out_of_play if card != mech.turned]
        in_play = set(state.deck_cards)
        removed = [card for card in range(len(self.suit_of)) if card not in in_play]
        pool += removed  # set aside face down at setup: as unknown as the leftovers
        pool.sort()  # the order of the unseen cards must not tell where they are
        sizes = [
            len(hands[p]) - len(known[p]) + (len(buffers[p]) if buffers else 0) for p in others
        ]
        void = self._voids(state)
        for _ in range(20):
            rng.shuffle(pool)
            dealt = self._deal_respecting(pool, others, sizes, void, mech.trump)
            if dealt is not None:
                break
        else:
            dealt = []
            start = 0
            for size in sizes:
                dealt.append(pool[start : start + size])
                start += size
        used = set()
        copy_mech: TrickState = copy.mech
        for p, cards in zip(others, dealt, strict=True):
            aside = len(buffers[p]) if buffers else 0
            if aside:
                copy_mech.passing[p] = list(cards[:aside])
            hands[p] = known[p] + list(cards[aside:])
            used.update(cards)
        leftover = [card for card in pool if card not in used]
        if removed:
            set_aside = set(leftover[: len(removed)])
            leftover = leftover[len(removed) :]
            copy.deck_cards = [c for c in range(len(self.suit_of)) if c not in set_aside]
        face_up = mech.turned >= 0 and mech.turned in state.out_of_play
        copy.out_of_play = [mech.turned, *leftover] if face_up else leftover
        return copy

    def _voids(self, state: State) -> list[set[int]]:
        """The suits each player showed void in this round: not following the led suit (nor
        trumping, when they must trump). Without the duty to follow, a play shows nothing."""
        trump = state.mech.trump
        suit_of = self.suits_by_trump[trump]
        void: list[set[int]] = [set() for _ in range(state.n)]
        if not self.follow_suit:
            return void
        round_events: list[Event] = []
        for event in reversed(state.log):
            if isinstance(event, Dealt):
                break
            round_events.append(event)
        led = -1
        for event in reversed(round_events):
            if isinstance(event, TrickWon):
                led = -1
            elif isinstance(event, Played):
                player, card = event.player, event.card
                if led < 0:
                    led = suit_of[card]
                elif suit_of[card] != led:
                    void[player].add(led)
                    if self.must_trump and trump >= 0 and suit_of[card] != trump:
                        void[player].add(trump)
        return void

    def _deal_respecting(
        self,
        pool: list[int],
        players: list[int],
        sizes: list[int],
        void: list[set[int]],
        trump: int,
    ) -> list[list[int]] | None:
        """Deal from the shuffled pool so that no player gets a suit it is void in, each
        card's suit read as the trump makes it (`_voids` reads them so: a card ranked into
        the trump suit is of that suit)."""
        suit_of = self.suits_by_trump[trump]
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

    def is_quiet(self, state: State, player: int) -> bool:
        """Whether any card `player` plays now leaves everything that scores unchanged: true
        unless the play completes the trick (or answers a choice)."""
        if state.pending is not None:
            return False
        mech: TrickState = state.mech
        return mech.phase != PLAY or len(mech.plays) < state.n - 1 - len(mech.sitting)

    def bot_option(self, state: State, action: int) -> BotOption:
        record = self.codec.decode(action)
        if isinstance(record, PlayCard):
            return BotOption("follow" if state.mech.plays else "lead", record.card)
        if isinstance(record, PassCard):
            return BotOption("pass", record.card)
        if isinstance(record, Bid):
            return BotOption("bid", -1, value=record.tricks)
        if isinstance(record, Discard):
            return BotOption("discard", record.card)
        if isinstance(record, Call):
            turned = state.mech.turned
            if not record.order:
                return BotOption("call_pass", -1)
            return BotOption("order_up", turned, value=2 if record.alone else 1)
        assert isinstance(record, NameTrump)
        return BotOption("name_trump", self.suit_cards[record.suit], value=record.suit)

    def wins_trick(self, state: State, player: int, card: int) -> bool | None:
        """Whether `card` played now would win the trick as it stands (the kernel's
        `TrickJudge`, for the `wins_trick` and `loses_trick` preferences)."""
        mech: TrickState = state.mech
        if mech.phase != PLAY:
            return None
        led = mech.led if mech.led >= 0 else self.suits_by_trump[mech.trump][card]
        winner, _ = self.trick_winner([*mech.plays, (player, card)], led, mech.trump)
        return winner == player

    # -- presentation ----------------------------------------------------------------------

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None:
        if state.pending is not None or not state.mech.phase:
            return None
        record = self.codec.decode(action)
        if isinstance(record, PassCard):
            return f"pass {words.deck_card(record.card)}"
        if isinstance(record, Bid):
            return f"bid {record.tricks}"
        if isinstance(record, PlayCard):
            return None
        return self.describe_action(state, action)

    def narrate_event(
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None:
        return narration.event(self, event, viewer, words)

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
        if 0 <= action < self.codec.num_distinct_actions:
            record = self.codec.decode(action)
            if isinstance(record, PassCard):
                return f"pass {self.card_names[record.card]}"
            if isinstance(record, Bid):
                return f"bid {record.tricks}"
            if isinstance(record, NameTrump):
                alone = " and go alone" if record.alone else ""
                return f"name {self.suit_names[record.suit]} trump{alone}"
            if isinstance(record, Call):
                if not record.order:
                    return "pass"
                return "order up and go alone" if record.alone else "order up"
            if isinstance(record, Discard):
                return f"discard {self.card_names[record.card]}"
        return f"action {action}"

    def observe(self, state: State, player: int) -> TrickObservation:
        mech: TrickState = state.mech
        deck = state.game.deck
        view = table_view(state, player)
        seen: TrickObservation = {
            "player": player,
            "round": state.round,
            "rounds": self.rounds[state.n],
            "trick": mech.trick,
            "to_move": list(state.to_move()),
            "led_suit": self.suit_names[mech.led] if mech.led >= 0 else None,
            "plays": [(p, deck.ids[card]) for p, card in mech.plays],
            "hand": [deck.ids[card] for card in state.zones[self.hand][player]],
            "phase": PHASE_WORDS[mech.phase],
            "trump": self.suit_names[mech.trump] if mech.trump >= 0 else None,
            "turned_up": deck.ids[mech.turned] if mech.turned >= 0 else None,
            "bids": list(mech.bids),
            "passing": [deck.ids[card] for card in mech.passing[player]] if mech.passing else [],
            "broken": mech.broken,
            "pass_count": self.pass_count,
            "pass_to": (player + mech.pass_offset) % state.n,
            "resources": view["resources"],
            "supply": view["supply"],
            "tracks": view["tracks"],
            "zones": view["zones"],
        }
        if self.calling or self.contract_need:  # only games that call trump show these
            seen["maker"] = mech.maker
            seen["sitting_out"] = list(mech.sitting)
        return seen

    def summary(self, state: State) -> str:
        mech: TrickState = state.mech
        if mech is None:
            return "setting up"
        if mech.phase:
            return f"round {state.round}, {PHASE_WORDS[mech.phase]}, player {mech.current} to act"
        led = self.suit_names[mech.led] if mech.led >= 0 else "none"
        text = f"round {state.round}, trick {mech.trick}, player {mech.current} to play, led: {led}"
        if mech.trump != self.trump:
            text += f", trump: {self.suit_names[mech.trump] if mech.trump >= 0 else 'none'}"
        return text


def _by_suit(hands: list[list[int]], suit_of: Sequence[int], suits: int) -> list[list[list[int]]]:
    """Each hand's cards by suit, in hand order: what following a suit may play."""
    by_suit = []
    for hand in hands:
        lists: list[list[int]] = [[] for _ in range(suits)]
        for card in hand:
            lists[suit_of[card]].append(card)
        by_suit.append(lists)
    return by_suit


SuitTables = tuple[tuple[int, ...], tuple[frozenset[int], ...], tuple[tuple[int, ...], ...]]


def _suit_tables(
    spec: TrickTaking,
    suit_ids: list[str],
    card_ids: Sequence[str],
    suits: Sequence[str],
    ranks: Sequence[int],
) -> list[SuitTables]:
    """By trump suit, then for no trump (last, so that trump -1 indexes it): each card's
    suit, the cards of each suit, and each card's power in each suit. A card listed in
    `trump_ranks` for the trump suit belongs to it, above its other cards, highest first."""
    low, high = min(ranks) - 1, max(ranks)
    plain_suits = tuple(suit_ids.index(s) for s in suits)

    def tables(trump: int) -> SuitTables:
        order = spec.trump_ranks.get(suit_ids[trump], []) if trump >= 0 else []
        listed = {card_ids.index(card): len(order) - i for i, card in enumerate(order)}
        suit_of = tuple(trump if k in listed else s for k, s in enumerate(plain_suits))
        power = tuple(
            tuple(
                (high + listed[k] if k in listed else ranks[k]) if suit_of[k] == suit else low
                for k in range(len(card_ids))
            )
            for suit in range(len(suit_ids))
        )
        in_suit = tuple(
            frozenset(k for k, s in enumerate(suit_of) if s == suit)
            for suit in range(len(suit_ids))
        )
        return suit_of, in_suit, power

    plain = tables(-1)
    by_trump = [
        tables(t) if suit_ids[t] in spec.trump_ranks else plain for t in range(len(suit_ids))
    ]
    return [*by_trump, plain]
