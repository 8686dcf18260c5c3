"""Generic scoring rules, through a game: copies of the Harbour Lights toy game whose end
scoring is replaced by the rule under test. The points come from the real engine, the words
from the real describer, and bad parameters from the real checker at their line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.content.project import GameContent, load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import Game, compile_game
from toolkit.kernel.state import State
from toolkit.pnp.describe import Describer
from toolkit.pnp.reference import reference_context
from toolkit.rules.scoring.majority import RANKINGS

TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
REPO = Path(__file__).resolve().parent.parent


def toy(tmp_path: Path, scoring: str) -> Path:
    """A copy of Harbour Lights whose end scoring is `scoring` (YAML list items, unindented)."""
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    manifest = project / MANIFEST
    text = manifest.read_text(encoding="utf-8")
    start, end = text.index("\nscoring:\n"), text.index("\nbots:\n")
    block = "".join(f"  {line}\n" for line in scoring.strip().splitlines())
    manifest.write_text(f"{text[:start]}\nscoring:\n{block}{text[end:]}", "utf-8")
    return project


def load(project: Path) -> GameContent:
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found, found
    assert not check_game(content)
    return content


def problems(tmp_path: Path, scoring: str) -> list[tuple[int, str, str]]:
    """(line, code, message) of every problem the checker reports in the manifest."""
    content, found = load_game(toy(tmp_path, scoring) / MANIFEST)
    if found:
        return [(d.line, d.code, d.message) for d in found]
    assert content is not None
    return [(d.line, d.code, d.message) for d in check_game(content)]


def line_of(tmp_path: Path, snippet: str) -> int:
    """The line of the first `snippet` in the manifest's scoring."""
    lines = (tmp_path / "toy" / MANIFEST).read_text(encoding="utf-8").splitlines()
    start = lines.index("scoring:")
    return next(i for i, text in enumerate(lines, 1) if i > start and snippet in text)


def end_state(
    game: Game,
    *,
    hands: list[list[str]] | None = None,
    moorings: list[list[str]] | None = None,
    tracks: dict[str, list[int]] | None = None,
    n: int = 3,
) -> State:
    """A finished game of `n` players holding the given cards and track positions."""
    state = game.new_state(1, n)
    hand, moored = game.zone("hand").index, game.zone("moorings").index
    for player in range(n):
        state.zones[hand][player] = [game.card("deck", c) for c in (hands or [[]] * n)[player]]
        state.zones[moored][player] = [
            game.card("ships", c) for c in (moorings or [[]] * n)[player]
        ]
    for track, positions in (tracks or {}).items():
        t = game.track_index(track)
        for player, at in enumerate(positions):
            state.track[player][t] = at
    state.terminal = True
    return state


def points(state: State, label: str) -> list[int]:
    return [row[label] for row in state.scores().breakdown]


def words(content: GameContent) -> list[str]:
    describer = Describer(content, lambda icon: False)
    return [describer.points(rule) for rule in content.game.scoring]


# -- cards_in_zone -----------------------------------------------------------------------------

CARDS = """
- {rule: cards_in_zone, label: Count, zone: moorings, count: true}
- {rule: cards_in_zone, label: Pairs, zone: moorings, count: true, per: 2, points: 3}
- {rule: cards_in_zone, label: Glory, zone: moorings, sum: glory, where: {tonnage: 1}}
- {rule: cards_in_zone, label: Double tons, zone: moorings, sum: tonnage, points: 2}
- {rule: cards_in_zone, label: Ranks, zone: hand, values: {1: 11, 6: 10, pearl-2: 13}}
- {rule: cards_in_zone, label: Penalty, zone: hand, values: {violet-3: 1}, where: {}, points: -5}
"""


