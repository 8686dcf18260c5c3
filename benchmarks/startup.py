"""What each command costs as a whole process, against the bare import of what it depends on.

Run from the project root: `python benchmarks/startup.py [runs] [command ...]` (default 5 runs
of every command below). Each command runs as `python -m toolkit ...` in a fresh process, in
turn with its floor (the bare `import yaml, pydantic, typer`, and ReportLab for the commands
that draw), so a change in the machine's load touches both alike; the CPU time (user +
system) of each process is read from `getrusage` and is steadier than the wall time on a
shared machine. Printed per command: the median CPU and wall time of the command and of its
floor, and the ratio of their median CPU times (the goal for `simulate --games 1`: at most
2.5).

`validate one card file` has a second reference: a process that reads the same YAML file
and checks it against its JSON Schema with `jsonschema` (the work `check-jsonschema` does,
without its own start-up), so the toolkit's check of one file can be held against a plain
schema check.

Bytecode is cached in a temporary folder for the runs (`PYTHONPYCACHEPREFIX`) even when
Python is told not to write it, as on a user's machine, where the toolkit is installed
once and started many times.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BARE = "import yaml, pydantic, typer"
DRAWING = "import yaml, pydantic, typer, reportlab.pdfgen.canvas"
CARD_FILE = "cards/midway-memories/attractions.yaml"
CARD_SCHEMA = "schemas/midway-memories/attractions.schema.json"
SCHEMA_CHECK = f"""
import json, yaml, jsonschema
card = yaml.safe_load(open({CARD_FILE!r}, encoding="utf-8"))
schema = json.load(open({CARD_SCHEMA!r}, encoding="utf-8"))
jsonschema.validators.validator_for(schema)(schema).validate(card)
"""


@dataclass
class Command:
    name: str
    args: list[str]
    floor: str = BARE
    """The code of the reference process: the bare imports the command cannot do without."""
    reference: str | None = None
    """A second reference, when the command has a plain counterpart (a schema check)."""


def commands(scratch: Path) -> list[Command]:
    """Every command, with the files it reads made in `scratch` beforehand."""
    transcript = scratch / "games.jsonl"
    return [
        Command("validate (every game)", ["validate"]),
        Command("validate one game", ["validate", "midway-memories"]),
        Command("validate one card file", ["validate", CARD_FILE], reference=SCHEMA_CHECK),
        Command("simulate --games 1", ["simulate", "midway-memories", "--games", "1"]),
        Command(
            "simulate --games 1 --bots greedy",
            ["simulate", "midway-memories", "--games", "1", "--bots", "greedy"],
        ),
        Command("score", ["score", "midway-memories", "examples/midway-memories-end.yaml"]),
        Command("replay (2 games)", ["replay", str(transcript)]),
        Command("schema --check", ["schema", "--check"]),
        Command(
            "print",
            ["print", "midway-memories", "--out", str(scratch / "cards.pdf")],
            floor=DRAWING,
        ),
        Command("--version", ["--version"]),
    ]


def prepare(scratch: Path, env: dict[str, str]) -> None:
    """The transcript `replay` reads, written once, outside the timing."""
    subprocess.run(
        [PYTHON, "-m", "toolkit", "simulate", "midway-memories", "--games", "2",
         "--workers", "1", "--transcript", str(scratch / "games.jsonl")],
        cwd=ROOT, env=env, check=True, capture_output=True,
    )  # fmt: skip


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU, wall) seconds of one whole process."""
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, check=False)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[2:])} failed: {done.stderr.decode()[-400:]}")
    return cpu, wall


def median(values: list[tuple[float, float]], which: int) -> float:
    return statistics.median(value[which] for value in values)


def main() -> None:
    args = sys.argv[1:]
    runs = int(args.pop(0)) if args and args[0].isdigit() else 5
    cache = tempfile.mkdtemp(prefix="toolkit-bytecode-")
    env = {**os.environ, "PYTHONPYCACHEPREFIX": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    with tempfile.TemporaryDirectory(prefix="toolkit-startup-") as folder:
        scratch = Path(folder)
        prepare(scratch, env)
        chosen = [c for c in commands(scratch) if not args or any(a in c.name for a in args)]
        times: dict[str, list[list[tuple[float, float]]]] = {c.name: [[], [], []] for c in chosen}
        for command in chosen:  # a first run of each writes its bytecode: not counted
            timed([PYTHON, "-m", "toolkit", *command.args], env)
        for _ in range(runs):
            for command in chosen:
                mine, floor, other = times[command.name]
                mine.append(timed([PYTHON, "-m", "toolkit", *command.args], env))
                floor.append(timed([PYTHON, "-c", command.floor], env))
                if command.reference is not None:
                    other.append(timed([PYTHON, "-c", command.reference], env))
    print(f"median of {runs} runs; CPU = user + system; load {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")  # fmt: skip
    print(f"{'command':36} {'CPU s':>6} {'wall s':>6}  {'floor CPU':>9} {'wall':>6}  {'ratio':>5}")
    for command in chosen:
        mine, floor, other = times[command.name]
        cpu, base = median(mine, 0), median(floor, 0)
        print(f"{command.name:36} {cpu:6.3f} {median(mine, 1):6.3f}  {base:9.3f} "
              f"{median(floor, 1):6.3f}  {cpu / base:5.2f}")  # fmt: skip
        if other:
            plain = median(other, 0)
            print(f"{'  yaml + jsonschema, the same file':36} {plain:6.3f} {median(other, 1):6.3f}"
                  f"  {'':9} {'':6}  {cpu / plain:5.2f} of it")  # fmt: skip


if __name__ == "__main__":
    main()
