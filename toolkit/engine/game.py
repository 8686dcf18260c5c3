"""Compile validated content into an immutable `Game` with precomputed tables and closures.

Compilation happens once; the `State`s a game creates never look at pydantic models, ids
as strings or the YAML again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from operator import add
from typing import Any

from toolkit.content.models.manifest import CardsDeck, SuitedDeck
from toolkit.content.project import GameContent
from toolkit.content.semantic import CARD_MODELS, LIST_KEYS
from toolkit.engine.state import EffectFn, State
from toolkit.engine.tables import CardPredicate, CardTable, table_from_models
from toolkit.mechanics.base import CompiledMechanic
from toolkit.mechanics.registry import mechanic_kit
from toolkit.rules.filters import CardFilter, Measure
from toolkit.rules.setup import DrawRandom, PlaceCard

UNLIMITED = 10**9
MeasureFn = Callable[[State, int], int]
ScoreFn = Callable[[State], list[int]]
SetupFn = Callable[[State], None]


@dataclass(frozen=True, slots=True)
class ResourceSpec:
    id: str
    name: str
    supply: int


@dataclass(frozen=True, slots=True)
class MilestoneSpec:
    at: int
    points: int
    discounts: tuple[tuple[int, int], ...]
    """(resource index, amount) of the discounts it grants."""
    at_game_end: tuple[EffectFn, ...]


@dataclass(frozen=True, slots=True)
class TrackSpec:
    id: str
    name: str
    min: int
    max: int
    start: int
    milestones: tuple[MilestoneSpec, ...]


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    id: str
    name: str
    kind: str
    shared: bool
    index: int
    hidden_from_others: bool
    grid: bool = False


@dataclass(frozen=True, slots=True)
class ScoringStep:
    """One end-scoring step; its parts keep their own labels (a scoring card's rules)."""

    label: str
    parts: Callable[[State], list[tuple[str, list[int]]]]


@dataclass(frozen=True, slots=True)
class TieBreakerSpec:
    label: str
    most: bool
    measure: MeasureFn


@dataclass(frozen=True, slots=True)
class Scores:
    """Final scores: totals, a breakdown by source, and the winners after tie-breakers."""

    totals: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    decided_by: str
    """The tie-breaker that decided the winner ('points' if none was needed, 'shared' if tied)."""


@dataclass
class Game:
    """Everything needed to play, precomputed. Create states with `new_state`."""

    id: str
    name: str
    min_players: int
    max_players: int
    option_defaults: dict[str, Any]
    option_choices: dict[str, list[Any]]
    resources: tuple[ResourceSpec, ...]
    tracks: tuple[TrackSpec, ...]
    player_zones: tuple[ZoneSpec, ...]
    shared_zones: tuple[ZoneSpec, ...]
    tables: dict[str, CardTable]
    deck: CardTable
    setup_steps: tuple[SetupFn, ...] = ()
    scoring: tuple[ScoringStep, ...] = ()
    tie_breakers: tuple[TieBreakerSpec, ...] = ()
    heuristic_weights: tuple[tuple[MeasureFn, float], ...] = ()
    mechanic: CompiledMechanic = field(default=None)  # type: ignore[assignment]
    seat_tuples: tuple[tuple[int], ...] = tuple((p,) for p in range(16))
    discounts: tuple[tuple[tuple[int, int, int], ...], ...] = ()
    """Per resource: (track index, milestone position, amount) of every discount."""
    slot_pools: dict[str, str] = field(default_factory=dict)
    """Setup slot to the content kind its cards come from."""
    fixed_slots: tuple[tuple[str, tuple[str, int, str]], ...] = ()
    """Slots setup always fills with the same card."""
    required_slots: tuple[str, ...] = ()
    """Slots setup fills at random in every game (a position must name their cards)."""
    ismcts: Any = None
    """The manifest's `bots.ismcts` settings (read by the ISMCTS bot per decision)."""
    strategies: dict[str, Any] = field(default_factory=dict)
    """Priority strategies by id, compiled from the game's `strategies` content file."""
    targets: tuple[Any, ...] = ()
    """The manifest's balance targets (content models: read by reports, never in play)."""
    scoring_moves_markers: bool = True
    """Some scoring step changes the state it scores (Joy removing Sadness): score a copy."""
    positional_always: bool = False
    """Some end-scoring rule of the manifest looks at where cards lie (largest group)."""
    positional_cards: frozenset[tuple[str, int, str]] = frozenset()
    """Slot entries (kind, card, side) whose rules look at where cards lie."""

    def scoring_uses_positions(self, state: State) -> bool:
        """Whether the scoring in play for this state depends on card positions."""
        if self.positional_always:
            return True
        return any(
            entry in self.positional_cards for entries in state.slots.values() for entry in entries
        )

    def new_state(self, seed: int, players: int, options: dict[str, Any] | None = None) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {self.min_players}-{self.max_players} players, not {players}"
            )
        for name, value in (options or {}).items():
            if name not in self.option_choices:
                raise ValueError(
                    f"{self.name} has no option '{name}'"
                    + (
                        f" (options: {', '.join(self.option_choices)})"
                        if self.option_choices
                        else ""
                    )
                )
            allowed = self.option_choices[name]
            if value not in allowed:
                raise ValueError(f"option '{name}' takes {allowed}, not {value!r}")
        chosen = {**self.option_defaults, **(options or {})}
        state = State(self, players, seed, chosen)
        for step in self.setup_steps:
            step(state)
        self.mechanic.setup(state)
        return state

    # -- scoring ----------------------------------------------------------------------

    def score(self, state: State) -> Scores:
        """Apply the scoring steps in order on a copy (steps may move markers, as Joy does)."""
        work = state.clone(for_scoring=True)
        totals = [0] * state.n
        breakdown: list[dict[str, int]] = [{} for _ in range(state.n)]
        for step in self.scoring:
            for label, points in step.parts(work):
                for player in range(state.n):
                    totals[player] += points[player]
                    row = breakdown[player]
                    row[label] = row.get(label, 0) + points[player]
        best = max(totals)
        tied = [p for p in range(state.n) if totals[p] == best]
        decided_by = "points"
        for breaker in self.tie_breakers:
            if len(tied) == 1:
                break
            values = {p: breaker.measure(work, p) for p in tied}
            target = max(values.values()) if breaker.most else min(values.values())
            narrowed = [p for p in tied if values[p] == target]
            if len(narrowed) < len(tied):
                decided_by = breaker.label
            tied = narrowed
        if len(tied) > 1:
            decided_by = "shared"
        return Scores(tuple(totals), tuple(breakdown), tuple(tied), decided_by)

    def totals(self, state: State) -> tuple[int, ...]:
        """Every player's provisional total, without breakdowns or tie-breakers: the same
        totals as `score`, for the simulator's end-of-round checkpoints."""
        work = state.clone(for_scoring=True) if self.scoring_moves_markers else state
        totals = [0] * state.n
        for step in self.scoring:
            for _, points in step.parts(work):
                totals = list(map(add, totals, points))
        return tuple(totals)

    def total(self, state: State, player: int) -> int:
        """One player's provisional total, without breakdowns or tie-breakers (for bots)."""
        work = state.clone(for_scoring=True) if self.scoring_moves_markers else state
        return sum(points[player] for step in self.scoring for _, points in step.parts(work))

    def heuristic(self, state: State, player: int) -> float:
        """Provisional score as if the game ended now, plus the manifest's bot weights."""
        value: float = self.total(state, player)
        for measure, weight in self.heuristic_weights:
            value += weight * measure(state, player)
        return value

    def discount(self, state: State, player: int, resource: int) -> int:
        total = 0
        positions = state.track[player]
        for track, at, amount in self.discounts[resource]:
            if positions[track] >= at:
                total += amount
        return total

    # -- presentation -------------------------------------------------------------------

    @property
    def num_distinct_actions(self) -> int:
        """Actions of the mechanic are ids in 0..num_distinct_actions-1 (OpenSpiel's range);
        the generic decisions (take a card, pick an option) answer with card or option
        indexes, and declining is -1."""
        return self.mechanic.codec.num_distinct_actions

    def describe_action(self, state: State, action: int) -> str:
        return self.mechanic.describe_action(state, action)

    def observe(self, state: State, player: int) -> dict[str, Any]:
        view = self.mechanic.observe(state, player)
        view["resources"] = {
            r.id: [state.res[p][i] for p in range(state.n)] for i, r in enumerate(self.resources)
        }
        view["supply"] = {r.id: state.supply[i] for i, r in enumerate(self.resources)}
        view["tracks"] = {
            t.id: [state.track[p][i] for p in range(state.n)] for i, t in enumerate(self.tracks)
        }
        view["zones"] = {}
        for zone in self.player_zones:
            if zone.hidden_from_others:
                cards = [
                    [self.tables[zone.kind].ids[c] for c in state.zones[zone.index][p]]
                    if p == player
                    else len(state.zones[zone.index][p])
                    for p in range(state.n)
                ]
            else:
                cards = [
                    [self.tables[zone.kind].ids[c] for c in state.zones[zone.index][p]]
                    for p in range(state.n)
                ]
            view["zones"][zone.id] = cards
        for zone in self.shared_zones:
            view["zones"][zone.id] = [
                self.tables[zone.kind].ids[c] for c in state.shared[zone.index]
            ]
        return view

    def shared_zones_card_names(self, cards: tuple[int, ...]) -> list[str]:
        """Names of cards shown in the (first) shared zone, as the log records them."""
        kind = self.shared_zones[0].kind if self.shared_zones else "deck"
        return [self.tables[kind].names[card] for card in cards]

    def deck_and_pool_ids(self) -> list[str]:
        """Ids of the cards players can end up holding: deck cards and shared-zone pools."""
        kinds = {zone.kind for zone in self.player_zones if not zone.hidden_from_others}
        return [card for kind in sorted(kinds) for card in self.tables[kind].ids]

    def card_name(self, kind: str, card: int) -> str:
        return self.tables[kind].names[card]

    # -- lookups by id, for tools and tests (never in the hot loop) -------------------------

    def card(self, kind: str, card_id: str) -> int:
        return self.tables[kind].index(card_id)

    def zone(self, zone_id: str) -> ZoneSpec:
        return next(z for z in (*self.player_zones, *self.shared_zones) if z.id == zone_id)

    def track_index(self, track_id: str) -> int:
        return next(i for i, t in enumerate(self.tracks) if t.id == track_id)

    def resource_index(self, resource_id: str) -> int:
        return next(i for i, r in enumerate(self.resources) if r.id == resource_id)


