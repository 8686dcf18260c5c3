"""Oh my park!, end scoring: every scoring primitive on hand-built parks, the bonus cards,
the tie-breakers, and the rulebook's scoring example (Lorenzo's 17 points).

Parks are drawn as rows of card ids, top to bottom: `.` is an empty cell and `~B5` the card B5
face down. Each test puts exactly the scoring cards it is about on the table and checks the
points of the breakdown line they produce. Docstrings cite the rule text
(`shared/rules-sources/oh-my-park.txt`) or the design's prototype values.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.content.project import load_content_file
from toolkit.engine.compiled import Game, Scores
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position import state_from_position
from toolkit.kernel.state import State

ROOT = Path(__file__).resolve().parent.parent
LORENZO = ROOT / "examples" / "oh-my-park-lorenzo.yaml"
STANDARD_LABELS = ["Face-down cards", "Tickets", "Coins left", "Different symbols"]


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "oh-my-park.yaml"))
    return compiled


# -- building end positions ----------------------------------------------------------------


def end_state(
    game: Game,
    parks: Sequence[Sequence[str]],
    *,
    coins: Sequence[int] = (),
    standard: bool = True,
    variable: str | None = None,
    bonus: Sequence[str] = (),
) -> State:
    """A finished game with the given parks and coins and only the named scoring cards.

    `variable` is `card:side` (e.g. `variable-1:green`); `bonus` names bonus cards.
    """
    state = game.new_state(1, len(parks))
    hand, park = game.zone("hand").index, game.zone("park").index
    c = game.resource_index("coins")
    for player, rows in enumerate(parks):
        state.zones[hand][player] = []
        grid = {}
        for r, row in enumerate(rows):
            for col, mark in enumerate(row.split()):
                if mark.startswith("~"):
                    grid[(r, col)] = ~game.card("deck", mark[1:])
                elif mark != ".":
                    grid[(r, col)] = game.card("deck", mark)
        state.grids[park][player] = grid
        state.zones[park][player] = [card for card in grid.values() if card >= 0]
        state.res[player][c] = coins[player] if player < len(coins) else 0
    state.slots["standard-scoring"] = (
        [("scoring-cards", game.card("scoring-cards", "standard"), "standard")] if standard else []
    )
    state.slots["variable-scoring"] = []
    if variable is not None:
        card, side = variable.split(":")
        state.slots["variable-scoring"] = [
            ("scoring-cards", game.card("scoring-cards", card), side)
        ]
    state.slots["bonus"] = [("bonus-cards", game.card("bonus-cards", b), "") for b in bonus]
    state.terminal = True
    return state


def points(state: State, label: str) -> list[int]:
    """Every player's points under one breakdown label."""
    return [row[label] for row in state.scores().breakdown]


def one_park(game: Game, rows: Sequence[str], label: str, **kwargs: object) -> int:
    """The points of one player's park under `label` (beside an opponent with an empty park)."""
    return points(end_state(game, [rows, []], **kwargs), label)[0]  # type: ignore[arg-type]


# -- the standard scoring card ---------------------------------------------------------------


@pytest.mark.parametrize(("face_down", "expected"), [(0, 5), (1, 3), (2, 1), (3, 0), (5, 0)])
def test_standard_5_3_1_for_at_most_0_1_2_face_down_cards(
    game: Game, face_down: int, expected: int
) -> None:
    """Standard Scoring Card: 5/3/1 points for no more than 0/1/2 face-down cards."""
    cards = ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]
    row = [f"~{c}" if i < face_down else c for i, c in enumerate(cards)]
    rows = [" ".join(row[0:3]), " ".join(row[3:6]), " ".join(row[6:9])]
    assert one_park(game, rows, "Face-down cards") == expected


def test_standard_one_point_per_ticket(game: Game) -> None:
    """Standard Scoring Card: 1 point per ticket in the park (face-down cards show none)."""
    rows = ["B3 Y5 R8", "P9 B6 ~R2"]  # tickets: B3, Y5, R8, P9; R2's is face down
    assert one_park(game, rows, "Tickets") == 4
    assert one_park(game, ["B1 B2 B4"], "Tickets") == 0


