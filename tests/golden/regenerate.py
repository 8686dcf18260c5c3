"""Regenerate the golden files: `make golden`, then review the diff before committing.

Two kinds of golden file pin how a game plays for a fixed seed:

- playthroughs: the whole game in words (every deal, play, choice and score);
- legal-action counts (like chess engines' perft numbers): how many legal actions each mover
  has at every step of a seeded random game, which catches a rule that allows or forbids one
  move too many even when the game's outcome happens not to change.

A change in a golden file means a game now plays differently for the same seed: intended
after a rules or content change, a regression otherwise.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from toolkit.engine.compiled import Game  # noqa: E402
from toolkit.engine.load import load_compiled_game  # noqa: E402
from toolkit.record.playthrough import playthrough  # noqa: E402

GOLDEN = {
    # file name: (manifest, seed, players, bots); bots None for legal-action counts
    "midway-memories-3p-seed-7.txt": (
        "rules/midway-memories.yaml",
        7,
        3,
        ["random", "greedy", "random"],
    ),
    "oh-my-park-3p-seed-7.txt": ("rules/oh-my-park.yaml", 7, 3, ["random", "greedy", "random"]),
    "harbour-lights-3p-seed-7.txt": (
        "tests/games/harbour-lights/rules/harbour-lights.yaml",
        7,
        3,
        ["random", "greedy", "random"],
    ),
    "terrace-gardens-3p-seed-7.txt": (
        "tests/games/terrace-gardens/rules/terrace-gardens.yaml",
        7,
        3,
        ["random", "greedy", "random"],
    ),
    "tide-pool-market-3p-seed-7.txt": (
        "rules/tide-pool-market.yaml",
        7,
        3,
        ["random", "greedy", "random"],
    ),
    "cinder-tricks-4p-seed-7.txt": (
        "rules/cinder-tricks.yaml",
        7,
        4,
        ["random", "greedy", "random", "greedy"],
    ),
    "lamplight-wagers-3p-seed-7.txt": (
        "rules/lamplight-wagers.yaml",
        7,
        3,
        ["random", "greedy", "random"],
    ),
    "lantern-routes-2p-seed-7.txt": ("rules/lantern-routes.yaml", 7, 2, ["random", "greedy"]),
    "lantern-routes-3p-seed-3.counts.txt": ("rules/lantern-routes.yaml", 3, 3, None),
    "midway-memories-4p-seed-3.counts.txt": ("rules/midway-memories.yaml", 3, 4, None),
    "oh-my-park-4p-seed-3.counts.txt": ("rules/oh-my-park.yaml", 3, 4, None),
    "firefly-jars-3p-seed-7.txt": ("rules/firefly-jars.yaml", 7, 3, ["random", "greedy", "daring"]),
    "firefly-jars-4p-seed-3.counts.txt": ("rules/firefly-jars.yaml", 3, 4, None),
    "saffron-row-3p-seed-7.txt": (
        "rules/saffron-row.yaml",
        7,
        3,
        ["random", "greedy", "outfitter"],
    ),
    "saffron-row-4p-seed-3.counts.txt": ("rules/saffron-row.yaml", 3, 4, None),
    "kite-festival-3p-seed-7.txt": (
        "rules/kite-festival.yaml",
        7,
        3,
        ["random", "greedy", "unloader"],
    ),
    "kite-festival-4p-seed-3.counts.txt": ("rules/kite-festival.yaml", 3, 4, None),
    "ridgeline-4p-seed-7.txt": (
        "rules/ridgeline.yaml",
        7,
        4,
        ["random", "greedy", "low-road", "high-road"],
    ),
    "ridgeline-4p-seed-3.counts.txt": ("rules/ridgeline.yaml", 3, 4, None),
    "twin-keepers-4p-seed-7.txt": (
        "rules/twin-keepers.yaml",
        7,
        4,
        ["random", "greedy", "lamp-lighter", "greedy"],
    ),
    "twin-keepers-4p-seed-3.counts.txt": ("rules/twin-keepers.yaml", 3, 4, None),
    "thistle-stakes-3p-seed-7.txt": (
        "rules/thistle-stakes.yaml",
        7,
        3,
        ["random", "bold", "wary"],
    ),
    "thistle-stakes-3p-seed-3.counts.txt": ("rules/thistle-stakes.yaml", 3, 3, None),
    "saltmarsh-deeds-3p-seed-7.txt": (
        "rules/saltmarsh-deeds.yaml",
        7,
        3,
        ["random", "keen", "thrifty"],
    ),
    "saltmarsh-deeds-4p-seed-3.counts.txt": ("rules/saltmarsh-deeds.yaml", 3, 4, None),
    "tidewater-kin-3p-seed-7.txt": (
        "rules/tidewater-kin.yaml",
        7,
        3,
        ["random", "greedy", "gatherer"],
    ),
    "tidewater-kin-4p-seed-3.counts.txt": ("rules/tidewater-kin.yaml", 3, 4, None),
    "weir-nets-3p-seed-7.txt": ("rules/weir-nets.yaml", 7, 3, ["random", "greedy", "netter"]),
    "weir-nets-4p-seed-3.counts.txt": ("rules/weir-nets.yaml", 3, 4, None),
    "tidewrack-2p-seed-7.txt": ("rules/tidewrack.yaml", 7, 2, ["greedy", "patient"]),
    "tidewrack-2p-seed-3.counts.txt": ("rules/tidewrack.yaml", 3, 2, None),
}


def legal_counts(game: Game, seed: int, players: int) -> str:
    """Each mover's number of legal actions at every step of a seeded random game."""
    state = game.new_state(seed, players)
    chooser = random.Random(seed)
    lines = [f"{game.name}: seed {seed}, {players} players, random moves (seed {seed})"]
    step = 0
    while not state.terminal:
        for player in state.to_move():
            legal = state.legal_actions(player)
            step += 1
            lines.append(f"{step}: player {player + 1} has {len(legal)}")
            state.apply(player, chooser.choice(legal))
    return "\n".join(lines) + "\n"


def render(name: str) -> str:
    manifest, seed, players, bots = GOLDEN[name]
    _, game = load_compiled_game(str(ROOT / manifest))
    if bots is None:
        return legal_counts(game, seed, players)
    return playthrough(game, seed, players, bots)


def main() -> None:
    for name in GOLDEN:
        (Path(__file__).parent / name).write_text(render(name), encoding="utf-8")
        print(f"wrote tests/golden/{name}")


if __name__ == "__main__":
    main()
