"""Each random event of a game (a shuffle, a setup draw) has its own generator seeded from the
game's seed and the event's number, made without `random.Random`'s string seeding but with
exactly its stream: games recorded before replay the same (the golden transcripts check whole
games; this checks the generators themselves, event by event)."""

from __future__ import annotations

import random

from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import event_random

SEEDS = [0, 1, 7, 12345, 2**31, 2**62 + 98765, 2**63 - 1]


def test_an_event_generator_is_random_random_of_seed_and_event_number() -> None:
    for seed in SEEDS:
        for draw in (1, 2, 9, 12, 400):
            made, reference = event_random(seed, draw), random.Random(f"{seed}/{draw}")
            assert made.getstate() == reference.getstate()
            deck, same = list(range(52)), list(range(52))
            made.shuffle(deck)
            reference.shuffle(same)
            assert deck == same
            assert made.sample(range(100), 5) == reference.sample(range(100), 5)
            assert made.gauss(0, 1) == reference.gauss(0, 1)  # its spare value starts unset


def test_a_new_game_numbers_its_events_from_one() -> None:
    _, game = load_compiled_game("midway-memories")
    state = game.new_state(424242, 4)
    used = state.draws
    assert used > 0  # the setup drew: the display, the first player, the first deal
    following = state.random()
    assert state.draws == used + 1
    assert following.getstate() == random.Random(f"424242/{used + 1}").getstate()
