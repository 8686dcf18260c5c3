"""Thistle Stakes, one built scenario per rule, with exact expectations.

Each test starts a seeded game (the first decision is the first wager of round 1, after the
deal and the antes), sets the hands and the heath (its top card is the last of the list), plays
a few wagers and checks the exact outcome. The rules are those of `rules/thistle-stakes.yaml`;
the staged betting stages are described in docs/staged.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit
from scenario_start import start

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import Revealed
from toolkit.mechanics.staged.wagers import PotWon, Wagered

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "thistle-stakes.yaml"))
    return compiled


def deal(game: Game, state: State, hands: Sequence[str], heath: Sequence[str]) -> None:
    """Give each player the named beast and stack the heath (the last one on top)."""
    hand = game.zone("hand").index
    for player, card in enumerate(hands):
        state.zones[hand][player] = [game.deck.index(card)]
    state.shared[game.zone("heath").index] = [game.deck.index(card) for card in heath]


def thistles(state: State) -> list[int]:
    return [held[0] for held in state.res]


def pot(state: State, game: Game) -> int:
    return state.mech.wager.chips[game.zone("thistle-pot").index][0]


def offered(game: Game, state: State, player: int) -> list[str]:
    """The moves the player may make now, in words."""
    return sorted(game.mechanic.describe_action(state, a) for a in state.legal_actions(player))


def wager(game: Game, state: State, words: str) -> None:
    """The player to move makes the move described by `words` (`bet 2 thistles`, `fold`)."""
    (player,) = state.to_move()
    for action in state.legal_actions(player):
        if game.mechanic.describe_action(state, action) == words:
            state.apply(player, action)
            return
    raise AssertionError(f"player {player + 1} may not {words}: {offered(game, state, player)}")


# -- antes and the deal -------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_each_wagerer_gets_one_secret_beast_and_antes_one_thistle(game: Game, players: int) -> None:
    state = start(game, players)
    hand = game.zone("hand").index
    assert [len(cards) for cards in state.zones[hand]] == [1] * players
    assert len(state.shared[game.zone("heath").index]) == 6 - players
    assert thistles(state) == [19] * players
    assert pot(state, game) == players
    assert state.to_move() == (1,)  # the wagerer after the round's leader
    assert state.observation(0)["hand"] != state.observation(1)["hand"]


def test_a_wagerer_without_thistles_sits_the_next_round_out(game: Game) -> None:
    state = start(game, 3)
    wager(game, state, "bet 2 thistles")  # player 2
    wager(game, state, "fold")  # player 3
    state.res[2][0] = 0
    wager(game, state, "fold")  # player 1: player 2 takes the pot; round 2 begins
    assert state.round == 2
    assert state.mech.wager.folded == [False, False, True]
    assert pot(state, game) == 2  # two antes: player 3 paid none
    assert state.to_move() == (0,)  # round 2 is led by player 2; player 3 is passed over


# -- the first round of wagers ---------------------------------------------------------------


def test_before_any_wager_you_check_or_wager_two(game: Game) -> None:
    state = start(game)
    assert offered(game, state, 1) == ["bet 2 thistles", "check"]


def test_after_a_wager_you_match_raise_by_two_or_fold(game: Game) -> None:
    state = start(game)
    wager(game, state, "bet 2 thistles")
    assert offered(game, state, 0) == ["call", "fold", "raise by 2 thistles"]
    assert thistles(state) == [19, 17]
    assert pot(state, game) == 4


def test_at_most_two_raises_in_a_round_of_wagers(game: Game) -> None:
    state = start(game)
    wager(game, state, "bet 2 thistles")
    wager(game, state, "raise by 2 thistles")
    wager(game, state, "raise by 2 thistles")
    assert offered(game, state, 0) == ["call", "fold"]
    wager(game, state, "call")
    assert thistles(state) == [13, 13]  # 1 ante + 6 staked each
    assert pot(state, game) == 14


def test_two_checks_end_the_round_of_wagers_and_the_shared_beast_is_turned(game: Game) -> None:
    state = start(game)
    deal(
        game,
        state,
        ["hare-dawn", "wren-dusk"],
        ["stag-dusk", "wren-dawn", "hare-dusk", "stag-dawn"],
    )
    wager(game, state, "check")
    wager(game, state, "check")
    shared = state.shared[game.zone("shared-beast").index]
    assert [game.deck.ids[c] for c in shared] == ["stag-dawn"]
    assert offered(game, state, 1) == ["bet 4 thistles", "check"]  # the second round: by 4


def test_a_call_matches_the_highest_stake_and_ends_the_wagers(game: Game) -> None:
    state = start(game)
    wager(game, state, "bet 2 thistles")
    wager(game, state, "call")
    assert state.mech.wager.stake == [0, 0]  # the second round of wagers began afresh
    assert offered(game, state, 1) == ["bet 4 thistles", "check"]


def test_the_second_round_of_wagers_starts_again_after_the_leader(game: Game) -> None:
    state = start(game, 3)
    wager(game, state, "check")  # player 2
    wager(game, state, "bet 2 thistles")  # player 3
    wager(game, state, "call")  # player 1
    wager(game, state, "call")  # player 2 acts last
    assert state.to_move() == (1,)  # player 2 again: the first after the leader


# -- folding and the showdown ----------------------------------------------------------------


def test_a_fold_leaves_the_pot_to_the_last_wagerer_unseen(game: Game) -> None:
    state = start(game)
    wager(game, state, "bet 2 thistles")
    wager(game, state, "fold")
    assert not any(isinstance(e, Revealed) for e in state.log)
    assert Wagered(1, "back", -2, 0, "thistles") in state.log  # the bet nobody matched
    assert PotWon(1, 2, "thistle-pot", False) in state.log
    assert state.round == 2
    assert thistles(state) == [19 - 1, 19 + 2 - 1]  # after round 2's ante


def test_a_wagerer_short_of_thistles_calls_with_all_they_hold(game: Game) -> None:
    state = start(game)
    deal(game, state, ["hare-dawn", "stag-dusk"], ["wren-dusk", "wren-dawn"])
    state.res[0][0] = 1
    wager(game, state, "bet 2 thistles")  # player 2
    assert offered(game, state, 0) == ["call", "fold"]  # a raise is beyond player 1
    wager(game, state, "call")  # player 1: their last thistle
    assert Wagered(0, "call", 1, 1, "thistles") in state.log
    assert Wagered(1, "back", -1, 1, "thistles") in state.log  # the unmatched thistle
    assert state.to_move() == (1,)  # player 1 holds nothing: only player 2 wagers
    wager(game, state, "bet 4 thistles")
    assert Wagered(1, "back", -4, 0, "thistles") in state.log
    assert PotWon(1, 4, "thistle-pot", True) in state.log  # the stag beats the hare


def test_a_folded_wagerer_is_skipped_in_the_second_round_of_wagers(game: Game) -> None:
    state = start(game, 3)
    wager(game, state, "bet 2 thistles")  # player 2
    wager(game, state, "fold")  # player 3
    wager(game, state, "call")  # player 1
    assert state.to_move() == (1,)
    wager(game, state, "check")
    assert state.to_move() == (0,)  # player 3 folded: passed over


def test_twinning_the_shared_beast_beats_a_stronger_beast(game: Game) -> None:
    state = start(game)
    deal(game, state, ["stag-dawn", "wren-dusk"], ["hare-dusk", "wren-dawn"])
    for words in ("check", "check", "check", "check"):
        wager(game, state, words)
    assert PotWon(1, 2, "thistle-pot", True) in state.log
    assert thistles(state) == [19 - 1, 21 - 1]  # after round 2's ante


def test_without_a_twin_the_strongest_beast_wins(game: Game) -> None:
    state = start(game)
    deal(game, state, ["stag-dawn", "hare-dusk"], ["hare-dawn", "wren-dawn"])
    for words in ("bet 2 thistles", "call", "bet 4 thistles", "call"):
        wager(game, state, words)
    assert PotWon(0, 14, "thistle-pot", True) in state.log
    assert thistles(state) == [19 - 6 + 14 - 1, 13 - 1]  # after round 2's ante


def test_a_tie_splits_the_pot_and_the_odd_thistle_carries_over(game: Game) -> None:
    state = start(game, 3)
    deal(game, state, ["hare-dawn", "hare-dusk", "wren-dawn"], ["stag-dusk", "stag-dawn"])
    wager(game, state, "bet 2 thistles")  # player 2
    wager(game, state, "fold")  # player 3: their ante stays in the pot
    wager(game, state, "call")  # player 1
    wager(game, state, "check")
    wager(game, state, "check")
    assert (
        PotWon(0, 3, "thistle-pot", True) in state.log
        and PotWon(1, 3, "thistle-pot", True) in state.log
    )
    assert thistles(state) == [19 - 2 + 3 - 1, 19 - 2 + 3 - 1, 19 - 1]  # after round 2's ante
    assert pot(state, game) == 1 + 3  # the odd thistle, and round 2's antes


# -- the end ---------------------------------------------------------------------------------


def test_the_game_ends_after_six_rounds_and_the_most_thistles_win(game: Game) -> None:
    state = start(game)
    while not state.terminal:
        (player,) = state.to_move()
        words = offered(game, state, player)
        wager(game, state, "check" if "check" in words else "call")
    assert state.round == 6
    scores = game.score(state)
    assert sum(scores.totals) == 40 - pot(state, game)
    assert scores.breakdown[0] == {"Thistles held": thistles(state)[0]}


# -- bots and words --------------------------------------------------------------------------


def test_the_bold_strategy_raises_and_the_wary_one_folds_when_low(game: Game) -> None:
    state = start(game)
    wager(game, state, "bet 2 thistles")
    bold = make_bot("bold", 0, game)
    assert game.mechanic.describe_action(state, bold.choose(state, 0)) == "raise by 2 thistles"
    state.res[0][0] = 8
    wary = make_bot("wary", 0, game)
    assert game.mechanic.describe_action(state, wary.choose(state, 0)) == "fold"


def test_search_bots_play_the_game_to_the_end() -> None:
    result = run_toolkit(
        "simulate", "thistle-stakes", "--games", "1", "--players", "3",
        "--bots", "ismcts:8,greedy,wary", "--seed", "3",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "1 game" in result.stdout and "stopped" not in result.stdout


def test_a_replay_tells_the_wagers_and_the_showdown(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    result = run_toolkit(
        "simulate", "thistle-stakes", "--games", "1", "--players", "2", "--bots", "bold,random",
        "--transcript", transcript,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    told = run_toolkit("replay", transcript)
    assert told.returncode == 0, told.stderr
    assert "player 1 pays 1 thistle" in told.stdout
    assert "from the pot" in told.stdout
    assert "replays exactly" in told.stdout


def test_the_rules_read_the_betting_stages_in_words() -> None:
    from toolkit.content.project import load_game
    from toolkit.pnp.describe import Describer
    from toolkit.pnp.reference import reference_context

    content, _ = load_game(ROOT / "rules" / "thistle-stakes.yaml")
    assert content is not None
    lines = reference_context(content, Describer(content, lambda icon: False))["turn_lines"]
    assert lines[1].startswith("Every wagerer puts one thistle into the pot")
    assert lines[-2].startswith("The wagerers still in show their beasts.")
    assert lines[-1] == "The game lasts 6 rounds."