def test_cards_in_zone_counts_sums_and_values_cards(tmp_path: Path) -> None:
    content = load(toy(tmp_path, CARDS))
    state = end_state(
        compile_game(content),
        moorings=[["herring-smack", "whaler", "salt-brig"], ["ghost-barge"], []],
        hands=[["amber-1", "pearl-2", "violet-3"], ["emerald-6", "amber-2"], ["pearl-1"]],
    )
    assert points(state, "Count") == [3, 1, 0]
    assert points(state, "Pairs") == [3, 0, 0]  # 3 ships: one whole pair
    assert points(state, "Glory") == [2, 3, 0]  # tonnage-1 ships only
    assert points(state, "Double tons") == [12, 2, 0]  # (1 + 3 + 2) x 2
    assert points(state, "Ranks") == [24, 10, 11]  # a rank and a card id both score
    assert points(state, "Penalty") == [-5, 0, 0]


def test_cards_in_zone_words(tmp_path: Path) -> None:
    assert words(load(toy(tmp_path, CARDS))) == [
        "1 for each of the cards in Moored ships",
        "3 per 2 cards in Moored ships",
        "the glory of the 1 cards in Moored ships",
        "2 for tonnage of the cards in Moored ships",
        "1 11, 6 10, 2 of Pearl 13, for the cards in Hand",
        "\u22125 for each point of the cards in Hand (3 of Violet 1)",
    ]


@pytest.mark.parametrize(
    ("rule", "snippet", "code", "message"),
    [
        (
            "{rule: cards_in_zone, label: X, zone: mooring, count: true}",
            "mooring,",
            "unknown-reference",
            "unknown player zone 'mooring'",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: harbour, count: true}",
            "harbour,",
            "unknown-reference",
            "unknown player zone 'harbour'",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: moorings, sum: glori}",
            "glori",
            "unknown-reference",
            "unknown card field 'glori'",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: moorings, sum: title}",
            "title",
            "not-numeric",
            "card field 'title' is text, not a number: it cannot be summed",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: moorings, count: true, where: {tons: 1}}",
            "tons",
            "unknown-reference",
            "the ships cards have no field 'tons'",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: hand, values: {7: 1}}",
            "values",
            "unknown-reference",
            "unknown rank 7",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: hand, values: {amber-9: 1}}",
            "amber-9",
            "unknown-reference",
            "unknown card of hand 'amber-9'",
        ),
        (
            "{rule: cards_in_zone, label: X, zone: moorings, values: {3: 1}}",
            "values",
            "no-ranks",
            "moorings holds cards without ranks, so rank 3 cannot score",
        ),
    ],
)
def test_cards_in_zone_reports_bad_parameters_at_their_line(
    tmp_path: Path, rule: str, snippet: str, code: str, message: str
) -> None:
    found = problems(tmp_path, f"- {rule}")
    assert found == [(line_of(tmp_path, snippet), code, message)]


def test_cards_in_zone_needs_exactly_one_way_to_score(tmp_path: Path) -> None:
    found = problems(tmp_path, "- {rule: cards_in_zone, label: X, zone: hand, count: true, sum: a}")
    assert len(found) == 1 and "exactly one of 'count: true', 'sum: <field>'" in found[0][2]


def test_toolkit_validate_prints_the_problem_with_file_and_line(tmp_path: Path) -> None:
    project = toy(tmp_path, "- {rule: cards_in_zone, label: X, zone: moorings, sum: title}")
    result = run_toolkit("validate", str(project / MANIFEST), cwd=REPO)
    assert result.returncode != 0
    line = line_of(tmp_path, "sum: title")
    assert f"harbour-lights.yaml:{line}:" in result.stdout + result.stderr
    assert "not-numeric" in result.stdout + result.stderr


