"""`toolkit tune`: an Optuna study over a space of values, each trial played in stages on the
executor, its result stored (SQLite by default) so a later run can `--resume` it.

Every trial plays the same seeds (paired: differences between trials are the values', not the
deals'). A trial clearly worse than the others after its first stage is pruned before it
plays more. The winner is played again on fresh seeds against the current game.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.content.locate import resolve_path_or_game
from toolkit.diagnostics import printable
from toolkit.engine.load import load_compiled_game, load_valid_game
from toolkit.errors import ActionCapError, ContentError, UsageError
from toolkit.files import ensure_folder, mark_folder
from toolkit.schema.limits import MAX_SEED
from toolkit.sim.compare import compare_runs
from toolkit.sim.executor import Executor
from toolkit.sim.tune.objective import Evaluator, Trial
from toolkit.sim.tune.space import Parameter, Space, load_space, players_of
from toolkit.sim.tune.storage import check_storage
from toolkit.sim.tune.stored import RECORD, check_resume, record

SAMPLERS = ("tpe", "cmaes", "nsga2")
CHANGE_WEIGHT = 0.001
"""A changed value costs this much shortfall: between two trials as close to the targets, the
one that changes fewer values wins (single-objective samplers)."""
FRESH_SEED_OFFSET = 1_000_003
"""The re-check plays seeds no trial played."""
SAMPLER_SEEDS = 2**32
"""Optuna's samplers take seeds below this (NumPy's); a run's seed is taken modulo it."""
REFUSED = (ContentError, ActionCapError)
"""What ends a trial but not the study: values the game's checks refuse in a combination
(each end of every range was checked before the first trial), or a game that never ends."""


@dataclass
class TuneSettings:
    game: str
    space: Path
    out: Path
    trials: int | None = 30
    seconds: float | None = None
    sampler: str = "tpe"
    storage: str | None = None
    resume: bool = False
    stages: list[int] = field(default_factory=lambda: [200, 800])
    check_games: int | None = None
    seed: int = 1
    parallel: int | None = None
    command: str = ""
    margin: float = 0.0
    """Targets narrowed by this much from both ends while searching (not in the re-check)."""


@dataclass
class TuneResult:
    study: str
    storage: str
    space: Space
    trials: list[dict[str, Any]]
    best: dict[str, Any] | None
    pareto: list[dict[str, Any]]
    recheck: dict[str, Any] | None
    games: int
    seconds: float
    settings: TuneSettings
    warnings: list[str] = field(default_factory=list)
    """What went other than asked (fewer trials than `--trials`), for the user to see."""


def _optuna() -> Any:
    try:
        import optuna
    except ImportError:
        raise UsageError("toolkit tune needs Optuna: pip install 'toolkit[tune]'") from None
    # Each trial is told in one line by the command (a refused one with its reason); Optuna's
    # own warnings would add a traceback for each trial that failed or was interrupted.
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    return optuna


