"""The compiled game: everything needed to play, precomputed and never changed.

Kept apart from the compiler (`toolkit.engine.game`) so that it, and the kernel and the
mechanics' runtime it refers to, import no content model: a game loaded back from the cache
of compiled games (`toolkit.engine.cache`) plays without building one. The content it was
compiled from, which tools read (strategies, printing, rules help), is loaded again when first
asked for (`ContentSource`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from operator import add
from typing import TYPE_CHECKING, Any, Literal

from toolkit.diagnostics import players_span
from toolkit.engine.options import check_option, read_options
from toolkit.errors import UnknownIdError
from toolkit.kernel.events import RoundScored
from toolkit.kernel.specs import Layout, ResourceSpec, Scores, TrackSpec, ZoneSpec
from toolkit.kernel.state import State
from toolkit.kernel.streams import CURRENT

if TYPE_CHECKING:
    from toolkit.content.project import GameContent
    from toolkit.kernel.compiling import MeasureFn
    from toolkit.kernel.mechanic import Autoplay, CompiledMechanic
    from toolkit.kernel.observation import Observation
    from toolkit.kernel.tables import CardTable
    from toolkit.rules.ending import EndTest

UNLIMITED = 10**9
PARTNERS = "Partners"
"""The breakdown row holding what a player's partners scored."""
ScoreFn = Callable[["State"], list[int]]
SetupFn = Callable[["State"], None]


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


@dataclass(frozen=True, slots=True)
class TargetSpec:
    """A balance target of the manifest (`targets`), as reports check it."""

    metric: str
    zone: str | None
    at_least: float | None
    at_most: float | None
    label: str | None
    players: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class IsmctsSpec:
    """The manifest's `bots.ismcts` settings, as the ISMCTS bot reads them."""

    playout: Literal["random", "greedy"] = "random"
    playout_rounds: int = 1
    candidates: int | None = None


class ContentSource:
    """A compiled game's content: kept from compiling, or loaded again by `load` (a game from
    the cache of compiled games) the first time a tool asks. Never pickled: content is made of
    models, and a game's runtime needs none."""

    __slots__ = ("_content", "load")

    def __init__(
        self,
        content: GameContent | None = None,
        load: Callable[[], GameContent] | None = None,
    ) -> None:
        self._content = content
        self.load = load

    def get(self) -> GameContent:
        if self._content is None:
            if self.load is None:
                raise RuntimeError("this game's content was not kept and cannot be loaded")
            self._content = self.load()
        return self._content

    def __reduce__(self) -> tuple[Any, ...]:
        return (ContentSource, ())


class ContentColumns(dict[str, tuple[Any, ...]]):
    """A card table's columns, some of which (`deferred`: effects, scoring rules, sides, which
    hold content models) are read from the content only when first asked for. A game from
    the cache keeps them so: only tools read them, never play."""

    __slots__ = ("_deferred", "_kind", "_source")

    def __init__(
        self,
        plain: Mapping[str, tuple[Any, ...]],
        kind: str,
        deferred: tuple[str, ...],
        source: ContentSource,
    ) -> None:
        super().__init__(plain)
        self._kind = kind
        self._deferred = deferred
        self._source = source

    def _load(self) -> None:
        if self._deferred:
            cards = self._source.get().cards(self._kind)
            for name in self._deferred:
                dict.__setitem__(self, name, tuple(getattr(card, name) for card in cards))
            self._deferred = ()

    def __missing__(self, key: str) -> tuple[Any, ...]:
        if key not in self._deferred:
            raise KeyError(key)
        self._load()
        return dict.__getitem__(self, key)

    def __contains__(self, key: object) -> bool:
        return key in self._deferred or dict.__contains__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default  # noqa: SIM401 (dict.get skips __missing__)

    def __iter__(self) -> Any:
        self._load()
        return dict.__iter__(self)

    def __len__(self) -> int:
        return dict.__len__(self) + len(self._deferred)

    def keys(self) -> Any:
        self._load()
        return dict.keys(self)

    def values(self) -> Any:
        self._load()
        return dict.values(self)

    def items(self) -> Any:
        self._load()
        return dict.items(self)

    def __reduce__(self) -> tuple[Any, ...]:
        plain = {name: dict.__getitem__(self, name) for name in dict.keys(self)}  # not loading
        return (ContentColumns, (plain, self._kind, self._deferred, self._source))


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
    ismcts: IsmctsSpec
    """The manifest's `bots.ismcts` settings (read by the ISMCTS bot per decision)."""
    targets: tuple[TargetSpec, ...]
    """The manifest's balance targets (read by reports, never in play)."""
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
    colours: Mapping[str, str]
    """Each named colour of the vocabularies (a value's name to its `#rrggbb`), for reports."""
    source: ContentSource
    """The validated content it was compiled from, or how to load it again (for tools: bots'
    strategies, printing, rules help)."""
    seat_tuples: tuple[tuple[int], ...] = tuple((p,) for p in range(16))

    @property
    def content(self) -> GameContent:
        """The validated content the game was compiled from (loaded again, checks and all,
        the first time a game from the cache is asked for it)."""
        return self.source.get()

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
        return index_of("track", track_id, [t.id for t in self.tracks])

    def resource_index(self, resource_id: str) -> int:
        return index_of("resource", resource_id, [r.id for r in self.resources])


def index_of(what: str, wanted: str, ids: list[str]) -> int:
    if wanted not in ids:
        raise UnknownIdError(what, wanted, ids)
    return ids.index(wanted)
