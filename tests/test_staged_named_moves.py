"""A play that refuses the card just taken (`except_moved`), and passes named by their own
decisions: the rule book's words, the action list and the narration tell them apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.events import PassedTurn
from toolkit.mechanics.staged.moves import CardMove, PassMove
from toolkit.mechanics.staged.structure import PlayOrTake
from toolkit.mechanics.staged.words import move_words
from toolkit.record.events import narrate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    return load_compiled_game(str(ROOT / "rules" / "tidewrack.yaml"))[1]


def test_a_play_refusing_the_card_just_taken_says_so() -> None:
    move = PlayOrTake.model_validate(
        {"move": "play", "from": "hand", "to": "discard", "except_moved": True}
    )
    assert move_words(move) == "play a card from hand to discard, never the card just taken"


def test_only_the_card_just_taken_is_refused(game: Game) -> None:
    state = game.new_state(4, 2)
    (player,) = state.to_move()
    tideline = game.zone("tideline").index
    top = state.shared[tideline][-1]
    draw = next(
        r
        for r in game.mechanic.codec.rules
        if r.kind == "draw" and r.sources[0].id == "tideline"  # type: ignore[attr-defined]
    )
    state.apply(player, draw.base)
    play = next(r for r in game.mechanic.codec.rules if isinstance(r, CardMove) and r.except_moved)
    legal = state.legal_actions(player)
    hand = state.zones[game.zone("hand").index][player]
    assert top in hand
    assert sorted(legal) == sorted(play.base + card for card in hand if card != top)


def test_two_passes_of_one_choice_are_named_by_their_decisions(game: Game) -> None:
    passes = [r for r in game.mechanic.codec.rules if isinstance(r, PassMove)]
    assert sorted(r.words(0, str) for r in passes) == ["blow", "walk on"]
    state = game.new_state(4, 2)
    state.log.append(PassedTurn(0, "walk_on"))
    state.log.append(PassedTurn(1))
    assert list(narrate(game, state.log[-2:])) == [
        "  player 1 chooses: walk on",
        "  player 2 passes",
    ]
