"""Kite Festival: a tangle makes the next flier draw two and skips them, and that is all. A
`card` check reads the card moved last, so a tangle's draw must not be read as the card
played: when the last kite drawn is a rainbow kite, the tangle's flier still names no colour."""

from __future__ import annotations

import random
from pathlib import Path

from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.events import CardsMoved, ValueCalled

ROOT = Path(__file__).resolve().parent.parent


def test_a_tangle_whose_draw_ends_on_a_rainbow_kite_names_no_colour() -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / "kite-festival.yaml"))
    ids = game.deck.ids
    seen = 0
    for seed in range(1, 80):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        while not state.terminal and seen < 2:
            (player,) = state.to_move()
            logged = len(state.log)
            state.apply(player, rng.choice(state.legal_actions(player)))
            new = state.log[logged:]
            played = [e for e in new if isinstance(e, CardsMoved) and e.target == "line"]
            if not played or "tangle" not in ids[played[0].cards[-1]] or played[0].player < 0:
                continue
            drawn = [e for e in new if isinstance(e, CardsMoved) and e.source == "basket"]
            if drawn and len(drawn[0].cards) == 2 and "rainbow" in ids[drawn[0].cards[-1]]:
                seen += 1  # the tangle's draw ended on a rainbow kite
                assert not any(isinstance(e, ValueCalled) for e in new)
                if not state.terminal:
                    mover = state.to_move()[0]
                    offered = state.legal_actions(mover)
                    described = [game.mechanic.describe_action(state, a) for a in offered]
                    assert not any(words.startswith("call") for words in described)
        if seen >= 2:
            break
    assert seen >= 2  # the case came up
