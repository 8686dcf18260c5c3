"""Game-level rules written in the manifest alone: round scoring banked every round, end
conditions, the lowest total winning, partnerships, numbers by player count and cards set
aside at setup. Each is played through the real engine on a copy of the Harbour Lights toy
game, and each mistake a designer can make is reported at its line.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from toolkit.agents import make_bot
from toolkit.content.project import GameContent, load_game
from toolkit.content.semantic import check_game
from toolkit.engine.compiled import PARTNERS, Game
from toolkit.engine.game import compile_game
from toolkit.kernel.events import GAME_ENDED, Event, RoundEnded, RoundScored
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.events import Played
from toolkit.record.events import narrate
from toolkit.record.playthrough import playthrough

TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
DEAL = "  - {step: deal, to: hand}\n"
SCORING = "scoring:\n"


def toy(tmp_path: Path, *, before_scoring: str = "", setup: str | None = None) -> Path:
    """A copy of Harbour Lights with YAML added before `scoring:` and the deal step replaced."""
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    assert DEAL in text and SCORING in text
    if setup is not None:
        text = text.replace(DEAL, setup)
    text = text.replace(SCORING, before_scoring + SCORING, 1)
    manifest.write_text(text, encoding="utf-8")
    return project


def compiled(project: Path) -> Game:
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found, found
    problems = check_game(content)
    assert not problems, [d.message for d in problems]
    return compile_game(content)


def problems_of(project: Path) -> list[tuple[int, str, str]]:
    """(line, code, message) of every problem `validate` reports for the manifest."""
    content, found = load_game(project / MANIFEST)
    if content is None or found:
        return [(d.line, d.code, d.message) for d in found]
    assert isinstance(content, GameContent)
    return [(d.line, d.code, d.message) for d in check_game(content)]


def play_out(game: Game, seed: int, players: int) -> State:
    state = game.new_state(seed, players)
    rng = random.Random(seed)
    while not state.terminal:
        for player in state.to_move():
            state.apply(player, rng.choice(state.legal_actions(player)))
    return state


def events(state: State, kind: str) -> list[Event]:
    return [event for event in state.log if event.kind == kind]


ROUND_SCORING = """round_scoring:
  - {rule: per_unit, label: Renown each round, measure: {track: renown}, points: 1}
"""


def test_round_scoring_banks_points_every_round_and_they_count_at_the_end(
    tmp_path: Path,
) -> None:
    game = compiled(toy(tmp_path, before_scoring=ROUND_SCORING))
    state = play_out(game, 4, 3)
    banked = [event for event in state.log if isinstance(event, RoundScored)]
    assert [event.round for event in banked] == [1, 2, 3]  # once per round, numbered
    per_player = [sum(event.points[p] for event in banked) for p in range(3)]
    assert per_player == state.banked[0]
    scores = state.scores()
    for player in range(3):
        assert scores.breakdown[player]["Renown each round"] == per_player[player]
        assert sum(scores.breakdown[player].values()) == scores.totals[player]
    assert any("round 1 scores: player 1" in line for line in narrate(game, state.log))


def test_an_end_condition_stops_the_game_at_the_end_of_that_round(tmp_path: Path) -> None:
    end = """end:
  when:
    - {measure: {score: true}, at_least: 0}
"""
    game = compiled(toy(tmp_path, before_scoring=ROUND_SCORING + end))
    state = play_out(game, 5, 2)
    assert state.round == 1 and events(state, "round-end") == [RoundEnded(1)]
    assert state.log[-1] == GAME_ENDED


def test_a_threshold_by_player_count_is_read_at_the_count_played(tmp_path: Path) -> None:
    end = """end:
  when:
    - measure: {track: storm}
      at_least: {by_players: {2: 0, 3: 99, 4: 99}}