@pytest.mark.parametrize(("left", "expected"), [(0, 0), (1, 0), (2, 1), (7, 3), (15, 7)])
def test_standard_one_point_per_two_coins_left(game: Game, left: int, expected: int) -> None:
    """Standard Scoring Card: 1 point per 2 coins remaining in a player's supply."""
    assert one_park(game, ["B1"], "Coins left", coins=[left]) == expected


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["B1 B3 B6"], 1),  # three roller coasters, two with a ticket: one symbol
        (["B1 B2 B4", "B5 B7 ."], 5),  # coaster, masks, tent, restaurant, shop
        (["B2 B9 Y6"], 1),  # masks three times
        (["B1 B2 ~B4", "~B5 ~B7 ."], 2),  # face-down cards show no symbol
        (["Y5 Y12"], 1),  # the ticket is not a symbol of its own
    ],
)
def test_standard_one_point_per_different_symbol(
    game: Game, rows: list[str], expected: int
) -> None:
    """Standard Scoring Card: 1 point for each different symbol in the park; the ticket does
    not count as its own symbol."""
    assert one_park(game, rows, "Different symbols") == expected


def test_standard_card_breakdown_and_total(game: Game) -> None:
    """Standard Scoring Card: the four lines add up to the total."""
    state = end_state(game, [["B3 Y4 R9", "P2 ~B5 P11"], []], coins=[5, 15])
    scores = state.scores()
    assert scores.breakdown[0] == dict(zip(STANDARD_LABELS, [3, 1, 2, 5], strict=True))
    assert scores.breakdown[1] == dict(zip(STANDARD_LABELS, [5, 0, 7, 0], strict=True))
    assert scores.totals == (11, 12)


# -- variable scoring cards, green sides ------------------------------------------------------

# Blue B1 B2 B8, yellow Y3 Y6, red R4 R7, purple P5 (P9 face down counts for no colour).
GREEN_PARK = ["B1 B2 Y3", "R4 P5 Y6", "R7 B8 ~P9"]


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("variable-1", {"Yellow cards": 4, "Purple cards": 1, "Blue-red pairs": 4}),
        ("variable-2", {"Blue cards": 6, "Red cards": 2, "Yellow-purple pairs": 2}),
        ("variable-3", {"Red cards": 4, "Yellow cards": 2, "Blue-purple pairs": 2}),
        ("variable-4", {"Purple cards": 2, "Blue cards": 3, "Red-yellow pairs": 4}),
    ],
)
def test_green_sides_points_per_colour_and_per_pair(
    game: Game, card: str, expected: dict[str, int]
) -> None:
    """Green side: 2 points per card of one colour, 1 per card of another, 2 per pair of the
    two others (pairs need not lie next to each other); face-down cards have no colour."""
    state = end_state(game, [GREEN_PARK, []], standard=False, variable=f"{card}:green")
    assert state.scores().breakdown[0] == expected


def test_green_side_pairs_are_limited_by_the_rarer_colour(game: Game) -> None:
    """Green side: a pair is one card of each colour; unmatched cards form no pair."""
    rows = ["B1 B2 B3", "B4 R5 ."]
    assert one_park(game, rows, "Blue-red pairs", variable="variable-1:green") == 2
    assert one_park(game, ["B1 B2 B3"], "Blue-red pairs", variable="variable-1:green") == 0


# -- variable scoring cards, blue sides ------------------------------------------------------

YELLOWS = ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y10", "Y11", "Y12", "Y13"]


def parks_with_counts(counts: Sequence[int], pool: Sequence[str]) -> list[list[str]]:
    """One park per player holding that many cards of `pool` (and a red card, so no park is
    empty)."""
    parks, cards = [], iter(pool)
    for player, count in enumerate(counts):
        parks.append([" ".join([f"R{player + 1}", *(next(cards) for _ in range(count))])])
    return parks