def tune(
    settings: TuneSettings,
    executor: Executor,
    on_trial: Callable[[dict[str, Any]], Any] | None = None,
) -> TuneResult:
    optuna = _optuna()
    if settings.sampler not in SAMPLERS:
        raise UsageError(f"--sampler '{settings.sampler}': one of {', '.join(SAMPLERS)}")
    started = time.monotonic()
    if settings.storage is not None:
        check_storage(settings.storage)  # before the out folder is made, or SQLite opens it
    manifest, content = load_valid_game(settings.game)
    ensure_folder(settings.out)
    mark_folder(settings.out)  # the toolkit's: a later tune may write here again
    storage = settings.storage or f"sqlite:///{(settings.out / 'study.db').resolve()}"
    if settings.storage is None:
        check_storage(storage)
    name = f"{content.game.id}-{settings.space.stem}"
    known = _check_study(optuna, name, storage, settings.resume)  # before the space's checks
    _, compiled = load_compiled_game(settings.game)
    space = load_space(settings.space, manifest, content, compiled)
    multi = settings.sampler == "nsga2"
    goals = len(space.players) + 1 if multi else 1
    distributions = {
        name: _distribution(optuna, parameter, name)
        for parameter in space.parameters
        for name in space.names(parameter)
    }
    made = record(
        settings.sampler, goals, space.players, space.model.bots, settings.margin,
        sorted(set(settings.stages)), settings.seed, distributions,
    )  # fmt: skip
    study = _open_study(optuna, name, storage, settings, goals, len(known))
    if settings.resume:
        check_resume(study, made, name, f"--space {settings.space}")
    else:
        study.set_user_attr(RECORD, made)
    baseline = not study.trials
    evaluator = Evaluator(
        settings.game,
        resolve_path_or_game(settings.game),
        space.players,
        space.model.bots,
        settings.seed,
        executor,
        progress=_stop_when(stopping := threading.Event()),
        margin=settings.margin,
    )
    stages = sorted(set(settings.stages))

    def objective(trial: Any) -> Any:
        try:
            return played(trial)
        except REFUSED as error:
            trial.set_user_attr("refused", _reason(error))
            raise

    def played(trial: Any) -> Any:
        values = {name: _suggest(trial, d, name) for name, d in distributions.items()}
        sets = space.sets(values)
        changes = space.changes(sets)
        games_of = Trial(sets)
        trial.set_user_attr("changes", changes)
        for step, games in enumerate(stages):
            evaluator.extend(games_of, games)
            trial.set_user_attr("stage", step + 1)
            trial.set_user_attr("games", games_of.games)
            trial.set_user_attr("shortfall", games_of.total)
            trial.set_user_attr("shortfalls", {str(p): s for p, s in games_of.shortfalls.items()})
            trial.set_user_attr("passed", _passed(games_of))
            if not multi:
                trial.report(games_of.total, step)
                if step + 1 < len(stages) and trial.should_prune():
                    raise optuna.TrialPruned()
        if multi:
            return [games_of.shortfalls[p] for p in space.players] + [changes]
        return games_of.total + CHANGE_WEIGHT * changes

    def report(study: Any, frozen: Any) -> None:
        if on_trial is not None:
            on_trial(_row(frozen))

    began, first = time.monotonic(), len(study.trials)

    def optimize(trials: int | None, jobs: int) -> None:
        timeout = None
        if settings.seconds is not None:
            timeout = settings.seconds - (time.monotonic() - began)
            if timeout <= 0:
                return
        with _interruptible(stopping):
            study.optimize(
                objective,
                n_trials=trials,
                timeout=timeout,
                n_jobs=jobs,
                catch=REFUSED,
                callbacks=[report],
            )

    if baseline:
        # The game as it is, first: a baseline, and the answer when nothing needs to change.
        # Played alone: parallel threads could both take the one enqueued trial, and Optuna
        # drops the second's result (a trial short, unsaid).
        study.enqueue_trial(space.current_values(), skip_if_exists=True)
        optimize(1, 1)
    left = None if settings.trials is None else settings.trials - (len(study.trials) - first)
    if left is None or left > 0:
        optimize(left, settings.parallel or max(1, min(executor.workers, 4)))
    warnings = _missing_trials(
        len(study.trials) - first, settings.trials, settings.seconds, time.monotonic() - began
    )
    rows = [_row(t) for t in study.trials]
    finals = [r for r in rows if r["state"] == "COMPLETE" and r["stage"] == len(stages)]
    pareto = _front(finals)
    best = min(finals, key=lambda r: (r["shortfall"], r["changes"]), default=None)
    recheck = None
    if best is not None:
        recheck = _recheck(evaluator, space, best, settings.check_games or stages[-1], settings)
    return TuneResult(
        name,
        storage,
        space,
        rows,
        best,
        pareto,
        recheck,
        sum(r["games"] for r in rows),
        time.monotonic() - started,
        settings,
        warnings,
    )


