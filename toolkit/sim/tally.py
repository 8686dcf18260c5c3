"""Mergeable aggregates of finished games: every statistic a run prints is read from these,
so a run's memory does not grow with its number of games.

A worker adds each game to a `Tally` as it ends and sends the tally of its chunk back; the
run merges them. Everything is kept as whole numbers (counts, sums, and histograms keyed by
a value such as a score or a number of turns, bounded by the game's range and never by the
number of games), so adding games one by one or merging tallies of any chunks gives the
same numbers: a run's output is byte-identical across worker counts and executors. Medians
and quantiles are exact, read from the histograms.

Two things are kept per game, and only when asked: the records themselves (`keep_records`,
for transcripts) and `PairedColumns` (for paired comparisons, 8 bytes per measure a game).
"""

from __future__ import annotations

import math
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction

from toolkit.sim.game_record import GameRecord

PARTNERS = "Partners"
"""The breakdown row that holds what a player's partners scored (the engine's label): in a
partnership game it is the team's sum, not a source of points."""


@dataclass(slots=True)
class PairedColumns:
    """Per game, whole-number measures in game order (`array('q')`: 8 bytes each), so two
    runs on the same seeds can be compared game by game. A measure's value is its column
    divided by its `scale` (win credits are kept as multiples of 1/lcm(1..players))."""

    length: int = 0
    columns: dict[str, array[int]] = field(default_factory=dict)
    scales: dict[str, int] = field(default_factory=dict)

    def add(self, values: dict[str, int], scales: dict[str, int]) -> None:
        for name, value in values.items():
            column = self.columns.get(name)
            if column is None:  # a measure first seen now was 0 in every game before
                column = self.columns[name] = array("q", bytes(8 * self.length))
                self.scales[name] = scales.get(name, 1)
            column.append(value)
        self.length += 1
        for column in self.columns.values():
            if len(column) < self.length:
                column.append(0)

    def merge(self, other: PairedColumns) -> None:
        for name in other.columns:
            if name not in self.columns:
                self.columns[name] = array("q", bytes(8 * self.length))
                self.scales[name] = other.scales[name]
        for name, column in self.columns.items():
            column.extend(other.columns.get(name) or array("q", bytes(8 * other.length)))
        self.length += other.length

    def values(self, name: str) -> Iterator[Fraction]:
        """The measure's value in each game (0 where it never appeared), exactly."""
        column = self.columns.get(name)
        scale = self.scales.get(name, 1)
        if column is None:
            yield from (Fraction(0) for _ in range(self.length))
        else:
            yield from (Fraction(v, scale) for v in column)