def test_cards_in_zone_filters_a_suited_deck_by_suit_and_rank(tmp_path: Path) -> None:
    rules = """
- {rule: cards_in_zone, label: Amber, zone: hand, count: true, where: {suit: amber}, points: -1}
- {rule: cards_in_zone, label: High, zone: hand, sum: rank, where: {rank: {at_least: 5}}}
"""
    content = load(toy(tmp_path, rules))
    state = end_state(
        compile_game(content),
        hands=[["amber-1", "amber-5", "pearl-6"], ["emerald-6"], []],
    )
    assert points(state, "Amber") == [-2, 0, 0]
    assert points(state, "High") == [11, 6, 0]


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ("{suit: ambre}", "unknown suit 'ambre'"),
        (
            "{lamp: oil}",
            "the suited deck cards have no field 'lamp'",
        ),  # a field of the suits, not of the cards
    ],
)
def test_a_suited_deck_filter_names_the_cards_fields_and_suits(
    tmp_path: Path, where: str, message: str
) -> None:
    rule = f"- {{rule: cards_in_zone, label: X, zone: hand, count: true, where: {where}}}"
    [(_, code, found)] = problems(tmp_path, rule)
    assert (code, found) == ("unknown-reference", message)


# -- compare -----------------------------------------------------------------------------------

COMPARE = """
- rule: compare
  label: Bid hit
  measure: {track: renown}
  target: {track: storm}
  exact: {points: 10, per_unit: 1}
  otherwise: {per_difference: -1}
- rule: compare
  label: Contract
  measure: {track: renown}
  target: {track: storm}
  exact: {per_target: 10}
  over: {per_target: 10, per_difference: 1}
  under: {per_target: -10}
- {rule: compare, label: Five, measure: {track: renown}, target: 5, exact: {points: 5}}
"""


def test_compare_scores_a_hit_over_and_under(tmp_path: Path) -> None:
    content = load(toy(tmp_path, COMPARE))
    state = end_state(compile_game(content), tracks={"renown": [3, 5, 1], "storm": [3, 2, 4]})
    assert points(state, "Bid hit") == [13, -3, -3]  # 10 + 3 tricks; 3 off; 3 off
    assert points(state, "Contract") == [30, 23, -40]  # 10 x 3; 10 x 2 + 3 over; -10 x 4
    assert points(state, "Five") == [0, 5, 0]


def test_compare_words(tmp_path: Path) -> None:
    assert words(load(toy(tmp_path, COMPARE))) == [
        "Renown equal to Storm: 10 + 1 per Renown; otherwise: \u22121 per Renown off",
        "Renown equal to Storm: 10 per Storm; over: 10 per Storm + 1 per Renown off; "
        "under: \u221210 per Storm",
        "Renown equal to 5: 5",
    ]


@pytest.mark.parametrize(
    ("rule", "snippet", "message"),
    [
        (
            "{rule: compare, label: X, measure: {track: renon}, target: 2, exact: {points: 1}}",
            "renon",
            "unknown track 'renon'",
        ),
        (
            "{rule: compare, label: X, measure: {track: renown}, target: {resource: oyl}, "
            "exact: {points: 1}}",
            "oyl",
            "unknown resource 'oyl'",
        ),
    ],
)
def test_compare_reports_unknown_measures_at_their_line(
    tmp_path: Path, rule: str, snippet: str, message: str
) -> None:
    found = problems(tmp_path, f"- {rule}")
    assert found == [(line_of(tmp_path, snippet), "unknown-reference", message)]


def test_compare_needs_an_outcome(tmp_path: Path) -> None:
    found = problems(tmp_path, "- {rule: compare, label: X, measure: {track: renown}, target: 1}")
    assert len(found) == 1 and "at least one of 'exact', 'over', 'under'" in found[0][2]


# -- majority ties -----------------------------------------------------------------------------

MAJORITY = """
- {rule: majority, label: Share, measure: {count: moorings}, points: [5, 3, 1]}
- {rule: majority, label: Split, measure: {count: moorings}, points: [5, 3, 1], ties: split}
- {rule: majority, label: Skip, measure: {count: moorings}, points: [5, 3, 1], ties: skip}
- {rule: majority, label: Two, measure: {count: moorings}, points: [5, 3, 1], minimum: 2}
"""
SHIPS = ["herring-smack", "pilot-cutter", "ghost-barge", "oyster-punt", "tea-clipper", "whaler"]


