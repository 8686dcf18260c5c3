"""A game in progress: plain lists and ints only, so bots can clone and step it quickly."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from toolkit.errors import IllegalActionError
from toolkit.kernel.events import Chosen, Dealt, Event
from toolkit.kernel.streams import CURRENT, event_random

if TYPE_CHECKING:
    from toolkit.kernel.compiling import GameView
    from toolkit.kernel.observation import Observation

EffectFn = Callable[["State", int, int], None]
"""A compiled effect: (state, player, card) -> None. `card` is the deck card that triggered it,
or -1. An effect that needs a choice sets `state.pending` and the runner suspends."""

DECLINE = -1
"""The action that declines an optional choice."""


def chain(effects: Sequence[EffectFn]) -> EffectFn:
    """One callable for a compiled effect list, for lists run on every trick or turn.

    A lone effect is returned as itself: with nothing after it there is no frame to resume,
    so calling it directly is the same as running the list, one call fewer.
    """
    if len(effects) == 1:
        return effects[0]

    def run(state: State, player: int, card: int) -> None:
        state.run_effects(effects, player, card)

    return run


"""The action that declines an optional choice."""


@dataclass(slots=True)
class Frame:
    """Where to resume a suspended effect list."""

    effects: Sequence[EffectFn]
    next_index: int
    player: int
    card: int


@dataclass(slots=True)
class Decision:
    """A choice one player must make before play goes on (which attraction to ride)."""

    player: int
    kind: str
    """What is being chosen: the card kind of the options, or `option` for `choose`."""
    options: list[int]
    resolve: Callable[[State, Decision, int], None]
    frames: list[Frame] = field(default_factory=list)
    card: int = -1


@dataclass(slots=True)
class Stats:
    """Counters the simulator reports; kept on the state so no log has to be parsed."""

    track_gains: dict[tuple[int, str], int] = field(default_factory=dict)
    declined: int = 0
    supply_short: int = 0
    acquired: list[tuple[int, int, int, int]] = field(default_factory=list)
    """(zone, player, card, turn) for every acquisition."""
    counters: dict[str, int] = field(default_factory=dict)
    """Named event counts a mechanic keeps (face-down cards, shop actions used)."""
    held: set[tuple[int, int]] = field(default_factory=set)
    """(zone, card) of every card in a public player zone at the end of a round: what was
    held in a game whose rounds clear the table."""

    def copy(self) -> Stats:
        return Stats(
            dict(self.track_gains),
            self.declined,
            self.supply_short,
            self.acquired[:],
            dict(self.counters),
            set(self.held),
        )


class State:
    """The whole mutable state of one game. Mechanic-specific state lives in `mech`."""

    __slots__ = (
        "banked",
        "deck_cards",
        "draws",
        "first_player",
        "game",
        "grids",
        "log",
        "machine",
        "mech",
        "n",
        "options",
        "out_of_play",
        "pending",
        "res",
        "round",
        "seed",
        "shared",
        "slots",
        "stats",
        "streams",
        "supply",
        "terminal",
        "track",
        "turn",
        "zones",
    )

    def __init__(
        self,
        game: GameView,
        n: int,
        seed: int,
        options: dict[str, Any],
        streams: int = CURRENT,
    ) -> None:
        self.game = game
        self.machine = game.mechanic
        """The game's mechanic, one attribute away: every action goes through it."""
        self.n = n
        self.seed = seed
        self.streams = streams
        """Which generators its random events draw from (`streams.FORMATS`)."""
        self.options = options
        self.draws = 0
        self.res: list[list[int]] = [[0] * len(game.resources) for _ in range(n)]
        self.supply: list[int] = [r.supply for r in game.resources]
        self.track: list[list[int]] = [[t.start for t in game.tracks] for _ in range(n)]
        self.zones: list[list[list[int]]] = [[[] for _ in range(n)] for _ in game.player_zones]
        self.shared: list[list[int]] = [[] for _ in game.shared_zones]
        self.grids: list[list[dict[tuple[int, int], int]]] = [
            [{} for _ in range(n)] for _ in game.player_zones
        ]
        """Positions of the cards of grid zones: (row, column) -> card, or ~card face down.
        The zone's list holds the face-up cards only, so scoring by field ignores face-down."""
        self.slots: dict[str, list[tuple[str, int, str]]] = {}
        """Table slots: (content kind, card index, side id) per card placed by setup."""
        self.pending: Decision | None = None
        self.first_player = 0
        self.out_of_play: list[int] = []
        self.deck_cards: list[int] = list(range(game.deck.size))
        """The deck in play: setup may set cards aside for the whole game."""
        self.banked: list[list[int]] = [[0] * n for _ in range(game.round_rules)]
        """Points banked by each round-scoring rule, per player."""
        self.terminal = False
        self.turn = 0
        self.round = 1
        """The round in play, counted by the mechanic from 1: statistics checkpoint on it."""
        self.log: list[Event] = []
        self.stats = Stats()
        self.mech: Any = None

    # -- the engine contract ----------------------------------------------------------

    def to_move(self) -> tuple[int, ...]:
        """Players who must decide now."""
        pending = self.pending
        if pending is None:
            return () if self.terminal else self.machine.to_move(self)
        return () if self.terminal else self.game.seat_tuples[pending.player]

    def legal_actions(self, player: int) -> list[int]:
        pending = self.pending
        if pending is None:
            return [] if self.terminal else self.machine.legal_actions(self, player)
        if self.terminal:
            return []
        return pending.options[:] if pending.player == player else []

    def apply(self, player: int, action: int) -> None:
        """Play `action` for `player`; raises IllegalActionError with the reason if not allowed."""
        if self.terminal:
            raise IllegalActionError("the game is over", self.summary())
        pending = self.pending
        if pending is not None:
            if player != pending.player:
                raise IllegalActionError(
                    f"player {player} cannot act: player {pending.player} must choose "
                    f"({pending.kind})",
                    self.summary(),
                )
            if action not in pending.options:
                raise IllegalActionError(
                    f"{self.game.describe_action(self, action)} is not one of the choices "
                    f"for {pending.kind}",
                    self.summary(),
                )
            self.answer(action)
            return
        self.machine.apply(self, player, action)

    def answer(self, action: int) -> None:
        """Resolve the pending choice with `action`, one of its options (checked by `apply`,
        or picked from them by a random bot), and go on to the next choice or turn."""
        pending = self.pending
        assert pending is not None
        self.pending = None
        self.log.append(Chosen(pending.player, pending.kind, action))
        pending.resolve(self, pending, action)
        self._resume(pending.frames)
        if self.pending is None:
            self.machine.after_effects(self)

    def is_terminal(self) -> bool:
        return self.terminal

    def scores(self) -> Any:
        """Final (or provisional, if called mid-game) scores with a breakdown by source."""
        return self.game.score(self)

    def observation(self, player: int) -> Observation:
        """What `player` may see: other hands and hidden zones become counts."""
        return self.game.observe(self, player)

    def clone(self, *, for_scoring: bool = False) -> State:
        """An independent copy. `for_scoring` skips the log and the statistics, which
        scoring and lookahead never read: cheaper for bots that evaluate many positions."""
        other = State.__new__(State)
        other.game = self.game
        other.machine = self.machine
        other.n = self.n
        other.seed = self.seed
        other.streams = self.streams
        other.options = self.options
        other.draws = self.draws
        # map with the C copy methods: clones are what search bots and scoring make most.
        other.res = list(map(list.copy, self.res))
        other.supply = self.supply[:]
        other.track = list(map(list.copy, self.track))
        other.zones = [list(map(list.copy, zone)) for zone in self.zones]
        other.shared = list(map(list.copy, self.shared))
        other.grids = [list(map(dict.copy, zone)) for zone in self.grids]
        other.slots = self.slots
        other.pending = self.pending
        other.first_player = self.first_player
        other.out_of_play = self.out_of_play
        other.deck_cards = self.deck_cards
        other.banked = list(map(list.copy, self.banked))
        other.terminal = self.terminal
        other.turn = self.turn
        other.round = self.round
        other.log = [] if for_scoring else self.log[:]
        other.stats = Stats() if for_scoring else self.stats.copy()
        other.mech = self.mech.copy() if self.mech is not None else None
        return other

    def marker_copy(self) -> State:
        """A copy whose track markers alone are its own, for scoring whose only changes are
        marker moves (a milestone's game-end effects): the rest is shared with this
        state and must only be read; the statistics start empty. Far cheaper than `clone`,
        and scoring makes one at every round's checkpoint."""
        other = State.__new__(State)
        other.game = self.game
        other.machine = self.machine
        other.n = self.n
        other.seed = self.seed
        other.streams = self.streams
        other.options = self.options
        other.draws = self.draws
        other.res = self.res
        other.supply = self.supply
        other.track = list(map(list.copy, self.track))
        other.zones = self.zones
        other.shared = self.shared
        other.grids = self.grids
        other.slots = self.slots
        other.pending = self.pending
        other.first_player = self.first_player
        other.out_of_play = self.out_of_play
        other.deck_cards = self.deck_cards
        other.banked = self.banked
        other.terminal = self.terminal
        other.turn = self.turn
        other.round = self.round
        other.log = []
        other.stats = Stats()
        other.mech = self.mech
        return other

    def summary(self) -> str:
        return self.machine.summary(self)

    def random(self) -> random.Random:
        """A generator for the next random event (a shuffle, a setup draw).

        Each event's generator is keyed by the game's seed and the event's number, so a
        game is determined by its seed and actions, and a clone costs no generator copy;
        which kind of generator is the game's `streams` (`kernel/streams.py`).
        """
        self.draws += 1
        return event_random(self.streams, f"{self.seed}/{self.draws}")

    # -- running effects ---------------------------------------------------------------

    def run_effects(self, effects: Sequence[EffectFn], player: int, card: int) -> bool:
        """Run effects in order; False when one of them waits for a player's choice."""
        if len(effects) == 1:  # most lists (a suit action, a ladder step): nothing to resume
            effects[0](self, player, card)
            return self.pending is None
        return self._run(effects, 0, player, card)

    def _run(self, effects: Sequence[EffectFn], start: int, player: int, card: int) -> bool:
        last = len(effects) - 1
        for index in range(start, last + 1):
            effects[index](self, player, card)
            pending = self.pending
            if pending is not None:
                if index < last:  # the last effect leaves nothing to resume
                    pending.frames.append(Frame(effects, index + 1, player, card))
                return False
        return True

    def _resume(self, frames: list[Frame]) -> None:
        for position, frame in enumerate(frames):
            if not self._run(frame.effects, frame.next_index, frame.player, frame.card):
                assert self.pending is not None
                self.pending.frames.extend(frames[position + 1 :])
                return

    # -- primitive operations used by compiled effects ------------------------------------

    def deal(self, zone: int, count: int | None) -> None:
        """Shuffle the whole deck and deal `count` cards each, or as evenly as possible.

        Cards left over stay face down out of play until the next deal.
        """
        deck = self.deck_cards[:]
        self.random().shuffle(deck)
        each = count if count is not None else len(deck) // self.n
        hands = self.zones[zone]
        for player in range(self.n):
            hands[player] = deck[player * each : (player + 1) * each]
        self.out_of_play = deck[self.n * each :]
        self.log.append(Dealt(each, len(self.out_of_play)))

    def gain(self, player: int, resource: int, amount: int) -> int:
        """Take up to `amount` from the supply; returns what was actually paid."""
        left = self.supply[resource]
        if amount > left:
            self.stats.supply_short += 1
            amount = left
        self.supply[resource] = left - amount
        self.res[player][resource] += amount
        return amount

    def pay(self, player: int, resource: int, amount: int) -> int:
        """Return up to `amount` to the supply; returns what was actually paid."""
        held = self.res[player][resource]
        amount = min(amount, held)
        self.res[player][resource] = held - amount
        self.supply[resource] += amount
        return amount

    def advance(self, player: int, track: int, amount: int, cause: str) -> int:
        """Move a marker, clamped to the track; returns the actual move."""
        spec = self.game.tracks[track]
        markers = self.track[player]
        before = markers[track]
        after = before + amount  # clamped by comparisons: this runs on most tricks
        if after > spec.max:
            after = spec.max
        elif after < spec.min:
            after = spec.min
        markers[track] = after
        moved = after - before
        if moved > 0:
            key = (track, cause)
            gains = self.stats.track_gains
            gains[key] = gains.get(key, 0) + moved
        return moved