@dataclass(slots=True)
class Tally:
    """What the statistics need from any number of games; `add` one, `merge` another."""

    players: int = 0
    lowest_wins: bool = False
    teams: tuple[tuple[int, ...], ...] = ()
    """The partnerships of the games (seats from 0); empty: every player for themselves."""
    games: int = 0
    scores: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(seat, final total) to the games that ended so: mean, spread, extremes, the chart."""
    wins: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(seat, k) to the games the seat won with k winners in all (a win is worth 1/k)."""
    side_wins: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(side, k) to the games the side (a team, or one player) won with k winning sides."""
    first_wins: Counter[int] = field(default_factory=Counter)
    """k to the games the starting player's side won with k winning sides (0: lost)."""
    sources: Counter[tuple[int, str]] = field(default_factory=Counter)
    """(seat, source) to the points it gave, summed over games."""
    magnitudes: Counter[str] = field(default_factory=Counter)
    """Source to the points it gave all players, either way (its share of the game)."""
    shown: Counter[tuple[str, str]] = field(default_factory=Counter)
    taken: Counter[tuple[str, str]] = field(default_factory=Counter)
    acquisitions: Counter[str] = field(default_factory=Counter)
    acquisition_turns: Counter[str] = field(default_factory=Counter)
    setup_games: Counter[tuple[str, str]] = field(default_factory=Counter)
    setup_scores: Counter[tuple[str, str]] = field(default_factory=Counter)
    setup_winning: Counter[tuple[str, str]] = field(default_factory=Counter)
    setup_counters: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    counters: Counter[str] = field(default_factory=Counter)
    resources_left: Counter[str] = field(default_factory=Counter)
    track_gains: Counter[tuple[str, str]] = field(default_factory=Counter)
    declined: int = 0
    supply_short: int = 0
    shared: int = 0
    """Games won by more than one side."""
    decided_by: Counter[str] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    """Turns played to the games that lasted so many: the length's mean and quantiles."""
    rounds: Counter[int] = field(default_factory=Counter)
    margins: Counter[int] = field(default_factory=Counter)
    """Points between the winning side and the runner-up, to the games."""
    lead_changes: Counter[int] = field(default_factory=Counter)
    drama: Counter[int] = field(default_factory=Counter)
    """How far the eventual winner trailed at the midpoint, to the games that had one."""
    effects: Counter[tuple[str, bool, int]] = field(default_factory=Counter)
    """(card, held, k) to the players who held it (or not) in games where it was held or
    shown, with k the number of winning sides if the player's side won (0 if not)."""
    seen: set[str] = field(default_factory=set)
    card_games: Counter[str] = field(default_factory=Counter)
    """Card to the games in which some player held it (at the end, or of a round)."""
    beats: Counter[tuple[int, int]] = field(default_factory=Counter)
    """(seat, other) to the games the seat's total beat the other's."""
    ties: Counter[tuple[int, int]] = field(default_factory=Counter)
    records: list[GameRecord] | None = None
    """Every record in game order, only for a run that writes them (transcripts)."""
    paired: PairedColumns | None = None
    by_round: bool = True
    """Whether the games kept their round checkpoints: `rounds`, `lead_changes` and `drama`
    are counted only then (a ladder, which reads wins and scores alone, plays without)."""

    @classmethod
    def of(
        cls, records: Iterable[GameRecord], *, keep_records: bool = False, paired: bool = False
    ) -> Tally:
        tally = cls.empty(keep_records=keep_records, paired=paired)
        for record in records:
            tally.add(record)
        return tally

    @classmethod
    def empty(
        cls, *, keep_records: bool = False, paired: bool = False, by_round: bool = True
    ) -> Tally:
        return cls(
            records=[] if keep_records else None,
            paired=PairedColumns() if paired else None,
            by_round=by_round,
        )

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """Who wins together: the teams, or each player alone."""
        return self.teams or tuple((p,) for p in range(self.players))

    def add(self, record: GameRecord) -> None:
        """Count one finished game. Runs once per game played: the counters take their
        keys in bulk (`Counter.update` counts in C), in the order a loop would add them."""
        totals = record.totals
        players = len(totals)
        if not self.games:
            self.players, self.lowest_wins = players, record.lowest_wins
            self.teams = record.teams
        self.games += 1
        winners = record.winners
        k = len(winners)
        sides = self.sides
        winning_sides = [i for i, side in enumerate(sides) if side[0] in winners]
        self.scores.update(enumerate(totals))
        self.wins.update([(seat, k) for seat in winners])
        sources, magnitudes = self.sources, self.magnitudes
        for seat, row in enumerate(record.breakdown):
            for label, points in row.items():
                sources[seat, label] += points
                if label != PARTNERS:
                    magnitudes[label] += abs(points)
        self.side_wins.update([(index, len(winning_sides)) for index in winning_sides])
        starter = record.first_player
        self.first_wins[len(winning_sides) if starter in winners else 0] += 1
        if len(winning_sides) > 1:
            self.shared += 1
        self._cards(record)
        if record.slots:
            self._setups(record)
        if record.counters:
            self.counters.update(record.counters)
        for resource, amounts in record.resources_left.items():
            self.resources_left[resource] += sum(amounts)
        track_gains = self.track_gains
        for track, causes in record.track_gains.items():
            for cause, steps in causes.items():
                track_gains[track, cause] += steps
        self.declined += record.declined
        self.supply_short += record.supply_short > 0
        self.decided_by[record.decided_by] += 1
        self.turns[record.turns] += 1
        margin = side_margin(record, sides)
        self.margins[margin] += 1
        changes = 0
        if self.by_round:
            self.rounds[len(record.checkpoints)] += 1
            changes = lead_changes(record)
            self.lead_changes[changes] += 1
            behind = midpoint_deficit(record)
            if behind is not None:
                self.drama[behind] += 1
        self._effects(record, sides)
        # A card counts as used when someone held it in the open at a round's end or took it
        # from a display (a deed bought at auction and sold again before the end).
        held = {card for cards in record.holdings for card in cards}
        held.update(record.held)
        held.update([card for _, _, card, _ in record.acquired])
        self.seen.update(held)
        self.card_games.update(held)
        self._pairs(totals, record.lowest_wins)
        if self.records is not None:
            self.records.append(record)
        if self.paired is not None:
            values, scales = paired_measures(record, margin, changes)
            self.paired.add(values, scales)

    def _pairs(self, totals: tuple[int, ...], lowest_wins: bool) -> None:
        """Each seat against each other: a tie, or which beat the other."""
        ties, beats = [], []
        for seat, mine in enumerate(totals):
            for other, theirs in enumerate(totals):
                if other != seat:
                    if mine == theirs:
                        ties.append((seat, other))
                    elif (mine < theirs) == lowest_wins:
                        beats.append((seat, other))
        if ties:
            self.ties.update(ties)
        self.beats.update(beats)

    def _cards(self, record: GameRecord) -> None:
        acquired = {card for _, _, card, _ in record.acquired}
        for zone, cards in record.display.items():
            self.shown.update([(zone, card) for card in cards])
            self.taken.update([(zone, card) for card in cards if card in acquired])
        for _, _, card, turn in record.acquired:
            self.acquisitions[card] += 1
            self.acquisition_turns[card] += turn

    def _setups(self, record: GameRecord) -> None:
        best = record.totals[record.winners[0]]
        total = sum(record.totals)
        for slot, cards in record.slots.items():
            for card in cards:
                key = (slot, card)
                self.setup_games[key] += 1
                self.setup_scores[key] += total
                self.setup_winning[key] += best
                for name, count in record.counters.items():
                    self.setup_counters[slot, card, name] += count

    def _effects(self, record: GameRecord, sides: tuple[tuple[int, ...], ...]) -> None:
        owners: dict[str, set[int]] = {}
        for player, cards in enumerate(record.holdings):
            for card in cards:
                owners.setdefault(card, set()).add(player)
        winners = record.winners
        # A partner wins with the team: k counts the winning sides, not the winning players.
        k = sum(side[0] in winners for side in sides)
        credit = [k if player in winners else 0 for player in range(len(record.totals))]
        shown = [card for cards in record.display.values() for card in cards]
        keys: list[tuple[str, bool, int]] = []
        for card in sorted(owners.keys() | set(shown)):
            holders = owners.get(card, ())
            keys += [(card, player in holders, won) for player, won in enumerate(credit)]
        self.effects.update(keys)

    def merge(self, other: Tally) -> None:
        """Add another tally's games (played after this one's: records keep game order)."""
        if not other.games:
            return
        if not self.games:
            self.players, self.lowest_wins = other.players, other.lowest_wins
            self.teams = other.teams
        self.games += other.games
        for name in _COUNTERS:
            mine: Counter[object] = getattr(self, name)
            mine.update(getattr(other, name))
        for name in ("declined", "supply_short", "shared"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seen |= other.seen
        if self.records is not None and other.records is not None:
            self.records.extend(other.records)
        if self.paired is not None and other.paired is not None:
            self.paired.merge(other.paired)


_COUNTERS = tuple(
    name
    for name, kind in Tally.__annotations__.items()
    if isinstance(kind, str) and kind.startswith("Counter[")
)


def win_credit(record: GameRecord, player: int) -> float:
    """A win is worth 1, a shared victory 1/k to each of the k winners."""
    return 1 / len(record.winners) if player in record.winners else 0.0


def winning_margin(record: GameRecord) -> int:
    """Points between the winner and the runner-up (between sides in a partnership game)."""
    return side_margin(record, record.teams or tuple((p,) for p in range(len(record.totals))))


def side_margin(record: GameRecord, sides: tuple[tuple[int, ...], ...]) -> int:
    ordered = sorted((record.totals[side[0]] for side in sides), reverse=not record.lowest_wins)
    return abs(ordered[0] - ordered[1]) if len(ordered) > 1 else 0


def lead_changes(record: GameRecord) -> int:
    """How often the sole leading side changed from one round's end to the next."""
    changes, leader = 0, -1
    for totals in record.checkpoints:
        best = min(totals) if record.lowest_wins else max(totals)
        if record.teams:
            top = {_side_of(p, record.teams) for p, t in enumerate(totals) if t == best}
            if len(top) != 1:
                continue
            (now,) = top
        elif totals.count(best) == 1:
            now = totals.index(best)
        else:
            continue
        changes += leader >= 0 and now != leader
        leader = now
    return changes


def _side_of(player: int, teams: tuple[tuple[int, ...], ...]) -> int:
    return next(i for i, team in enumerate(teams) if player in team)


def midpoint_deficit(record: GameRecord) -> int | None:
    """How far the eventual winner trailed the best other side at the middle round's end
    (0 when it led); None for a game without one."""
    middle = record.checkpoints[len(record.checkpoints) // 2 - 1] if record.checkpoints else ()
    if not middle:
        return None
    winner = record.winners[0]
    mates = set(next((t for t in record.teams if winner in t), (winner,)))
    others = [t for p, t in enumerate(middle) if p not in mates]
    if record.lowest_wins:  # how far above the best of the others the winner was
        behind = middle[winner] - min(others, default=middle[winner])
    else:
        behind = max(others, default=0) - middle[winner]
    return max(0, behind)


def paired_measures(
    record: GameRecord, margin: int, changes: int
) -> tuple[dict[str, int], dict[str, int]]:
    """One game's measures for a paired comparison, as whole numbers and their scales."""
    players = len(record.totals)
    whole = math.lcm(*range(1, players + 1))
    values: dict[str, int] = {}
    scales: dict[str, int] = {}
    for seat in range(players):
        name = f"seat {seat + 1} win rate"
        values[name] = whole // len(record.winners) if seat in record.winners else 0
        scales[name] = whole
        values[f"seat {seat + 1} mean score"] = record.totals[seat]
    values["mean score, all seats"] = sum(record.totals)
    scales["mean score, all seats"] = players
    for row in record.breakdown:
        for label, points in row.items():
            name = f"points from {label}"
            values[name] = values.get(name, 0) + points
            scales[name] = players
    values["winning margin"] = margin
    values["lead changes"] = changes
    values["choices declined per game"] = record.declined
    values["supply ran short"] = int(record.supply_short > 0)
    sides = record.teams or tuple((p,) for p in range(players))
    values["shared victory"] = int(sum(side[0] in record.winners for side in sides) > 1)
    for name, count in record.counters.items():
        values[f"{name} per game"] = count
    return values, scales
