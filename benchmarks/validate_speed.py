"""How long `toolkit validate` takes on all shipped content, as a whole process.

Run from the project root: `python benchmarks/validate_speed.py [runs]`. Reports the median,
minimum and maximum wall time of the complete command (interpreter start, imports, loading,
schema and semantic checks, output), the same for a bare `import yaml, pydantic, typer` (the
floor any toolkit command pays) and their ratio (the goal: at most 2.5), and the in-process time
of the validation alone. On a shared machine wall times are noisy; the CPU time of each process
(user + system) is printed beside them and gives a steadier ratio; the two commands run in
turn, so a change in load touches both.

When Python is told not to write bytecode (`PYTHONDONTWRITEBYTECODE`), every toolkit module is
compiled from source in every run, which an installed toolkit never does; the same ratio is
then also printed with bytecode cached in a temporary folder (`PYTHONPYCACHEPREFIX`), the usual
case on a user's machine.
"""

from __future__ import annotations

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


def time_in_process(runs: int) -> list[float]:
    sys.path.insert(0, str(ROOT))
    from toolkit.content.validate import validate_paths

    times = []
    for _ in range(runs):
        start = time.perf_counter()
        validate_paths([ROOT / "rules"])
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    (bare_wall, bare_cpu), (wall, cpu) = time_both(runs)
    inside = time_in_process(runs)
    print(f"toolkit validate, whole process, {runs} runs:")
    print(
        f"  median {statistics.median(wall) * 1000:.0f} ms, "
        f"min {min(wall) * 1000:.0f} ms, max {max(wall) * 1000:.0f} ms, "
        f"CPU median {statistics.median(cpu) * 1000:.0f} ms"
    )
    print("import yaml, pydantic, typer, whole process:")
    print(
        f"  median {statistics.median(bare_wall) * 1000:.0f} ms, "
        f"min {min(bare_wall) * 1000:.0f} ms, "
        f"CPU median {statistics.median(bare_cpu) * 1000:.0f} ms"
    )
    print(
        f"ratio validate / bare imports: {min(wall) / min(bare_wall):.2f} (fastest runs), "
        f"{statistics.median(cpu) / statistics.median(bare_cpu):.2f} (median CPU); goal <= 2.5"
    )
    print(f"validation alone (in process, models already imported), {runs} runs:")
    print(f"  median {statistics.median(inside) * 1000:.1f} ms")
    if sys.dont_write_bytecode:
        with tempfile.TemporaryDirectory() as cache:
            env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
            env["PYTHONPYCACHEPREFIX"] = cache
            run_once(VALIDATE, env, ([], []))  # writes the cache
            (bare_wall, bare_cpu), (wall, cpu) = time_both(runs, env)
        print("with bytecode cached (PYTHONDONTWRITEBYTECODE is set here):")
        print(
            f"  validate median {statistics.median(wall) * 1000:.0f} ms, "
            f"CPU median {statistics.median(cpu) * 1000:.0f} ms; bare imports median "
            f"{statistics.median(bare_wall) * 1000:.0f} ms, "
            f"CPU median {statistics.median(bare_cpu) * 1000:.0f} ms"
        )
        print(
            f"  ratio {min(wall) / min(bare_wall):.2f} (fastest runs), "
            f"{statistics.median(cpu) / statistics.median(bare_cpu):.2f} (median CPU)"
        )


if __name__ == "__main__":
    main()
