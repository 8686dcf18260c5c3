"""What each command costs as a whole process, against the bare import of what it depends on.

Run from the project root: `python benchmarks/startup.py [runs] [--against FOLDER]
[command ...]` or `python benchmarks/startup.py [runs] --phases` (default 5 runs of every
command below; a command is chosen by part of its name). Each command runs as
`python -m toolkit ...` in a fresh process, in turn with its floor (the bare
`import yaml, pydantic, typer`, and ReportLab for the commands that draw), so a change in the
machine's load touches both alike; the CPU time (user + system) of each process is read from
`getrusage` and is steadier than the wall time on a shared machine. Printed per command: the
median CPU and wall time of the command and of its floor, and the ratio of their median CPU
times (the goal for `simulate --games 1`: at most 2.5).

`validate one card file` has a second reference: `check-jsonschema` checking the same file
against its JSON Schema (the command beside this Python, when installed), else a process that
reads the YAML file and checks it with `jsonschema` (the work `check-jsonschema` does, without
its own start-up), so the toolkit's check of one file can be held against a plain schema check.

`--against FOLDER` also runs every command from another copy of the project (an earlier
commit, extracted with `git archive`), in turn with this one, and prints what this copy saves
of its CPU time: a change's gain measured under the same load.

Bytecode is cached in a temporary folder for the runs (`PYTHONPYCACHEPREFIX`) even when
Python is told not to write it, as on a user's machine, where the toolkit is installed
once and started many times. Compiled games are kept in a temporary cache folder of their own
(`TOOLKIT_CACHE`), filled by that first run of each command: the runs counted read their game
back from it, as a designer's second run of a game does (`toolkit.engine.cache`). The lines
marked `anew` run with the cache off: loading, checking and compiling the game, as the first
run after an edit does.

`--phases` prints instead where the CPU time of `simulate midway-memories --games 1` goes when
the game is compiled anew (the cache off), in one process, median of the runs: Python's start,
the bare imports, pydantic's own start, the command line, the toolkit's imports layer by
layer, then the command itself (loading and checking the game, compiling it, one game and its
summary); and, over the whole process, what pydantic spends making model classes (collecting
their fields), building schemas (a deferred model's on first use) and typer's adapters (one per
option).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
BARE = "import yaml, pydantic, typer"
DRAWING = "import yaml, pydantic, typer, reportlab.pdfgen.canvas"
CARD_FILE = "cards/midway-memories/attractions.yaml"
CARD_SCHEMA = "schemas/midway-memories/attractions.schema.json"
STAGED_CARD_FILE = "cards/kite-festival/kites.yaml"
SCHEMA_CHECK = f"""
import json, yaml, jsonschema
card = yaml.safe_load(open({CARD_FILE!r}, encoding="utf-8"))
schema = json.load(open({CARD_SCHEMA!r}, encoding="utf-8"))
jsonschema.validators.validator_for(schema)(schema).validate(card)
"""


def schema_check() -> tuple[str, list[str]]:
    """The plain schema check of `CARD_FILE`: its name and command line."""
    installed = shutil.which("check-jsonschema", path=str(Path(PYTHON).parent))
    if installed is not None:
        return "check-jsonschema", [installed, "--schemafile", CARD_SCHEMA, CARD_FILE]
    return "yaml + jsonschema", [PYTHON, "-c", SCHEMA_CHECK]


@dataclass
class Command:
    name: str
    args: list[str]
    floor: str = BARE
    """The code of the reference process: the bare imports the command cannot do without."""
    reference: list[str] | None = None
    """A second reference, when the command has a plain counterpart (a schema check)."""
    env: dict[str, str] = field(default_factory=dict)
    """What the command's process gets on top of the benchmark's environment."""


def commands(scratch: Path) -> list[Command]:
    """Every command, with the files it reads made in `scratch` beforehand."""
    transcript = scratch / "games.jsonl"
    return [
        Command("validate (every game)", ["validate"]),
        Command("validate one game", ["validate", "midway-memories"]),
        Command("validate one card file", ["validate", CARD_FILE], reference=schema_check()[1]),
        Command("validate one card file (staged game)", ["validate", STAGED_CARD_FILE]),
        Command("simulate --games 1", ["simulate", "midway-memories", "--games", "1"]),
        Command(
            "simulate --games 1 (compiled anew)",
            ["simulate", "midway-memories", "--games", "1"],
            env={"TOOLKIT_CACHE": "off"},
        ),
        Command("simulate --games 1 (staged game)", ["simulate", "kite-festival", "--games", "1"]),
        Command(
            "simulate --games 1 (staged, anew)",
            ["simulate", "kite-festival", "--games", "1"],
            env={"TOOLKIT_CACHE": "off"},
        ),
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


PHASES = """
import io, json, resource, sys, time
from contextlib import redirect_stdout

