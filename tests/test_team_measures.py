"""Team measures: where partnerships are declared, a measure can read a team's value (the sum
over its members), the score that ends the game is the team's by default, and each place a
measure goes (end conditions, scoring rules, words) reads it so. Played on a copy of the
Harbour Lights toy game."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from entry_point import run_toolkit

from toolkit.content.project import load_game
from toolkit.content.semantic import check_game
from toolkit.engine.compiled import Game
from toolkit.engine.game import compile_game, team_sides
from toolkit.kernel.state import State
from toolkit.pnp.describe import Describer
from toolkit.schema.filters import Measure

TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
TEAMS = "partnerships:\n  4: [[1, 3], [2, 4]]\n"
ROUND_SCORING = """round_scoring:
  - {rule: per_unit, label: Renown each round, measure: {track: renown}, points: 1}
"""


def toy(tmp_path: Path, added: str) -> Path:
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("scoring:\n", added + "scoring:\n", 1), encoding="utf-8")
    return project


def compiled(project: Path) -> Game:
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found, found
    problems = check_game(content)
    assert not problems, [d.message for d in problems]
    return compile_game(content)


def play_out(game: Game, seed: int, players: int) -> State:
    state = game.new_state(seed, players)
    rng = random.Random(seed)
    while not state.terminal:
        for player in state.to_move():
            state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def test_the_sides_of_each_player_by_player_count() -> None:
    sides = team_sides({4: [[1, 3], [2, 4]]}, 4)
    assert sides[4] == ((0, 2), (1, 3), (0, 2), (1, 3))
    assert sides[3] == ((0,), (1,), (2,))  # no teams listed: each for themselves


def test_a_team_score_ends_the_game_when_the_partners_together_reach_it(
    tmp_path: Path,
) -> None:
    """The score a partnership game ends on is the team's: partners' banked points add up."""
    end = "end:\n  when:\n    - {measure: {score: true}, at_least: 3}\n"
    game = compiled(toy(tmp_path, TEAMS + ROUND_SCORING + end))
    state = game.new_state(1, 4)
    state.banked[0][:] = [2, 0, 1, 2]  # seats 1+3 have 3 together, nobody 3 alone
    assert game.end_reached(state)
    state.banked[0][:] = [2, 1, 0, 1]
    assert not game.end_reached(state)
    three = game.new_state(1, 3)  # a count without teams: a player's own points
    three.banked[0][:] = [2, 1, 2]
    assert not game.end_reached(three)
    final = play_out(game, 4, 4)
    banked = [sum(points[p] for points in final.banked) for p in range(4)]
    assert max(banked[0] + banked[2], banked[1] + banked[3]) >= 3 or final.round == 3


def test_team_false_reads_the_players_own_score(tmp_path: Path) -> None:
    end = "end:\n  when:\n    - {measure: {score: true, team: false}, at_least: 3}\n"
    game = compiled(toy(tmp_path, TEAMS + ROUND_SCORING + end))
    state = game.new_state(1, 4)
    state.banked[0][:] = [2, 0, 1, 2]
    assert not game.end_reached(state)
    state.banked[0][:] = [3, 0, 0, 0]
    assert game.end_reached(state)


def test_a_team_measure_sums_the_partners_and_a_plain_one_does_not(tmp_path: Path) -> None:
    from toolkit.engine.game import Compiler

    game = compiled(toy(tmp_path, TEAMS + ROUND_SCORING))
    state = play_out(game, 3, 4)
    compiler = Compiler(game.content, game.layout)
    team = compiler.measure(Measure(track="renown", team=True))
    own = compiler.measure(Measure(track="renown"))
    renown = game.track_index("renown")
    values = [state.track[p][renown] for p in range(4)]
    assert [own(state, p) for p in range(4)] == values
    assert [team(state, p) for p in range(4)] == [
        values[0] + values[2],
        values[1] + values[3],
        values[0] + values[2],
        values[1] + values[3],
    ]
    three = play_out(game, 3, 3)  # a count without teams: each player's own
    assert [team(three, p) for p in range(3)] == [three.track[p][renown] for p in range(3)]


def test_a_scoring_rule_can_score_a_team_measure(tmp_path: Path) -> None:
    rule = (
        "  - {rule: threshold, label: Fleet together, measure: {count: moorings, team: true},"
        " at_least: 1, points: 5}\n"
    )
    project = toy(tmp_path, TEAMS)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("\nscoring:\n", "\nscoring:\n" + rule), encoding="utf-8")
    game = compiled(project)
    state = play_out(game, 2, 4)
    moored = [len(state.zones[game.zone("moorings").index][p]) for p in range(4)]
    rows = [state.scores().breakdown[p]["Fleet together"] for p in range(4)]
    for first, partner in ((0, 2), (1, 3)):  # each team once, on its first seat
        assert rows[first] == (5 if moored[first] + moored[partner] >= 1 else 0)
        assert rows[partner] == 0
    plain = compiled(toy(tmp_path / "plain", TEAMS))
    ahead = [t - u for t, u in zip(state.scores().totals, plain.score(state).totals, strict=True)]
    assert ahead == [rows[0], rows[1], rows[0], rows[1]]  # the team's total gains it once


def test_a_team_measure_without_partnerships_is_an_error_at_its_line(tmp_path: Path) -> None:
    end = "end:\n  when:\n    - {measure: {track: renown, team: true}, at_least: 3}\n"
    project = toy(tmp_path, end)
    result = run_toolkit("validate", project / MANIFEST)
    assert result.returncode == 1
    assert "'team: true' sums a partnership's value" in result.stdout + result.stderr
    assert "partnerships: {4: [[1, 3], [2, 4]]}" in result.stdout + result.stderr
    lines = (project / MANIFEST).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "team: true" in text)
    assert f"harbour-lights.yaml:{line}:" in result.stdout + result.stderr


def test_team_measures_in_words(tmp_path: Path) -> None:
    game = compiled(toy(tmp_path, TEAMS + ROUND_SCORING))
    words = Describer(game.content, lambda icon: False)
    assert words.measure(Measure(score=True)) == "points with their partners"
    assert words.measure(Measure(score=True, team=False)) == "points"
    assert words.measure(Measure(track="renown", team=True)).endswith("with their partners")
    assert not words.measure(Measure(track="renown")).endswith("with their partners")


def test_a_team_tie_breaker_measures_each_side_once(tmp_path: Path) -> None:
    """A tie-breaker already sums a side's members; a team measure there gives the same."""
    plain = compiled(toy(tmp_path / "plain", TEAMS))
    project = toy(tmp_path / "team", TEAMS)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    old = "  - {prefer: most, measure: {count: moorings}, label: moored more ships}\n"
    assert old in text
    manifest.write_text(
        text.replace(old, old.replace("{count: moorings}", "{count: moorings, team: true}")),
        encoding="utf-8",
    )
    team = compiled(project)
    breaker = team.tie_breakers[0]
    assert breaker.team and not plain.tie_breakers[0].team
    for seed in range(6):
        state = play_out(plain, seed, 4)
        assert team.score(state) == plain.score(state)
