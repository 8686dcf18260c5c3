"""Compile validated content into an immutable `Game` with precomputed tables and closures.

Compilation happens once; the `State`s a game creates never look at pydantic models, ids
as strings or the YAML again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from toolkit.content.models.manifest import CardsDeck, SuitedDeck
from toolkit.content.project import GameContent
from toolkit.engine.compiled import (
    UNLIMITED,
    ContentSource,
    Game,
    IsmctsSpec,
    ScoringStep,
    TargetSpec,
    TieBreakerSpec,
    index_of,
)
from toolkit.errors import UnknownIdError, UnsupportedGameError
from toolkit.kernel.compiling import MeasureFn
from toolkit.kernel.mechanic import Autoplay, CompiledMechanic
from toolkit.kernel.specs import (
    Layout,
    MilestoneSpec,
    ResourceSpec,
    TrackSpec,
    ZoneSpec,
)
from toolkit.kernel.state import EffectFn, State
from toolkit.kernel.tables import CardPredicate, CardTable, table_from_cards
from toolkit.mechanics.registry import mechanic_kit
from toolkit.rules.effects.advance import Advance
from toolkit.rules.measures.computed import compile_computed, reads_positions
from toolkit.rules.setup.draw_random import DrawRandom
from toolkit.rules.setup.place_card import PlaceCard
from toolkit.schema.amounts import Amount, per_players
from toolkit.schema.filters import CardFilter, Measure, reads_team


class Compiler:
    """What primitives see while compiling: ids resolved to indexes, tables, helpers."""

    def __init__(self, content: GameContent, layout: Layout) -> None:
        self.content = content
        self.layout = layout
        self.setup_steps = tuple(content.game.setup)
        self.max_players = content.game.players.max

    def resource(self, resource_id: str) -> int:
        return index_of("resource", resource_id, [r.id for r in self.layout.resources])

    def track(self, track_id: str) -> int:
        return index_of("track", track_id, [t.id for t in self.layout.tracks])

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
        ismcts=IsmctsSpec(
            manifest.bots.ismcts.playout,
            manifest.bots.ismcts.playout_rounds,
            manifest.bots.ismcts.candidates,
        ),
        targets=tuple(
            TargetSpec(
                t.metric,
                t.zone,
                t.at_least,
                t.at_most,
                t.label,
                tuple(t.players) if t.players is not None else None,
            )
            for t in manifest.targets
        ),
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
        colours=MappingProxyType(
            {
                value.name: value.colour
                for vocabulary in manifest.vocabularies
                for value in vocabulary.values
                if value.colour is not None
            }
        ),
        source=ContentSource(content),
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
