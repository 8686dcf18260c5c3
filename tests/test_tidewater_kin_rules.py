"""Tidewater Kin, one built scenario per rule, with exact expectations.

Each test starts a seeded game, sets the hands and the shallows (their top card is the last of
the list), asks and checks the exact outcome. The rules are those of
`rules/tidewater-kin.yaml`; the `ask` move is described in `toolkit/mechanics/staged/moves_ask.py`.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit
from scenario_start import start as first_player_game

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import GAME_ENDED
from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import Asked, CardsMoved

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "tidewater-kin.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def cards(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def table(
    game: Game, state: State, hands: Sequence[Sequence[str]], shallows: Sequence[str]
) -> None:
    """Set every hand and the shallows (the last card on top); other cards leave play."""
    hand = game.zone("hand").index
    placed: list[int] = []
    for player, held in enumerate(hands):
        state.zones[hand][player] = [game.deck.index(card) for card in held]
        placed += state.zones[hand][player]
    state.shared[game.zone("shallows").index] = [game.deck.index(card) for card in shallows]
    placed += state.shared[game.zone("shallows").index]
    for zone in state.zones:
        if zone is not state.zones[hand]:
            for held in zone:
                held.clear()
    state.out_of_play = [c for c in range(game.deck.size) if c not in placed]


def start(game: Game, players: int = 3) -> State:
    """A new game of three with player 1 to move first."""
    return first_player_game(game, players)


def ask(game: Game, seat: int, card: str) -> int:
    """The action asking the player `seat` places on for the named kin."""
    rule = game.mechanic.codec.rules[0]
    return rule.base + (seat - 1) * rule.choices + game.deck.index(card)


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 6), (4, 6), (5, 5)])
def test_kin_are_dealt_by_the_number_of_players_and_the_rest_form_the_shallows(
    game: Game, players: int, each: int
) -> None:
    state = game.new_state(3, players)
    home = sum(len(held) for held in state.zones[game.zone("home").index])
    hands = [len(held) for held in state.zones[game.zone("hand").index]]
    assert all(size in (each, each - 4) for size in hands)  # a dealt family goes home at once
    assert sum(hands) + home == each * players
    assert len(state.shared[game.zone("shallows").index]) == 28 - each * players
    assert state.observation(1)["zones"]["shallows"] == 28 - each * players  # face down


def test_a_family_dealt_whole_goes_home_before_the_first_turn(game: Game) -> None:
    for seed in range(400):
        state = game.new_state(seed, 2)
        homes = state.zones[game.zone("home").index]
        if any(homes):
            break
    else:
        raise AssertionError("no seed below 400 deals a whole family")
    for player, held in enumerate(homes):
        families = [game.deck.fields["family"][card] for card in held]
        assert all(families.count(family) == 4 for family in families)
        hand = state.zones[game.zone("hand").index][player]
        left = [game.deck.fields["family"][card] for card in hand]
        assert all(left.count(family) < 4 for family in left)


# -- asking ------------------------------------------------------------------------------------


def test_you_may_name_only_missing_kin_of_families_you_hold_from_players_with_kin(
    game: Game,
) -> None:
    state = start(game)
    table(game, state, [["heron-elder", "heron-mother", "otter-little"], [], ["gull-elder"]], [])
    legal = state.legal_actions(0)
    wanted = ["heron-father", "heron-little", "otter-elder", "otter-mother", "otter-father"]
    assert sorted(legal) == sorted(ask(game, 2, card) for card in wanted)  # player 2 has none


def test_a_kin_named_and_held_is_handed_over_face_up_and_you_ask_again(game: Game) -> None:
    state = start(game)
    table(
        game,
        state,
        [["heron-elder", "otter-little"], ["heron-mother", "gull-elder"], ["crab-elder"]],
        ["seal-elder"],
    )
    state.apply(0, ask(game, 1, "heron-mother"))
    assert cards(game, state, "hand", 0) == ["heron-elder", "otter-little", "heron-mother"]
    assert cards(game, state, "hand", 1) == ["gull-elder"]
    (asked,) = [e for e in state.log if isinstance(e, Asked)]
    assert asked.given == (game.deck.index("heron-mother"),)  # told to everyone, face up
    assert not [e for e in state.log if isinstance(e, CardsMoved) and e.owner == 0]
    assert state.mech.known[0] == [game.deck.index("heron-mother")]
    assert state.to_move() == (0,)  # knock again


def test_a_kin_named_and_not_held_sends_you_fishing_and_ends_your_turn(game: Game) -> None:
    state = start(game)
    table(
        game,
        state,
        [["heron-elder"], ["gull-elder"], ["crab-elder"]],
        ["seal-elder", "eel-father"],
    )
    state.apply(0, ask(game, 2, "heron-little"))
    assert cards(game, state, "hand", 0) == ["heron-elder", "eel-father"]
    assert cards(game, state, "shallows") == ["seal-elder"]
    assert state.to_move() == (1,)
    (asked,) = [e for e in state.log if isinstance(e, Asked)]
    assert (asked.player, asked.asked, asked.given) == (0, 2, ())


def test_four_kin_of_a_family_together_go_home_at_once(game: Game) -> None:
    state = start(game)
    table(
        game,
        state,
        [
            ["heron-elder", "heron-mother", "heron-father", "otter-little"],
            ["heron-little", "gull-elder"],
            ["crab-elder"],
        ],
        ["seal-elder"],
    )
    state.apply(0, ask(game, 1, "heron-little"))
    assert cards(game, state, "hand", 0) == ["otter-little"]
    assert sorted(cards(game, state, "home", 0)) == sorted(
        ["heron-elder", "heron-mother", "heron-father", "heron-little"]
    )
    assert state.to_move() == (0,)


def test_a_family_completed_by_fishing_goes_home_too(game: Game) -> None:
    state = start(game)
    table(
        game,
        state,
        [
            ["heron-elder", "heron-mother", "heron-father", "otter-little"],
            ["gull-elder"],
            ["crab-elder"],
        ],
        ["seal-elder", "heron-little"],
    )
    state.apply(0, ask(game, 1, "heron-little"))
    assert cards(game, state, "hand", 0) == ["otter-little"]
    assert len(cards(game, state, "home", 0)) == 4
    assert state.to_move() == (1,)


def test_a_player_without_kin_is_never_asked_and_takes_a_kin_from_the_shallows(
    game: Game,
) -> None:
    state = start(game)
    table(
        game,
        state,
        [["heron-elder"], ["gull-elder"], ["heron-mother"]],
        ["seal-elder", "eel-elder", "crab-little"],
    )
    state.apply(0, ask(game, 2, "heron-mother"))  # got: knock again
    state.apply(0, ask(game, 1, "heron-little"))  # not held: fish the crab, turn over
    assert cards(game, state, "hand", 2) == []
    assert state.to_move() == (1,)
    rule = game.mechanic.codec.rules[0]
    seats = {(action - rule.base) // rule.choices + 1 for action in state.legal_actions(1)}
    assert seats == {2}  # player 3, one seat on, holds nothing: only player 1 may be asked
    state.apply(1, ask(game, 2, "gull-mother"))  # not held: fish the eel
    # player 3's turn, with no kin to ask with: the top of the shallows, and the turn is over
    assert cards(game, state, "hand", 2) == ["seal-elder"]
    assert cards(game, state, "shallows") == []
    assert state.to_move() == (0,)


def test_the_game_ends_when_every_family_is_home_and_each_scores_a_point(game: Game) -> None:
    state = start(game, 2)
    table(game, state, [["heron-elder", "heron-mother", "heron-father"], ["heron-little"]], [])
    home = game.zone("home").index
    otters = [game.deck.index(c) for c in ("otter-mother", "otter-father", "otter-little")]
    state.zones[home][1] = otters  # not a whole family: no point
    state.out_of_play = [c for c in state.out_of_play if c not in otters]
    state.apply(0, ask(game, 1, "heron-little"))
    assert state.terminal
    assert state.log[-1] is GAME_ENDED
    scores = game.score(state)
    assert scores.breakdown[0] == {"Families home": 1}
    assert scores.totals == (1, 0)
    assert scores.winners == (0,)


# -- bots and words --------------------------------------------------------------------------


def test_the_gatherer_names_a_kin_of_the_family_it_holds_most_of(game: Game) -> None:
    state = start(game)
    table(
        game,
        state,
        [["heron-elder", "heron-mother", "otter-little"], ["gull-elder"], ["crab-elder"]],
        ["seal-elder"],
    )
    bot = make_bot("gatherer", 0, game)
    choice = bot.choose(state, 0)
    rule = game.mechanic.codec.rules[0]
    named = game.deck.ids[(choice - rule.base) % rule.choices]
    assert named in ("heron-father", "heron-little")


@pytest.mark.parametrize("bots", ["ismcts:4,gatherer,random", "greedy,scatterer,ismcts:4"])
def test_search_and_strategy_bots_play_the_game_to_the_end(bots: str) -> None:
    result = run_toolkit(
        "simulate", MANIFEST, "--games", "1", "--players", "3", "--bots", bots, "--seed", "5"
    )
    assert result.returncode == 0, result.stderr
    assert "1 game, 3 players" in result.stdout and "stopped" not in result.stdout
    assert "winner decided by: " in result.stdout


def test_the_replay_tells_the_asks_in_words(tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    played = run_toolkit(
        "simulate",
        MANIFEST,
        "--games",
        "1",
        "--players",
        "3",
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
    assert "asks player" in replay.stdout
    assert "has none" in replay.stdout and "hands over" in replay.stdout
    assert "Families home" in replay.stdout