@pytest.mark.parametrize(
    ("counts", "expected"),
    [
        ([3, 2, 1, 0], [5, 3, 1, 0]),
        ([2, 2, 1, 0], [5, 5, 3, 0]),  # tied for most: both get 5; the next count is second
        ([1, 3, 3], [3, 5, 5]),
        ([3, 3, 3], [5, 5, 5]),
        ([4, 2, 2, 1, 1], [5, 3, 3, 1, 1]),
        ([4, 3, 2, 1, 0], [5, 3, 1, 0, 0]),  # a fourth rank scores nothing
        ([0, 0, 0], [0, 0, 0]),  # no card of the colour: no rank at all
        ([0, 1], [0, 5]),
    ],
)
def test_blue_side_majority_5_3_1_ties_share_the_rank(
    game: Game, counts: list[int], expected: list[int]
) -> None:
    """Blue side: all players with the most cards of the colour get the largest star's value,
    all with the second most the second-largest star's, etc. (prototype 5/3/1); tied players
    share a rank with its full value; a player without the colour ranks nowhere."""
    state = end_state(game, parks_with_counts(counts, YELLOWS), variable="variable-1:blue")
    assert points(state, "Most yellow") == expected


@pytest.mark.parametrize(
    ("card", "label", "colour"),
    [
        ("variable-1", "Most yellow", "Y"),
        ("variable-2", "Most blue", "B"),
        ("variable-3", "Most red", "R"),
        ("variable-4", "Most purple", "P"),
    ],
)
def test_each_blue_side_ranks_its_own_colour(
    game: Game, card: str, label: str, colour: str
) -> None:
    """Blue sides: each card's majority counts the colour it shows; face-down cards do not."""
    parks = [
        [f"{colour}1 {colour}2 ~{colour}3 ~{colour}4"],
        [f"{colour}5 {colour}6 {colour}7"],
        [f"{colour}8 ~{colour}9"],
    ]
    state = end_state(game, parks, variable=f"{card}:blue")
    assert points(state, label) == [3, 5, 1]


