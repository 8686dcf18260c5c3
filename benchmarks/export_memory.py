"""Peak memory of `toolkit export` for a big game (the goal: a 10,000-card game within 1 GB).

Run from the project root: `python benchmarks/export_memory.py [cards] [formats] [--shipped]`,
for example `python benchmarks/export_memory.py 10000 tts,png --shipped`. It copies the
project's rules, cards and print folders into a temporary folder, grows Midway Memories'
attractions to `cards` cards (plain, distinct ones after the shipped 13), and runs each
`toolkit export --to FORMAT` as its own process, reporting its wall time and peak resident
memory (`resource.getrusage` of the child, in MiB). With `--shipped`, also `--to png --dpi
1200` of the shipped Midway Memories (74 cards), which needed 3.8 GB when every card was held
at once. Nothing is asserted: the figures are for reading.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def more_attractions(count: int) -> str:
    """`count` plain, distinct Midway Memories attractions, as lines of its card list."""
    return "".join(
        f"  - {{id: ride-{i}, name: Ride {i}, level: {1 + i % 3}, cost: 2, points: 3, "
        f"requires: {{fame: 0, joy: {i % 5}}}, flavour: Fun number {i}, "
        "picture: art/carousel.svg}\n"
        for i in range(count)
    )


def project(folder: Path, cards: int | None) -> Path:
    """The project copied into `folder`; with `cards`, Midway Memories' attractions file
    grown to that many cards (the shipped ones first, which the rules name)."""
    for part in ("rules", "cards", "print"):
        shutil.copytree(ROOT / part, folder / part)
    if cards is not None:
        path = folder / "cards/midway-memories/attractions.yaml"
        shipped = path.read_text(encoding="utf-8")
        added = cards - shipped.count("\n  - id: ")
        path.write_text(shipped.rstrip("\n") + "\n" + more_attractions(added), encoding="utf-8")
    return folder


def measure(args: list[str], cwd: Path) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MiB and the last line of output of one toolkit process."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", _CHILD, *args]
    start = time.perf_counter()
    result = subprocess.run(command, cwd=cwd, env=environment, capture_output=True, text=True,
                            check=False)  # fmt: skip
    seconds = time.perf_counter() - start
    lines = (result.stdout + result.stderr).strip().splitlines()
    if result.returncode != 0:
        return seconds, float("nan"), f"exit {result.returncode}: {lines[-1] if lines else ''}"
    peak = float(lines[-1])
    return seconds, peak, lines[-2] if len(lines) > 1 else ""


_CHILD = """
import resource, sys
from toolkit.cli import main
sys.argv = ["toolkit", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    if done.code:
        raise
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""


def main() -> None:
    given = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    count = int(given[0]) if given else 10_000
    formats = given[1].split(",") if len(given) > 1 else ["tts", "png"]
    print(f"{count} attractions; peak RSS of each export process", flush=True)
    with tempfile.TemporaryDirectory() as temporary:
        big = project(Path(temporary) / "big", count)
        for name in formats:
            args = ["export", "midway-memories", "--to", name, "--out", f"out-{name}"]
            seconds, peak, last = measure(args, big)
            print(f"  --to {name:<20} {seconds:7.1f} s  {peak:7.0f} MiB  {last}", flush=True)
        if "--shipped" in sys.argv:
            shipped = project(Path(temporary) / "shipped", None)
            args = ["export", "midway-memories", "--to", "png", "--dpi", "1200", "--out", "png"]
            seconds, peak, last = measure(args, shipped)
            print(f"shipped Midway, --to png --dpi 1200: {seconds:.1f} s  {peak:.0f} MiB  {last}")
    print(f"(this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB)")


if __name__ == "__main__":
    main()
