"""What a study records about how it was made, and the check that `--resume` continues it
the same way.

A resumed study's trials are compared with the new ones: that holds only when both played
the same space (the same values with the same ranges), with the same sampler, objectives
(player counts, bots, margin) and seeds. A study records these when it is created; a resume
that differs is refused before any trial, naming what differs. Studies made before this
record existed are checked by what Optuna keeps: their objectives and their trials' values.
"""

from __future__ import annotations

import json
from typing import Any

from toolkit.errors import UsageError

RECORD = "toolkit"
"""The study's user attribute that holds the record."""

SETTINGS = {
    "sampler": "--sampler",
    "objectives": "objectives",
    "players": "players (in the space file)",
    "bots": "bots (in the space file)",
    "margin": "--margin",
    "stages": "--games",
    "seed": "--seed",
}
"""The recorded settings (besides the space's values), as the user names them."""


def record(
    sampler: str, objectives: int, players: list[int], bots: list[str], margin: float,
    stages: list[int], seed: int, distributions: dict[str, Any],
) -> dict[str, Any]:  # fmt: skip
    """What a new study stores: the settings above and each value's distribution (JSON)."""
    from optuna.distributions import distribution_to_json

    return {
        "sampler": sampler,
        "objectives": objectives,
        "players": list(players),
        "bots": list(bots),
        "margin": margin,
        "stages": list(stages),
        "seed": seed,
        "parameters": {name: distribution_to_json(d) for name, d in distributions.items()},
    }


def check_resume(study: Any, wanted: dict[str, Any], name: str, space: str) -> None:
    """Refuse (a usage error) to resume `study` with settings or a space other than its own."""
    stored = study.user_attrs.get(RECORD)
    if not isinstance(stored, dict):
        stored = _inferred(study)
    problems = [
        f"{label} was {_shown(stored[key])}, now {_shown(wanted[key])}"
        for key, label in SETTINGS.items()
        if key in stored and stored[key] != wanted[key]
    ]
    before, now = stored.get("parameters", {}), wanted["parameters"]
    problems += [f"'{p}' was not tuned in it (added since)" for p in now if p not in before]
    problems += [f"'{p}' was tuned in it and is no longer" for p in before if p not in now]
    problems += [
        f"'{p}' had another range or choices ({_range(before[p])}, now {_range(now[p])})"
        for p in now
        if p in before and not _same(before[p], now[p])
    ]
    if problems:
        raise UsageError(
            f"--resume: study '{name}' was made otherwise than {space} and these options ask: "
            + "; ".join(problems)
            + ". Resume with what it was made with, or start a new study (another --out or "
            "--storage)"
        )


def _inferred(study: Any) -> dict[str, Any]:
    """A study made without the record: its objectives and the values its trials tuned."""
    parameters: dict[str, str] = {}
    for trial in study.get_trials(deepcopy=False):
        for key, distribution in trial.distributions.items():
            from optuna.distributions import distribution_to_json

            parameters.setdefault(key, distribution_to_json(distribution))
    inferred: dict[str, Any] = {"objectives": len(study.directions)}
    if parameters:
        inferred["parameters"] = parameters
    return inferred


def _same(before: str, now: str) -> bool:
    from optuna.distributions import json_to_distribution

    return bool(json_to_distribution(before) == json_to_distribution(now))


def _range(text: str) -> str:
    attributes = json.loads(text).get("attributes", {})
    if "choices" in attributes:
        return "choices " + ", ".join(map(str, attributes["choices"]))
    low, high, step = attributes.get("low"), attributes.get("high"), attributes.get("step")
    return f"{low}..{high}" + (f" step {step}" if step not in (None, 1) else "")


def _shown(value: Any) -> str:
    if isinstance(value, list):
        return ",".join(map(str, value))
    return str(value)
