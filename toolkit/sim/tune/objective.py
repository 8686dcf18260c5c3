"""How far a game's values are from its targets: one number per player count, from games
played on seeds shared by every trial (paired), in stages that add games to the same run."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.engine.compiled import TargetSpec
from toolkit.sim.executor import Executor
from toolkit.sim.run import check_seats, seats_for
from toolkit.sim.runner import simulate
from toolkit.sim.sources import PathSource
from toolkit.sim.stats import summarise
from toolkit.sim.tally import Tally


def outside(value: float, low: float | None, high: float | None) -> float:
    """How far a value lies outside [low, high] (0 inside)."""
    below = low - value if low is not None else 0.0
    above = value - high if high is not None else 0.0
    return max(below, above, 0.0)


def shortfall(
    targets: Sequence[TargetSpec], summary: dict[str, Any], players: int, margin: float = 0.0
) -> float:
    """The targets' misses added up: a rate target counts each card outside its range by how
    far it is outside, so a trial that brings one card closer scores better (a smooth
    objective, unlike the count of targets passed). `margin` narrows every range from both
    ends, so a value that only just passes on the trials' seeds counts as a small miss (it
    may fail on others)."""
    total = 0.0
    for target in targets:
        if target.players is not None and players not in target.players:
            continue
        if target.metric == "acquire_rate":
            rows = summary["cards"].get(target.zone or "", [])
            values = [row["acquire_rate"] for row in rows] or [0.0]
        elif target.metric == "shared_victory_rate":
            values = [summary["game"]["shared_victory_rate"]]
        else:
            values = [summary["balance"][target.metric]]
        low = target.at_least + margin if target.at_least is not None else None
        high = target.at_most - margin if target.at_most is not None else None
        total += sum(outside(v, low, high) for v in values)
    return round(total, 6)


@dataclass
class Trial:
    """The games of one set of values so far, per player count (a later stage adds to them)."""

    sets: list[tuple[str, Any]]
    tallies: dict[int, Tally] = field(default_factory=dict)
    summaries: dict[int, dict[str, Any]] = field(default_factory=dict)
    shortfalls: dict[int, float] = field(default_factory=dict)

    @property
    def games(self) -> int:
        return sum(tally.games for tally in self.tallies.values())

    @property
    def total(self) -> float:
        return round(sum(self.shortfalls.values()), 6)


@dataclass
class Evaluator:
    """Plays a trial's games on the executor and scores them against the game's targets."""

    game: str
    manifest: Path
    players: list[int]
    bots: list[str]
    seed: int
    executor: Executor
    progress: Callable[[int], Any] | None = None
    margin: float = 0.0
    paired: bool = False
    """Keep each game's measures, for a paired comparison of two trials."""

    def extend(self, trial: Trial, games: int, seed: int | None = None) -> Trial:
        """Play each player count up to `games` games (those played already are kept)."""
        # The same source as `simulate` makes: the game is compiled once per trial.
        game = PathSource(str(self.manifest.resolve()), (), tuple(trial.sets)).compile()
        for players in self.players:
            check_seats(game, players, self.bots)
            seats = seats_for(self.bots, players)
            done = trial.tallies.setdefault(players, Tally.empty(paired=self.paired))
            played = simulate(
                self.manifest,
                games,
                players,
                seats,
                self.seed if seed is None else seed,
                sets=trial.sets,
                executor=self.executor,
                first_game=done.games,
                progress=self.progress,
                paired=self.paired,
            )
            done.merge(played)
            summary = summarise(done, seats, game.targets, game.deck_and_pool_ids())
            trial.summaries[players] = summary
            trial.shortfalls[players] = shortfall(game.targets, summary, players, self.margin)
        return trial
