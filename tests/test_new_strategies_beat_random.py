"""The families `toolkit new` writes in stages ship a strategy that beats random bots: a
designer's first simulation shows a plan winning, so a rule change that breaks the plan shows.
Fixed seeds and few games, in-process (the 200-game figures are measured with `simulate`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_new import STRATEGY

from toolkit.scaffold import new_game
from toolkit.sim.run import RunSpec, run

GAMES = 40
STAGED_FAMILIES = [
    "auction",
    "betting",
    "bluffing",
    "capture",
    "climbing",
    "duel",
    "fishing",
    "push-your-luck",
    "row-taking",
    "rummy",
    "sealed-bid",
]


@pytest.mark.parametrize("family", STAGED_FAMILIES)
def test_the_strategy_wins_more_than_each_random_bot(
    family: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    new_game(tmp_path, "starter", family)
    bots = [STRATEGY[family], "random", "random"]
    tally = run(RunSpec("starter", GAMES, 3, bots, seed=2, workers=1)).tally
    assert tally.games == GAMES  # every game ended
    wins = [sum(n / k for (seat, k), n in tally.wins.items() if seat == s) for s in range(3)]
    assert wins[0] > GAMES / 3, wins
    assert wins[0] > max(wins[1:]), wins