@pytest.mark.parametrize(
    ("counts", "share", "split", "skip", "two"),
    [
        ([2, 2, 1, 0], [5, 5, 3, 0], [4, 4, 1, 0], [5, 5, 1, 0], [5, 5, 0, 0]),
        ([3, 1, 1, 1], [5, 3, 3, 3], [5, 1, 1, 1], [5, 3, 3, 3], [5, 0, 0, 0]),
        ([1, 0, 0, 0], [5, 0, 0, 0], [5, 0, 0, 0], [5, 0, 0, 0], [0, 0, 0, 0]),
        ([0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]),
    ],
)
def test_majority_ties_share_split_or_skip_and_nobody_scores_with_none(
    tmp_path: Path,
    counts: list[int],
    share: list[int],
    split: list[int],
    skip: list[int],
    two: list[int],
) -> None:
    ships = iter(SHIPS)
    moorings = [[next(ships) for _ in range(count)] for count in counts]
    state = end_state(compile_game(load(toy(tmp_path, MAJORITY))), moorings=moorings, n=4)
    assert points(state, "Share") == share
    assert points(state, "Split") == split
    assert points(state, "Skip") == skip
    assert points(state, "Two") == two


@pytest.mark.parametrize(
    ("ties", "expected"),
    [
        ("share", [4, 4, 2, 2, 1]),  # dense: 4, 2, 1 by distinct value
        ("split", [3, 3, 0, 0, 0]),  # (4 + 2) // 2; (1 + 0) // 2; past the ladder
        ("skip", [4, 4, 1, 1, 0]),  # the two first use up the second place
    ],
)
def test_majority_rankings_on_plain_lists(ties: str, expected: list[int]) -> None:
    assert RANKINGS[ties]([7, 7, 5, 5, 1], [4, 2, 1], 1) == expected


def test_majority_words_name_the_tie_rule(tmp_path: Path) -> None:
    assert words(load(toy(tmp_path, MAJORITY))) == [
        "5/3/1 for the most/second/third",
        "5/3/1 for the most/second/third; tied players split the points of the places they "
        "share, rounded down",
        "5/3/1 for the most/second/third; tied players each score the place, and the next "
        "places are skipped",
        "5/3/1 for the most/second/third; at least 2 to score",
    ]


def test_majority_rejects_an_unknown_tie_rule(tmp_path: Path) -> None:
    rule = "- {rule: majority, label: X, measure: {count: moorings}, points: [1], ties: halve}"
    [(line, _, message)] = problems(tmp_path, rule)
    assert line == line_of(tmp_path, "halve") and "'halve' is not allowed" in message


# -- the reference sheet -----------------------------------------------------------------------


def test_the_reference_sheet_lists_every_rule_with_its_words(tmp_path: Path) -> None:
    content = load(toy(tmp_path, CARDS + COMPARE + MAJORITY))
    describer = Describer(content, lambda icon: False)
    sheet = reference_context(content, describer)["scoring"]
    assert [row["label"] for row in sheet] == [rule.label for rule in content.game.scoring]
    assert sheet[0]["points"] == "1 for each of the cards in Moored ships"
    assert sheet[-1]["points"] == "5/3/1 for the most/second/third; at least 2 to score"


# -- amounts by player count -------------------------------------------------------------------

