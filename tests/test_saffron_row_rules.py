"""Saffron Row, one built scenario per rule, with exact expectations.

Each test starts a seeded game, lays out the market row and stacks the bales (their top card
is the last of the list), plays a few actions and checks the exact outcome. The rules are
those of `rules/saffron-row.yaml`; the staged mechanic's corner cases are decided in the
docstring of `toolkit/mechanics/staged/machine.py`.
"""

from __future__ import annotations

import json
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
from toolkit.record.narration import Narrator

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "saffron-row.yaml"))
    return compiled


def ids(game: Game, names: Sequence[str]) -> list[int]:
    return [game.deck.index(card) for card in names]


def cards(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def market(
    game: Game,
    state: State,
    *,
    row: Sequence[str],
    bales: Sequence[str],
    wares: Sequence[Sequence[str]] = ((), ()),
) -> None:
    """Lay out this row, these bales (the last on top) and these wares; the rest leave play."""
    state.shared[game.zone("row").index] = ids(game, row)
    state.shared[game.zone("bales").index] = ids(game, bales)
    for player, held in enumerate(wares):
        state.zones[game.zone("wares").index][player] = ids(game, held)
    placed = set(ids(game, [*row, *bales, *(c for held in wares for c in held)]))
    state.out_of_play = [c for c in range(game.deck.size) if c not in placed]


def buy(game: Game, card: str) -> int:
    rule = next(r for r in game.mechanic.codec.rules if r.kind == "take")
    return rule.base + game.deck.index(card)


def bales(game: Game) -> int:
    return next(r for r in game.mechanic.codec.rules if r.kind == "draw").base


ROW = ["tea-4", "silk-2", "copper-9", "indigo-5", "saffron-1"]


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_two_wares_each_five_on_the_row_and_the_rest_are_the_bales(
    game: Game, players: int
) -> None:
    state = game.new_state(4, players)
    assert [len(held) for held in state.zones[game.zone("wares").index]] == [2] * players
    assert len(state.shared[game.zone("row").index]) == 5
    assert len(state.shared[game.zone("bales").index]) == 45 - 2 * players - 5
    seen = state.observation(1)["zones"]
    assert seen["bales"] == 45 - 2 * players - 5  # face down: a count
    assert len(seen["row"]) == 5  # face up


# -- a turn ----------------------------------------------------------------------------------


def test_a_turn_is_one_ware_from_the_row_or_two_bales(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1", "tea-2", "tea-3"])
    assert sorted(state.legal_actions(0)) == sorted(
        [*(buy(game, card) for card in ROW), bales(game)]
    )
    assert state.legal_actions(1) == []


def test_a_ware_bought_from_the_row_is_replaced_at_once_from_the_bales(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1", "tea-2", "tea-3"])
    state.apply(0, buy(game, "copper-9"))
    assert cards(game, state, "wares") == ["copper-9"]
    assert cards(game, state, "row") == ["tea-4", "silk-2", "indigo-5", "saffron-1", "tea-3"]
    assert cards(game, state, "bales") == ["tea-1", "tea-2"]
    assert state.to_move() == (1,)


def test_two_bales_go_to_your_wares_unseen_and_the_row_stays(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1", "tea-2", "tea-3"])
    state.apply(0, bales(game))
    assert cards(game, state, "wares") == ["tea-3", "tea-2"]
    assert cards(game, state, "row") == ROW
    assert cards(game, state, "bales") == ["tea-1"]
    assert state.observation(1)["zones"]["wares"][0] == 2  # the other merchant sees a count


def test_what_was_bought_in_the_open_stays_known_what_was_drawn_does_not(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1", "tea-2", "tea-3", "silk-7", "silk-8"])
    state.apply(0, buy(game, "copper-9"))
    state.apply(1, bales(game))
    state.apply(0, bales(game))
    assert game.mechanic.public_in_hand(state, 0) == ids(game, ["copper-9"])
    assert list(game.mechanic.public_in_hand(state, 1)) == []
    lines = list(Narrator(game).events(state.log, viewer=1))
    assert any("player 1 moves Copper 9 from the market row" in line for line in lines)
    assert not any("Tea 2" in line for line in lines)  # player 1's bales, unseen by player 2


# -- the end ---------------------------------------------------------------------------------


def test_the_bazaar_closes_at_the_end_of_the_turn_that_empties_the_bales(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1", "tea-2"])
    state.apply(0, buy(game, "tea-4"))
    assert not state.terminal
    state.apply(1, bales(game))
    assert state.terminal
    assert state.log[-1] is GAME_ENDED
    assert cards(game, state, "wares", 1) == ["tea-1"]


def test_the_last_bale_refills_the_row_and_closes_the_bazaar(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1"])
    state.apply(0, buy(game, "silk-2"))
    assert state.terminal
    assert cards(game, state, "row") == ["tea-4", "copper-9", "indigo-5", "saffron-1", "tea-1"]


def test_one_bale_left_is_all_a_merchant_draws(game: Game) -> None:
    state = start(game)
    market(game, state, row=ROW, bales=["tea-1"])
    state.apply(0, bales(game))
    assert cards(game, state, "wares") == ["tea-1"]
    assert state.terminal


# -- scoring ---------------------------------------------------------------------------------


def test_one_of_each_good_is_a_full_caravan_worth_ten(game: Game) -> None:
    state = start(game)
    full = ["saffron-1", "indigo-9", "tea-4", "silk-6", "copper-2"]
    market(game, state, row=[], bales=[], wares=[[*full, "tea-8"], full[:4]])
    scores = game.score(state)
    assert scores.breakdown[0] == {"Full caravans": 10, "Longest run": 0}
    assert scores.breakdown[1] == {"Full caravans": 0, "Longest run": 0}


def test_the_longest_run_of_one_good_scores_three_per_ware(game: Game) -> None:
    state = start(game)
    mine = ["silk-3", "silk-4", "silk-5", "silk-6", "tea-1", "tea-2", "tea-3"]
    theirs = ["indigo-3", "tea-4", "copper-5"]  # grades in a row, goods mixed
    market(game, state, row=[], bales=[], wares=[mine, theirs])
    scores = game.score(state)
    assert scores.breakdown[0]["Longest run"] == 12  # the four silks, not also the teas
    assert scores.breakdown[1]["Longest run"] == 0


def test_a_run_of_two_scores_nothing(game: Game) -> None:
    state = start(game)
    market(game, state, row=[], bales=[], wares=[["indigo-7", "indigo-8"], []])
    assert game.score(state).breakdown[0]["Longest run"] == 0


def test_a_tie_goes_to_the_merchant_with_more_wares(game: Game) -> None:
    state = start(game)
    market(game, state, row=[], bales=[], wares=[["tea-1"], ["tea-2", "silk-4"]])
    scores = game.score(state)
    assert scores.totals == (0, 0)
    assert scores.winners == (1,)
    assert scores.decided_by == "more wares"


# -- bots and words --------------------------------------------------------------------------


def test_the_outfitter_buys_the_good_it_lacks_at_its_lowest_grade(game: Game) -> None:
    state = start(game)
    market(
        game,
        state,
        row=["tea-4", "silk-2", "copper-9", "copper-3", "tea-1"],
        bales=["saffron-5", "saffron-6"],
        wares=[["tea-7", "silk-1", "saffron-2", "indigo-3"], []],
    )
    assert make_bot("outfitter", 0, game).choose(state, 0) == buy(game, "copper-3")


def test_the_reference_reads_the_stages_own_words() -> None:
    from toolkit.content.project import load_game
    from toolkit.pnp.describe import Describer
    from toolkit.pnp.reference import reference_context

    content, _ = load_game(ROOT / "rules" / "saffron-row.yaml")
    assert content is not None
    context = reference_context(content, Describer(content, lambda icon: False))
    assert context["turn_lines"] == [
        "Shuffle the wares and deal 2 to each merchant, face down; the rest are the bales.",
        "Lay five bales open in a line: the market row.",
        "Merchants take turns in order, starting with the first merchant, until the bales run "
        "out. On your turn:",
        "  Choose one:",
        "    - buy one ware from the market row ...",
        "      ... and refill the row from the bales at once",
        "    - or take the top two bales, unseen",
    ]


def test_print_makes_every_ware_and_a_reference_of_the_stages(tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "wares.pdf"
    result = run_toolkit("print", "saffron-row", "--out", out)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "12 pages, 45 cards" in result.stdout
    reference = PdfReader(out).pages[10].extract_text()
    assert "buy one ware from the market row" in reference
    assert "or take the top two bales, unseen" in reference


def test_wares_bought_from_the_row_count_in_the_card_usage_statistics() -> None:
    result = run_toolkit(
        "simulate", "saffron-row", "--games", "4", "--bots", "outfitter", "--format", "json"
    )
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["cards"]["row"]
    assert sum(row["games_on_display"] for row in rows) == 4 * 5  # the opening rows
    assert any(row["acquire_rate"] > 0 for row in rows)
    assert all(row["mean_turn"] is not None for row in rows if row["acquire_rate"] > 0)