class Compiler:
    """What primitives see while compiling: ids resolved to indexes, tables, helpers."""

    def __init__(self, content: GameContent, game: Game) -> None:
        self.content = content
        self.game = game

    def resource(self, resource_id: str) -> int:
        return next(i for i, r in enumerate(self.game.resources) if r.id == resource_id)

    def track(self, track_id: str) -> int:
        return next(i for i, t in enumerate(self.game.tracks) if t.id == track_id)

    def zone(self, zone_id: str) -> ZoneSpec:
        for zone in (*self.game.player_zones, *self.game.shared_zones):
            if zone.id == zone_id:
                return zone
        raise KeyError(zone_id)

    def table(self, kind: str) -> CardTable:
        return self.game.tables[kind]

    def predicate(self, kind: str, card_filter: CardFilter | None) -> CardPredicate:
        return self.game.tables[kind].predicate(card_filter)

    def effects(self, effects: Sequence[Any], cause: str) -> tuple[EffectFn, ...]:
        return tuple(effect.compile(self, cause) for effect in effects)

    def measure(self, measure: Measure) -> MeasureFn:
        if measure.resource is not None:
            r = self.resource(measure.resource)
            return lambda state, player: state.res[player][r]
        if measure.track is not None:
            t = self.track(measure.track)
            return lambda state, player: state.track[player][t]
        assert measure.count is not None
        zone = self.zone(measure.count)
        z = zone.index
        where = dict(measure.where or {})
        face_up = where.pop("face_up", None)
        if zone.grid and face_up is False:
            # Face-down cards have no fields: they match only a filter on face_up alone.
            if where:
                return lambda state, player: 0
            return lambda state, player: sum(1 for c in state.grids[z][player].values() if c < 0)
        if zone.grid and face_up is None and not where:
            return lambda state, player: len(state.grids[z][player])
        if not where:
            return lambda state, player: len(state.zones[z][player])
        test = self.predicate(zone.kind, where)
        return lambda state, player: sum(1 for card in state.zones[z][player] if test(card))


