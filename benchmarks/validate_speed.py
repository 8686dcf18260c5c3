"""How long `toolkit validate` takes on all shipped content, as a whole process.

Run from the project root: `python benchmarks/validate_speed.py [runs]`. Reports the median,
minimum and maximum wall time of the complete command (interpreter start, imports, loading,
schema and semantic checks, output), and the in-process time of the validation alone.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def time_process(runs: int) -> list[float]:
    command = [sys.executable, "-m", "toolkit", "validate"]
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
        if result.returncode != 0:
            raise SystemExit(f"validate failed:\n{result.stdout.decode()}{result.stderr.decode()}")
    return times


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
    process = time_process(runs)
    inside = time_in_process(runs)
    print(f"toolkit validate, whole process, {runs} runs:")
    print(
        f"  median {statistics.median(process) * 1000:.0f} ms, "
        f"min {min(process) * 1000:.0f} ms, max {max(process) * 1000:.0f} ms"
    )
    print(f"validation alone (in process, models already imported), {runs} runs:")
    print(f"  median {statistics.median(inside) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
