"""Rule fixes, one built scenario or CLI run per case.

- Shop actions (Oh my park!): a fresh shop card swapped into another park by the purple shop
  in the same pick acts once, for the park it ends up in (the corner case decided in the
  docstring of `toolkit/mechanics/draft/machine.py`); a card swapped back into a hand before
  its turn does not act. Scenarios are built with the helpers of `test_park_rules.py`.
- Turns: `simulate` counts the tricks or picks played, none after the end.
- End positions: `toolkit score` refuses what the rules data forbids (`engine/legality.py`),
  at the offending entry, and accepts the ends of games really played.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml
from entry_point import run_toolkit
from test_park_rules import (
    events,
    hand,
    hand_swaps,
    opponent_swaps,
    park,
    play_pick,
    scenario,
    shops_resolved,
)

from toolkit.agents import make_bot
from toolkit.content.project import load_content_file
from toolkit.engine.game import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position import state_from_position
from toolkit.mechanics.draft.events import EXTRA_PICK, REVERSED, CardActionLapsed, HandsPassed
from toolkit.record.events import narrate

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def park_game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "oh-my-park.yaml"))
    return compiled


# -- a shop card swapped by the purple shop in its own pick acts once ---------------------------


def test_blue_shop_swapped_by_purple_in_the_same_pick_gives_one_extra_pick(
    park_game: Game,
) -> None:
    """Player 1 places B7 fresh; player 2's P12 (resolving first) takes it for their Y7. B7
    acts once, for the park it is in: one extra pick, then hands pass."""
    state = scenario(park_game, [["B7", "B1", "B2"], ["P12", "Y1", "Y2"]], parks=[["B6"], ["Y7"]])
    play_pick(state, {0: ("B7", (0, 1), False), 1: ("P12", (0, 1), False)})
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 1))])  # Y7 for B7
    assert park(state, 0) == {(0, 0): "B6", (0, 1): "Y7"}
    assert park(state, 1) == {(0, 0): "B7", (0, 1): "P12"}
    assert shops_resolved(state) == [(1, "P12"), (1, "B7")]
    assert events(state, "extra-pick") == [EXTRA_PICK]
    assert state.to_move() == (0, 1)
    play_pick(state, {0: ("B1", (1, 0), True), 1: ("Y1", (1, 0), True)})
    assert events(state, "extra-pick") == [EXTRA_PICK]  # not a second one
    assert events(state, "pass") == [HandsPassed("left")] and state.round == 2
    assert [hand(state, p) for p in range(2)] == [["Y2"], ["B2"]]


def test_yellow_shop_swapped_by_purple_in_the_same_pick_reverses_once(park_game: Game) -> None:
    """Player 1 places Y4 fresh; player 2's P12 takes it for their R4. Y4 acts once: hands
    pass the other way (acting twice would turn them back)."""
    state = scenario(
        park_game,
        [["Y4", "B1", "B2"], ["P12", "R1", "R2"], ["P1", "P2", "P3"]],
        parks=[["Y1"], ["R4"], []],
    )
    play_pick(
        state, {0: ("Y4", (0, 1), False), 1: ("P12", (0, 1), False), 2: ("P1", (0, 0), False)}
    )
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 1))])  # R4 for Y4
    assert park(state, 1) == {(0, 0): "Y4", (0, 1): "P12"}
    assert shops_resolved(state) == [(1, "P12"), (1, "Y4")]
    assert events(state, "reverse") == [REVERSED]
    assert events(state, "pass") == [HandsPassed("right")]
    assert [hand(state, p) for p in range(3)] == [["R1", "R2"], ["P2", "P3"], ["B1", "B2"]]


def test_red_shop_swapped_by_purple_in_the_same_pick_swaps_once(park_game: Game) -> None:
    """Player 1 places R10 fresh; player 2's P12 takes it for their B10. R10 acts once, for
    player 2, whose park it is in: one swap with their hand, none for player 1."""
    state = scenario(park_game, [["R10", "B1", "B2"], ["P12", "Y1", "Y5"]], parks=[["R1"], ["B10"]])
    play_pick(state, {0: ("R10", (0, 1), False), 1: ("P12", (0, 1), False)})
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 1))])  # B10 for R10
    assert park(state, 1) == {(0, 0): "R10", (0, 1): "P12"}
    assert state.to_move() == (1,)
    state.apply(1, hand_swaps(state)[((0, 0), "Y5")])
    assert park(state, 1) == {(0, 0): "Y5", (0, 1): "P12"}
    assert shops_resolved(state) == [(1, "P12"), (1, "R10")]
    assert state.pending is None and len(events(state, "swap-hand")) == 1
    assert events(state, "pass") == [HandsPassed("left")]


def test_a_shop_card_swapped_back_into_a_hand_before_its_turn_does_not_act(
    park_game: Game,
) -> None:
    """Player 2's P12 gives player 1 their Y4 (it triggers for player 1); player 1's own R10,
    resolving before it, swaps Y4 back into the hand. Y4 is in no park at its turn: no
    action, hands pass left."""
    state = scenario(park_game, [["R10", "B5", "B1"], ["P12", "Y1"]], parks=[["B4"], ["Y4"]])
    play_pick(state, {0: ("R10", (0, 1), False), 1: ("P12", (0, 1), False)})
    state.apply(1, opponent_swaps(state)[((0, 0), 0, (0, 0))])  # Y4 for B4
    assert park(state, 0) == {(0, 0): "Y4", (0, 1): "R10"}
    assert state.to_move() == (0,)  # R10 (10) before Y4 (4)
    state.apply(0, hand_swaps(state)[((0, 0), "B5")])
    assert shops_resolved(state) == [(1, "P12"), (0, "R10")]
    assert not events(state, "reverse")
    assert events(state, "card-action-lapsed") == [CardActionLapsed(park_game.card("deck", "Y4"))]
    assert any("left the park before its turn" in line for line in narrate(park_game, state.log))
    assert events(state, "pass") == [HandsPassed("left")]


# -- turns counted ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "turns"),
    [
        ("midway-memories", 2, 130),  # 5 rounds of 26 tricks (52 cards in two hands)
        ("midway-memories", 5, 50),  # 5 rounds of 10 tricks (two cards out of play)
        ("oh-my-park", 5, 9),  # nine picks fill every 9-cell park (extra picks included)
    ],
)
def test_simulate_mean_turns_is_the_number_of_turns_played(
    game: str, players: int, turns: int
) -> None:
    """A game's turns are its tricks or picks: none is counted for the turn after the end."""
    result = run_toolkit(
        "simulate", game, "--games", "3", "--players", str(players), "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["game"]["mean_turns"] == turns


# -- end positions the rules forbid ---------------------------------------------------------------

MIDWAY_HEAD = "kind: end-position\ngame: midway-memories\nplayers:\n"
SECOND = "  - name: Z\n"
"""A second player with nothing (the game is for 2-5)."""


def score_position(tmp_path: Path, game: str, text: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "end.yaml"
    path.write_text(text, encoding="utf-8")
    return run_toolkit("score", game, str(path))


def assert_refused_at(
    result: subprocess.CompletedProcess[str], text: str, line: str, token: str, message: str
) -> None:
    """Exit 1 and one diagnostic, at the line holding `line` and the column of `token` there."""
    assert result.returncode == 1, result.stdout + result.stderr
    rows = text.splitlines()
    number = next(i for i, row in enumerate(rows, 1) if line in row)
    column = rows[number - 1].index(token, rows[number - 1].index(line)) + 1
    errors = [row for row in result.stderr.splitlines() if "error[" in row]
    assert len(errors) == 1, result.stderr
    assert f"end.yaml:{number}:{column}: error[illegal-position]: {message}" in errors[0]
    assert "hint: " in result.stderr


def test_score_refuses_exclusive_attractions_together(tmp_path: Path) -> None:
    """Setup 4: Kiddie Coaster and Swan Boats are never in the same game."""
    text = MIDWAY_HEAD + (
        "  - name: A\n    zones: {ridden: [kiddie-coaster]}\n    tracks: {fame: 6, joy: 6}\n"
        "  - name: B\n    zones: {ridden: [swan-boats]}\n    tracks: {fame: 6, joy: 6}\n"
    )
    result = score_position(tmp_path, "midway-memories", text)
    assert_refused_at(
        result,
        text,
        "[swan-boats]",
        "swan-boats",
        "'swan-boats' and 'kiddie-coaster' are never in play in the same game",
    )
    assert "keep one of them" in result.stderr


def test_score_refuses_two_rides_of_one_level_without_the_other_levels(tmp_path: Path) -> None:
    """Ride restrictions 3: one ride per level until a ride in all 3 levels."""
    text = MIDWAY_HEAD + (
        "  - name: A\n    zones: {ridden: [carousel, ferris-wheel]}\n"
        "    tracks: {fame: 6, joy: 6}\n" + SECOND
    )
    result = score_position(tmp_path, "midway-memories", text)
    assert_refused_at(
        result,
        text,
        "ferris-wheel",
        "ferris-wheel",
        "A holds 2 ridden cards of level 1 and none of level 2, 3: the rules allow 1 per "
        "level until they hold every level",
    )


def test_score_refuses_more_attractions_of_a_level_than_setup_shows(tmp_path: Path) -> None:
    """Setup 2: 2 attractions per level are in the game, so at most 2 of a level are ridden."""
    text = MIDWAY_HEAD + (
        "  - name: A\n    zones: {ridden: [carousel]}\n    tracks: {fame: 6, joy: 6}\n"
        "  - name: B\n    zones: {ridden: [ferris-wheel]}\n    tracks: {fame: 6, joy: 6}\n"
        "  - name: C\n    zones: {ridden: [bumper-cars]}\n    tracks: {fame: 6, joy: 6}\n"
    )
    result = score_position(tmp_path, "midway-memories", text)
    assert_refused_at(
        result,
        text,
        "[bumper-cars]",
        "bumper-cars",
        "'bumper-cars' makes 3 attractions of level 1 in play; setup puts only 2 per level "
        "on the display",
    )


def test_score_refuses_coins_above_the_cleanup_cap(tmp_path: Path) -> None:
    """End of round cleanup: each player keeps at most 12 Coins, the final cleanup too."""
    text = MIDWAY_HEAD + "  - name: A\n    resources: {coins: 40}\n" + SECOND
    result = score_position(tmp_path, "midway-memories", text)
    assert_refused_at(
        result,
        text,
        "coins: 40",
        "40",
        "A holds 40 coins after the final cleanup, which keeps at most 12",
    )


def test_score_refuses_a_ride_the_end_tracks_never_qualified_for(tmp_path: Path) -> None:
    """Riding: the Joy requirement must be met, and Joy is never moved down."""
    text = MIDWAY_HEAD + (
        "  - name: A\n    zones: {ridden: [zipper]}\n    tracks: {fame: 6, joy: 4}\n" + SECOND
    )
    result = score_position(tmp_path, "midway-memories", text)
    assert_refused_at(
        result,
        text,
        "[zipper]",
        "zipper",
        "'zipper' needs joy 5, but A ends at joy 4, and joy never goes down",
    )


def test_score_refuses_more_coins_than_setup_gives_when_nothing_gives_more(
    tmp_path: Path,
) -> None:
    """Oh my park!: 15 coins each at setup, and no way to obtain more during the game."""
    text = (ROOT / "examples" / "oh-my-park-lorenzo.yaml").read_text(encoding="utf-8")
    text = text.replace("resources: {coins: 3}", "resources: {coins: 16}")
    result = score_position(tmp_path, "oh-my-park", text)
    assert_refused_at(
        result,
        text,
        "coins: 16",
        "16",
        "Maria holds 16 coins; setup gives 15 and nothing in play gives more",
    )


def test_score_refuses_more_of_a_resource_than_its_supply_holds(tmp_path: Path) -> None:
    """A finite supply (40 water in a test game) bounds what all players hold together."""
    text = (
        "kind: end-position\ngame: terrace-gardens\n"
        "slots: {bed: [square], panel: [botanist, colourist]}\nplayers:\n"
        "  - name: Ida\n    resources: {water: 25}\n"
        "  - name: Ole\n    resources: {water: 20}\n"
    )
    manifest = ROOT / "tests" / "games" / "terrace-gardens" / "rules" / "terrace-gardens.yaml"
    result = score_position(tmp_path, str(manifest), text)
    assert_refused_at(
        result, text, "water: 20", "20", "players hold 45 water in all; the supply has 40"
    )


def test_shipped_midway_end_position_is_legal() -> None:
    """The README's example scores (it breaks none of the rules above)."""
    result = run_toolkit("score", "midway-memories", "examples/midway-memories-end.yaml")
    assert result.returncode == 0, result.stderr
    assert "total                 29     29      27" in result.stdout


@pytest.mark.parametrize(
    "manifest",
    ["rules/midway-memories.yaml", "tests/games/harbour-lights/rules/harbour-lights.yaml"],
)
def test_end_positions_of_played_games_are_legal(manifest: str, tmp_path: Path) -> None:
    """No false alarm: the end of a game bots really played, written as an end position,
    breaks none of the checks (setup selection, group limits, requirements, caps, supply)."""
    _, game = load_compiled_game(str(ROOT / manifest))
    for seed in range(20):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new_state(seed, players)
        bots = [make_bot("random", seed + p + 1, game) for p in range(players)]
        while not state.is_terminal():
            for player in state.to_move():
                state.apply(player, bots[player].choose(state, player))
                if state.pending is not None:
                    break
        public = [z for z in game.player_zones if not z.hidden_from_others and not z.grid]
        position = {
            "kind": "end-position",
            "game": game.id,
            "players": [
                {
                    "name": f"P{p}",
                    "zones": {
                        z.id: [game.tables[z.kind].ids[c] for c in state.zones[z.index][p]]
                        for z in public
                    },
                    "tracks": {t.id: state.track[p][i] for i, t in enumerate(game.tracks)},
                    "resources": {r.id: state.res[p][i] for i, r in enumerate(game.resources)},
                }
                for p in range(players)
            ],
        }
        path = tmp_path / f"end-{seed}.yaml"
        path.write_text(yaml.safe_dump(position), encoding="utf-8")
        loaded, problems = load_content_file(path, "end-position")
        assert loaded is not None, problems
        _, errors = state_from_position(game, loaded)
        assert errors == [], (seed, [e.message for e in errors])
