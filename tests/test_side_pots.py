"""Side pots at a showdown: a player all in short wins back from each other player no more than
they put in themselves; the rest of the pot is contested by those who put more. Chips carried
from an earlier round and chips of players who folded stay in the pots they reached."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit
from scenario_start import start
from test_thistle_stakes_rules import wager

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.engine.position_save import position_data, position_text
from toolkit.kernel.state import State
from toolkit.mechanics.staged.side_pots import side_pots
from toolkit.mechanics.staged.wagers import PotWon

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("put", "lying", "contenders", "pots"),
    [
        # everyone matched: one pot
        ([5, 5, 5], 15, [0, 1, 2], [(15, (0, 1, 2))]),
        # player 2 all in with 3: the main pot of 3 from each, a side pot of the rest
        ([5, 3, 5], 13, [0, 1, 2], [(9, (0, 1, 2)), (4, (0, 2))]),
        # two all in at different heights: a pot per height
        ([2, 5, 9, 9], 25, [0, 1, 2, 3], [(8, (0, 1, 2, 3)), (9, (1, 2, 3)), (8, (2, 3))]),
        # a folded player's chips stay in the pots they reached
        ([5, 5, 2], 12, [0, 1], [(12, (0, 1))]),
        ([5, 3, 7], 15, [0, 1], [(9, (0, 1)), (6, (0,))]),
        # chips carried from an earlier round go to the main pot
        ([5, 3, 5], 17, [0, 1, 2], [(13, (0, 1, 2)), (4, (0, 2))]),
        # a contender who put nothing this round may win only the carried chips
        ([3, 0, 3], 8, [0, 1, 2], [(2, (0, 1, 2)), (6, (0, 2))]),
        # nothing put this round (everyone checked, or a position saved without it): one pot
        ([0, 0, 0], 4, [0, 1, 2], [(4, (0, 1, 2))]),
        ([5, 3, 5], 6, [0, 1, 2], [(6, (0, 1, 2))]),
        ([0, 0], 0, [0, 1], []),
    ],
)
def test_a_pot_splits_by_what_each_player_put_in(
    put: list[int], lying: int, contenders: list[int], pots: list[tuple[int, tuple[int, ...]]]
) -> None:
    assert side_pots(put, lying, contenders) == pots
    assert sum(amount for amount, _ in pots) == lying


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "thistle-stakes.yaml"))
    return compiled


def all_in_short(game: Game) -> State:
    """Three wagerers: player 3 holds one thistle after the ante and the best beast (a twin of
    the shared wren), player 1 the stag, player 2 the hare. Player 2 wagers 2, player 3 calls
    with their last thistle, player 1 calls."""
    state = start(game, 3)
    hand = game.zone("hand").index
    for player, card in enumerate(["stag-dawn", "hare-dawn", "wren-dusk"]):
        state.zones[hand][player] = [game.deck.index(card)]
    state.shared[game.zone("heath").index] = [
        game.deck.index(c) for c in ("hare-dusk", "wren-dawn")
    ]
    state.res[2][0] = 1
    for words in ("bet 2 thistles", "call", "call"):
        wager(game, state, words)
    return state


def test_an_all_in_player_wins_only_the_main_pot_and_the_next_best_hand_the_rest(
    game: Game,
) -> None:
    state = all_in_short(game)
    assert state.to_move() == (1,)  # player 3 holds nothing: the second wagers skip them
    wager(game, state, "bet 4 thistles")
    wager(game, state, "call")
    # Put in: players 1 and 2 seven each (ante, 2, 4), player 3 two (ante, their last one).
    # The main pot, 2 from each, goes to player 3's twin; the side pot of 5 + 5 to the stag.
    assert PotWon(2, 6, "thistle-pot", True) in state.log
    assert PotWon(0, 10, "thistle-pot", True) in state.log
    assert not any(isinstance(e, PotWon) and e.player == 1 for e in state.log)
    assert [held[0] for held in state.res] == [19 - 6 + 10 - 1, 19 - 6 - 1, 6 - 1]  # round 2


def test_a_saved_position_keeps_what_each_player_put_in(game: Game) -> None:
    state = all_in_short(game)
    again = state_from_text(game, position_text(position_data(game, state, [], [])))
    pot = game.zone("thistle-pot").index
    assert again.mech.wager.given[pot] == state.mech.wager.given[pot]
    assert again.mech.wager.put_by(pot, 0, 3) == [3, 3, 2]
    for played in (state, again):
        wager(game, played, "bet 4 thistles")
        wager(game, played, "call")
    won = [[e for e in played.log if isinstance(e, PotWon)] for played in (state, again)]
    assert (
        won[0] == won[1] == [PotWon(0, 10, "thistle-pot", True), PotWon(2, 6, "thistle-pot", True)]
    )


@pytest.mark.parametrize(
    ("written", "said"),
    [
        ("thistles: [1, 3]", "error[invalid-value]: 2 amounts for 3 players"),
        ("thistles: [1, -3, 1]", "error[out-of-range]"),
        ("coins: [1, 3, 1]", "error[unknown-id]: no resource 'coins'"),
    ],
)
def test_what_a_position_says_was_put_in_is_checked_at_its_line(
    game: Game, tmp_path: Path, written: str, said: str
) -> None:
    text = position_text(position_data(game, all_in_short(game), [], []))
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == "given:") + 2
    assert lines[at].strip().startswith("thistles:")
    lines[at] = f"      {written}"
    path = tmp_path / "position.yaml"
    path.write_text("\n".join(lines) + "\n")
    done = run_toolkit("score", "thistle-stakes", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert f"{path}:{at + 1}:" in done.stdout + done.stderr and said in done.stdout + done.stderr
