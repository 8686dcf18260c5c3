"""Compile validated content into an immutable `Game` with precomputed tables and closures.

Compilation happens once; the `State`s a game creates never look at pydantic models, ids
as strings or the YAML again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import add
from types import MappingProxyType
from typing import Any

from toolkit.content.models.manifest import CardsDeck, IsmctsSettings, SuitedDeck, Target
from toolkit.content.project import GameContent
from toolkit.diagnostics import players_span
from toolkit.engine.options import check_option, read_options
from toolkit.errors import UnknownIdError, UnsupportedGameError
from toolkit.kernel.compiling import MeasureFn
from toolkit.kernel.events import RoundScored
from toolkit.kernel.mechanic import Autoplay, CompiledMechanic
from toolkit.kernel.observation import Observation
from toolkit.kernel.specs import (
    Layout,
    MilestoneSpec,
    ResourceSpec,
    Scores,
    TrackSpec,
    ZoneSpec,
)
from toolkit.kernel.state import EffectFn, State
from toolkit.kernel.streams import CURRENT
from toolkit.kernel.tables import CardPredicate, CardTable, table_from_cards
from toolkit.mechanics.registry import mechanic_kit
from toolkit.rules.effects.advance import Advance
from toolkit.rules.ending import EndTest
from toolkit.rules.measures import compile_computed, reads_positions
from toolkit.rules.setup.draw_random import DrawRandom
from toolkit.rules.setup.place_card import PlaceCard
from toolkit.schema.amounts import Amount, per_players
from toolkit.schema.filters import CardFilter, Measure, reads_team

UNLIMITED = 10**9
PARTNERS = "Partners"
"""The breakdown row holding what a player's partners scored."""
ScoreFn = Callable[[State], list[int]]
SetupFn = Callable[[State], None]


@dataclass(frozen=True, slots=True)
class ScoringStep:
    """One end-scoring step; its parts keep their own labels (a scoring card's rules)."""

    label: str
    parts: Callable[[State], list[tuple[str, list[int]]]]
    player: Callable[[State, int], int]
    """One player's points (all of its parts): what a bot weighing its own position needs."""
    moves_markers: bool = False
    """It changes the state it scores (a game-end effect moving a marker) and scores 0 itself: the
    breakdown credits it with the points its change makes the later steps score."""


@dataclass(frozen=True, slots=True)
class TieBreakerSpec:
    label: str
    most: bool
    measure: MeasureFn
    team: bool = False
    """The measure already reads a side's value (summing it over the side would count it
    once per member)."""