BY_PLAYERS = "{by_players: {2: 3, 3: 2, 4: 1}}"
AMOUNTS = f"""
- {{rule: threshold, label: Fleet, measure: {{count: moorings}}, at_least: {BY_PLAYERS}, points: {{by_players: {{2: 6, 3: 4, 4: 2}}}}}}
- {{rule: compare, label: Target, measure: {{count: moorings}}, target: {BY_PLAYERS}, exact: {{points: 5}}}}
- {{rule: cards_in_zone, label: Ships, zone: moorings, count: true, points: {BY_PLAYERS}}}
- {{rule: majority, label: Most, measure: {{count: moorings}}, points: [5], minimum: {BY_PLAYERS}}}
- {{rule: per_unit, label: Units, measure: {{count: moorings}}, points: {BY_PLAYERS}}}
- {{rule: per_card, label: Each, zone: moorings, points: {BY_PLAYERS}}}
"""  # noqa: E501


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (
            3,
            {
                "Fleet": [4, 0, 0],  # at least 2 ships: 4
                "Target": [5, 0, 0],  # exactly 2 ships
                "Ships": [4, 2, 0],  # 2 per ship
                "Most": [5, 0, 0],  # 2 ships needed to rank
                "Units": [4, 2, 0],
                "Each": [4, 2, 0],
            },
        ),
        (
            4,
            {
                "Fleet": [2, 2, 0, 0],  # at least 1 ship: 2
                "Target": [0, 5, 0, 0],  # exactly 1 ship
                "Ships": [2, 1, 0, 0],  # 1 per ship
                "Most": [5, 0, 0, 0],
                "Units": [2, 1, 0, 0],
                "Each": [2, 1, 0, 0],
            },
        ),
    ],
)
def test_numbers_by_player_count(tmp_path: Path, n: int, expected: dict[str, list[int]]) -> None:
    content = load(toy(tmp_path, AMOUNTS))
    moorings = [["whaler", "salt-brig"], ["ghost-barge"]] + [[]] * (n - 2)
    state = end_state(compile_game(content), moorings=moorings, n=n)
    assert {label: points(state, label) for label in expected} == expected


def test_numbers_by_player_count_words(tmp_path: Path) -> None:
    assert words(load(toy(tmp_path, AMOUNTS))) == [
        "6/4/2 (2/3/4 players) for at least 3/2/1 (2/3/4 players)",
        "cards in Moored ships equal to 3/2/1 (2/3/4 players): 5",
        "3/2/1 (2/3/4 players) for each of the cards in Moored ships",
        "5 for the most; at least 3/2/1 (2/3/4 players) to score",
        "3/2/1 (2/3/4 players) per cards in Moored ships",
        "3/2/1 (2/3/4 players) each",
    ]


def test_a_table_by_player_count_needs_every_count(tmp_path: Path) -> None:
    rule = "- {rule: threshold, label: X, measure: {count: moorings}, at_least: 1, "
    found = problems(tmp_path, rule + "points: {by_players: {2: 3, 3: 2}}}")
    assert found == [(line_of(tmp_path, "by_players"), "missing-key", "no value for 4 players")]


SUM_KELP = "  - {rule: sum_field, label: Kelp, zone: stall, field: value, where: {family: kelp}}"


def test_sum_field_counts_an_unset_optional_number_as_nothing(tmp_path: Path) -> None:
    from shipped_project import copy_project, edit

    from toolkit.engine.load import load_compiled_game
    from toolkit.sim.runner import play_game

    root = copy_project(tmp_path)
    manifest = root / "rules" / "tide-pool-market.yaml"
    edit(manifest, SUM_KELP, SUM_KELP.replace(", where: {family: kelp}", ""))
    _, game = load_compiled_game(str(manifest))
    record = play_game(game, 3, 4, ["random"] * 4)
    assert all(row["Kelp"] >= 0 for row in record.breakdown)  # no crash on cards without value


def test_sum_field_of_a_text_field_is_an_error_at_its_line(tmp_path: Path) -> None:
    from entry_point import run_toolkit
    from shipped_project import copy_project, edit

    root = copy_project(tmp_path)
    manifest = root / "rules" / "tide-pool-market.yaml"
    line = edit(manifest, SUM_KELP, SUM_KELP.replace("field: value", "field: name"))
    result = run_toolkit("validate", "tide-pool-market", cwd=root)
    assert result.returncode == 1
    assert f"rules/tide-pool-market.yaml:{line}:" in result.stdout + result.stderr
    assert "error[not-numeric]: card field 'name' is text" in result.stdout + result.stderr
