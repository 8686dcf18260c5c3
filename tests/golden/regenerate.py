"""Regenerate the golden transcripts: `make golden`, then review the diff before committing.

A change in a golden file means a game now plays differently for the same seed: intended
after a rules or content change, a regression otherwise.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from toolkit.engine.load import load_compiled_game  # noqa: E402
from toolkit.record.playthrough import playthrough  # noqa: E402

GOLDEN = {
    # file name: (game, seed, players, bots)
    "midway-memories-3p-seed-7.txt": ("midway-memories", 7, 3, ["random", "greedy", "random"]),
}


def render(name: str) -> str:
    game_id, seed, players, bots = GOLDEN[name]
    _, game = load_compiled_game(str(ROOT / "rules" / f"{game_id}.yaml"))
    return playthrough(game, seed, players, bots)


def main() -> None:
    for name in GOLDEN:
        (Path(__file__).parent / name).write_text(render(name), encoding="utf-8")
        print(f"wrote tests/golden/{name}")


if __name__ == "__main__":
    main()
