"""The default bot plays every kind of card a game has: Lantern Routes' pledges too, which a
one-step look priced only as a cost until the game's weights said what a pledge is worth."""

from __future__ import annotations

import json

from entry_point import run_toolkit


def test_the_greedy_bot_pledges_in_lantern_routes() -> None:
    result = run_toolkit("simulate", "lantern-routes", "--games", "20", "--players", "2",
                         "--workers", "1", "--format", "json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    never = json.loads(result.stdout)["never_used"]
    pledges = [f"{colour}-pledge-{n}" for colour in ("amber", "jade", "cobalt", "crimson",
               "ivory") for n in (1, 2, 3)]  # fmt: skip
    played = [card for card in pledges if card not in never]
    assert len(played) >= 10, never  # seeded; none of the 15 was played before
