"""Saltmarsh Deeds, one built scenario per rule, with exact expectations.

Each test starts a seeded game (the first decision is the first bid of the first auction,
after the deeds and notes are sorted and the quay laid out), sets the piles and the quay (a
pile's top card is the last of the list), plays a few bids or offers and checks the exact
outcome. The rules are those of `rules/saltmarsh-deeds.yaml`; the auction stage is described
in docs/staged.md.
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
from toolkit.mechanics.staged.wagers import Wagered

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "saltmarsh-deeds.yaml"))
    return compiled


def lay(game: Game, state: State, zone: str, names: Sequence[str], player: int = -1) -> None:
    """Put exactly these cards in a zone (a player's when `player` is given)."""
    spec = game.zone(zone)
    cards = [game.deck.index(name) for name in names]
    if spec.shared:
        state.shared[spec.index] = cards
    else:
        state.zones[spec.index][player] = cards


def cards(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def shells(state: State) -> list[int]:
    return [held[0] for held in state.res]


def offered(game: Game, state: State, player: int) -> list[str]:
    return sorted(game.mechanic.describe_action(state, a) for a in state.legal_actions(player))


def bid(game: Game, state: State, words: str) -> None:
    """The bidder to move makes the move described by `words` (`bid 2 shells more`)."""
    (player,) = state.to_move()
    for action in state.legal_actions(player):
        if game.mechanic.describe_action(state, action) == words:
            state.apply(player, action)
            return
    raise AssertionError(f"player {player + 1} may not {words}: {offered(game, state, player)}")


def offer(game: Game, state: State, player: int, deed: str) -> None:
    rule = next(r for r in game.mechanic.codec.rules if r.kind == "pick")
    state.apply(player, rule.base + game.deck.index(deed))


def two_deeds_left(game: Game, state: State) -> None:
    """The last auction: deeds 3 and 20 on the quay, the deed pile empty."""
    lay(game, state, "deed-pile", [])
    lay(game, state, "quay", ["deed-20", "deed-3"])


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_deeds_and_notes_are_sorted_and_one_deed_per_bidder_is_laid_out(
    game: Game, players: int
) -> None:
    state = start(game, players)
    quay = cards(game, state, "quay")
    assert len(quay) == players and all(card.startswith("deed-") for card in quay)
    assert len(cards(game, state, "deed-pile")) == 24 - players
    assert len(cards(game, state, "note-pile")) == 24
    assert all(c.startswith("note-") for c in cards(game, state, "note-pile"))
    assert cards(game, state, "heap") == []
    assert shells(state) == [15] * players
    assert state.to_move() == (0,)


# -- the auctions ----------------------------------------------------------------------------


def test_a_bid_is_one_two_or_three_more_than_the_highest_or_you_step_back(game: Game) -> None:
    state = start(game)
    assert offered(game, state, 0) == [
        "bid 1 shell more",
        "bid 2 shells more",
        "bid 3 shells more",
        "drop out",
    ]
    bid(game, state, "bid 3 shells more")
    assert shells(state) == [12, 15]
    assert state.mech.wager.high == 3
    bid(game, state, "bid 2 shells more")  # player 2 bids 5
    assert shells(state) == [12, 10]
    assert state.to_move() == (0,)


def test_you_cannot_bid_more_shells_than_you_hold(game: Game) -> None:
    state = start(game)
    state.res[1][0] = 4
    bid(game, state, "bid 3 shells more")
    assert offered(game, state, 1) == ["bid 1 shell more", "drop out"]


def test_stepping_back_takes_the_lowest_deed_and_half_the_bid_back(game: Game) -> None:
    state = start(game, 3)
    lay(game, state, "quay", ["deed-17", "deed-4", "deed-11"])
    bid(game, state, "bid 3 shells more")  # player 1: 3
    bid(game, state, "bid 2 shells more")  # player 2: 5
    bid(game, state, "bid 3 shells more")  # player 3: 8
    bid(game, state, "drop out")  # player 1: takes deed 4, 1 of its 3 shells back
    assert cards(game, state, "deeds", 0) == ["deed-4"]
    assert shells(state) == [15 - 3 + 1, 10, 7]
    assert Wagered(0, "drop", -1, 3, "shells") in state.log
    assert state.to_move() == (1,)
    bid(game, state, "drop out")  # player 2: takes deed 11, 2 of its 5 shells back
    assert cards(game, state, "deeds", 1) == ["deed-11"]
    # player 3 is the last bidder: pays all 8 and takes deed 17
    assert cards(game, state, "deeds", 2) == ["deed-17"]
    assert shells(state) == [13, 12, 7]


def test_a_bidder_who_stepped_back_is_passed_over(game: Game) -> None:
    state = start(game, 3)
    bid(game, state, "bid 1 shell more")  # player 1
    bid(game, state, "drop out")  # player 2
    bid(game, state, "bid 1 shell more")  # player 3
    assert state.to_move() == (0,)
    bid(game, state, "bid 1 shell more")  # player 1
    assert state.to_move() == (2,)


def test_the_winner_of_an_auction_bids_first_in_the_next(game: Game) -> None:
    state = start(game)
    bid(game, state, "drop out")  # player 1 steps back at once: player 2 wins for nothing
    assert shells(state) == [15, 15]
    assert len(cards(game, state, "quay")) == 2  # the next auction's deeds
    assert state.to_move() == (1,)


# -- the sales -------------------------------------------------------------------------------


def test_the_grandest_deed_offered_earns_the_richest_note(game: Game) -> None:
    state = start(game)
    two_deeds_left(game, state)
    lay(game, state, "note-pile", ["note-0a", "note-5a", "note-11a", "note-2a"])
    lay(game, state, "deeds", ["deed-7"], player=0)
    lay(game, state, "deeds", ["deed-9"], player=1)
    bid(game, state, "drop out")  # player 1 takes deed 3; player 2 takes deed 20
    assert cards(game, state, "deeds", 0) == ["deed-7", "deed-3"]
    assert cards(game, state, "deeds", 1) == ["deed-9", "deed-20"]
    assert sorted(cards(game, state, "counter")) == ["note-11a", "note-2a"]
    assert state.to_move() == (0, 1)  # both offer at once
    offer(game, state, 0, "deed-7")
    assert state.to_move() == (1,)
    offer(game, state, 1, "deed-20")
    assert cards(game, state, "notes", 1) == ["note-11a"]
    assert cards(game, state, "notes", 0) == ["note-2a"]
    assert sorted(cards(game, state, "sold")) == ["deed-20", "deed-7"]
    assert sorted(cards(game, state, "counter")) == ["note-0a", "note-5a"]  # the next sale


def test_an_offer_stays_hidden_until_everyone_has_offered(game: Game) -> None:
    state = start(game)
    two_deeds_left(game, state)
    bid(game, state, "drop out")
    offer(game, state, 0, "deed-3")
    seen = state.observation(1)
    assert "deed-3" not in str(seen["zones"])
    assert seen["picked"] == []


# -- the end ---------------------------------------------------------------------------------


def test_shells_and_notes_make_the_fortune_and_shells_break_a_tie(game: Game) -> None:
    state = start(game)
    lay(game, state, "notes", ["note-11a", "note-4a"], player=0)
    lay(game, state, "notes", ["note-9a"], player=1)
    state.res[0][0], state.res[1][0] = 3, 9
    scores = game.score(state)
    assert scores.breakdown[0] == {"Shells": 3, "Harbour notes": 15}
    assert scores.breakdown[1] == {"Shells": 9, "Harbour notes": 9}
    assert scores.totals == (18, 18)
    assert scores.winners == (1,)
    assert scores.decided_by == "more shells kept"


def test_the_game_ends_when_the_last_note_is_earned(game: Game) -> None:
    state = start(game, 4)
    steps = 0
    while not state.terminal:
        for player in state.to_move():
            state.apply(player, state.legal_actions(player)[-1])
            steps += 1
    assert cards(game, state, "note-pile") == [] and cards(game, state, "deed-pile") == []
    assert sum(len(cards(game, state, "notes", p)) for p in range(4)) == 24
    assert sum(len(cards(game, state, "deeds", p)) for p in range(4)) == 0


# -- bots and words --------------------------------------------------------------------------


def test_the_thrifty_bidder_steps_back_and_the_keen_one_bids(game: Game) -> None:
    state = start(game)
    thrifty, keen = make_bot("thrifty", 0, game), make_bot("keen", 0, game)
    assert game.mechanic.describe_action(state, thrifty.choose(state, 0)) == "drop out"
    assert game.mechanic.describe_action(state, keen.choose(state, 0)).startswith("bid ")
    state.res[0][0] = 6
    assert game.mechanic.describe_action(state, keen.choose(state, 0)) == "drop out"


def test_search_bots_play_the_game_to_the_end() -> None:
    result = run_toolkit(
        "simulate", "saltmarsh-deeds", "--games", "2", "--players", "3",
        "--bots", "ismcts:6,greedy,keen", "--seed", "3",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "2 games" in result.stdout and "stopped" not in result.stdout


def test_a_replay_tells_the_bids_and_the_drops(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    result = run_toolkit(
        "simulate", "saltmarsh-deeds", "--games", "1", "--players", "2",
        "--bots", "keen,random", "--transcript", transcript,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    told = run_toolkit("replay", transcript)
    assert told.returncode == 0, told.stderr
    assert "drops out" in told.stdout and " bids " in told.stdout
    assert "replays exactly" in told.stdout
