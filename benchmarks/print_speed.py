"""How long printing both games' full home PDFs takes (the goal: under 3 s together).

Run from the project root: `python benchmarks/print_speed.py [runs]`. Reports the wall time
of the two complete `toolkit print` processes (interpreter start, imports, validation, layout,
rendering, writing), and the in-process time of loading and rendering alone, each the median
of `runs` runs with the minimum and maximum.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("midway-memories", "oh-my-park")


def time_processes(runs: int, folder: Path) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        for game in GAMES:
            command = [
                sys.executable,
                "-m",
                "toolkit",
                "print",
                game,
                "--out",
                folder / f"{game}.pdf",
            ]
            result = subprocess.run(command, cwd=ROOT, capture_output=True, check=False)
            if result.returncode != 0:
                raise SystemExit(f"print failed:\n{result.stdout.decode()}{result.stderr.decode()}")
        times.append(time.perf_counter() - start)
    return times


def time_in_process(runs: int) -> tuple[list[float], list[str]]:
    sys.path.insert(0, str(ROOT))
    from toolkit.engine.load import load_valid_game
    from toolkit.pnp.document import PrintOptions, assemble
    from toolkit.pnp.layout_load import load_layout

    times, summary = [], []
    for run in range(runs):
        start = time.perf_counter()
        for game in GAMES:
            manifest, content = load_valid_game(str(ROOT / "rules" / f"{game}.yaml"))
            layout, diagnostics = load_layout(manifest, content)
            if layout is None:
                raise SystemExit("\n".join(d.render() for d in diagnostics))
            result = assemble(content, layout, PrintOptions())
            if run == 0:
                summary.append(
                    f"{game}: {len(result.pages)} pages, {result.cards} cards, "
                    f"{len(result.pdf) / 1024:.0f} KiB"
                )
        times.append(time.perf_counter() - start)
    return times, summary


def report(name: str, times: list[float]) -> None:
    print(
        f"{name}: median {statistics.median(times):.2f} s, "
        f"min {min(times):.2f} s, max {max(times):.2f} s"
    )


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as folder:
        processes = time_processes(runs, Path(folder))
    inside, summary = time_in_process(runs)
    print(f"both games, full home PDFs (A4, duplex backs), {runs} runs:")
    for line in summary:
        print(f"  {line}")
    report("  two `toolkit print` processes", processes)
    report("  in-process load + render", inside)
    verdict = "met" if statistics.median(processes) < 3.0 else "MISSED"
    print(f"  goal under 3 s together: {verdict}")


if __name__ == "__main__":
    main()
