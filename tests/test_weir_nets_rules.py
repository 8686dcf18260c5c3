"""Weir Nets, one built scenario per rule, with exact expectations.

Each test starts a seeded game, sets the hands, the pond and the creel (its top card is the
last of the list), casts and checks the exact outcome. The rules are those of
`rules/weir-nets.yaml`; the `capture` move is described in
`toolkit/mechanics/staged/moves_capture.py`.
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
from toolkit.kernel.events import GAME_ENDED
from toolkit.kernel.state import State
from toolkit.mechanics.staged.moves_capture import CaptureMove

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "weir-nets.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def cards(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def table(
    game: Game,
    state: State,
    hands: Sequence[Sequence[str]],
    pond: Sequence[str],
    creel: Sequence[str] = (),
) -> None:
    """Set every hand, the pond and the creel (the last card on top); the rest leave play."""
    placed: list[int] = []
    hand = game.zone("hand").index
    for player, held in enumerate(hands):
        state.zones[hand][player] = [game.deck.index(card) for card in held]
        placed += state.zones[hand][player]
    for zone, held in (("pond", pond), ("creel", creel)):
        state.shared[game.zone(zone).index] = [game.deck.index(card) for card in held]
        placed += state.shared[game.zone(zone).index]
    state.out_of_play = [c for c in range(game.deck.size) if c not in placed]


def rule(game: Game) -> CaptureMove:
    found = game.mechanic.codec.rules[0]
    assert isinstance(found, CaptureMove)
    return found


def cast(game: Game, card: str) -> int:
    return rule(game).base + game.deck.index(card)


def lay(game: Game, card: str) -> int:
    return rule(game).base + rule(game).deck + game.deck.index(card)


def net(game: Game, card: str) -> int:
    return rule(game).base + 2 * rule(game).deck + game.deck.index(card)


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_four_fish_swim_into_the_pond_and_each_angler_takes_three(game: Game, players: int) -> None:
    state = game.new_state(5, players)
    assert len(state.shared[game.zone("pond").index]) == 4
    assert all(len(held) == 3 for held in state.zones[game.zone("hand").index])
    assert len(state.shared[game.zone("creel").index]) == 40 - 4 - 3 * players
    assert len(state.observation(0)["zones"]["pond"]) == 4  # face up: the cards


# -- casting ---------------------------------------------------------------------------------


def test_a_fish_may_be_cast_only_when_pond_fish_add_up_to_its_weight(game: Game) -> None:
    state = start(game)
    table(game, state, [["willow-7", "reed-10", "stone-1"], ["moss-1"]], ["reed-2", "moss-5"])
    legal = state.legal_actions(0)
    assert sorted(legal) == sorted(
        [cast(game, "willow-7"), lay(game, "reed-10"), lay(game, "stone-1")]
    )  # 2 + 5 nets the 7; nothing adds up to 10 or 1: they can only be laid


def test_only_pond_fish_that_can_still_reach_the_weight_are_offered(game: Game) -> None:
    state = start(game)
    pond = ["reed-2", "moss-5", "stone-3", "reed-4", "stone-9"]
    table(game, state, [["willow-7"], ["moss-1"]], pond)
    state.apply(0, cast(game, "willow-7"))
    assert sorted(state.legal_actions(0)) == sorted(
        net(game, fish) for fish in ["reed-2", "moss-5", "stone-3", "reed-4"]
    )  # 2+5 or 3+4: never the 9
    state.apply(0, net(game, "stone-3"))
    assert state.legal_actions(0) == [net(game, "reed-4")]
    state.apply(0, net(game, "reed-4"))
    assert cards(game, state, "catch", 0) == ["willow-7", "stone-3", "reed-4"]
    assert cards(game, state, "pond") == ["reed-2", "moss-5", "stone-9"]
    assert state.mech.winner == 0 and state.mech.got


def test_a_pond_fish_of_equal_weight_must_be_netted_alone(game: Game) -> None:
    state = start(game)
    table(game, state, [["willow-7"], ["moss-1"]], ["reed-2", "moss-5", "stone-7"])
    state.apply(0, cast(game, "willow-7"))
    assert state.legal_actions(0) == [net(game, "stone-7")]
    state.apply(0, net(game, "stone-7"))
    assert cards(game, state, "catch", 0) == ["willow-7", "stone-7"]


def test_a_fish_that_nets_nothing_swims_into_the_pond(game: Game) -> None:
    state = start(game)
    table(game, state, [["reed-10", "stone-1"], ["moss-1"]], ["reed-2"])
    state.apply(0, lay(game, "reed-10"))
    assert cards(game, state, "pond") == ["reed-2", "reed-10"]
    assert cards(game, state, "hand", 0) == ["stone-1"]
    assert not state.mech.got and state.to_move() == (1,)


def test_netting_the_pond_empty_is_a_sweep(game: Game) -> None:
    state = start(game)
    table(game, state, [["willow-7", "moss-2"], ["moss-1"]], ["reed-2", "moss-5"])
    sweeps = game.track_index("sweeps")
    state.apply(0, cast(game, "willow-7"))
    state.apply(0, net(game, "reed-2"))
    state.apply(0, net(game, "moss-5"))
    assert cards(game, state, "pond") == []
    assert state.track[0][sweeps] == 1
    assert state.track[1][sweeps] == 0


def test_when_every_hand_is_empty_three_more_each_come_from_the_creel(game: Game) -> None:
    state = start(game)
    creel = ["moss-9", "moss-8", "moss-7", "stone-8", "stone-7", "stone-6"]
    table(game, state, [["reed-10"], ["stone-9"]], ["reed-2"], creel)
    state.apply(0, lay(game, "reed-10"))
    state.apply(1, lay(game, "stone-9"))
    assert len(cards(game, state, "hand", 0)) == 3
    assert len(cards(game, state, "hand", 1)) == 3
    assert cards(game, state, "creel") == []
    assert state.to_move() == (0,)


def test_the_last_angler_to_net_takes_the_pond_when_the_creel_is_empty(game: Game) -> None:
    state = start(game)
    table(game, state, [["willow-7", "reed-8"], ["stone-9"]], ["reed-2", "moss-5", "moss-1"])
    state.apply(0, cast(game, "willow-7"))
    state.apply(0, net(game, "reed-2"))
    state.apply(0, net(game, "moss-5"))
    state.apply(1, lay(game, "stone-9"))
    state.apply(0, lay(game, "reed-8"))
    assert state.terminal and state.log[-1] is GAME_ENDED
    assert sorted(cards(game, state, "catch", 0)) == sorted(
        ["willow-7", "reed-2", "moss-5", "moss-1", "stone-9", "reed-8"]
    )
    assert cards(game, state, "pond") == []


def test_biggest_catch_most_willow_sweeps_and_the_willow_bream_score(game: Game) -> None:
    state = start(game)
    catch = game.zone("catch").index
    state.zones[catch][0] = [game.deck.index(c) for c in ("willow-7", "willow-1", "reed-2")]
    state.zones[catch][1] = [game.deck.index(c) for c in ("willow-3", "moss-4")]
    state.track[1][game.track_index("sweeps")] = 2
    scores = game.score(state)
    assert scores.breakdown[0] == {
        "Biggest catch": 2,
        "Most willow fish": 1,
        "Clean sweeps": 0,
        "The Willow Bream": 1,
    }
    assert scores.breakdown[1] == {
        "Biggest catch": 0,
        "Most willow fish": 0,
        "Clean sweeps": 2,
        "The Willow Bream": 0,
    }


# -- bots and words --------------------------------------------------------------------------


def test_the_netter_nets_with_its_heaviest_fish_and_lays_its_lightest(game: Game) -> None:
    state = start(game)
    table(game, state, [["willow-7", "reed-3", "stone-1"], ["moss-1"]], ["reed-2", "moss-5"])
    bot = make_bot("netter", 0, game)
    assert bot.choose(state, 0) == cast(game, "willow-7")
    table(game, state, [["reed-10", "stone-9"], ["moss-1"]], ["reed-4"])
    assert bot.choose(state, 0) == lay(game, "stone-9")


@pytest.mark.parametrize("bots", ["ismcts:4,netter,random", "greedy,willow-keeper,ismcts:4"])
def test_search_and_strategy_bots_play_the_game_to_the_end(bots: str) -> None:
    result = run_toolkit(
        "simulate", MANIFEST, "--games", "1", "--players", "3", "--bots", bots, "--seed", "5"
    )
    assert result.returncode == 0, result.stderr
    assert "1 game, 3 players" in result.stdout and "stopped" not in result.stdout
    assert "winner decided by: " in result.stdout


def test_the_replay_tells_nets_and_fish_laid_in_the_pond_in_words(tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    played = run_toolkit(
        "simulate",
        MANIFEST,
        "--games",
        "1",
        "--players",
        "2",
        "--bots",
        "random",
        "--transcript",
        transcript,
        "--seed",
        "2",
    )
    assert played.returncode == 0, played.stderr
    replay = run_toolkit("replay", transcript)
    assert replay.returncode == 0, replay.stderr
    assert "from the pond to their Catch" in replay.stdout  # netted
    assert "from Hand to the pond" in replay.stdout  # laid in the pond
