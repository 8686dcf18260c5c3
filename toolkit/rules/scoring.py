"""Scoring primitives shared by every game; each rule names the source its points count under."""

from __future__ import annotations

from abc import abstractmethod
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, ClassVar, Literal

from pydantic import Field, model_validator

from toolkit.content.models.base import Id, Model, Scalar, Text
from toolkit.rules.filters import CardFilter, Measure
from toolkit.rules.words import printed_number

if TYPE_CHECKING:
    from toolkit.engine.game import Compiler
    from toolkit.engine.state import State
    from toolkit.rules.context import CheckContext, Path, Words

PointsFn = Callable[["State"], list[int]]
"""A compiled rule: the points of every player."""
PartsFn = Callable[["State"], list[tuple[str, list[int]]]]
"""A compiled rule as labelled parts, so cards in play keep their own labels."""


class _Rule(Model):
    """A scoring rule: checked, compiled and described by itself."""

    label: Text
    """Name of the points' source in score breakdowns (e.g. 'yellow cards')."""

    positional: ClassVar[bool] = False
    """Whether the points depend on where cards lie (bots may then not merge placements)."""

    @abstractmethod
    def compile(self, c: Compiler) -> PointsFn:
        """The rule as a function of the state: every player's points."""

    def compile_parts(self, c: Compiler) -> PartsFn:
        points, label = self.compile(c), self.label
        return lambda state: [(label, points(state))]

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        """Report what the schema cannot see at `path` (unknown zones, fields, values)."""
        self.check_shared(ctx, path)

    def check_shared(self, ctx: CheckContext, path: Path) -> bool:
        """The parameters many rules share, by name: `measure`, and `zone` with the card
        `field`, `same_field` and `where` read from it. False when the zone is unknown."""
        measure = getattr(self, "measure", None)
        if isinstance(measure, Measure):
            ctx.check_measure((*path, "measure"), measure)
        zone = getattr(self, "zone", None)
        if zone is None:
            return True
        if not ctx.known((*path, "zone"), zone, ctx.zone_ids("player"), "player zone"):
            return False
        fields = ctx.zone_fields(zone)
        for name in ("field", "same_field"):
            value = getattr(self, name, None)
            if value is not None:
                ctx.known((*path, name), value, fields, "card field")
        where = getattr(self, "where", None)
        if where:
            kind = ctx.zone_kind(zone) or ""
            ctx.check_filter((*path, "where"), where, kind, grid=zone in ctx.grid_zones())
        return True

    def describe(self, words: Words) -> str:
        """How the rule awards points, for a scoring card or a reference sheet."""
        return self.label


def _zone_cards(c: Compiler, zone_id: str, where: CardFilter | None) -> Callable[..., list[int]]:
    """Cards of a player's zone that pass a filter, as a function of (state, player)."""
    zone = c.zone(zone_id)
    z, test = zone.index, c.predicate(zone.kind, where)
    if not where:
        return lambda state, player: state.zones[z][player]
    return lambda state, player: [card for card in state.zones[z][player] if test(card)]


def _field(c: Compiler, zone_id: str, field: str) -> tuple[object, ...]:
    return c.table(c.zone(zone_id).kind).fields[field]


class SumField(_Rule):
    """Add up a numeric field of the player's cards (printed VP of attractions ridden)."""

    rule: Literal["sum_field"]
    zone: Id
    """The player's zone whose cards are summed."""
    field: Id
    """The numeric card field to add up."""
    where: CardFilter | None = None
    """Only cards matching this filter."""

    def describe(self, words: Words) -> str:
        return f"the {self.field} printed on {words.zone(self.zone)}"

    def compile(self, c: Compiler) -> PointsFn:
        cards, values = _zone_cards(c, self.zone, self.where), _field(c, self.zone, self.field)
        return lambda state: [
            sum(values[k] for k in cards(state, p))  # type: ignore[misc]
            for p in range(state.n)
        ]


class PerCard(_Rule):
    """Points for each card of the player's zone that matches a filter."""

    rule: Literal["per_card"]
    zone: Id
    """The player's zone."""
    where: CardFilter = Field(default_factory=dict)
    """Which cards count."""
    points: int
    """Points per matching card."""

    def describe(self, words: Words) -> str:
        return f"{self.points} each"

    def compile(self, c: Compiler) -> PointsFn:
        cards, points = _zone_cards(c, self.zone, self.where), self.points
        return lambda state: [len(cards(state, p)) * points for p in range(state.n)]


