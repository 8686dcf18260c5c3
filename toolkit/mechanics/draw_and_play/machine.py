"""Draw-and-play, configured by data: on a turn a player plays a card of their hand to one of
their areas or discards it face up on a public discard pile, then draws the top card of the
draw pile or takes the top card of a discard pile (or draws first, then plays: `turn`). Areas
follow their placement rule (ascending within each colour, wagers before any number ...).
The round ends right after the draw that empties the draw pile; each further round gathers
every card, reshuffles and deals again.

Corner cases the rule text leaves open, decided here:

- A player may not take back the card they discarded in the same turn (unless
  `retake_discard`): that pile cannot be taken from while that card is on top.
- A player whose hand is empty skips the play; a player whose hand holds `hand_limit` cards,
  or who has nothing to draw or take, skips the draw. If nobody can do anything for a whole
  round of turns, the round ends (logged as `stalled`).
- Without `end_on_empty_draw`, once the draw pile is empty nobody draws or takes any more:
  hands are played out and the round ends when no one can play (so every round ends).
- With `draw_then_play`, the round still ends right after the draw that empties the draw
  pile: the drawing player does not play that turn.
- Cards taken from a discard pile are public knowledge while they stay in the hand: search
  bots deal the others' hidden cards around them.
- After every turn the game's end conditions (`end.when`) are checked; when one holds, the
  game ends at once.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from toolkit.errors import IllegalActionError
from toolkit.kernel.events import GAME_ENDED, Event, RoundEnded
from toolkit.kernel.mechanic import BotOption, CardWords
from toolkit.kernel.observation import table_view
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.defaults import MachineDefaults, twin_cards
from toolkit.mechanics.draw_and_play import narration
from toolkit.mechanics.draw_and_play.codec import Discard, Draw, DrawPlayCodec, Place
from toolkit.mechanics.draw_and_play.events import (
    PILE_EMPTY,
    STALLED,
    CardDiscarded,
    Drew,
    HandFull,
    PlayedTo,
    StockFormed,
    TookFromPile,
)
from toolkit.mechanics.draw_and_play.observation import DrawObservation

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.mechanics.draw_and_play.structure import DrawAndPlay

PLAY, DRAW = 0, 1
"""The two steps of a turn."""

TURN_ACTIONS_PER_CARD = 40
"""A generous bound on turns per deck card in one round: cards can go round through the
discard piles, but every draw from the draw pile shortens the round."""


@dataclass(slots=True)
class TurnState:
    """Where play stands: whose turn, which step, and what the table knows of hands."""

    current: int
    step: int
    discarded: int = -1
    """The card discarded this turn (it may not be taken back), or -1."""
    known: list[list[int]] = field(default_factory=list)
    """Per player, the cards taken from discard piles that are still in their hand."""
    idle: int = 0
    """Steps skipped in a row: a whole round of them means nobody can act."""

    def copy(self) -> TurnState:
        return TurnState(
            self.current, self.step, self.discarded, [k[:] for k in self.known], self.idle
        )


@dataclass(frozen=True, slots=True)
class AreaRule:
    """One area zone compiled: which area of it each card belongs to and how cards follow."""

    zone: int
    zone_id: str
    key: tuple[int, ...]
    """Per card, the area it belongs to within the zone (its `by` value's index, else 0)."""
    key_names: tuple[str, ...]
    """The area names by key (the `by` values), or the zone's name."""
    values: tuple[int | None, ...] | None
    """Per card, the ordered field's value; None when the area has no order."""
    sign: int
    """+1 ascending, -1 descending."""
    strict: bool
    exempt: tuple[bool, ...]
    exempt_first: bool

    def group(self, cards: list[int], key: int) -> list[int]:
        own = self.key
        return [card for card in cards if own[card] == key]

    def allows(self, cards: list[int], card: int) -> bool:
        """Whether `card` may join its area, given the zone's cards in the order played."""
        if self.values is None:
            return True
        return self.fits(self.tops(cards), card)

    def tops(self, cards: list[int]) -> dict[int, int | None]:
        """Per area (key) holding cards: the last ordered value there, or None when it holds
        exempt cards only. One pass over the zone, for testing every hand card."""
        values, own, exempt = self.values, self.key, self.exempt
        assert values is not None
        tops: dict[int, int | None] = {}
        for other in cards:
            value = values[other]
            key = own[other]
            if exempt[other] or value is None:
                tops.setdefault(key, None)
            else:
                tops[key] = value
        return tops

    def fits(self, tops: dict[int, int | None], card: int) -> bool:
        """Whether `card` may follow the areas' `tops`."""
        values = self.values
        if values is None:
            return True
        key = self.key[card]
        value = values[card]
        if self.exempt[card] or value is None:
            return not self.exempt_first or tops.get(key) is None
        last = tops.get(key)
        if last is None:
            return True
        difference = (value - last) * self.sign
        return difference > 0 if self.strict else difference >= 0


@dataclass(frozen=True, slots=True)
class DrawPlayMechanic(MachineDefaults):
    hand: int
    draw: int
    draw_name: str
    piles: tuple[int, ...]
    """The shared zones of the discard piles, in order."""
    pile_names: tuple[str, ...]
    pile_of: tuple[int, ...]
    """Per card, the index in `piles` of the pile it is discarded to (-1: none)."""
    areas: tuple[AreaRule, ...]
    draw_first: bool
    hand_limit: int | None
    retake: bool
    end_on_empty: bool
    rounds: tuple[int, ...]
    """The most rounds a game has, by player count."""
    deal_counts: tuple[int | None, ...]
    """Cards each at every deal, by player count (None: the whole deck evenly)."""
    card_ids: tuple[str, ...]
    card_names: tuple[str, ...]
    twins: tuple[int, ...]
    """Identical cards (`twin_cards`: the pledges of one colour): playing or discarding
    either comes to the same."""
    seats: tuple[tuple[int], ...]
    codec: DrawPlayCodec

    @classmethod
    def compile(cls, spec: DrawAndPlay, c: Compiler) -> DrawPlayMechanic:
        from toolkit.rules.setup.deal import Deal  # compiling only: play keeps no model

        deck = c.table("deck")
        discard = spec.discard
        if discard.by is not None:
            pile_ids = list(dict.fromkeys(discard.piles.values()))
            by_value = {value: pile_ids.index(zone) for value, zone in discard.piles.items()}
            pile_of = tuple(by_value.get(str(v), -1) for v in deck.fields[discard.by])
        else:
            assert discard.zone is not None
            pile_ids = [discard.zone]
            pile_of = (0,) * deck.size
        areas = []
        for area in spec.areas:
            zone = c.zone(area.zone)
            if area.by is not None:
                names = list(dict.fromkeys(str(v) for v in deck.fields[area.by]))
                key = tuple(names.index(str(v)) for v in deck.fields[area.by])
            else:
                names, key = [zone.name], (0,) * deck.size
            order = area.order
            exempt = (
                tuple(c.predicate("deck", order.exempt)(card) for card in range(deck.size))
                if order is not None and order.exempt
                else (False,) * deck.size
            )
            areas.append(
                AreaRule(
                    zone=zone.index,
                    zone_id=zone.id,
                    key=key,
                    key_names=tuple(names),
                    values=tuple(
                        v if isinstance(v, int) and not isinstance(v, bool) else None
                        for v in deck.fields[order.field]
                    )
                    if order is not None
                    else None,
                    sign=-1 if order is not None and order.direction == "descending" else 1,
                    strict=order.strict if order is not None else False,
                    exempt=exempt,
                    exempt_first=order.exempt_first if order is not None else True,
                )
            )
        deal = next((s for s in c.setup_steps if isinstance(s, Deal) and s.to == spec.hand), None)
        return cls(
            hand=c.zone(spec.hand).index,
            draw=c.zone(spec.draw).index,
            draw_name=c.zone(spec.draw).name,
            piles=tuple(c.zone(p).index for p in pile_ids),
            pile_names=tuple(c.zone(p).name for p in pile_ids),
            pile_of=pile_of,
            areas=tuple(areas),
            draw_first=spec.turn == "draw_then_play",
            hand_limit=spec.hand_limit,
            retake=spec.retake_discard,
            end_on_empty=spec.end_on_empty_draw,
            rounds=c.per_players(spec.rounds),
            deal_counts=deal.counts(c) if deal is not None else (None,) * (c.max_players + 1),
            card_ids=deck.ids,
            card_names=deck.names,
            twins=twin_cards(deck.fields, deck.size),
            seats=tuple((p,) for p in range(c.max_players)),
            codec=DrawPlayCodec.for_game(deck.size, len(areas), len(pile_ids)),
        )

    # -- the phase machine ---------------------------------------------------------------

    def setup(self, state: State) -> None:
        if not any(state.zones[self.hand]):
            state.deal(self.hand, self.deal_counts[state.n])
        self._stock(state)
        start = DRAW if self.draw_first else PLAY
        state.mech = TurnState(
            current=state.first_player, step=start, known=[[] for _ in range(state.n)]
        )
        state.turn = 1
        self._settle(state)

    def _stock(self, state: State) -> None:
        """The cards the deal left over form the draw pile, face down."""
        state.shared[self.draw] = state.out_of_play
        state.out_of_play = []
        state.log.append(StockFormed(len(state.shared[self.draw])))

    def to_move(self, state: State) -> tuple[int, ...]:
        return self.seats[state.mech.current]

    def max_actions(self, players: int) -> int:
        """Two steps a turn; a round has at most a few dozen turns per deck card."""
        return self.rounds[players] * len(self.card_ids) * TURN_ACTIONS_PER_CARD

    def legal_actions(self, state: State, player: int) -> list[int]:
        mech: TurnState = state.mech
        if player != mech.current:
            return []
        if mech.step == PLAY:
            return self._plays(state, player)
        return self._draws(state, player)

    def _plays(self, state: State, player: int) -> list[int]:
        codec = self.codec
        actions = []
        pile_of = self.pile_of
        destinations, discard = codec.destinations, codec.areas
        areas = [
            (index, area, area.tops(state.zones[area.zone][player]) if area.values else {})
            for index, area in enumerate(self.areas)
        ]
        for card in sorted(state.zones[self.hand][player]):
            base = card * destinations
            for index, area, tops in areas:
                if area.fits(tops, card):
                    actions.append(base + index)
            if pile_of[card] >= 0:
                actions.append(base + discard)
        return actions

    def _draws(self, state: State, player: int) -> list[int]:
        limit = self.hand_limit
        if limit is not None and len(state.zones[self.hand][player]) >= limit:
            return []
        codec = self.codec
        if not state.shared[self.draw]:
            return []  # an empty draw pile ends the drawing: hands are played out
        actions = [codec.draw_id(0)]
        discarded = -1 if self.retake else state.mech.discarded
        for index, pile in enumerate(self.piles):
            cards = state.shared[pile]
            if cards and cards[-1] != discarded:
                actions.append(codec.draw_id(index + 1))
        return actions

    def apply(self, state: State, player: int, action: int) -> None:
        mech: TurnState = state.mech
        if player != mech.current:
            raise IllegalActionError(
                f"it is player {mech.current}'s turn, not player {player}'s", self.summary(state)
            )
        if not self._allowed(state, player, action):
            raise IllegalActionError(
                f"player {player} cannot {self.describe_action(state, action)} now",
                self.summary(state),
            )
        record = self.codec.decode(action)
        mech.idle = 0
        if isinstance(record, Draw):
            self._draw(state, player, record.source)
            if record.source == 0 and not state.shared[self.draw] and self.end_on_empty:
                state.log.append(PILE_EMPTY)
                self._end_round(state)
                return
        else:
            known = mech.known[player]
            if record.card in known:
                known.remove(record.card)
            state.zones[self.hand][player].remove(record.card)
            if isinstance(record, Place):
                area = self.areas[record.area]
                state.zones[area.zone][player].append(record.card)
                state.log.append(PlayedTo(player, record.card, record.area))
            else:
                pile = self.pile_of[record.card]
                state.shared[self.piles[pile]].append(record.card)
                mech.discarded = record.card
                state.log.append(CardDiscarded(player, record.card, pile))
        self._next_step(state)

    def _allowed(self, state: State, player: int, action: int) -> bool:
        """Whether `action` is one of `legal_actions(state, player)`, checked for this one
        action instead of listing them all (the same rules, in the same terms)."""
        codec = self.codec
        if not 0 <= action < codec.num_distinct_actions:
            return False
        mech: TurnState = state.mech
        if action >= codec.plays:
            return mech.step == DRAW and action in self._draws(state, player)
        if mech.step != PLAY:
            return False
        card, destination = divmod(action, codec.destinations)
        if card not in state.zones[self.hand][player]:
            return False
        if destination == codec.areas:
            return self.pile_of[card] >= 0
        area = self.areas[destination]
        return area.allows(state.zones[area.zone][player], card)

    def _draw(self, state: State, player: int, source: int) -> None:
        mech: TurnState = state.mech
        if source == 0:
            card = state.shared[self.draw].pop()
            state.log.append(Drew(player, card))
        else:
            card = state.shared[self.piles[source - 1]].pop()
            mech.known[player].append(card)
            state.log.append(TookFromPile(player, card, source - 1))
        state.zones[self.hand][player].append(card)

    def _next_step(self, state: State) -> None:
        """Go on to the turn's other step, or end the turn; skip steps nobody can take."""
        mech: TurnState = state.mech
        last = PLAY if self.draw_first else DRAW
        if mech.step != last:
            mech.step = last
        elif self._end_turn(state):
            return
        self._settle(state)

    def _end_turn(self, state: State) -> bool:
        """The turn is over: True when that ended the game."""
        mech: TurnState = state.mech
        if state.game.end_reached(state):
            # The round in play ends with the game: it is scored like any other round.
            state.log.append(RoundEnded(state.round))
            state.game.end_of_round(state)
            self._end_game(state)
            return True
        mech.current = (mech.current + 1) % state.n
        mech.step = DRAW if self.draw_first else PLAY
        mech.discarded = -1
        state.turn += 1
        return False

    def _settle(self, state: State) -> None:
        """Skip the steps the player to move cannot take; end the round if nobody can act."""
        mech: TurnState = state.mech
        while not state.terminal and not self._can_act(state, mech.current):
            mech.idle += 1
            if mech.idle > 2 * state.n:
                state.log.append(STALLED)
                self._end_round(state)
                return
            limit = self.hand_limit
            if mech.step == DRAW and limit is not None and self._full(state, limit):
                state.log.append(HandFull(mech.current))
            last = PLAY if self.draw_first else DRAW
            if mech.step != last:
                mech.step = last
            elif self._end_turn(state):
                return

    def _full(self, state: State, limit: int) -> bool:
        return len(state.zones[self.hand][state.mech.current]) >= limit

    def _can_act(self, state: State, player: int) -> bool:
        """Whether the player to move has any action in the current step."""
        if state.mech.step == PLAY:
            hand = state.zones[self.hand][player]
            return any(self.pile_of[card] >= 0 for card in hand) or bool(self._plays(state, player))
        return bool(self._draws(state, player))

    def _end_round(self, state: State) -> None:
        state.log.append(RoundEnded(state.round))
        if state.game.end_of_round(state) or state.round >= self.rounds[state.n]:
            self._end_game(state)
            return
        state.round += 1
        for zone in (self.hand, *(area.zone for area in self.areas)):
            for player in range(state.n):
                state.zones[zone][player] = []
        for pile in (self.draw, *self.piles):
            state.shared[pile] = []
        state.deal(self.hand, self.deal_counts[state.n])
        self._stock(state)
        mech: TurnState = state.mech
        mech.current = (state.first_player + state.round - 1) % state.n
        mech.step = DRAW if self.draw_first else PLAY
        mech.discarded = -1
        mech.known = [[] for _ in range(state.n)]
        mech.idle = 0
        state.turn += 1
        self._settle(state)

    def _end_game(self, state: State) -> None:
        state.terminal = True
        state.log.append(GAME_ENDED)

    # -- bot hooks (no effect asks players anything: `after_effects` is the default) ------

    def is_quiet(self, state: State, player: int) -> bool:
        """Drawing never changes what scores: only plays do."""
        return state.pending is None and state.mech.step == DRAW

    def public_in_hand(self, state: State, player: int) -> Sequence[int]:
        """Cards taken from discard pile stay known while in the hand: `determinize` (the
        default, from the zones' visibility) deals the others' hidden cards around them."""
        mech: TurnState = state.mech
        return mech.known[player]

    def options_left(self, state: State, player: int) -> int:
        """How many hand cards the player could still place in an area."""
        hand = state.zones[self.hand][player]
        return sum(
            1
            for card in hand
            if any(area.allows(state.zones[area.zone][player], card) for area in self.areas)
        )

    def bot_option(self, state: State, action: int) -> BotOption:
        record = self.codec.decode(action)
        if isinstance(record, Place):
            return BotOption("place", record.card)
        if isinstance(record, Discard):
            return BotOption("discard", record.card)
        if record.source == 0:
            return BotOption("draw", -1)
        pile = state.shared[self.piles[record.source - 1]]
        return BotOption("take", pile[-1] if pile else -1)

    # -- narration and play --------------------------------------------------------------

    def describe_action(self, state: State, action: int) -> str:
        if state.pending is not None and action == DECLINE:
            return "decline"
        if not 0 <= action < self.codec.num_distinct_actions:
            return f"action {action}"
        return narration.action(self, state, action, self.card_ids.__getitem__)

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None:
        if state.pending is not None or not 0 <= action < self.codec.num_distinct_actions:
            return None
        return narration.action(self, state, action, words.deck_card)

    def narrate_event(
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None:
        return narration.event(self, event, viewer, words)

    def observe(self, state: State, player: int) -> DrawObservation:
        mech: TurnState = state.mech
        ids = self.card_ids
        return {
            "player": player,
            "round": state.round,
            "rounds": self.rounds[state.n],
            "turn": state.turn,
            "to_move": list(state.to_move()),
            "step": "draw" if mech.step == DRAW else "play",
            "hand": [ids[card] for card in state.zones[self.hand][player]],
            "hand_sizes": [len(hand) for hand in state.zones[self.hand]],
            "known": [[ids[card] for card in cards] for cards in mech.known],
            "draw_pile": len(state.shared[self.draw]),
            "discards": {
                name: [ids[card] for card in state.shared[pile]]
                for name, pile in zip(self.pile_names, self.piles, strict=True)
            },
            "areas": [
                {
                    area.zone_id: {
                        area.key_names[key]: [ids[card] for card in area.group(cards[p], key)]
                        for key in range(len(area.key_names))
                        if area.group(cards[p], key)
                    }
                    for area in self.areas
                    for cards in (state.zones[area.zone],)
                }
                for p in range(state.n)
            ],
            **table_view(state, player),
        }

    def summary(self, state: State) -> str:
        mech: TurnState | None = state.mech
        if mech is None:
            return "setting up"
        step = "draw" if mech.step == DRAW else "play"
        return (
            f"round {state.round}, turn {state.turn}, player {mech.current} to {step}, "
            f"{len(state.shared[self.draw])} cards to draw"
        )