@pytest.mark.parametrize(
    ("card", "label", "rows", "expected"),
    [
        ("variable-1", "Blue-red pairs", ["B1 R2 B3 R4 B5"], 4),
        ("variable-2", "Yellow-purple pairs", ["Y1 P2 Y3 P4 P5 P6"], 4),
        ("variable-3", "Blue-purple pairs", ["B1 P2 B3 P4", "~B5 R6 ."], 4),
        ("variable-4", "Red-yellow pairs", ["R1 Y2 R3"], 2),
    ],
)
def test_blue_sides_two_points_per_pair(
    game: Game, card: str, label: str, rows: list[str], expected: int
) -> None:
    """Blue side: 2 points for each pair of the two shown colours, wherever they lie."""
    assert one_park(game, rows, label, variable=f"{card}:blue") == expected


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["B1 Y2 R3 P4"], 4),
        (["B1 Y2 R3 P4", "B5 Y6 R7 P8", "B9 . . ."], 8),
        (["B1 B2 B3 B4", "Y5 Y6 R7 P8", "P9 . . ."], 4),  # one red: one set
        (["B1 Y2 R3", "B4 Y5 R6", "B7 Y8 R9"], 0),  # no purple: no set
        (["B1 Y2 R3 ~P4"], 0),  # a face-down card has no colour
    ],
)
def test_blue_side_four_points_per_set_of_four_colours(
    game: Game, rows: list[str], expected: int
) -> None:
    """Blue side, special: 4 points for each set of 4 cards of different colours; the sets need
    not lie next to each other."""
    assert one_park(game, rows, "Sets of 4 colours", variable="variable-1:blue") == expected


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["B1 B2 B3"], 6),
        (["B1 B2 Y5", "B3 R6 ."], 6),  # the run spans two rows
        (["B2 Y3 B4", "B8 B9 ."], 0),  # runs of 1 and 2 only
        (["Y1 B2 R3"], 0),  # consecutive, but not one colour
        (["B1 B2 B3", "Y5 Y6 Y7 Y8"], 8),  # only the longest run scores
        (["B1 ~B2 B3"], 0),  # a face-down card has no number
        (["B1 B2 B4", "B5 B6 ."], 6),  # 4-5-6 is directly consecutive, 1-2 and 4 are not
    ],
)
def test_blue_side_longest_same_colour_run_two_points_per_card(
    game: Game, rows: list[str], expected: int
) -> None:
    """Blue side, special: 2 points per card of one colour in a row of directly consecutive
    numbers, at least 3 cards, possibly over several lines; only the longest row scores."""
    label = "Longest same-colour run"
    assert one_park(game, rows, label, variable="variable-2:blue") == expected


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["Y1 B2 R3 P4"], 4),
        (["Y1 B2 . ."], 0),  # shorter than 3
        (["Y1 B2 R3", "P6 B7 R8", "Y9 Y10 ."], 5),  # 6-10 beats 1-3
        (["B1 Y2 ~R3 P4"], 0),  # the face-down 3 breaks the run
        (["B11 Y12", "R13 . ."], 3),
    ],
)
def test_blue_side_longest_run_any_colour_one_point_per_card(
    game: Game, rows: list[str], expected: int
) -> None:
    """Blue side, special: 1 point per card in a row of directly consecutive numbers,
    regardless of colour, at least 3 cards; only the longest row scores."""
    assert one_park(game, rows, "Longest run", variable="variable-3:blue") == expected


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["B1 B2 .", ". B5 ."], 3),
        (["B1 Y2 .", "Y3 B5 .", ". . B9"], 0),  # diagonal neighbours do not join a group
        (["B1 B2", "Y3 R4"], 0),  # 2 < 3
        (["B1 ~B2 B3"], 0),  # a face-down card breaks the group
        (["B1 B2 Y3", "B4 B5 Y6", "R7 R8 Y9"], 4),  # blue 4 beats yellow 3
        (["P1 P2 P3", "B4 B5 P6", "P7 P8 P9"], 7),  # a group may bend around
    ],
)
def test_blue_side_largest_same_colour_group_one_point_per_card(
    game: Game, rows: list[str], expected: int
) -> None:
    """Blue side, special: 1 point per card in a group of orthogonally adjacent cards of the same
    colour, at least 3 cards; only the largest group scores."""
    assert one_park(game, rows, "Largest colour group", variable="variable-4:blue") == expected


# -- bonus cards ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["B2 B4 B6 B8"], 3),
        (["B2 B4 B6 ~B8"], 0),  # a face-down card has no number
        (["B2 B4 B6 B9"], 0),
        (["B2 B4 B6 B8 B10"], 3),
    ],
)
def test_bonus_at_least_four_even_numbers(game: Game, rows: list[str], expected: int) -> None:
    """Bonus cards: 3 points for all players with at least 4 cards with even numbers."""
    assert one_park(game, rows, "At least 4 even cards", bonus=["even-numbers"]) == expected


@pytest.mark.parametrize(
    ("rows", "expected"),
    [
        (["B1 B3 B5 B7 B9"], 3),
        (["B1 B3 B5 B7 B8"], 0),
        (["B1 B3 B5 B7 ~B9"], 0),
    ],
)
def test_bonus_at_least_five_odd_numbers(game: Game, rows: list[str], expected: int) -> None:
    """Bonus cards: 3 points for all players with at least 5 cards with odd numbers."""
    assert one_park(game, rows, "At least 5 odd cards", bonus=["odd-numbers"]) == expected


@pytest.mark.parametrize(
    ("left", "expected"),
    [([3, 5, 5], [0, 3, 3]), ([4, 1, 0], [3, 0, 0]), ([0, 0, 0], [0, 0, 0])],
)
def test_bonus_most_coins(game: Game, left: list[int], expected: list[int]) -> None:
    """Bonus cards: 3 points for all players with the most coins left (none at all: nobody)."""
    state = end_state(game, [["B1"], ["Y1"], ["R1"]], coins=left, bonus=["most-coins"])
    assert points(state, "Most coins left") == expected