@dataclass(frozen=True, eq=False)
class Game:
    """Everything needed to play, precomputed and never changed. Create states with
    `new_state`; `compile_game` builds it."""

    id: str
    name: str
    min_players: int
    max_players: int
    option_defaults: Mapping[str, Any]
    option_choices: Mapping[str, list[Any]]
    resources: tuple[ResourceSpec, ...]
    tracks: tuple[TrackSpec, ...]
    player_zones: tuple[ZoneSpec, ...]
    shared_zones: tuple[ZoneSpec, ...]
    tables: Mapping[str, CardTable]
    deck: CardTable
    mechanic: CompiledMechanic
    autoplay: Autoplay | None
    """The mechanic again when it can play random bots' turns in one call (the check made
    once here: a run-time protocol check costs microseconds, and simulation asks per game)."""
    setup_steps: tuple[SetupFn, ...]
    scoring: tuple[ScoringStep, ...]
    tie_breakers: tuple[TieBreakerSpec, ...]
    heuristic_weights: tuple[tuple[MeasureFn, float], ...]
    discounts: tuple[tuple[tuple[int, int, int], ...], ...]
    """Per resource: (track index, milestone position, amount) of every discount."""
    slot_pools: Mapping[str, str]
    """Setup slot to the content kind its cards come from."""
    fixed_slots: tuple[tuple[str, tuple[str, int, str]], ...]
    """Slots setup always fills with the same card."""
    required_slots: tuple[str, ...]
    """Slots setup fills at random in every game (a position must name their cards)."""
    ismcts: IsmctsSettings
    """The manifest's `bots.ismcts` settings (read by the ISMCTS bot per decision)."""
    targets: tuple[Target, ...]
    """The manifest's balance targets (content models: read by reports, never in play)."""
    scoring_moves_markers: bool
    """Some scoring step changes the state it scores (a marker moved at the end): score a copy."""
    round_scoring: tuple[ScoringStep, ...]
    """Scoring at the end of every round; its points are banked on the state."""
    round_scoring_moves_markers: bool
    """Some round-scoring step changes the state it scores: score a copy."""
    markers_only: bool
    """Every game-end effect of a milestone only moves markers (`advance`), so the copies
    scoring works on need their own markers alone (`State.marker_copy`), not a full clone."""
    end_tests: tuple[EndTest, ...]
    """The manifest's `end.when` conditions, compiled."""
    lowest_wins: bool
    """The lowest total wins (`end.winner: lowest`)."""
    teams: tuple[tuple[tuple[int, ...], ...], ...]
    """By player count: the partnerships (seats from 0), or no teams."""
    positional_always: bool
    """Some end-scoring rule of the manifest looks at where cards lie (largest group)."""
    positional_cards: frozenset[tuple[str, int, str]]
    """Slot entries (kind, card, side) whose rules look at where cards lie."""
    content: GameContent
    """The validated content it was compiled from (for tools: bots' strategies, printing)."""
    seat_tuples: tuple[tuple[int], ...] = tuple((p,) for p in range(16))

    @property
    def round_rules(self) -> int:
        """How many round-scoring rules bank points (one bank per rule on each state)."""
        return len(self.round_scoring)

    @property
    def layout(self) -> Layout:
        """The components by index, as primitives saw them when compiling."""
        return Layout(
            self.resources,
            self.tracks,
            self.player_zones,
            self.shared_zones,
            self.tables,
            self.deck,
        )

    def scoring_uses_positions(self, state: State) -> bool:
        """Whether the scoring in play for this state depends on card positions."""
        if self.positional_always:
            return True
        return any(
            entry in self.positional_cards for entries in state.slots.values() for entry in entries
        )

    def new_state(
        self,
        seed: int,
        players: int,
        options: dict[str, Any] | None = None,
        streams: int = CURRENT,
    ) -> State:
        """A game set up from `seed`; `streams` is the format its random events draw in (an
        older transcript's, to replay it as it was played)."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is for {players_span(self.min_players, self.max_players)}, "
                f"not {players}"
            )
        given = dict(  # keyed by the declared id, whatever the case it was typed in
            check_option(self.name, self.option_choices, name, value)
            for name, value in (options or {}).items()
        )
        chosen = {**self.option_defaults, **given}
        state = State(self, players, seed, chosen, streams)
        for step in self.setup_steps:
            step(state)
        self.mechanic.setup(state)
        return state

    def read_options(self, texts: Sequence[str]) -> dict[str, Any]:
        """`--option id=value` texts typed and checked against the declared options; raises
        OptionError (unknown id with did-you-mean, a value naming the allowed ones)."""
        return read_options(self.name, self.option_choices, texts)

    # -- scoring ----------------------------------------------------------------------

    def scoring_copy(self, state: State) -> State:
        """The copy scoring steps may change (markers moved at the end): markers alone when the
        rules' game-end effects move nothing else."""
        return state.marker_copy() if self.markers_only else state.clone(for_scoring=True)

    def score(self, state: State) -> Scores:
        """Banked round points plus the end scoring, applied in order on a copy (steps may
        move markers); partners share their summed total."""
        work = self.scoring_copy(state)
        rows: dict[str, list[int]] = {}  # each source's points by player, in scoring order

        def add_row(label: str, points: Sequence[int]) -> None:
            row = rows.get(label)
            rows[label] = list(points) if row is None else list(map(add, row, points))

        for step, points in zip(self.round_scoring, state.banked, strict=True):
            add_row(step.label, points)
        # After a step that moves markers, each later row shows what it scores on the
        # unmoved state (the game's own: only a step that moves markers changes what it
        # scores, and those score the copy) and the mover's row the difference (what its
        # move saves or costs): the rows still add up to the same totals.
        unmoved, mover = state, ""
        for step in self.scoring:
            parts = step.parts(work)
            if step.moves_markers:
                mover = step.label
            before = dict(step.parts(unmoved)) if mover and not step.moves_markers else {}
            for label, points in parts:
                plain = before.get(label, points)
                add_row(label, plain)
                if plain is not points:
                    add_row(mover, [p - q for p, q in zip(points, plain, strict=True)])
        n = state.n
        totals = [sum(row[player] for row in rows.values()) for player in range(n)]
        breakdown = [{label: row[player] for label, row in rows.items()} for player in range(n)]
        for team in self.teams[state.n]:
            together = sum(totals[p] for p in team)
            for player in team:
                breakdown[player][PARTNERS] = together - totals[player]
                totals[player] = together
        best = min(totals) if self.lowest_wins else max(totals)
        # Partners win or lose together: ties are between sides (a team, or one player),
        # and a tie-breaker measures a team by the sum of its members.
        sides = list(self.teams[state.n]) or [(p,) for p in range(state.n)]
        tied = [side for side in sides if totals[side[0]] == best]
        decided_by = "points"
        for breaker in self.tie_breakers:
            if len(tied) == 1:
                break
            values = {
                side: breaker.measure(work, side[0])
                if breaker.team
                else sum(breaker.measure(work, p) for p in side)
                for side in tied
            }
            target = max(values.values()) if breaker.most else min(values.values())
            narrowed = [side for side in tied if values[side] == target]
            if len(narrowed) < len(tied):
                decided_by = breaker.label
            tied = narrowed
        if len(tied) > 1:
            decided_by = "shared"
        winners = tuple(sorted(p for side in tied for p in side))
        return Scores(tuple(totals), tuple(breakdown), winners, decided_by)

    def totals(self, state: State) -> tuple[int, ...]:
        """Every player's provisional total, without breakdowns or tie-breakers: the same
        totals as `score`, for the simulator's end-of-round checkpoints."""
        work = self.scoring_copy(state) if self.scoring_moves_markers else state
        rows = state.banked[:]
        for step in self.scoring:  # in order: a step may move markers the next ones read
            for _, points in step.parts(work):
                rows.append(points)
        totals = list(map(sum, zip(*rows, strict=True))) if rows else [0] * state.n
        for team in self.teams[state.n]:
            together = sum(totals[p] for p in team)
            for player in team:
                totals[player] = together
        return tuple(totals)

    def total(self, state: State, player: int) -> int:
        """One player's provisional total as a value to maximise (negated when the lowest
        total wins), without breakdowns or tie-breakers: for bots."""
        if self.teams[state.n]:
            value = self.totals(state)[player]
        else:
            work = self.scoring_copy(state) if self.scoring_moves_markers else state
            value = sum(points[player] for points in state.banked) + sum(
                step.player(work, player) for step in self.scoring
            )
        return -value if self.lowest_wins else value

    # -- rounds and the end ------------------------------------------------------------------

    def end_of_round(self, state: State) -> bool:
        """Bank the round scoring; whether an `end.when` condition now ends the game.
        Mechanics call it when a round ends, after their own cleanup."""
        held = state.stats.held
        for zone in self.player_zones:
            if not zone.hidden_from_others:
                z = zone.index
                held.update([(z, card) for cards in state.zones[z] for card in cards])
        if self.round_scoring:
            work = self.scoring_copy(state) if self.round_scoring_moves_markers else state
            scored = [0] * state.n
            for step, bank in zip(self.round_scoring, state.banked, strict=True):
                for _, points in step.parts(work):
                    for player in range(state.n):
                        bank[player] += points[player]
                        scored[player] += points[player]
            state.log.append(RoundScored(state.round, tuple(scored)))
        return self.end_reached(state)

    def end_reached(self, state: State) -> bool:
        """Whether one of the manifest's `end.when` conditions holds now."""
        return any(test(state) for test in self.end_tests)

    def at_round_end(self, state: State) -> State:
        """`state` (a copy the caller owns) with the mechanic's round-end effects run for
        every player, as when the round ends (a cap on coins and its penalty): for bots."""
        effects = self.mechanic.round_end_effects
        if effects and not state.terminal:
            for player in range(state.n):
                state.run_effects(effects, player, -1)
        return state

    def round_points(self, state: State, player: int) -> int:
        """What the round scoring would bank for `player` (their side, with partners) if the
        round ended now, as a value to maximise (negated when the lowest total wins); 0 once
        the game is over (everything banked) or without round scoring: for bots."""
        if not self.round_scoring or state.terminal:
            return 0
        work = self.scoring_copy(state) if self.round_scoring_moves_markers else state
        side = next((team for team in self.teams[state.n] if player in team), (player,))
        if len(side) == 1:
            value = sum(step.player(work, player) for step in self.round_scoring)
        else:
            value = 0
            for step in self.round_scoring:
                for _, points in step.parts(work):
                    value += sum(points[p] for p in side)
        return -value if self.lowest_wins else value

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

    def observe(self, state: State, player: int) -> Observation:
        """What `player` sees: the mechanic's observation, the table's part included."""
        return self.mechanic.observe(state, player)

    def deck_and_pool_ids(self) -> list[str]:
        """Ids of the cards players can end up holding: deck cards and shared-zone pools."""
        kinds = {zone.kind for zone in self.player_zones if not zone.hidden_from_others}
        return [card for kind in sorted(kinds) for card in self.tables[kind].ids]

    def card_name(self, kind: str, card: int) -> str:
        return self.tables[kind].names[card]

    # -- lookups by id, for tools and tests (never in the hot loop) -------------------------

    def card(self, kind: str, card_id: str) -> int:
        if kind not in self.tables:
            raise UnknownIdError("card kind", kind, list(self.tables))
        return self.tables[kind].index(card_id)

    def zone(self, zone_id: str) -> ZoneSpec:
        zones = (*self.player_zones, *self.shared_zones)
        for zone in zones:
            if zone.id == zone_id:
                return zone
        raise UnknownIdError("zone", zone_id, [z.id for z in zones])

    def track_index(self, track_id: str) -> int:
        return _index_of("track", track_id, [t.id for t in self.tracks])

    def resource_index(self, resource_id: str) -> int:
        return _index_of("resource", resource_id, [r.id for r in self.resources])


