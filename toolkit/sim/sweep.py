"""A grid of variations: every combination of `--set PATH=VALUES`, each simulated on the
same seeds, one row of key statistics and targets per point."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from typing import Any

import yaml

from toolkit.errors import UsageError
from toolkit.schema.limits import MAX_SWEEP_POINTS
from toolkit.sim.run import RunSpec, run


def parse_set(text: str) -> tuple[str, list[Any]]:
    """`PATH=V1,V2,...` or `PATH=LO..HI` (whole numbers, inclusive)."""
    path, sep, values = text.partition("=")
    if not sep or not path or not values:
        raise UsageError(f"--set '{text}': write PATH=V1,V2,... or PATH=LO..HI")
    if ".." in values:
        low, _, high = values.partition("..")
        try:
            start, stop = int(low), int(high)
        except ValueError:
            raise UsageError(f"--set '{text}': LO..HI takes whole numbers") from None
        if stop < start:
            raise UsageError(f"--set '{text}': {start}..{stop} is empty")
        if stop - start >= MAX_SWEEP_POINTS:
            raise UsageError(f"--set '{text}': at most {MAX_SWEEP_POINTS} values")
        return path, list(range(start, stop + 1))
    return path, [_scalar(value) for value in values.split(",")]


def _scalar(text: str) -> Any:
    """A value as YAML would read it when written plainly (3 -> int, true -> bool)."""
    try:
        value = yaml.safe_load(text)
    except (yaml.YAMLError, ValueError):  # ValueError: an int of thousands of digits
        return text
    return value if isinstance(value, str | int | float | bool) or value is None else text


def sweep(
    base: RunSpec, axes: list[tuple[str, list[Any]]], progress: Callable[[int], Any] | None = None
) -> dict[str, Any]:
    if math.prod(len(values) for _, values in axes) > MAX_SWEEP_POINTS:
        raise UsageError(f"--set values make more than {MAX_SWEEP_POINTS} combinations")
    points = list(itertools.product(*[values for _, values in axes]))
    rows = []
    arguments: dict[str, Any] = {}
    reproducible = True
    for point in points:
        sets = [(path, value) for (path, _), value in zip(axes, point, strict=True)]
        spec = RunSpec(
            base.game,
            base.games,
            base.players,
            base.bots,
            base.seed,
            base.workers,
            base.variants,
            sets,
            options=base.options,
            executor=base.executor,
        )
        result = run(spec, progress)
        summary = result.summary
        arguments = {k: v for k, v in summary["arguments"].items() if k != "set"}
        reproducible = reproducible and summary["reproducible"]
        balance = summary["balance"]
        rows.append(
            {
                "point": {path: value for path, value in sets},
                "seat_win_rates": [seat["win_rate"] for seat in summary["seats"]],
                "mean_score": round(
                    sum(seat["score_mean"] for seat in summary["seats"]) / len(summary["seats"]),
                    4,
                ),
                "first_seat_advantage": balance["first_seat_advantage"],
                "win_rate_spread": balance["win_rate_spread"],
                "winning_margin": balance["winning_margin"],
                "lead_changes": balance["lead_changes"],
                "targets_passed": sum(t["passed"] for t in summary["targets"]),
                "targets": {t["target"]: t["passed"] for t in summary["targets"]},
            }
        )
    return {
        "arguments": {**arguments, "axes": {path: values for path, values in axes}},
        "reproducible": reproducible,
        "points": rows,
    }