def cpu():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime

marks = [("Python's start", cpu())]
def mark(name):
    marks.append((name, cpu()))

import yaml, pydantic, typer
mark("bare imports: yaml, pydantic, typer")
import importlib.metadata
mark("importlib.metadata (for plugin look-ups)")
import pydantic.plugin._loader as plugin_loader
list(plugin_loader.get_plugins())
mark("pydantic's plugin look-up (entry points)")
from pydantic._internal import _model_construction as construction
from pydantic import BaseModel, TypeAdapter

spent = {"fields": 0.0, "schemas": 0.0, "adapters": 0.0}
busy = []

def timed(kind, function):
    def wrapper(*args, **kwargs):
        if busy:  # inside another pydantic step: counted there
            return function(*args, **kwargs)
        busy.append(kind)
        start = cpu()
        try:
            return function(*args, **kwargs)
        finally:
            spent[kind] += cpu() - start
            busy.pop()
    return wrapper

construction.collect_model_fields = timed("fields", construction.collect_model_fields)
construction.complete_model_class = timed("schemas", construction.complete_model_class)
TypeAdapter.__init__ = timed("adapters", TypeAdapter.__init__)

class First(BaseModel):
    number: int
mark("pydantic's start: its model machinery, a first model")

import typer.main
from toolkit.cli.root import app_for
ARGS = ["simulate", "midway-memories", "--games", "1"]
command = typer.main.get_command(app_for(ARGS))
context = command.make_context("toolkit", list(ARGS))
command.get_command(context, "simulate").make_context("simulate", ARGS[1:], parent=context)
mark("the command line: simulate built, its options parsed")
import toolkit.schema.filters, toolkit.schema.amounts, toolkit.kernel.state
import toolkit.rules.registry, toolkit.mechanics.base
mark("toolkit: schema base, kernel state, registries")
import toolkit.mechanics.trick_taking
mark("toolkit: the game's mechanic (trick-taking)")
import toolkit.mechanics.registry
mark("toolkit: the other mechanics (their effects are in every game's unions)")
import toolkit.content.models.primitives
mark("toolkit: every rules primitive's model, the unions")
import toolkit.content.models.manifest, toolkit.content.semantic
mark("toolkit: manifest models, loading, checks")
import toolkit.engine.game, toolkit.agents, toolkit.sim.run
mark("toolkit: engine, bots, simulation")

import toolkit.engine.load as load
import toolkit.engine.game as engine_game
inside = {"load": 0.0, "check": 0.0, "compile": 0.0}
def inner(kind, function):
    def wrapper(*args, **kwargs):
        start = cpu()
        try:
            return function(*args, **kwargs)
        finally:
            inside[kind] += cpu() - start
    return wrapper
load.load_game = inner("load", load.load_game)
load.check_game = inner("check", load.check_game)
engine_game.compile_game = inner("compile", engine_game.compile_game)
from toolkit.cli import main
sys.argv = ["toolkit", *ARGS]
before = cpu()
with redirect_stdout(io.StringIO()):
    try:
        main()
    except SystemExit:
        pass
