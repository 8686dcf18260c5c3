"""The stages say what the hand-written kits do: Lantern Routes (draw_and_play) and Cinder
Tricks (trick_taking), written a second time in the staged vocabulary under tests/games/, play
the same games card by card.

Random-bot games of each hand-written kit are replayed in the staged twin by card identity
(`tests/staged_replay.py`): the same seed deals the same cards (same setup steps, the deal as a
stage), every decision the hand-written game took must be offered once in the staged game, and
the moves, trick winners, round ends, round scores, final scores and winners must be equal. A
sample of seeds runs here; `python benchmarks/staged_speed.py equivalence` runs 1,000 of each.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest
from staged_replay import PAIRS, Pair, replay

SAMPLE = range(50)
"""The first 50 seeds of the full run of 1,000 (players cycle over every count): each
player count a dozen times or more, and every rule the assertions below look for reached
many times over (thousands of waystone and stack draws, every passing distance)."""


@pytest.fixture(scope="module", params=["lantern-routes", "cinder-tricks"])
def pair(request: pytest.FixtureRequest) -> Pair:
    return Pair.load(request.param)


def test_the_staged_twin_plays_every_sampled_game_identically(pair: Pair) -> None:
    problems = []
    players: Counter[int] = Counter()
    seen: Counter[str] = Counter()
    for seed in SAMPLE:
        outcome = replay(pair, seed)
        players[outcome.players] += 1
        if outcome.problem:
            problems.append(f"seed {seed}, {outcome.players} players: {outcome.problem}")
        for event in outcome.events:
            if event[0] == "move" and event[3].startswith("waystone"):
                seen["taken from a waystone"] += 1
            elif event[0] == "move" and event[3] == "stack":
                seen["drawn from the stack"] += 1
            elif event[0] == "pass":
                seen[f"passed {(event[2] - event[1]) % outcome.players} on"] += 1
            elif event[0] == "trick":
                seen["trick"] += 1
            elif event[0] == "round-score":
                seen["round scored"] += 1
    assert problems == []
    low, high = pair.hand_written.min_players, pair.hand_written.max_players
    assert set(players) == set(range(low, high + 1))
    # The sample reaches the rules that differ from turn to turn and round to round.
    if pair.name == "lantern-routes":
        assert seen["taken from a waystone"] > 100
        assert seen["drawn from the stack"] > 100
    else:
        assert {"passed 1 on", "passed 2 on", "passed 3 on"} <= set(seen)
        assert seen["round scored"] > 3 * len(SAMPLE)  # rounds without passing among them
        assert seen["trick"] > 0


def test_a_staged_game_with_one_rule_changed_is_told_apart(tmp_path: Path) -> None:
    """The comparison is not blind: in a staged Cinder Tricks where Embers are never broken,
    the hand-written game's Ember leads find no staged move."""
    source = PAIRS["cinder-tricks"][1]
    shutil.copytree(source.parent.parent, tmp_path / "game")
    manifest = tmp_path / "game" / "rules" / source.name
    text = manifest.read_text(encoding="utf-8")
    broken = "{count: taken, who: any, where: {suit: embers}, at_least: 1}"
    assert broken in text
    text = text.replace(broken, "{round: {at_least: 31}}")
    manifest.write_text(text, encoding="utf-8")
    pair = Pair.load("cinder-tricks", manifest)
    problems = [replay(pair, seed).problem for seed in range(10)]
    assert any("the staged game offers 0 such actions" in p for p in problems), problems