def compile_game(content: GameContent) -> Game:
    """Build the `Game` for validated content (run `toolkit validate` checks first)."""
    manifest = content.game
    tables: dict[str, CardTable] = {}
    for kind, loaded in content.files.items():
        if kind in CARD_MODELS and kind != "suits":
            tables[kind] = table_from_models(kind, getattr(loaded.model, LIST_KEYS[kind]))
    deck_spec = manifest.deck
    if isinstance(deck_spec, SuitedDeck):
        assert content.suits is not None
        suits = content.suits.suits
        ids, names, suit_field, rank_field = [], [], [], []
        for suit in suits:
            for rank in deck_spec.ranks:
                ids.append(f"{suit.id}-{rank.label}")
                names.append(f"{rank.label} of {suit.name}")
                suit_field.append(suit.id)
                rank_field.append(rank.rank)
        deck = CardTable(
            "deck",
            tuple(ids),
            tuple(names),
            {"id": tuple(ids), "suit": tuple(suit_field), "rank": tuple(rank_field)},
        )
    else:
        assert isinstance(deck_spec, CardsDeck)
        deck = tables[deck_spec.pool]
    tables["deck"] = deck

    resources = tuple(
        ResourceSpec(
            r.id,
            r.name,
            sum(d.value * d.count for d in r.supply) if r.supply is not None else UNLIMITED,
        )
        for r in manifest.resources
    )
    player_zones: list[ZoneSpec] = []
    shared_zones: list[ZoneSpec] = []
    for zone in manifest.zones:
        group = shared_zones if zone.owner == "shared" else player_zones
        group.append(
            ZoneSpec(
                zone.id,
                zone.name,
                zone.cards,
                zone.owner == "shared",
                len(group),
                zone.visibility != "public",
                zone.layout == "grid",
            )
        )
    game = Game(
        id=manifest.id,
        name=manifest.name,
        min_players=manifest.players.min,
        max_players=manifest.players.max,
        option_defaults={o.id: o.default for o in manifest.options},
        option_choices={
            o.id: list(o.choices) if o.choices is not None else [True, False]
            for o in manifest.options
        },
        resources=resources,
        tracks=(),
        player_zones=tuple(player_zones),
        shared_zones=tuple(shared_zones),
        tables=tables,
        deck=deck,
    )
    compiler = Compiler(content, game)
    # Tracks first without milestones, so milestone effects can refer to any track.
    game.tracks = tuple(TrackSpec(t.id, t.name, t.min, t.max, t.start, ()) for t in manifest.tracks)
    game.tracks = tuple(
        TrackSpec(
            t.id,
            t.name,
            t.min,
            t.max,
            t.start,
            tuple(
                MilestoneSpec(
                    m.at,
                    m.points,
                    tuple((compiler.resource(d.resource), d.amount) for d in m.modifiers),
                    compiler.effects(m.at_game_end, f"{t.name} {m.at}"),
                )
                for m in t.milestones
            ),
        )
        for t in manifest.tracks
    )
    game.discounts = tuple(
        tuple(
            (t_index, m.at, amount)
            for t_index, track in enumerate(game.tracks)
            for m in track.milestones
            for r_index, amount in m.discounts
            if r_index == resource_index
        )
        for resource_index in range(len(resources))
    )
    game.setup_steps = tuple(step.compile(compiler) for step in manifest.setup)
    for step in manifest.setup:
        if isinstance(step, PlaceCard):
            table = tables[step.pool]
            card = table.index(step.card)
            sides = table.fields.get("sides")
            side = sides[card][0].id if sides is not None else ""
            game.slot_pools[step.to] = step.pool
            game.fixed_slots += ((step.to, (step.pool, card, side)),)
        elif isinstance(step, DrawRandom):
            game.slot_pools[step.to] = step.pool
            if step.when is None:
                game.required_slots += (step.to,)
    game.scoring = tuple(
        ScoringStep(rule.label, rule.compile_parts(compiler)) for rule in manifest.scoring
    )
    game.positional_always = any(rule.positional for rule in manifest.scoring)
    game.scoring_moves_markers = any(rule.rule == "milestone_effects" for rule in manifest.scoring)
    game.targets = tuple(manifest.targets)
    positional: set[tuple[str, int, str]] = set()
    for kind in ("scoring-cards", "bonus-cards"):
        rule_cards = tables.get(kind)
        if rule_cards is None:
            continue
        for card in range(rule_cards.size):
            if "sides" in rule_cards.fields:
                for side in rule_cards.fields["sides"][card]:
                    if any(rule.positional for rule in side.rules):
                        positional.add((kind, card, side.id))
            elif any(rule.positional for rule in rule_cards.fields["rules"][card]):
                positional.add((kind, card, ""))
    game.positional_cards = frozenset(positional)
    game.tie_breakers = tuple(
        TieBreakerSpec(b.label, b.prefer == "most", compiler.measure(b.measure))
        for b in manifest.tie_breakers
    )
    game.ismcts = manifest.bots.ismcts
    game.heuristic_weights = tuple(
        (compiler.measure(w.measure), w.weight) for w in manifest.bots.greedy.weights
    )
    structure = manifest.structure
    game.mechanic = mechanic_kit(structure.mechanic).compile(structure, compiler)
    from toolkit.agents.priority import compile_strategies

    game.strategies = compile_strategies(compiler)
    return game