whole = cpu() - before
start = marks[-1][1]
marks.append(("the game loaded: YAML read, its models built, validated", start + inside["load"]))
marks.append(("the game checked", marks[-1][1] + inside["check"]))
marks.append(("the game compiled", marks[-1][1] + inside["compile"]))
marks.append(("one game played, its summary printed", start + whole))
phases = {name: at - marks[i - 1][1] if i else at for i, (name, at) in enumerate(marks)}
print(json.dumps({"phases": phases, "pydantic": spent}))
"""


def phases(runs: int, env: dict[str, str]) -> None:
    """Where the CPU time of `simulate --games 1` goes, median of `runs` processes."""
    found: list[dict[str, dict[str, float]]] = []
    floors: list[float] = []
    subprocess.run([PYTHON, "-c", PHASES], cwd=ROOT, env=env, check=True, capture_output=True)
    for _ in range(runs):
        done = subprocess.run(
            [PYTHON, "-c", PHASES], cwd=ROOT, env=env, check=True, capture_output=True
        )
        found.append(json.loads(done.stdout.decode().strip().splitlines()[-1]))
        floors.append(timed([PYTHON, "-c", BARE], env)[0])
    print(f"`simulate midway-memories --games 1` in one process, median CPU ms of {runs} runs; "
          f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")  # fmt: skip
    total = 0.0
    for name in found[0]["phases"]:
        ms = 1000 * statistics.median(run["phases"][name] for run in found)
        total += ms
        print(f"  {name:72} {ms:6.1f}")
    print(f"  {'sum':72} {total:6.1f}")
    print("of which, over the whole process, pydantic:")
    words = {
        "fields": "model classes made (their fields collected)",
        "schemas": "schemas built (a deferred model's, on first use)",
        "adapters": "TypeAdapters built (typer's, one per option, and the toolkit's)",
    }
    for kind, word in words.items():
        ms = 1000 * statistics.median(run["pydantic"][kind] for run in found)
        print(f"  {word:72} {ms:6.1f}")
    floor = 1000 * statistics.median(floors)
    print(f"bare imports as a process: {floor:.1f} ms; 2.5x that: {2.5 * floor:.1f} ms; "
          f"the sum above is {total / floor:.2f}x")  # fmt: skip


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


def timed(argv: list[str], env: dict[str, str], cwd: Path = ROOT) -> tuple[float, float]:
    """(CPU, wall) seconds of one whole process."""
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv[2:])} failed: {done.stderr.decode()[-400:]}")
    return cpu, wall


def median(values: list[tuple[float, float]], which: int) -> float:
    return statistics.median(value[which] for value in values)


@dataclass
class Times:
    """One command's runs: its own, its floor's, its plain counterpart's, the other copy's."""

    mine: list[tuple[float, float]] = field(default_factory=list)
    floor: list[tuple[float, float]] = field(default_factory=list)
    reference: list[tuple[float, float]] = field(default_factory=list)
    against: list[tuple[float, float]] = field(default_factory=list)


def main() -> None:
    args = sys.argv[1:]
    runs = int(args.pop(0)) if args and args[0].isdigit() else 5
    against: Path | None = None
    if "--against" in args:
        at = args.index("--against")
        against = Path(args[at + 1]).resolve()
        del args[at : at + 2]
    cache = tempfile.mkdtemp(prefix="toolkit-bytecode-")
    games = tempfile.mkdtemp(prefix="toolkit-games-")
    env = {**os.environ, "PYTHONPYCACHEPREFIX": cache, "TOOLKIT_CACHE": games}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if "--phases" in args:
        phases(runs, {**env, "TOOLKIT_CACHE": "off"})
        return
    other_env = {**env, "PYTHONPATH": str(against)}  # `-m` puts the folder first anyway
    with tempfile.TemporaryDirectory(prefix="toolkit-startup-") as folder:
        scratch = Path(folder)
        prepare(scratch, env)
        chosen = [c for c in commands(scratch) if not args or any(a in c.name for a in args)]
        times = {c.name: Times() for c in chosen}
        for command in chosen:  # a first run of each writes its bytecode: not counted
            timed([PYTHON, "-m", "toolkit", *command.args], {**env, **command.env})
            if against is not None:
                argv = [PYTHON, "-m", "toolkit", *command.args]
                timed(argv, {**other_env, **command.env}, against)
        for _ in range(runs):
            for command in chosen:
                runs_of = times[command.name]
                argv = [PYTHON, "-m", "toolkit", *command.args]
                runs_of.mine.append(timed(argv, {**env, **command.env}))
                runs_of.floor.append(timed([PYTHON, "-c", command.floor], env))
                if command.reference is not None:
                    runs_of.reference.append(timed(command.reference, env))
                if against is not None:
                    runs_of.against.append(timed(argv, {**other_env, **command.env}, against))
    print(f"median of {runs} runs; CPU = user + system; load {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")  # fmt: skip
    print(f"{'command':36} {'CPU s':>6} {'wall s':>6}  {'floor CPU':>9} {'wall':>6}  {'ratio':>5}")
    plain_name = schema_check()[0]
    for command in chosen:
        runs_of = times[command.name]
        cpu, base = median(runs_of.mine, 0), median(runs_of.floor, 0)
        print(f"{command.name:36} {cpu:6.3f} {median(runs_of.mine, 1):6.3f}  {base:9.3f} "
              f"{median(runs_of.floor, 1):6.3f}  {cpu / base:5.2f}")  # fmt: skip
        if runs_of.reference:
            plain = median(runs_of.reference, 0)
            label = f"  {plain_name}, the same file"
            print(f"{label:36} {plain:6.3f} {median(runs_of.reference, 1):6.3f}"
                  f"  {'':9} {'':6}  {cpu / plain:5.2f} of it")  # fmt: skip
        if runs_of.against:
            then = median(runs_of.against, 0)
            label = f"  {against.name if against else ''}"
            print(f"{label:36} {then:6.3f} {median(runs_of.against, 1):6.3f}"
                  f"  {'':9} {'':6}  {then / base:5.2f}  saved {1 - cpu / then:.0%}")  # fmt: skip


if __name__ == "__main__":
    main()