def test_bonus_most_roller_coasters(game: Game) -> None:
    """Bonus cards: 3 points for all players with the most roller coasters (face up)."""
    parks = [["B1 B3 Y2"], ["R3 R6 ~R8 ~R11 ~R13"], ["P3 P4 P6"], ["B2 Y1"]]
    state = end_state(game, parks, bonus=["most-roller-coasters"])
    assert points(state, "Most roller coasters") == [3, 0, 3, 0]


# Masks, tents, restaurants, shops per park (B9 face down shows no symbol):
#   0: masks B2 Y6, tent B4, restaurant P8        1: tents Y1 R5, shop B7, restaurant R4
#   2: restaurants B5 Y3, shop Y4, masks R1       3: roller coasters only
FOUR_FIVE_PARKS = [["B2 B4 Y6 P8 ~B9"], ["Y1 R4 R5 B7"], ["R1 Y3 Y4 B5"], ["B1 B3 B6"]]


@pytest.mark.parametrize(
    ("card", "label", "expected"),
    [
        ("masks-and-tents", "Most masks and tents", [3, 0, 0, 0]),  # 3, 2, 1, 0
        ("restaurants-and-shops", "Most restaurants and shops", [0, 0, 3, 0]),  # 1, 2, 3, 0
        ("masks-and-restaurants", "Most masks and restaurants", [3, 0, 3, 0]),  # 3, 1, 3, 0
        ("tents-and-shops", "Most tents and shops", [0, 3, 0, 0]),  # 1, 3, 1, 0
    ],
)
def test_four_five_player_bonus_cards_most_of_two_symbols(
    game: Game, card: str, label: str, expected: list[int]
) -> None:
    """Bonus cards (4-5 players): 3 points for all players with the most of the two depicted
    symbols together (design: masks+tents, restaurants+shops, masks+restaurants, tents+shops)."""
    state = end_state(game, FOUR_FIVE_PARKS, standard=False, bonus=[card])
    assert points(state, label) == expected
    assert state.scores().totals == tuple(expected)


# -- winners and tie-breakers ------------------------------------------------------------------


def result(state: State) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    scores: Scores = state.scores()
    for total, parts in zip(scores.totals, scores.breakdown, strict=True):
        assert total == sum(parts.values())
    return scores.totals, scores.winners, scores.decided_by


def test_most_points_wins(game: Game) -> None:
    """Game End: the player with the most points wins (face-down cards then do not matter)."""
    state = end_state(game, [["B1 ~B2"], ["Y2 Y3"]], coins=[9, 0])
    assert result(state) == ((3 + 4 + 1, 5 + 2), (0,), "points")


def test_tie_fewer_face_down_cards_wins(game: Game) -> None:
    """Game End: in a tie, the tied player with fewer face-down cards in their park wins."""
    state = end_state(game, [["B1"], ["Y2 ~Y3"]], coins=[0, 4])
    assert result(state) == ((6, 6), (0,), "fewer face-down cards")


def test_tie_then_more_coins_wins(game: Game) -> None:
    """Game End: if still tied, the tied player with more coins left wins."""
    state = end_state(game, [["B1 ~B2"], ["Y2 ~Y3"], ["R1 R2 R3"]], coins=[1, 0, 0])
    assert result(state) == ((4, 4, 8), (2,), "points")
    state = end_state(game, [["B1 ~B2"], ["Y2 ~Y3"], ["R1 ~R2 ~R3"]], coins=[1, 0, 3])
    assert result(state) == ((4, 4, 3), (0,), "more coins left")


def test_tie_after_every_breaker_is_shared(game: Game) -> None:
    """Game End: if still tied, the victory is shared."""
    state = end_state(game, [["B1 ~B2"], ["Y2 ~Y3"], ["R1 ~R2 ~R3"]], coins=[1, 1, 1])
    assert result(state) == ((4, 4, 2), (0, 1), "shared")


