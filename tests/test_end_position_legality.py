"""End positions: `toolkit score` refuses what the rules data forbids (`engine/legality.py`),
at the offending entry, and accepts the ends of games really played.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.content.project import load_content_file
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position import state_from_position

ROOT = Path(__file__).resolve().parent.parent


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
