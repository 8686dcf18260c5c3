"""Every bot plays the trick-taking phases before play (passing, bids, naming trump): each
choice is legal and a whole game ends."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.agents import make_bot
from toolkit.engine.load import load_compiled_game

ROOT = Path(__file__).resolve().parent.parent
PLAY = 0


@pytest.mark.parametrize(
    ("manifest", "sets", "players"),
    [
        ("cinder-tricks", [], 4),
        ("lamplight-wagers", [], 3),
        ("lamplight-wagers", [("game/structure/trump", {"named_by": "high_bidder"})], 5),
        ("lamplight-wagers", [("game/structure/trump", {"named_by": "leader"})], 4),
    ],
)
@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:8"])
def test_bots_act_in_every_phase(
    manifest: str, sets: list[tuple[str, object]], players: int, bot: str
) -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / f"{manifest}.yaml"), sets=sets)
    state = game.new_state(3, players)
    bots = [make_bot(bot, seed) for seed in range(players)]
    phases = set()
    steps = 0
    while not state.terminal and (state.mech.phase != PLAY or state.mech.trick < 2):
        for player in state.to_move():
            phases.add(state.mech.phase)
            action = bots[player].choose(state, player)
            assert action in state.legal_actions(player)
            state.apply(player, action)
            steps += 1
        if steps > 200:
            break
    assert len(phases) >= 2  # a phase before play, then play


@pytest.mark.parametrize("manifest", ["cinder-tricks", "lamplight-wagers"])
def test_a_whole_game_of_greedy_bots_ends(manifest: str) -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / f"{manifest}.yaml"))
    state = game.new_state(1, 3)
    bots = [make_bot("greedy", seed) for seed in range(3)]
    for _ in range(game.mechanic.max_actions(3)):
        if state.terminal:
            break
        for player in state.to_move():
            state.apply(player, bots[player].choose(state, player))
    assert state.terminal
