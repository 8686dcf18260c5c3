"""A strategy's card preferences see a staged game's `play` moves: Ridgeline's `low-road`
climbs with its lowest peaks and `high-road` with its highest, at every climb of a seeded
game, where each once fell back to a random play (a mechanic's decision group named `play`
had replaced the staged `play` move's own decision)."""

from __future__ import annotations

import random
from pathlib import Path

from toolkit.agents import make_bot
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.registry import decision_members

ROOT = Path(__file__).resolve().parent.parent


def test_play_names_the_trick_takers_lead_and_follow_and_the_staged_play_move() -> None:
    assert {"play", "lead", "follow"} <= decision_members()["play"]


def test_each_climb_is_made_with_the_peaks_the_strategy_prefers() -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / "ridgeline.yaml"))
    table = game.tables["deck"]

    def height(card: int) -> int:
        return int(table.value("height", card))

    for name, best in (("low-road", min), ("high-road", max)):
        state = game.new_state(5, 3)
        bot = make_bot(name, 1, game)
        others = random.Random(5)
        climbs = 0
        while not state.terminal and climbs < 12:
            (player,) = state.to_move()
            legal = state.legal_actions(player)
            if player != 0:
                state.apply(player, others.choice(legal))
                continue
            option = game.mechanic.bot_option
            plays = {
                a: option(state, a).card
                for a in legal
                if option(state, a).decision == "play" and option(state, a).card >= 0
            }  # a set's `done` is a play of no card
            chosen = bot.choose(state, player)
            if plays:
                wanted = best(height(card) for card in plays.values())
                assert chosen in plays and height(plays[chosen]) == wanted, name
                climbs += 1
            state.apply(player, chosen)
        assert climbs >= 3, name
