"""Priority-rule bots: strategies written as data (`cards/<game>/strategies.yaml`).

A strategy's rules are tried in order; the first whose `when` holds and whose preference keeps
at least one legal action decides (ties go to the bot's seeded generator); when none applies,
the built-in fallback bot decides. Strategies are compiled once with the game: each rule
becomes a closure over precomputed card columns, so deciding costs a pass over the legal
actions (plus a one-step lookahead for `most_points` and `most_room`).

Preferences see every legal action as an `Option`: the kind of decision and the card it plays,
takes or picks. Reading a card out of an action is the one thing that knows the mechanics'
encodings (a trick play is a deck card, an offered card is itself, a draft pick packs card,
cell and side); everything else is generic.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from toolkit.agents.greedy import GreedyBot
from toolkit.agents.legal import legal_moves
from toolkit.agents.random_bot import RandomBot
from toolkit.agents.room import roomiest
from toolkit.content.models.strategies import (
    BidNear,
    CardPreference,
    Decline,
    FaceDown,
    FaceUp,
    FewestHeld,
    HighestField,
    LosesTrick,
    LowestField,
    MostHeld,
    MostPoints,
    MostRoom,
    PreferenceBase,
    StrategiesFile,
    Strategy,
    WinsTrick,
)
from toolkit.engine.game import Compiler, Game
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.registry import decision_members
from toolkit.rules.conditions import compile_condition

_MEMBERS = decision_members()
CARD_DECISIONS = frozenset(name for covered in _MEMBERS.values() for name in covered)
"""Decisions about a card; `choose` (a swap, an option), `decline` and cardless decisions
(a bid) carry none."""

_DECISIONS: dict[str | None, frozenset[str]] = {None: CARD_DECISIONS}
_DECISIONS.update(_MEMBERS)


@dataclass(frozen=True, slots=True)
class Option:
    """A legal action as preferences see it."""

    action: int
    decision: str
    """`lead`, `follow`, `acquire`, `pick`, `choose` or `decline`."""
    kind: str
    """The card table of `card` (`deck`, `attractions` ...); empty when there is no card."""
    card: int
    """The card the action plays, takes or picks; -1 for none."""
    face_down: bool = False
    """A draft pick that places the card face down."""
    value: int = -1
    """The number a decision without a card chooses (a bid); -1 for none."""


Selector = Callable[[State, int, list[Option]], list[Option]]
"""Keeps the options a preference likes; an empty list means the preference does not apply."""


@dataclass(frozen=True, slots=True)
class CompiledRule:
    label: str
    select: Selector


@dataclass(frozen=True, slots=True)
class CompiledStrategy:
    """A strategy ready to play: its rules as closures, and its fallback bot's name."""

    id: str
    name: str
    fallback: str
    rules: tuple[CompiledRule, ...]


def options_of(state: State, player: int, actions: Sequence[int]) -> list[Option]:
    """The legal actions with the decision and card each stands for."""
    game = state.game
    pending = state.pending
    if pending is not None:
        kind = pending.kind if pending.kind in game.tables else ""
        return [
            Option(action, "decline", "", -1)
            if action == DECLINE
            else Option(action, "acquire", kind, action)
            if kind
            else Option(action, "choose", "", -1)
            for action in actions
        ]
    options = []
    for action in actions:
        meant = game.mechanic.bot_option(state, action)
        options.append(
            Option(action, meant.decision, "deck", meant.card, meant.face_down, meant.value)
        )
    return options


class PriorityBot:
    """Plays a compiled strategy; `last_rule` tells which rule made the last choice."""

    def __init__(self, seed: int, strategy: CompiledStrategy) -> None:
        self.name = strategy.id
        self.strategy = strategy
        self.rng = random.Random(seed)
        self.fallback: GreedyBot | RandomBot = (
            GreedyBot(seed) if strategy.fallback == "greedy" else RandomBot(seed)
        )
        self.last_rule = ""

    def choose(self, state: State, player: int) -> int:
        actions = legal_moves(state, player)
        if len(actions) == 1:
            self.last_rule = "only move"
            return actions[0]
        options = options_of(state, player, actions)
        for rule in self.strategy.rules:
            chosen = rule.select(state, player, options)
            if chosen:
                self.last_rule = rule.label
                return chosen[0].action if len(chosen) == 1 else self.rng.choice(chosen).action
        self.last_rule = f"fallback: {self.strategy.fallback}"
        return self.fallback.choose(state, player)


