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
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from toolkit.agents.greedy import GreedyBot
from toolkit.agents.legal import legal_moves
from toolkit.agents.random_bot import RandomBot
from toolkit.content.models.strategies import StrategiesFile, Strategy
from toolkit.engine.compiled import Game
from toolkit.engine.game import Compiler
from toolkit.kernel.compiling import MeasureFn
from toolkit.kernel.specs import ZoneSpec
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.registry import decision_members
from toolkit.rules.preferences.base import CardPreference, Option, PreferenceBase
from toolkit.schema.filters import Measure

_MEMBERS = decision_members()
_DECISIONS: dict[str, frozenset[str]] = dict(_MEMBERS)
"""The decisions each name a card preference may give covers. Unnamed, it covers every
decision that involves a card, whatever a game calls it (a staged pick or play has the name
its `decision:` gives); `choose` (a swap, an option), `decline` and cardless decisions (a
bid) carry none."""


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
            Option(
                action,
                meant.decision,
                "deck",
                meant.card,
                meant.face_down,
                meant.value,
                meant.seat,
            )
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
    gate = rule.when.compile(c) if rule.when is not None else None
    core = rule.compile(_StrategyGame(game, c))
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
    # a mechanic's decision covers its members (`play`: lead, follow); a decision the game's
    # rules name (a staged `decision: reach`) covers itself
    accepted = (
        None
        if rule.decision is None
        else _DECISIONS.get(rule.decision, frozenset((rule.decision,)))
    )
    card_filter = dict(rule.where or {})
    side = card_filter.pop("face_up", None)
    if side is None and rule.compares_fields:
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
            if (accepted is None or o.decision in accepted)
            and o.card >= 0  # a move named like a card decision may involve no card (pass)
            and (down is None or o.face_down == down)
            and (tests is None or tests[o.kind](o.card))
        ]

    return candidates


class _StrategyGame:
    """The compiled game as preferences compile against it (`StrategyGame`): its tables,
    zones, mechanic and end scoring, and measures compiled with the game's compiler."""

    def __init__(self, game: Game, c: Compiler) -> None:
        self.game, self.c = game, c
        self.tables, self.mechanic, self.scoring = game.tables, game.mechanic, game.scoring

    def zone(self, zone_id: str) -> ZoneSpec:
        return self.game.zone(zone_id)

    def measure(self, measure: Measure) -> MeasureFn:
        return self.c.measure(measure)