def _stop_when(stopping: threading.Event) -> Callable[[int], None]:
    """A trial's progress: called as its games come in, it ends the trial once Ctrl-C asked."""

    def progress(games: int) -> None:
        if stopping.is_set():
            raise KeyboardInterrupt

    return progress


@contextmanager
def _interruptible(stopping: threading.Event) -> Iterator[None]:
    """Ctrl-C tells every running trial to stop at its next games, so the run ends at once
    instead of when they finish; the study keeps them as failed. The handler only sets the
    flag: the trials raise `KeyboardInterrupt` from their own code, and Optuna hands it to this
    thread where it waits for them, never in the middle of whatever the interpreter was
    running (a garbage collector's callback would print it as an ignored exception). A second
    Ctrl-C raises at once."""
    previous = signal.getsignal(signal.SIGINT)
    main = threading.current_thread() is threading.main_thread()
    if not main or previous is not signal.default_int_handler:
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        if stopping.is_set():
            raise KeyboardInterrupt
        stopping.set()

    signal.signal(signal.SIGINT, interrupt)
    try:
        yield
        if stopping.is_set():  # asked while no trial was running to notice it
            raise KeyboardInterrupt
    finally:
        signal.signal(signal.SIGINT, previous)


def _missing_trials(
    ran: int, wanted: int | None, seconds: float | None, elapsed: float
) -> list[str]:
    """A warning when fewer trials ran than asked and no time budget stopped them."""
    if wanted is None or ran >= wanted or (seconds is not None and elapsed >= seconds):
        return []
    return [f"only {ran} of the {wanted} trials asked for ran; the study holds what did"]


def _check_study(optuna: Any, name: str, storage: str, resume: bool) -> list[str]:
    """The studies in the storage; the named one must be there to resume, and not without."""
    try:
        known: list[str] = optuna.get_all_study_names(storage)
    except Exception as error:  # a bad URL, an unreachable database, a missing driver
        raise UsageError(f"--storage {storage}: {type(error).__name__}: {error}") from None
    if name in known and not resume:
        raise UsageError(
            f"study '{name}' already in {storage}: --resume continues it "
            "(or give another --out or --storage)"
        )
    if resume and name not in known:
        raise UsageError(f"--resume: no study '{name}' in {storage}")
    return known


def _open_study(
    optuna: Any, name: str, storage: str, settings: TuneSettings, goals: int, studies: int
) -> Any:
    # A resumed study samples new points, not the same.
    seed = (settings.seed + studies) % SAMPLER_SEEDS
    samplers = {
        "tpe": lambda: optuna.samplers.TPESampler(seed=seed),
        "cmaes": lambda: optuna.samplers.CmaEsSampler(seed=seed, warn_independent_sampling=False),
        "nsga2": lambda: optuna.samplers.NSGAIISampler(seed=seed),
    }
    pruner = (
        optuna.pruners.MedianPruner(n_startup_trials=4, n_warmup_steps=0)
        if goals == 1
        else optuna.pruners.NopPruner()
    )
    if settings.resume:  # checked against what it was made with before any trial
        return optuna.load_study(
            study_name=name, storage=storage, sampler=samplers[settings.sampler](), pruner=pruner
        )
    return optuna.create_study(
        study_name=name,
        storage=storage,
        sampler=samplers[settings.sampler](),
        pruner=pruner,
        directions=["minimize"] * goals,
    )


def _distribution(optuna: Any, parameter: Parameter, name: str) -> Any:
    """The values Optuna may suggest for `name` (also recorded with the study)."""
    distributions = optuna.distributions
    if parameter.choices is not None:
        return distributions.CategoricalDistribution(parameter.choices)
    low, high = parameter.bounds(players_of(name) if parameter.per_players else None)
    if parameter.whole:
        return distributions.IntDistribution(low, high, step=parameter.step or 1)
    return distributions.FloatDistribution(float(low), float(high), step=parameter.step)