# -- compiling ----------------------------------------------------------------------------


_COMPILED: WeakKeyDictionary[Game, dict[str, CompiledStrategy]] = WeakKeyDictionary()


def compile_strategies(game: Game) -> dict[str, CompiledStrategy]:
    """Every strategy of the game's `strategies` content file, by id (none without one);
    compiled once per game, when a bot first asks."""
    if game not in _COMPILED:
        loaded = game.content.files.get("strategies")
        strategies = (
            loaded.model.strategies
            if loaded is not None and isinstance(loaded.model, StrategiesFile)
            else []
        )
        c = Compiler(game.content, game.layout)
        _COMPILED[game] = {s.id: compile_strategy(s, c, game) for s in strategies}
    return _COMPILED[game]


def compile_strategy(strategy: Strategy, c: Compiler, game: Game) -> CompiledStrategy:
    rules = tuple(
        CompiledRule(
            rule.label or f"rule {index} ({getattr(rule, 'prefer', '')})",
            compile_preference(rule, c, game),
        )
        for index, rule in enumerate(strategy.rules, start=1)
    )
    return CompiledStrategy(strategy.id, strategy.name, strategy.fallback, rules)


def compile_preference(rule: PreferenceBase, c: Compiler, game: Game) -> Selector:
    """A preference with its gate, card filters and tie-breaks, as one selector."""
    gate = compile_condition(rule.when, c) if rule.when is not None else None
    core = _CORES[type(rule)](rule, game)
    candidates = _candidates(rule, game) if isinstance(rule, CardPreference) else None
    tie_breaks = tuple(compile_preference(step, c, game) for step in rule.then)

    def select(state: State, player: int, options: list[Option]) -> list[Option]:
        if gate is not None and not gate(state, player):
            return []
        chosen = core(state, player, candidates(options) if candidates else options)
        for step in tie_breaks:
            if len(chosen) <= 1:
                break
            narrowed = step(state, player, chosen)
            if narrowed:
                chosen = narrowed
        return chosen

    return select


def _candidates(rule: CardPreference, game: Game) -> Callable[[list[Option]], list[Option]]:
    """The options of the preference's decisions whose card passes its `where` filter.

    `face_up` in the filter chooses the side of draft picks. A card placed face down shows no
    field, so preferences that compare fields look at face-up picks unless the filter asks
    for `face_up: false` (then at the printed card that goes face down).
    """
    accepted = _DECISIONS[rule.decision]
    card_filter = dict(rule.where or {})
    side = card_filter.pop("face_up", None)
    if side is None and isinstance(rule, FIELD_PREFERENCES):
        side = True
    down = None if side is None else not side
    tests = (
        {kind: table.predicate(card_filter) for kind, table in game.tables.items()}
        if card_filter
        else None
    )

    def candidates(options: list[Option]) -> list[Option]:
        return [
            o
            for o in options
            if o.decision in accepted
            and (down is None or o.face_down == down)
            and (tests is None or tests[o.kind](o.card))
        ]

    return candidates


Core = Callable[[State, int, list[Option]], list[Option]]

FIELD_PREFERENCES = (HighestField, LowestField, FewestHeld, MostHeld)
"""Preferences that compare card fields."""


def _extreme(rule: Any, game: Game) -> Core:
    """`highest_field` / `lowest_field`."""
    name, highest = rule.field, isinstance(rule, HighestField)
    columns = {kind: t.fields[name] for kind, t in game.tables.items() if name in t.fields}

    def core(state: State, player: int, options: list[Option]) -> list[Option]:
        best: Any = None
        chosen: list[Option] = []
        for option in options:
            column = columns.get(option.kind)
            if column is None:
                continue
            value = column[option.card]
            if value is None:
                continue
            if best is None or (value > best if highest else value < best):
                best, chosen = value, [option]
            elif value == best:
                chosen.append(option)
        return chosen

    return core