"""
    game = compiled(toy(tmp_path, before_scoring=end))
    assert play_out(game, 5, 2).round == 1
    assert play_out(game, 5, 3).round == 3  # never reached: the structure's 3 rounds end it


def test_an_empty_shared_zone_ends_the_game(tmp_path: Path) -> None:
    end = "end:\n  when:\n    - {zone_empty: harbour}\n"
    game = compiled(toy(tmp_path, before_scoring=end))
    state = game.new_state(1, 2)
    state.shared[game.zone("harbour").index].clear()
    assert game.end_of_round(state)
    assert not game.end_reached(game.new_state(1, 2))


def test_the_lowest_total_wins_and_bots_value_low_totals(tmp_path: Path) -> None:
    game = compiled(toy(tmp_path, before_scoring="end: {winner: lowest}\n"))
    for seed in range(6):
        state = play_out(game, seed, 3)
        scores = state.scores()
        assert all(scores.totals[w] == min(scores.totals) for w in scores.winners)
        assert game.total(state, 0) == -scores.totals[0]


def test_partners_share_their_summed_total(tmp_path: Path) -> None:
    teams = "partnerships:\n  4: [[1, 3], [2, 4]]\n"
    game = compiled(toy(tmp_path, before_scoring=teams))
    state = play_out(game, 8, 4)
    scores = state.scores()
    assert scores.totals[0] == scores.totals[2] and scores.totals[1] == scores.totals[3]
    for player in range(4):
        assert sum(scores.breakdown[player].values()) == scores.totals[player]
        assert PARTNERS in scores.breakdown[player]
    assert set(scores.winners) in ({0, 2}, {1, 3}, {0, 1, 2, 3})
    assert game.totals(state) == scores.totals
    three = play_out(game, 8, 3).scores()  # no teams listed for 3 players
    assert all(PARTNERS not in row for row in three.breakdown)


def test_a_deal_count_by_player_count(tmp_path: Path) -> None:
    deal = "  - {step: deal, to: hand, count: {by_players: {2: 9, 3: 7, 4: 5}}}\n"
    game = compiled(toy(tmp_path, setup=deal))
    hand = game.zone("hand").index
    for players, each in ((2, 9), (3, 7), (4, 5)):
        state = game.new_state(1, players)
        assert [len(cards) for cards in state.zones[hand]] == [each] * players
        assert len(state.out_of_play) == 24 - each * players


def test_random_cards_set_aside_by_player_count_stay_out_all_game(tmp_path: Path) -> None:
    setup = (
        "  - {step: remove_cards, count: {by_players: {2: 4, 3: 0, 4: 0}}}\n"
        "  - {step: deal, to: hand}\n"
    )
    game = compiled(toy(tmp_path, setup=setup))
    state = game.new_state(3, 2)
    assert len(state.deck_cards) == 20
    hand = game.zone("hand").index
    assert [len(cards) for cards in state.zones[hand]] == [10, 10]
    removed = set(range(24)) - set(state.deck_cards)
    final = play_out(game, 3, 2)
    seen = {event.card for event in final.log if isinstance(event, Played)}
    assert not seen & (set(range(24)) - set(final.deck_cards))
    assert len(game.new_state(3, 3).deck_cards) == 24
    assert removed  # the same seed sets the same cards aside
    assert set(range(24)) - set(game.new_state(3, 2).deck_cards) == removed


def test_named_cards_set_aside_at_some_player_counts(tmp_path: Path) -> None:
    setup = (
        "  - {step: remove_cards, cards: [amber-1, pearl-1], players: [2]}\n"
        "  - {step: deal, to: hand}\n"
    )
    game = compiled(toy(tmp_path, setup=setup))
    two = game.new_state(1, 2)
    assert game.card("deck", "amber-1") not in two.deck_cards
    assert len(two.deck_cards) == 22
    assert len(game.new_state(1, 3).deck_cards) == 24
    text = playthrough(game, 1, 2, ["random", "random"])
    assert "setup: 1 of Amber, 1 of Pearl set aside face down" in text


@pytest.mark.parametrize(
    ("before_scoring", "setup", "code", "words"),
    [
        (
            "",
            "  - {step: deal, to: hand, count: {by_players: {2: 9, 3: 7}}}\n",
            "missing-key",
            "no value for 4 players",
        ),
        (
            "",
            "  - {step: deal, to: hand, count: {by_players: {2: 9, 3: 7, 4: 5, 6: 4}}}\n",
            "out-of-range",
            "not 6",
        ),
        ("partnerships:\n  4: [[1, 3], [2, 3]]\n", None, "invalid-value", "exactly once"),
        ("partnerships:\n  5: [[1, 3], [2, 4, 5]]\n", None, "out-of-range", "not 5"),
        ("partnerships:\n  4: [[1, 2, 3, 4]]\n", None, "invalid-value", "at least two teams"),
        ("partnerships:\n  4: [[1, 3], [2, 4], []]\n", None, "invalid-value", "no seat"),
        ("end:\n  when:\n    - {zone_empty: harbor}\n", None, "unknown-reference", "harbor"),
        (
            "end:\n  when:\n    - {measure: {score: true}, at_least: 10}\n",
            None,
            "invalid-value",
            "round_scoring",
        ),
        (
            "",
            "  - {step: remove_cards, cards: [amber-9]}\n  - {step: deal, to: hand}\n",
            "unknown-reference",
            "amber-9",
        ),
        (
            "",
            "  - {step: remove_cards, count: 30}\n  - {step: deal, to: hand}\n",
            "infeasible-setup",
            "leaves none",
        ),
    ],
)
def test_mistakes_are_reported_at_their_line(
    tmp_path: Path, before_scoring: str, setup: str | None, code: str, words: str
) -> None:
    found = problems_of(toy(tmp_path, before_scoring=before_scoring, setup=setup))
    assert any(c == code and words in message and line > 1 for line, c, message in found), found


def test_schema_refuses_an_end_condition_without_a_bound(tmp_path: Path) -> None:
    end = "end:\n  when:\n    - {measure: {track: storm}}\n"
    found = problems_of(toy(tmp_path, before_scoring=end))
    assert any("needs 'at_least' or 'at_most'" in message for _, _, message in found), found


def test_the_rules_help_tells_the_end_and_round_scoring(tmp_path: Path) -> None:
    from toolkit.pnp.describe import Describer
    from toolkit.pnp.reference import reference_context

    end = "end:\n  winner: lowest\n  when:\n    - {measure: {score: true}, at_least: 12}\n"
    project = toy(tmp_path, before_scoring=ROUND_SCORING + end)
    content, _ = load_game(project / MANIFEST)
    assert content is not None
    context = reference_context(content, Describer(content, lambda icon: False))
    assert context["winner"] == "lowest"
    assert context["end_when"] == ["when a player has 12 or more points"]
    assert context["round_scoring"][0]["label"] == "Renown each round"


def test_rounds_by_player_count(tmp_path: Path) -> None:
    project = toy(tmp_path)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    assert "  rounds: 3\n" in text
    manifest.write_text(
        text.replace("  rounds: 3\n", "  rounds: {by_players: {2: 2, 3: 3, 4: 1}}\n"), "utf-8"
    )
    game = compiled(project)
    assert [play_out(game, 2, n).round for n in (2, 3, 4)] == [2, 3, 1]
    assert game.mechanic.max_actions(4) < game.mechanic.max_actions(3)
    manifest.write_text(text.replace("  rounds: 3\n", "  rounds: {by_players: {2: 2}}\n"), "utf-8")
    found = problems_of(project)
    assert any(code == "missing-key" and "3, 4 players" in m for _, code, m in found), found


def test_cards_held_at_a_round_end_count_as_used_in_the_statistics() -> None:
    """A multi-round draft clears its tableaux every round: the cards held then were used."""
    from toolkit.engine.load import load_compiled_game
    from toolkit.sim.balance import never_used
    from toolkit.sim.runner import play_game

    _, game = load_compiled_game(str(Path(__file__).parent.parent / "rules/tide-pool-market.yaml"))
    records = [play_game(game, seed, 3, ["random"] * 3) for seed in range(20)]
    assert all(record.held for record in records)
    assert len(never_used(records, game.deck_and_pool_ids())) < 5


# -- what a review of the game-level rules found -----------------------------------------------


def test_warnings_do_not_stop_play(tmp_path: Path) -> None:
    """A zone nothing fills is a warning for `validate`; simulate and play still run."""
    from toolkit.engine.load import load_compiled_game

    project = toy(tmp_path)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    zone = "  - {id: moorings, name: Moored ships, cards: ships, owner: player}\n"
    manifest.write_text(
        text.replace(zone, zone + "  - {id: wrecks, name: Wrecks, cards: ships, owner: shared}\n"),
        encoding="utf-8",
    )
    content, _ = load_game(manifest)
    assert content is not None
    assert [d.code for d in check_game(content)] == ["zone-never-filled"]
    _, game = load_compiled_game(str(manifest))
    assert play_out(game, 1, 2).terminal


def test_a_team_clearly_ahead_wins_on_points(tmp_path: Path) -> None:
    teams = "partnerships:\n  4: [[1, 3], [2, 4]]\n"
    game = compiled(toy(tmp_path, before_scoring=teams))
    for seed in range(12):
        scores = play_out(game, seed, 4).scores()
        if scores.totals[0] != scores.totals[1]:
            assert scores.decided_by == "points"
            assert len(scores.winners) == 2


def test_a_removal_for_some_player_counts_needs_values_only_for_them(tmp_path: Path) -> None:
    setup = (
        "  - {step: remove_cards, count: {by_players: {3: 1}}, players: [3]}\n"
        "  - {step: deal, to: hand}\n"
    )
    game = compiled(toy(tmp_path, setup=setup))
    assert len(game.new_state(1, 3).deck_cards) == 23
    assert len(game.new_state(1, 2).deck_cards) == 24


def test_a_game_ended_mid_round_by_a_condition_scores_that_round(tmp_path: Path) -> None:
    """Draw-and-play checks `end.when` after every turn: the round in play is scored."""
    project = tmp_path / "routes"
    for part in ("rules", "cards", "print"):
        shutil.copytree(Path(__file__).parent.parent / part, project / part)
    manifest = project / "rules" / "lantern-routes.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "\nscoring:\n" in text and "  rounds: 1\n" in text
    text = text.replace("\nscoring:\n", "\nround_scoring:\n").replace(
        "  rounds: 1\n", "  rounds: 3\n"
    )
    text += "\nend:\n  when:\n    - {measure: {count: routes}, at_least: 6}\n"
    manifest.write_text(text, encoding="utf-8")
    content, found = load_game(manifest)
    assert content is not None and not found, found
    game = compile_game(content)
    state = game.new_state(3, 2)
    bots = [make_bot("greedy", seed, game) for seed in range(2)]
    while not state.terminal:
        for player in state.to_move():
            state.apply(player, bots[player].choose(state, player))
    assert state.round == 1 and events(state, "round-score")
    assert state.scores().totals != (0, 0)


def test_drama_reads_the_lowest_total_as_the_best() -> None:
    from toolkit.sim.balance import balance
    from toolkit.sim.runner import GameRecord

    def record(middle: tuple[int, ...], final: tuple[int, ...]) -> GameRecord:
        low = min(final)
        return GameRecord(
            seed=0, totals=final, breakdown=({}, {}), winners=(final.index(low),),
            decided_by="points", display={}, acquired=(), track_gains={}, declined=0,
            supply_short=0, turns=1, counters={}, slots={}, resources_left={},
            holdings=((), ()), checkpoints=(middle, final), lowest_wins=True,
        )  # fmt: skip

    # The winner (lowest) was 7 points above the best of the others halfway.
    assert balance([record((12, 5), (20, 30))], 2)["drama"] == 7


@pytest.mark.parametrize(
    ("setup", "code", "words"),
    [
        (
            "  - {step: remove_cards, count: 8}\n  - {step: deal, to: hand, count: 5}\n",
            "infeasible-setup",
            "the deck has 16 once 8 are set aside",
        ),
        (
            "  - {step: deal, to: hand}\n  - {step: remove_cards, count: 2}\n",
            "invalid-value",
            "set aside before the deck is dealt",
        ),
    ],
)
def test_removals_come_before_the_deal_and_leave_enough_to_deal(
    tmp_path: Path, setup: str, code: str, words: str
) -> None:
    found = problems_of(toy(tmp_path, setup=setup))
    assert any(c == code and words in message for _, c, message in found), found


def test_passing_more_cards_than_a_hand_holds_is_refused(tmp_path: Path) -> None:
    project = tmp_path / "cinder"
    for part in ("rules", "cards", "print"):
        shutil.copytree(Path(__file__).parent.parent / part, project / part)
    manifest = project / "rules" / "cinder-tricks.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert "count: 3" in text
    manifest.write_text(text.replace("count: 3", "count: 9", 1), encoding="utf-8")
    found = problems_of_manifest(manifest)
    assert any("smallest hand holds 8" in message for _, _, message in found), found


def problems_of_manifest(manifest: Path) -> list[tuple[int, str, str]]:
    content, found = load_game(manifest)
    if content is None or found:
        return [(d.line, d.code, d.message) for d in found]
    return [(d.line, d.code, d.message) for d in check_game(content)]


def test_a_player_count_written_with_a_leading_zero_is_refused(tmp_path: Path) -> None:
    deal = "  - {step: deal, to: hand, count: {by_players: {2: 9, 3: 7, 4: 5, 03: 2}}}\n"
    found = problems_of(toy(tmp_path, setup=deal))
    assert found and all(line > 1 for line, _, _ in found), found


def test_bids_need_a_track_long_enough_for_the_largest_hand(tmp_path: Path) -> None:
    project = tmp_path / "lamplight"
    for part in ("rules", "cards", "print"):
        shutil.copytree(Path(__file__).parent.parent / part, project / part)
    manifest = project / "rules" / "lamplight-wagers.yaml"
    text = manifest.read_text(encoding="utf-8")
    wager = "  - {id: wager, name: Wager, min: 0, max: 13, start: 0}\n"
    assert wager in text
    manifest.write_text(text.replace(wager, wager.replace("13", "5")), encoding="utf-8")
    found = problems_of_manifest(manifest)
    assert any("ends at 5, but a hand can hold 8" in message for _, _, message in found), found


def test_an_end_position_gives_the_points_banked_by_round(tmp_path: Path) -> None:
    """`toolkit score` of a round-scored game: each player's banked points by rule label."""
    from toolkit.content.project import load_content_file
    from toolkit.engine.load import load_compiled_game
    from toolkit.engine.position import state_from_position

    _, game = load_compiled_game(str(Path(__file__).parent.parent / "rules/lamplight-wagers.yaml"))
    position = tmp_path / "end.yaml"
    position.write_text(
        "kind: end-position\ngame: lamplight-wagers\nplayers:\n"
        "  - {name: Ada, round_points: {Wagers: 34}}\n"
        "  - {name: Bo, round_points: {Wagers: 21}}\n"
        "  - {name: Cy, round_points: {Wager: 5}}\n",
        encoding="utf-8",
    )
    loaded, found = load_content_file(position, "end-position")
    assert loaded is not None and not found, found
    state, errors = state_from_position(game, loaded)
    assert state is None
    assert [(e.line, e.code, e.hint) for e in errors] == [
        (6, "unknown-reference", "did you mean 'Wagers'?")
    ]
    position.write_text(position.read_text("utf-8").replace("Wager: 5", "Wagers: 5"), "utf-8")
    loaded, _ = load_content_file(position, "end-position")
    assert loaded is not None
    state, errors = state_from_position(game, loaded)
    assert state is not None and not errors
    scores = state.scores()
    assert scores.totals == (34, 21, 5) and scores.winners == (0,)
    assert scores.breakdown[1] == {"Wagers": 21}
