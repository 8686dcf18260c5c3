"""Random-bot games per second of every game of one mechanic under `rules/`, at each player
count, on one core (one worker). The bar is 200 games per second for every example game.

Run from the project root: `python benchmarks/games_speed.py MECHANIC [games] [game ...]`
(`staged`, `trick_taking`, `draft`, `draw_and_play`; no game named: every game of it). Both the
wall clock and the process's CPU time are reported: on a loaded machine the CPU figure is the
one that says what one free core would do.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from toolkit.sim.runner import simulate  # noqa: E402

BAR = 200
"""Random-bot games per second every example game must reach on one core."""


def games_of(mechanic: str) -> list[tuple[Path, range]]:
    """Every manifest under `rules/` whose structure is `mechanic`, with its player counts."""
    found = []
    for manifest in sorted((ROOT / "rules").glob("*.yaml")):
        data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
        if data.get("structure", {}).get("mechanic") == mechanic:
            players = data["players"]
            found.append((manifest, range(players["min"], players["max"] + 1)))
    return found


def rates(manifest: Path, players: int, games: int) -> tuple[float, float]:
    """Games per second by the wall clock and by the process's CPU time."""
    simulate(manifest, min(games, 50), players, ["random"] * players, seed=99, workers=1)
    wall, cpu = time.perf_counter(), time.process_time()
    simulate(manifest, games, players, ["random"] * players, seed=1, workers=1)
    return games / (time.perf_counter() - wall), games / (time.process_time() - cpu)


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: python benchmarks/games_speed.py MECHANIC [games] [game ...]")
    mechanic = sys.argv[1]
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    print(f"{mechanic} games, random bots, one worker, {games} games each: games per second")
    print(f"{'game':<20} {'players':>7} {'wall':>8} {'cpu':>8}  bar {BAR}")
    only = set(sys.argv[3:])
    for manifest, counts in games_of(mechanic):
        if only and manifest.stem not in only:
            continue
        for players in counts:
            wall, cpu = rates(manifest, players, games)
            mark = "ok" if cpu >= BAR else "BELOW"
            print(f"{manifest.stem:<20} {players:>7} {wall:>8.0f} {cpu:>8.0f}  {mark}")


if __name__ == "__main__":
    main()