class PerUnit(_Rule):
    """Points per whole `per` units of a measure (1 per 2 coins; -2 per Sadness)."""

    rule: Literal["per_unit"]
    measure: Measure
    """What is counted."""
    per: int = Field(default=1, ge=1)
    """Units per award; remainders score nothing."""
    points: int
    """Points per award (negative for penalties)."""

    def describe(self, words: Words) -> str:
        per = f"{self.per} " if self.per != 1 else ""
        return f"{printed_number(self.points)} per {per}{words.measure(self.measure)}"

    def compile(self, c: Compiler) -> PointsFn:
        measure, per, points = c.measure(self.measure), self.per, self.points
        return lambda state: [measure(state, p) // per * points for p in range(state.n)]


class TableRow(Model):
    """One row of a table by count."""

    at_most: int = Field(ge=0)
    """The row applies when the measure is at most this (and above the previous row)."""
    points: int
    """Points for this row."""


class TableByCount(_Rule):
    """Points from a table by a count (5/3/1 for at most 0/1/2 face-down cards; else 0)."""

    rule: Literal["table_by_count"]
    measure: Measure
    """What is counted."""
    table: list[TableRow] = Field(min_length=1)
    """Rows in ascending `at_most` order; a count above the last row scores 0."""

    def describe(self, words: Words) -> str:
        return ", ".join(f"at most {row.at_most}: {row.points}" for row in self.table)

    @model_validator(mode="after")
    def _ascending(self) -> TableByCount:
        bounds = [row.at_most for row in self.table]
        if bounds != sorted(set(bounds)):
            raise ValueError(f"table rows must have strictly ascending 'at_most' (got {bounds})")
        return self

    def compile(self, c: Compiler) -> PointsFn:
        measure = c.measure(self.measure)
        rows = [(row.at_most, row.points) for row in self.table]

        def lookup(value: int) -> int:
            return next((points for at_most, points in rows if value <= at_most), 0)

        return lambda state: [lookup(measure(state, p)) for p in range(state.n)]


class DistinctValues(_Rule):
    """Points for each different value of a field among the player's cards (symbols)."""

    rule: Literal["distinct_values"]
    zone: Id
    """The player's zone."""
    field: Id
    """The field whose distinct values count; cards without a value are ignored."""
    where: CardFilter | None = None
    """Only cards matching this filter."""
    points: int = 1
    """Points per distinct value."""

    def describe(self, words: Words) -> str:
        return f"{self.points} per different {self.field}"

    def compile(self, c: Compiler) -> PointsFn:
        cards, values = _zone_cards(c, self.zone, self.where), _field(c, self.zone, self.field)
        points = self.points
        if any(isinstance(v, list) for v in values):  # a list field counts each of its items
            items = tuple(tuple(v) if isinstance(v, list) else (v,) for v in values)

            def distinct(state: State, player: int) -> int:
                return len({i for k in cards(state, player) for i in items[k]} - {None})

        else:

            def distinct(state: State, player: int) -> int:
                return len({values[k] for k in cards(state, player)} - {None})

        return lambda state: [distinct(state, p) * points for p in range(state.n)]


class Pairs(_Rule):
    """Points for each pair of one card with each of two values (a blue and a red card)."""

    rule: Literal["pairs"]
    zone: Id
    """The player's zone."""
    field: Id
    """The field the two values belong to (e.g. `colour`)."""
    values: list[Scalar] = Field(min_length=2, max_length=2)
    """The two values that form a pair."""
    points: int
    """Points per pair."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if not self.check_shared(ctx, path):
            return
        kind = ctx.zone_kind(self.zone) or ""
        allowed = ctx.vocabulary(kind if kind != "deck" else ctx.deck_kind() or "", self.field)
        for v_index, value in enumerate(self.values):
            if allowed is not None and value not in allowed:
                ctx.error(
                    (*path, "values", v_index),
                    "unknown-reference",
                    f"unknown {self.field} '{value}'",
                    ctx.did_you_mean(value, allowed),
                )

    def describe(self, words: Words) -> str:
        return f"{self.points} per pair"

    def compile(self, c: Compiler) -> PointsFn:
        cards, values = _zone_cards(c, self.zone, None), _field(c, self.zone, self.field)
        first, second = self.values
        points = self.points

        def pairs(state: State, player: int) -> int:
            found = [values[k] for k in cards(state, player)]
            return min(found.count(first), found.count(second))

        return lambda state: [pairs(state, p) * points for p in range(state.n)]


class SetsOfDistinct(_Rule):
    """Points for each set of `size` cards with pairwise different values of a field."""

    rule: Literal["sets_of_distinct"]
    zone: Id
    """The player's zone."""
    field: Id
    """The field whose values must differ within a set (e.g. `colour`)."""
    size: int = Field(ge=2)
    """Cards per set."""
    points: int
    """Points per complete set."""

    def describe(self, words: Words) -> str:
        return f"{self.points} per set of {self.size} different {self.field}s"

    def compile(self, c: Compiler) -> PointsFn:
        cards, values = _zone_cards(c, self.zone, None), _field(c, self.zone, self.field)
        size, points = self.size, self.points
        return lambda state: [
            count_sets([values[k] for k in cards(state, p)], size) * points for p in range(state.n)
        ]


class LongestRun(_Rule):
    """Points per card in the longest run of directly consecutive numbers.

    Where the cards lie does not matter: a run may span several rows of a park. With
    `same_field`, every card of the run must share that field's value (one colour).
    """

    rule: Literal["longest_run"]
    zone: Id
    """The player's zone."""
    field: Id
    """The numeric field the run is made of (e.g. `number`)."""
    same_field: Id | None = None
    """If set, a run's cards share this field's value (e.g. `colour`)."""
    min_length: int = Field(default=3, ge=2)
    """Shorter runs score nothing."""
    points_per_card: int
    """Points per card of the longest run."""

    def describe(self, words: Words) -> str:
        same = f" of one {self.same_field}" if self.same_field else ""
        return (
            f"{self.points_per_card} per card of the longest run{same} (at least {self.min_length})"
        )

    def compile(self, c: Compiler) -> PointsFn:
        cards, numbers = _zone_cards(c, self.zone, None), _field(c, self.zone, self.field)
        same = _field(c, self.zone, self.same_field) if self.same_field is not None else None
        minimum, points = self.min_length, self.points_per_card

        def run(state: State, player: int) -> int:
            mine = cards(state, player)
            groups: dict[object, set[int]] = {}
            for k in mine:
                number = numbers[k]
                if isinstance(number, int):
                    groups.setdefault(same[k] if same is not None else None, set()).add(number)
            best = max(
                (
                    longest_run(group)
                    for key, group in groups.items()
                    if key is not None or same is None
                ),
                default=0,
            )
            return best * points if best >= minimum else 0

        return lambda state: [run(state, p) for p in range(state.n)]


class LargestGroup(_Rule):
    """Points per card in the largest orthogonally adjacent group sharing a field's value."""

    rule: Literal["largest_group"]
    positional: ClassVar[bool] = True
    zone: Id
    """The player's grid zone."""
    field: Id
    """The field shared by a group (e.g. `colour`)."""
    min_size: int = Field(default=3, ge=2)
    """Smaller groups score nothing."""
    points_per_card: int
    """Points per card of the largest group."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        if self.check_shared(ctx, path) and self.zone not in ctx.grid_zones():
            ctx.error(
                (*path, "zone"),
                "invalid-value",
                f"'largest_group' needs a grid zone; '{self.zone}' is not one",
            )

    def describe(self, words: Words) -> str:
        return f"{self.points_per_card} per card of the largest group (at least {self.min_size})"

    def compile(self, c: Compiler) -> PointsFn:
        z = c.zone(self.zone).index
        values = _field(c, self.zone, self.field)
        minimum, points = self.min_size, self.points_per_card

        def group(state: State, player: int) -> int:
            park = state.grids[z][player]
            best = largest_group({cell: values[card] for cell, card in park.items() if card >= 0})
            return best * points if best >= minimum else 0

        return lambda state: [group(state, p) for p in range(state.n)]


class Majority(_Rule):
    """Rank players by a measure: the most get the first value, the second most the next...

    Tied players share a rank and each receive its full value; the next distinct measure takes
    the next rank (dense ranking). Players whose measure is below `minimum` receive nothing.
    """

    rule: Literal["majority"]
    measure: Measure
    """What players are ranked by."""
    points: list[int] = Field(min_length=1)
    """Points for the first, second, ... rank."""
    minimum: int = 1
    """A player needs at least this much to rank at all."""

    def describe(self, words: Words) -> str:
        places = ["most", "second", "third", "fourth", "fifth"]
        shown = "/".join(str(p) for p in self.points)
        return f"{shown} for the {'/'.join(places[: len(self.points)])}"

    def compile(self, c: Compiler) -> PointsFn:
        measure, ladder, minimum = c.measure(self.measure), self.points, self.minimum

        def majority(state: State) -> list[int]:
            values = [measure(state, p) for p in range(state.n)]
            ranked = sorted({v for v in values if v >= minimum}, reverse=True)
            award = {v: ladder[i] for i, v in enumerate(ranked[: len(ladder)])}
            return [award.get(v, 0) for v in values]

        return majority


class Threshold(_Rule):
    """Points when a measure reaches a threshold (at least 4 even cards: 3 points)."""

    rule: Literal["threshold"]
    measure: Measure
    """What is measured."""
    at_least: int
    """The threshold."""
    points: int
    """Points when the threshold is reached."""

    def describe(self, words: Words) -> str:
        return f"{self.points} for at least {self.at_least}"

    def compile(self, c: Compiler) -> PointsFn:
        measure, at_least, points = c.measure(self.measure), self.at_least, self.points
        return lambda state: [
            points if measure(state, p) >= at_least else 0 for p in range(state.n)
        ]


class MilestonePoints(_Rule):
    """The victory points of every milestone the player reached on a track."""

    rule: Literal["milestone_points"]
    track: Id
    """The track whose milestones score."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "track"), self.track, ctx.track_ids(), "track")

    def describe(self, words: Words) -> str:
        return f"the VP of the {words.track(self.track)} milestones reached"

    def compile(self, c: Compiler) -> PointsFn:
        t = c.track(self.track)
        milestones = [(m.at, m.points) for m in c.layout.tracks[t].milestones]
        return lambda state: [
            sum(points for at, points in milestones if state.track[p][t] >= at)
            for p in range(state.n)
        ]


class MilestoneEffects(_Rule):
    """Apply the game-end effects of milestones reached (Joy removing Sadness); scores 0 itself."""

    rule: Literal["milestone_effects"]
    track: Id
    """The track whose milestones' game-end effects apply."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "track"), self.track, ctx.track_ids(), "track")

    def describe(self, words: Words) -> str:
        return f"the game-end effects of the {words.track(self.track)} milestones reached"

    def compile(self, c: Compiler) -> PointsFn:
        t = c.track(self.track)
        milestones = [(m.at, m.at_game_end) for m in c.layout.tracks[t].milestones]

        def apply_effects(state: State) -> list[int]:
            for player in range(state.n):
                for at, effects in milestones:
                    if state.track[player][t] >= at:
                        state.run_effects(effects, player, -1)
            return [0] * state.n

        return apply_effects


class CardsInPlay(_Rule):
    """Score the rules printed on the cards that setup placed in a slot (scoring or bonus cards)."""

    rule: Literal["cards_in_play"]
    slot: Id
    """The setup slot holding the cards."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "slot"), self.slot, ctx.slots(), "slot")

    def describe(self, words: Words) -> str:
        return f"the cards in the '{self.slot}' slot"

    def compile(self, c: Compiler) -> PointsFn:
        parts = self.compile_parts(c)
        return lambda state: [sum(points[p] for _, points in parts(state)) for p in range(state.n)]

    def compile_parts(self, c: Compiler) -> PartsFn:
        """Compile the rules of every card that could lie in the slot, by (kind, card, side)."""
        compiled: dict[tuple[str, int, str], list[tuple[str, PointsFn]]] = {}
        for kind in c.slot_kinds(self.slot):
            for card, side, rules in c.table(kind).rule_entries():
                compiled[(kind, card, side)] = [(rule.label, rule.compile(c)) for rule in rules]
        slot = self.slot

        def parts(state: State) -> list[tuple[str, list[int]]]:
            return [
                (label, points(state))
                for entry in state.slots.get(slot, [])
                for label, points in compiled[entry]
            ]

        return parts


ScoringRule = Annotated[
    SumField
    | PerCard
    | PerUnit
    | TableByCount
    | DistinctValues
    | Pairs
    | SetsOfDistinct
    | LongestRun
    | LargestGroup
    | Majority
    | Threshold
    | MilestonePoints
    | MilestoneEffects
    | CardsInPlay,
    Field(discriminator="rule"),
]


def count_sets(values: list[object], size: int) -> int:
    """The most disjoint sets of `size` cards with pairwise different values."""
    counts = sorted(Counter(v for v in values if v is not None).values(), reverse=True)
    best = 0
    for sets in range(1, len(values) // size + 1):
        if sum(min(count, sets) for count in counts) >= size * sets:
            best = sets
    return best


def largest_group(cells: dict[tuple[int, int], object]) -> int:
    """Size of the largest set of orthogonally adjacent cells sharing one value."""
    seen: set[tuple[int, int]] = set()
    best = 0
    for start, value in cells.items():
        if start in seen or value is None:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            r, c = stack.pop()
            size += 1
            for cell in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if cell not in seen and cells.get(cell) == value:
                    seen.add(cell)
                    stack.append(cell)
        best = max(best, size)
    return best


def longest_run(numbers: set[int]) -> int:
    """Length of the longest run of directly consecutive numbers."""
    best = 0
    for number in numbers:
        if number - 1 not in numbers:
            length = 1
            while number + length in numbers:
                length += 1
            best = max(best, length)
    return best


class TieBreaker(Model):
    """One tie-breaker: among tied players, those with the most (or fewest) of a measure win."""

    prefer: Literal["most", "fewest"]
    """Whether more or less of the measure wins the tie."""
    measure: Measure
    """What the tied players are compared on."""
    label: Text
    """How the tie-breaker reads in results ('rode more attractions')."""