# -- the rulebook's scoring example ------------------------------------------------------------


def test_lorenzo_scores_17_in_process(game: Game) -> None:
    """Scoring Example: Lorenzo gets 3 (1 face-down card) + 1 (1 ticket) + 0 (no coins) + 4 (4
    symbols) + 4 (2 yellow) + 3 (3 purple) + 2 (1 blue-red pair) = 17 points."""
    loaded, diagnostics = load_content_file(LORENZO, "end-position")
    assert loaded is not None and diagnostics == []
    state, errors = state_from_position(game, loaded)
    assert state is not None and errors == []
    scores = state.scores()
    assert list(scores.breakdown[0].values()) == [3, 1, 0, 4, 4, 3, 2]
    assert list(scores.breakdown[0]) == [
        *STANDARD_LABELS,
        "Yellow cards",
        "Purple cards",
        "Blue-red pairs",
    ]
    assert scores.totals == (17, 17)
    assert scores.winners == (1,) and scores.decided_by == "more coins left"


def test_lorenzo_scores_17_through_the_command_line() -> None:
    """Scoring Example, through `toolkit score`: Lorenzo 17, Maria 17; equal face-down cards,
    so Maria's 3 coins left win her the tie."""
    completed = run_toolkit("score", "oh-my-park", str(LORENZO), "--format", "json")
    assert completed.returncode == 0, completed.stderr
    payload = json.loads(completed.stdout)
    lorenzo, maria = payload["players"]
    assert (lorenzo["name"], lorenzo["total"]) == ("Lorenzo", 17)
    assert list(lorenzo["breakdown"].values()) == [3, 1, 0, 4, 4, 3, 2]
    assert (maria["name"], maria["total"]) == ("Maria", 17)
    assert payload["winners"] == ["Maria"] and payload["decided_by"] == "more coins left"
    text = run_toolkit("score", "oh-my-park", str(LORENZO))
    assert text.returncode == 0
    assert "winner: Maria (tie broken: more coins left)" in text.stdout


# -- bad end positions -----------------------------------------------------------------------

POSITION = """\
kind: end-position
game: oh-my-park
slots:
  plan: [square]
  variable-scoring: ["variable-1:green"]
players:
  - name: Lorenzo
    grids:
      park:
        - "Y1  P3  Y6"
        - "##  P8  R9"
        - "B11 R12 P13"
    resources: {coins: 0}
  - name: Maria
    grids:
      park:
        - "R1 B2 Y3"
        - "B4 R5 B6"
        - "P7 ## Y9"
    resources: {coins: 3}
"""


def line_of(text: str, snippet: str) -> int:
    (number,) = [n for n, line in enumerate(text.splitlines(), 1) if snippet in line]
    return number


@pytest.mark.parametrize(
    ("old", "new", "at", "message"),
    [
        ('"B11 R12 P13"', '"B11 R12 P14"', '"B11 R12 P14"', "unknown card 'P14'"),
        ('"P7 ## Y9"', '"P7 ## R9"', '"P7 ## R9"', "'R9' is also in player 1"),
        ('"P7 ## Y9"', '"P10 ## Y9"', '"P10 ## Y9"', "breaks the ascending order"),
        ("  plan: [square]\n", "", "kind: end-position", "slot 'plan'"),
    ],
    ids=["unknown card", "card in two parks", "not ascending", "no plan"],
)
def test_score_reports_a_bad_park_with_file_and_line(
    tmp_path: Path, old: str, new: str, at: str, message: str
) -> None:
    """`toolkit score` checks a hand-written park against the game and exits 1 with
    file:line: diagnostics, never a traceback."""
    text = POSITION.replace(old, new)
    assert text != POSITION
    path = tmp_path / "end.yaml"
    path.write_text(text, encoding="utf-8")
    completed = run_toolkit("score", "oh-my-park", str(path))
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert re.search(rf"{re.escape(str(path))}:{line_of(text, at)}:\d+: error", completed.stderr), (
        completed.stderr
    )
    assert message in completed.stderr
