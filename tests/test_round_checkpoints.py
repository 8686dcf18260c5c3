"""Round checkpoints (each game's totals at every round's end) are taken only for statistics
that read them: a ladder's games go without, and its tallies hold the same wins, scores and
pairwise results as games played with them, and no round statistics at all."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from entry_point import run_toolkit

from toolkit.sim.ladder import rotations, summarise_ladder
from toolkit.sim.runner import Keep, _play_chunk, simulate
from toolkit.sim.sources import PathSource

ROOT = Path(__file__).resolve().parent.parent
ROUND_STATISTICS = {"rounds", "lead_changes", "drama"}


def test_games_without_checkpoints_tally_the_same_results_and_no_round_statistics() -> None:
    source = PathSource(str(ROOT / "rules" / "midway-memories.yaml"))
    chunk = (5, list(range(12)), 4, ["random", "greedy", "random", "greedy"])
    full = _play_chunk((source, (*chunk, Keep(), {})))
    bare = _play_chunk((source, (*chunk, Keep(rounds=False), {})))
    assert full.by_round and not bare.by_round
    assert sum(full.rounds.values()) == 12 and sum(full.lead_changes.values()) == 12
    assert not bare.rounds and not bare.lead_changes and not bare.drama
    for name in (f.name for f in dataclasses.fields(full)):
        if name not in ROUND_STATISTICS | {"by_round"}:
            assert getattr(bare, name) == getattr(full, name), name


def test_a_ladder_ranks_the_bots_as_from_games_with_checkpoints() -> None:
    result = run_toolkit(
        "ladder", "cinder-tricks", "--bots", "random,greedy", "--games", "6",
        "--workers", "1", "--format", "json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    bots = ["random", "greedy"]
    manifest = ROOT / "rules" / "cinder-tricks.yaml"
    checkpointed = [(seats, simulate(manifest, 6, 4, seats, 1)) for seats in rotations(bots, 4)]
    assert all(tally.by_round for _, tally in checkpointed)
    expected = json.loads(json.dumps(summarise_ladder(checkpointed, bots)))
    ranked = json.loads(result.stdout)
    assert ranked["bots"] == expected["bots"]
    assert ranked["ordering"] == expected["ordering"]
