"""How long `toolkit validate` takes on all shipped content, as a whole process.

Run from the project root: `python benchmarks/validate_speed.py [runs]`. Reports the median,
minimum and maximum wall time of the complete command (interpreter start, imports, loading,
schema and semantic checks, output), the same for a bare `import yaml, pydantic, typer` (the
floor any toolkit command pays) and their ratio (the goal: at most 2.5). On a shared machine
wall times are noisy; the CPU time of each process (user + system) is printed beside them and
gives a steadier ratio; the two commands run in turn, so a change in load touches both.

When Python is told not to write bytecode (`PYTHONDONTWRITEBYTECODE`), every toolkit module is
compiled from source in every run, which an installed toolkit never does; the same ratio is
then also printed with bytecode cached in a temporary folder (`PYTHONPYCACHEPREFIX`), the usual
case on a user's machine.

Last, the time of each phase inside one process: the bare imports, pydantic's own start
(`BaseModel` imported, a first model built), building the validate command, the toolkit's
imports, the first validation (building the models of the games' card kinds) and a second one
(reading and checking only). The bare imports' process, pydantic's start and the checking are
the floor of this design (content models in pydantic, built in each process); their sum is
printed as such.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


VALIDATE = [sys.executable, "-m", "toolkit", "validate"]
BARE_IMPORTS = [sys.executable, "-c", "import yaml, pydantic, typer"]

PHASES = """
import json, sys, time
from pathlib import Path
marks = [time.perf_counter()]
import yaml, pydantic, typer
marks.append(time.perf_counter())
from pydantic import BaseModel
class First(BaseModel):
    number: int
marks.append(time.perf_counter())
import typer.main
from toolkit.cli.root import app_for
typer.main.get_command(app_for(["validate"]))
marks.append(time.perf_counter())
from toolkit.content.validate import validate_paths
from toolkit.pnp.layout_check import check_layouts
from toolkit.content.summary import game_summary
marks.append(time.perf_counter())
validate_paths([Path("rules")], game_checks=[check_layouts])
marks.append(time.perf_counter())
validate_paths([Path("rules")], game_checks=[check_layouts])
marks.append(time.perf_counter())
print(json.dumps([b - a for a, b in zip(marks, marks[1:])]))
"""
PHASE_NAMES = (
    "import yaml, pydantic, typer",
    "pydantic's own start: BaseModel imported, a first model built",
    "the command line: the validate command built",
    "the toolkit's modules imported (content models, rules, checks, layouts)",
    "first validation: models built for the games' kinds, then checked",
    "the same validation again (models built): reading YAML and checking",
)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


Times = tuple[list[float], list[float]]


def run_once(command: list[str], env: dict[str, str] | None, times: Times) -> None:
    """One run of `command`; its wall and CPU seconds are added to `times`."""
    cpu, start = children_cpu(), time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, check=False)
    times[0].append(time.perf_counter() - start)
    times[1].append(children_cpu() - cpu)
    if result.returncode != 0:
        raise SystemExit(f"failed:\n{result.stdout.decode()}{result.stderr.decode()}")


def time_both(runs: int, env: dict[str, str] | None = None) -> tuple[Times, Times]:
    """Wall and CPU seconds of `runs` runs of the bare imports and of validate, taken in turn,
    so a change in the machine's load touches both alike."""
    bare: Times = ([], [])
    validate: Times = ([], [])
    for _ in range(runs):
        run_once(BARE_IMPORTS, env, bare)
        run_once(VALIDATE, env, validate)
    return bare, validate


def phases(runs: int, env: dict[str, str] | None) -> list[float]:
    """Median seconds of each phase of validation inside one process (`PHASE_NAMES`)."""
    samples = []
    for _ in range(runs):
        result = subprocess.run(
            [sys.executable, "-c", PHASES], cwd=ROOT, env=env, capture_output=True, check=True
        )
        samples.append(json.loads(result.stdout))
    return [statistics.median(column) for column in zip(*samples, strict=True)]


def print_times(title: str, bare: Times, validate: Times) -> None:
    (bare_wall, bare_cpu), (wall, cpu) = bare, validate
    print(title)
    print(
        f"  toolkit validate: median {statistics.median(wall) * 1000:.0f} ms, "
        f"min {min(wall) * 1000:.0f} ms, max {max(wall) * 1000:.0f} ms, "
        f"CPU median {statistics.median(cpu) * 1000:.0f} ms"
    )
    print(
        f"  import yaml, pydantic, typer: median {statistics.median(bare_wall) * 1000:.0f} ms, "
        f"min {min(bare_wall) * 1000:.0f} ms, max {max(bare_wall) * 1000:.0f} ms, "
        f"CPU median {statistics.median(bare_cpu) * 1000:.0f} ms"
    )
    print(
        f"  ratio {min(wall) / min(bare_wall):.2f} (fastest runs), "
        f"{statistics.median(wall) / statistics.median(bare_wall):.2f} (medians), "
        f"{statistics.median(cpu) / statistics.median(bare_cpu):.2f} (median CPU); goal <= 2.5"
    )


def print_phases(runs: int, env: dict[str, str] | None, bare_process: float) -> None:
    """Where the time goes, and the floor of this design: the bare imports' process,
    pydantic's own start, and this toolkit's reading and checking with every model built."""
    medians = phases(runs, env)
    print(f"phases inside one process, median of {runs} runs:")
    for name, seconds in zip(PHASE_NAMES, medians, strict=True):
        print(f"  {seconds * 1000:6.0f} ms  {name}")
    floor = bare_process + medians[1] + medians[5]
    print(
        f"  floor of this design: the bare imports' process ({bare_process * 1000:.0f} ms, "
        f"median) + pydantic's start + reading and checking = {floor * 1000:.0f} ms, "
        f"{floor / bare_process:.2f}x; the command line, the toolkit's imports and the "
        f"models' building must fit in what is left of 2.5x"
    )


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    bare, validate = time_both(runs)
    print_times(f"whole processes, {runs} runs each, in turn:", bare, validate)
    if not sys.dont_write_bytecode:
        print_phases(runs, None, statistics.median(bare[0]))
        return
    with tempfile.TemporaryDirectory() as cache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        run_once(VALIDATE, env, ([], []))  # writes the cache
        bare, validate = time_both(runs, env)
        print_times(
            "the same with bytecode cached, as on a user's machine (PYTHONDONTWRITEBYTECODE "
            "is set here):",
            bare,
            validate,
        )
        print_phases(runs, env, statistics.median(bare[0]))


if __name__ == "__main__":
    main()