def _held(rule: Any, game: Game) -> Core:
    """`fewest_held` / `most_held`: by how many cards of the card's value the player holds."""
    name, fewest = rule.field, isinstance(rule, FewestHeld)
    wanted = frozenset(rule.values) if rule.values is not None else None
    zone = game.zone(rule.zone)
    z, held_column = zone.index, game.tables[zone.kind].fields[name]
    columns = {kind: t.fields[name] for kind, t in game.tables.items() if name in t.fields}

    def core(state: State, player: int, options: list[Option]) -> list[Option]:
        counts = Counter(held_column[card] for card in state.zones[z][player])
        best = -1
        chosen: list[Option] = []
        for option in options:
            column = columns.get(option.kind)
            if column is None:
                continue
            value = column[option.card]
            if wanted is not None and value not in wanted:
                continue
            held = counts[value]
            if best < 0 or (held < best if fewest else held > best):
                best, chosen = held, [option]
            elif held == best:
                chosen.append(option)
        return chosen

    return core


def _most_points(rule: Any, game: Game) -> Core:
    """One step ahead with the chosen end-scoring steps; only actions that gain points."""
    sources = set(rule.sources) if rule.sources is not None else None
    steps = tuple(s for s in game.scoring if sources is None or s.label in sources)
    mechanic = game.mechanic

    def points(state: State, player: int) -> int:
        return sum(each[player] for step in steps for _, each in step.parts(state))

    def core(state: State, player: int, options: list[Option]) -> list[Option]:
        if not options:
            return []
        by_action = {option.action: option for option in options}
        base = points(state.clone(for_scoring=True), player)
        best = 0
        chosen: list[int] = []
        for group in mechanic.equivalent_actions(state, player, list(by_action)):
            gain = points(mechanic.preview(state, player, group[0]), player) - base
            if gain > best:
                best, chosen = gain, list(group)
            elif gain == best and best > 0:
                chosen.extend(group)
        return [by_action[action] for action in chosen]

    return core


def _most_room(rule: Any, game: Game) -> Core:
    """One step ahead: the actions after which the mechanic leaves the most room."""

    def core(state: State, player: int, options: list[Option]) -> list[Option]:
        kept = set(roomiest(state, player, [option.action for option in options]))
        return [option for option in options if option.action in kept]

    return core


def _trick(rule: Any, game: Game) -> Core:
    """`wins_trick` / `loses_trick`: the trick as it stands plus this card."""
    wins = isinstance(rule, WinsTrick)
    mechanic = game.mechanic

    def core(state: State, player: int, options: list[Option]) -> list[Option]:
        chosen = []
        for option in options:
            if option.decision not in ("lead", "follow"):
                continue
            if mechanic.wins_trick(state, player, option.card) == wins:
                chosen.append(option)
        return chosen

    return core


def _side(rule: Any, game: Game) -> Core:
    down = isinstance(rule, FaceDown)
    return lambda state, player, options: [
        o for o in options if o.decision == "pick" and o.face_down == down
    ]


def _decline(rule: Any, game: Game) -> Core:
    return lambda state, player, options: [o for o in options if o.decision == "decline"]


def _bid_near(rule: BidNear, game: Game) -> Core:
    """The bids nearest to the rule's measure of the player, plus its offset."""
    measure, plus = Compiler(game.content, game.layout).measure(rule.measure), rule.plus

    def core(state: State, player: int, options: list[Option]) -> list[Option]:
        bids = [o for o in options if o.decision == "bid"]
        if not bids:
            return []
        target = measure(state, player) + plus
        nearest = min(abs(o.value - target) for o in bids)
        return [o for o in bids if abs(o.value - target) == nearest]

    return core


_CORES: dict[type[PreferenceBase], Callable[[Any, Game], Core]] = {
    HighestField: _extreme,
    LowestField: _extreme,
    FewestHeld: _held,
    MostHeld: _held,
    MostPoints: _most_points,
    MostRoom: _most_room,
    WinsTrick: _trick,
    LosesTrick: _trick,
    FaceUp: _side,
    FaceDown: _side,
    BidNear: _bid_near,
    Decline: _decline,
}
"""Each preference's own choice among the candidate options."""