def _suggest(trial: Any, distribution: Any, name: str) -> Any:
    if hasattr(distribution, "choices"):
        return trial.suggest_categorical(name, distribution.choices)
    if isinstance(distribution.low, int):
        return trial.suggest_int(name, distribution.low, distribution.high, step=distribution.step)
    return trial.suggest_float(name, distribution.low, distribution.high, step=distribution.step)


def _reason(error: Exception) -> str:
    """Why a trial was refused, in one line: the game's first error (and how many more)."""
    if isinstance(error, ContentError) and error.diagnostics:
        first = error.diagnostics[0]
        more = len(error.diagnostics) - 1
        where = f"{first.file}:{first.line}:{first.column}: "
        if first.file.startswith("--"):  # a value the trial set: shown in the message
            where = ""
        text = f"{where}{first.code}: {first.message}"
        return printable(text + (f" (and {more} more)" if more else ""), newlines=False)
    return printable(str(error), newlines=False)


def _passed(played: Trial) -> bool:
    return all(t["passed"] for s in played.summaries.values() for t in s["targets"])


def _row(trial: Any) -> dict[str, Any]:
    attrs = trial.user_attrs
    return {
        "number": trial.number,
        "state": trial.state.name,
        "params": dict(trial.params),
        "shortfall": attrs.get("shortfall"),
        "shortfalls": attrs.get("shortfalls", {}),
        "changes": attrs.get("changes", 0),
        "stage": attrs.get("stage", 0),
        "games": attrs.get("games", 0),
        "passed": attrs.get("passed", False),
        "refused": attrs.get("refused"),
        "seconds": round(trial.duration.total_seconds(), 1) if trial.duration else None,
    }


def _front(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Trials no other beats on both shortfall and changes (the trade-off between meeting
    the targets and changing the game)."""
    front = [
        r
        for r in rows
        if not any(
            (o["shortfall"], o["changes"]) != (r["shortfall"], r["changes"])
            and o["shortfall"] <= r["shortfall"]
            and o["changes"] <= r["changes"]
            for o in rows
        )
    ]
    unique = {(r["shortfall"], r["changes"]): r for r in sorted(front, key=lambda r: -r["number"])}
    return sorted(unique.values(), key=lambda r: (r["changes"], r["shortfall"]))


def _recheck(
    evaluator: Evaluator, space: Space, best: dict[str, Any], games: int, settings: TuneSettings
) -> dict[str, Any]:
    """The winner and the game as it is, on seeds no trial played, side by side with 95%
    intervals (the paired comparison of `toolkit compare`)."""
    fresh = (settings.seed + FRESH_SEED_OFFSET) % (MAX_SEED + 1)
    # The targets as the game states them; the games kept for a game-by-game comparison.
    evaluator = replace(evaluator, margin=0.0, paired=True)
    base = evaluator.extend(Trial([]), games, fresh)
    tuned = evaluator.extend(Trial(space.sets(best["params"])), games, fresh)
    per_players = {}
    for players in space.players:
        compared = compare_runs(
            base.tallies[players],
            tuned.tallies[players],
            base.summaries[players],
            tuned.summaries[players],
        )
        per_players[str(players)] = {
            "shortfall": {"current": base.shortfalls[players], "tuned": tuned.shortfalls[players]},
            "targets": compared["targets"],
            "seat_win_rates": {
                key: row for key, row in compared["differences"].items() if key.endswith("win rate")
            },
        }
    newly_failing = any(
        t["verdict"] == "now fails" for p in per_players.values() for t in p["targets"]
    )
    return {
        "seed": fresh,
        "games": games,
        "shortfall": {"current": base.total, "tuned": tuned.total},
        "all_pass": {"current": _passed(base), "tuned": _passed(tuned)},
        "better": tuned.total < base.total and not newly_failing,
        "players": per_players,
    }