def _index_of(what: str, wanted: str, ids: list[str]) -> int:
    if wanted not in ids:
        raise UnknownIdError(what, wanted, ids)
    return ids.index(wanted)


class Compiler:
    """What primitives see while compiling: ids resolved to indexes, tables, helpers."""

    def __init__(self, content: GameContent, layout: Layout) -> None:
        self.content = content
        self.layout = layout
        self.setup_steps = tuple(content.game.setup)
        self.max_players = content.game.players.max

    def resource(self, resource_id: str) -> int:
        return _index_of("resource", resource_id, [r.id for r in self.layout.resources])

    def track(self, track_id: str) -> int:
        return _index_of("track", track_id, [t.id for t in self.layout.tracks])

    def zone(self, zone_id: str) -> ZoneSpec:
        zones = (*self.layout.player_zones, *self.layout.shared_zones)
        for zone in zones:
            if zone.id == zone_id:
                return zone
        raise UnknownIdError("zone", zone_id, [z.id for z in zones])

    def table(self, kind: str) -> CardTable:
        if kind not in self.layout.tables:
            raise UnknownIdError("card kind", kind, list(self.layout.tables))
        return self.layout.tables[kind]

    def suits_kind(self) -> str:
        """The card kind a suited deck takes its suits from."""
        deck = self.content.game.deck
        if not isinstance(deck, SuitedDeck):
            raise UnsupportedGameError("this mechanic needs a suited deck ('deck: {type: suited}')")
        return deck.suits

    def slot_kinds(self, slot: str) -> list[str]:
        """The card kinds setup can put into a table slot (in setup order, once each)."""
        kinds = [
            getattr(s, "pool", "")
            for s in self.content.game.setup
            if getattr(s, "to", None) == slot
        ]
        return list(dict.fromkeys(kind for kind in kinds if kind in self.layout.tables))

    def predicate(self, kind: str, card_filter: CardFilter | None) -> CardPredicate:
        return self.table(kind).predicate(card_filter)

    def per_players(self, amount: Amount) -> tuple[int, ...]:
        return per_players(amount, self.max_players)

    def effects(self, effects: Sequence[Any], cause: str) -> tuple[EffectFn, ...]:
        return tuple(effect.compile(self, cause) for effect in effects)

    @property
    def team_sides(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """By player count, by player: the seats of their side (themselves without teams)."""
        return team_sides(self.content.game.partnerships, self.max_players)

    def measure(self, measure: Measure) -> MeasureFn:
        """A measure compiled; a team measure sums its players' own values over each side."""
        own = self._own_measure(measure)
        partnerships = self.content.game.partnerships
        if not partnerships or not reads_team(measure):
            return own
        sides = team_sides(partnerships, self.max_players)

        def team(state: State, player: int) -> int:
            return sum(own(state, p) for p in sides[state.n][player])

        return team

    def _own_measure(self, measure: Measure) -> MeasureFn:
        if measure.computed is not None:
            return compile_computed(self, measure.computed)
        if measure.resource is not None:
            r = self.resource(measure.resource)
            return lambda state, player: state.res[player][r]
        if measure.track is not None:
            t = self.track(measure.track)
            return lambda state, player: state.track[player][t]
        if measure.score:
            return lambda state, player: sum(points[player] for points in state.banked)
        assert measure.count is not None
        zone = self.zone(measure.count)
        z = zone.index
        if zone.shared:  # the table's cards: the same number for every player
            if not measure.where:
                return lambda state, player: len(state.shared[z])
            on_table = self.predicate(zone.kind, measure.where)
            return lambda state, player: sum(1 for card in state.shared[z] if on_table(card))
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


def team_sides(
    partnerships: Mapping[int, Sequence[Sequence[int]]], max_players: int
) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """By player count, by player (from 0): the seats of their side (themselves alone at a
    count without teams)."""
    sides = []
    for n in range(max_players + 1):
        side: list[tuple[int, ...]] = [(p,) for p in range(n)]
        for team in partnerships.get(n, []):
            seats = tuple(seat - 1 for seat in team)
            for seat in seats:
                side[seat] = seats
        sides.append(tuple(side))
    return tuple(sides)


def compile_game(content: GameContent) -> Game:
    """Build the `Game` for validated content (run `toolkit validate` checks first)."""
    manifest = content.game
    tables: dict[str, CardTable] = {}
    for kind, declaration in manifest.card_kinds.items():
        sides = next((f for f in declaration.fields.values() if f.type == "sides"), None)
        side_types = {n: f.type for n, f in (sides.fields or {}).items()} if sides else None
        tables[kind] = table_from_cards(
            kind, content.cards(kind), content.field_types(kind), side_types
        )
    deck_spec = manifest.deck
    if isinstance(deck_spec, SuitedDeck):
        suits = content.cards(deck_spec.suits)
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
                zone.visibility == "hidden" and zone.owner != "shared",
            )
        )
    layout = Layout(
        resources,
        tuple(TrackSpec(t.id, t.name, t.min, t.max, t.start, ()) for t in manifest.tracks),
        tuple(player_zones),
        tuple(shared_zones),
        MappingProxyType(tables),
        deck,
    )
    # Tracks first without milestones, so milestone effects can refer to any track.
    compiler = Compiler(content, layout)
    tracks = tuple(
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
    layout = replace(layout, tracks=tracks)
    compiler = Compiler(content, layout)
    slot_pools: dict[str, str] = {}
    fixed_slots: list[tuple[str, tuple[str, int, str]]] = []
    required_slots: list[str] = []
    for step in manifest.setup:
        if isinstance(step, PlaceCard):
            table = tables[step.pool]
            card = table.index(step.card)
            slot_pools[step.to] = step.pool
            fixed_slots.append((step.to, (step.pool, card, table.first_side(card))))
        elif isinstance(step, DrawRandom):
            slot_pools[step.to] = step.pool
            if step.when is None:
                required_slots.append(step.to)
    positional = {
        (kind, card, side)
        for kind in manifest.card_kinds
        for card, side, rules in tables[kind].rule_entries()
        if any(rule.positional or reads_positions(rule) for rule in rules)
    }
    options = manifest.options
    mechanic = _compile_mechanic(manifest.structure, compiler)
    return Game(
        id=manifest.id,
        name=manifest.name,
        min_players=manifest.players.min,
        max_players=manifest.players.max,
        option_defaults=MappingProxyType({o.id: o.default for o in options}),
        option_choices=MappingProxyType(
            {o.id: list(o.choices) if o.choices is not None else [True, False] for o in options}
        ),
        resources=resources,
        tracks=tracks,
        player_zones=layout.player_zones,
        shared_zones=layout.shared_zones,
        tables=layout.tables,
        deck=deck,
        mechanic=mechanic,
        autoplay=mechanic if isinstance(mechanic, Autoplay) else None,
        setup_steps=tuple(step.compile(compiler) for step in manifest.setup),
        scoring=tuple(
            _scoring_step(rule, compiler, rule.rule == "milestone_effects")
            for rule in manifest.scoring
        ),
        tie_breakers=tuple(
            TieBreakerSpec(
                b.label,
                b.prefer == "most",
                compiler.measure(b.measure),
                bool(manifest.partnerships) and reads_team(b.measure),
            )
            for b in manifest.tie_breakers
        ),
        heuristic_weights=tuple(
            (compiler.measure(w.measure), w.weight) for w in manifest.bots.greedy.weights
        ),
        discounts=tuple(
            tuple(
                (t_index, m.at, amount)
                for t_index, track in enumerate(tracks)
                for m in track.milestones
                for r_index, amount in m.discounts
                if r_index == resource_index
            )
            for resource_index in range(len(resources))
        ),
        slot_pools=MappingProxyType(slot_pools),
        fixed_slots=tuple(fixed_slots),
        required_slots=tuple(required_slots),
        ismcts=manifest.bots.ismcts,
        targets=tuple(manifest.targets),
        scoring_moves_markers=any(rule.rule == "milestone_effects" for rule in manifest.scoring),
        round_scoring=tuple(_scoring_step(rule, compiler) for rule in manifest.round_scoring),
        round_scoring_moves_markers=any(
            rule.rule == "milestone_effects" for rule in manifest.round_scoring
        ),
        markers_only=all(
            isinstance(effect, Advance)
            for track in manifest.tracks
            for milestone in track.milestones
            for effect in milestone.at_game_end
        ),
        end_tests=tuple(condition.compile(compiler) for condition in manifest.end.when),
        lowest_wins=manifest.end.winner == "lowest",
        teams=tuple(
            tuple(tuple(seat - 1 for seat in team) for team in manifest.partnerships.get(n, []))
            for n in range(manifest.players.max + 1)
        ),
        positional_always=any(rule.positional for rule in manifest.scoring)
        or reads_positions([manifest.scoring, manifest.round_scoring, manifest.bots]),
        positional_cards=frozenset(positional),
        content=content,
    )


def _scoring_step(rule: Any, c: Compiler, moves_markers: bool = False) -> ScoringStep:
    """A scoring rule compiled as a step: its parts, and one player's points from the rule's
    own `compile_player` where it has one, else read off its parts."""
    parts = _scored_parts(rule, c)
    player = None if _once_per_team(rule, c) else rule.compile_player(c)
    if player is None:

        def player(state: State, player: int) -> int:
            return sum(points[player] for _, points in parts(state))

    return ScoringStep(rule.label, parts, player, moves_markers)


def _scored_parts(rule: Any, c: Compiler) -> Callable[[State], list[tuple[str, list[int]]]]:
    """A scoring rule's parts; one that reads a team measure scores each team once, on its
    first seat (partners add up their points: every member scoring it would count it twice)."""
    parts: Callable[[State], list[tuple[str, list[int]]]] = rule.compile_parts(c)
    if not _once_per_team(rule, c):
        return parts
    sides = c.team_sides

    def once_per_team(state: State) -> list[tuple[str, list[int]]]:
        side = sides[state.n]
        return [
            (label, [points[p] if side[p][0] == p else 0 for p in range(state.n)])
            for label, points in parts(state)
        ]

    return once_per_team


def _once_per_team(rule: Any, c: Compiler) -> bool:
    """Whether the rule reads a team measure in a game of partnerships."""
    measures = [getattr(rule, name, None) for name in type(rule).model_fields]
    return bool(c.content.game.partnerships) and any(
        isinstance(m, Measure) and reads_team(m) for m in measures
    )


def _compile_mechanic(structure: Any, compiler: Compiler) -> CompiledMechanic:
    """The registered mechanic named by `structure.mechanic`, compiled for this game."""
    return mechanic_kit(structure.mechanic).compile(structure, compiler)
