"""Firefly Jars, one built scenario per rule, with exact expectations.

Each test starts a seeded game, stacks the meadow (its top card is the last of the list),
plays a few actions and checks the exact outcome. The rules are those of
`rules/firefly-jars.yaml`; the staged mechanic's corner cases are decided in the docstring of
`toolkit/mechanics/staged/machine.py`.
"""

from __future__ import annotations

import shutil
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
from toolkit.mechanics.staged.events import CardsMoved, Stopped

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "firefly-jars.yaml"))
    return compiled


def cards(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def meadow(game: Game, state: State, top_last: Sequence[str]) -> None:
    """Stack the meadow with these fireflies (the last one on top); the rest leave play."""
    stacked = [game.deck.index(card) for card in top_last]
    state.shared[game.zone("meadow").index] = stacked
    state.out_of_play = [c for c in range(game.deck.size) if c not in stacked]


def shelves(game: Game, state: State, per_player: Sequence[Sequence[str]]) -> None:
    for player, kept in enumerate(per_player):
        state.zones[game.zone("shelf").index][player] = [game.deck.index(c) for c in kept]


def move(game: Game, kind: str) -> int:
    """The action of the move template of this kind (`draw` or `stop`)."""
    rule = next(r for r in game.mechanic.codec.rules if r.kind == kind)
    return rule.base


def catch(game: Game) -> int:
    return move(game, "draw")


def stop(game: Game) -> int:
    return move(game, "stop")


# -- setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 5])
def test_every_firefly_is_shuffled_into_the_meadow_and_nobody_holds_any(
    game: Game, players: int
) -> None:
    state = game.new_state(3, players)
    assert len(state.shared[game.zone("meadow").index]) == 42
    assert sorted(state.shared[game.zone("meadow").index]) == list(range(42))
    for zone in ("jar", "shelf"):
        assert state.zones[game.zone(zone).index] == [[] for _ in range(players)]
    assert state.to_move() == (state.first_player,)
    assert state.observation(1)["zones"]["meadow"] == 42  # face down: a count


# -- catching --------------------------------------------------------------------------------


def test_a_turn_begins_with_a_catch_stopping_needs_a_firefly_in_the_jar(game: Game) -> None:
    state = start(game)
    assert state.legal_actions(0) == [catch(game)]


def test_a_catch_takes_the_top_firefly_of_the_meadow_into_the_jar(game: Game) -> None:
    state = start(game)
    meadow(game, state, ["rose-1", "lime-2", "amber-5"])
    state.apply(0, catch(game))
    assert cards(game, state, "jar") == ["amber-5"]
    assert cards(game, state, "meadow") == ["rose-1", "lime-2"]
    assert sorted(state.legal_actions(0)) == sorted([catch(game), stop(game)])
    state.apply(0, catch(game))
    assert cards(game, state, "jar") == ["amber-5", "lime-2"]
    assert state.to_move() == (0,)


def test_stopping_sets_the_jar_on_the_shelf_and_the_next_player_catches(game: Game) -> None:
    state = start(game)
    meadow(game, state, ["rose-1", "lime-2", "amber-5"])
    state.apply(0, catch(game))
    state.apply(0, catch(game))
    state.apply(0, stop(game))
    assert cards(game, state, "jar") == []
    assert cards(game, state, "shelf") == ["amber-5", "lime-2"]
    assert state.to_move() == (1,)
    assert state.legal_actions(1) == [catch(game)]
    assert Stopped(0) in state.log


def test_a_second_firefly_of_a_glow_pops_the_lid_and_ends_the_turn(game: Game) -> None:
    state = start(game)
    shelves(game, state, [["pearl-3"], []])
    meadow(game, state, ["rose-1", "amber-2", "lime-4", "amber-6"])
    for _ in range(3):
        state.apply(0, catch(game))
    assert cards(game, state, "jar") == []
    assert cards(game, state, "sky") == ["amber-6", "lime-4", "amber-2"]
    assert cards(game, state, "shelf") == ["pearl-3"]  # what was shelved before stays
    assert state.to_move() == (1,)
    escaped = [e for e in state.log if isinstance(e, CardsMoved) and e.target == "sky"]
    assert len(escaped) == 1 and escaped[0].player == -1


def test_fireflies_of_different_glows_never_pop_the_lid(game: Game) -> None:
    state = start(game)
    glows = ["amber-1", "lime-1", "azure-1", "violet-1", "rose-1", "pearl-1"]
    meadow(game, state, ["amber-7", *glows])
    for _ in range(6):
        state.apply(0, catch(game))
    assert len(cards(game, state, "jar")) == 6
    state.apply(0, catch(game))  # the seventh repeats a glow: all seven escape
    assert cards(game, state, "jar") == []
    assert len(cards(game, state, "sky")) == 7


# -- the end ---------------------------------------------------------------------------------


def test_the_last_catch_sets_the_jar_on_the_shelf_and_ends_the_game(game: Game) -> None:
    state = start(game)
    meadow(game, state, ["rose-1", "lime-2"])
    state.apply(0, catch(game))
    state.apply(0, catch(game))
    assert state.terminal
    assert cards(game, state, "shelf") == ["lime-2", "rose-1"]
    assert state.log[-1] is GAME_ENDED


def test_a_pop_on_the_last_firefly_ends_the_game_with_nothing_shelved(game: Game) -> None:
    state = start(game)
    meadow(game, state, ["lime-5", "lime-2"])
    state.apply(0, catch(game))
    state.apply(0, catch(game))
    assert state.terminal
    assert cards(game, state, "shelf") == []
    assert cards(game, state, "sky") == ["lime-2", "lime-5"]


def test_a_stop_that_leaves_the_meadow_empty_ends_the_game(game: Game) -> None:
    state = start(game)
    meadow(game, state, ["rose-1", "lime-2", "amber-5"])
    state.apply(0, catch(game))
    state.apply(0, stop(game))
    assert not state.terminal
    state.apply(1, catch(game))
    state.apply(1, stop(game))
    assert not state.terminal
    state.apply(0, catch(game))
    assert state.terminal  # the meadow ran out in the middle of the turn


# -- scoring ---------------------------------------------------------------------------------


def test_a_shelf_scores_its_brightness_and_six_per_rainbow(game: Game) -> None:
    state = start(game)
    rainbow = ["amber-1", "lime-2", "azure-3", "violet-4", "rose-5", "pearl-6"]
    shelves(game, state, [[*rainbow, "amber-7"], ["amber-2", "amber-3", "lime-7"]])
    scores = game.score(state)
    assert scores.breakdown[0] == {"Fireflies on the shelf": 28, "Rainbows": 6}
    assert scores.breakdown[1] == {"Fireflies on the shelf": 12, "Rainbows": 0}
    assert scores.totals == (34, 12)
    assert scores.winners == (0,)


def test_two_rainbows_need_two_of_every_glow(game: Game) -> None:
    state = start(game)
    one_each = ["amber-1", "lime-1", "azure-1", "violet-1", "rose-1", "pearl-1"]
    again = ["amber-2", "lime-2", "azure-2", "violet-2", "rose-2"]
    shelves(game, state, [[*one_each, *again, "pearl-2"], [*one_each, *again]])
    scores = game.score(state)
    assert scores.breakdown[0]["Rainbows"] == 12
    assert scores.breakdown[1]["Rainbows"] == 6


def test_a_tie_goes_to_the_catcher_with_more_fireflies(game: Game) -> None:
    state = start(game)
    shelves(game, state, [["amber-7"], ["lime-3", "rose-4"]])
    scores = game.score(state)
    assert scores.totals == (7, 7)
    assert scores.winners == (1,)
    assert scores.decided_by == "more fireflies kept"


# -- bots and words --------------------------------------------------------------------------


@pytest.mark.parametrize(("strategy", "stops_at"), [("steady", 2), ("daring", 4)])
def test_a_strategy_stops_at_its_count(game: Game, strategy: str, stops_at: int) -> None:
    state = start(game)
    meadow(game, state, ["pearl-1", "rose-1", "violet-1", "azure-1", "lime-1", "amber-1"])
    bot = make_bot(strategy, 0, game)
    for _ in range(stops_at):
        assert bot.choose(state, 0) == catch(game)
        state.apply(0, catch(game))
    assert bot.choose(state, 0) == stop(game)


def test_the_reference_reads_the_stages_own_words() -> None:
    from toolkit.content.project import load_game
    from toolkit.pnp.describe import Describer
    from toolkit.pnp.reference import reference_context

    content, _ = load_game(ROOT / "rules" / "firefly-jars.yaml")
    assert content is not None
    context = reference_context(content, Describer(content, lambda icon: False))
    assert context["turn_lines"] == [
        "Shuffle every firefly into the meadow, face down.",
        "Catchers take turns in order, starting with the first catcher, until the meadow is "
        "empty. On your turn:",
        "  Catch fireflies one at a time, for as long as you dare and the meadow lasts:",
        "    Each time, choose one:",
        "      - catch the top firefly of the meadow into your jar",
        "        If two fireflies in your jar share a glow, the lid pops:",
        "          every firefly in your jar escapes to the night sky ...",
        "          ... and your turn is over.",
        "      - stop, and keep what you caught",
        "  Set the fireflies in your jar on your shelf; they are yours to the end.",
    ]
    assert [step["label"] for step in context["scoring"]] == [
        "Fireflies on the shelf",
        "Rainbows",
    ]


def copy_game(tmp_path: Path) -> Path:
    """The game's files in a project of their own; returns its strategies file."""
    (tmp_path / "rules").mkdir()
    shutil.copy(ROOT / "rules" / "firefly-jars.yaml", tmp_path / "rules")
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "firefly-jars", tmp_path / part / "firefly-jars")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    return tmp_path / "cards" / "firefly-jars" / "strategies.yaml"


def test_a_strategy_naming_a_move_the_game_lacks_is_a_positioned_error(tmp_path: Path) -> None:
    strategies = copy_game(tmp_path)
    strategies.write_text(
        strategies.read_text(encoding="utf-8").replace("moves: [stop]", "moves: [stpo]", 1),
        encoding="utf-8",
    )
    result = run_toolkit("validate", "firefly-jars", cwd=tmp_path)
    assert result.returncode == 1
    assert "cards/firefly-jars/strategies.yaml:13:" in result.stdout
    assert "unknown decision 'stpo'" in result.stdout
    assert "did you mean 'stop'?" in result.stdout


def test_a_card_preference_on_a_move_without_a_card_is_a_positioned_error(
    tmp_path: Path,
) -> None:
    strategies = copy_game(tmp_path)
    strategies.write_text(
        strategies.read_text(encoding="utf-8").replace(
            "prefer: move\n        moves: [draw]",
            "prefer: highest_field\n        field: brightness",
            1,
        ),
        encoding="utf-8",
    )
    result = run_toolkit("validate", "firefly-jars", cwd=tmp_path)
    assert result.returncode == 1
    assert "cards/firefly-jars/strategies.yaml:16:17:" in result.stdout
    assert (
        "'highest_field' chooses among decisions about a card, which firefly-jars never asks for"
        in result.stdout
    )
    assert "its decisions: draw, stop" in result.stdout


def test_print_makes_every_firefly_and_a_reference_of_the_stages(tmp_path: Path) -> None:
    from pypdf import PdfReader

    out = tmp_path / "fireflies.pdf"
    result = run_toolkit("print", "firefly-jars", "--out", out)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "12 pages, 42 cards" in result.stdout
    reference = PdfReader(out).pages[10].extract_text()
    assert "catch the top firefly of the meadow into your" in reference
    assert "If two fireflies in your jar share a glow" in reference


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("stage: deal", "a deal needs 'to'"),
        ("stage: deal\n      rest: meadow\n      count: 2", "'count' is the cards dealt"),
    ],
)
def test_a_deal_to_nobody_needs_a_pile_and_no_count(
    tmp_path: Path, deal: str, message: str
) -> None:
    copy_game(tmp_path)
    manifest = tmp_path / "rules" / "firefly-jars.yaml"
    text = manifest.read_text(encoding="utf-8")
    written = "stage: deal\n      rest: meadow\n      says: Shuffle every firefly"
    assert written in text
    manifest.write_text(
        text.replace(written, deal + "\n      says: Shuffle every firefly"), encoding="utf-8"
    )
    result = run_toolkit("validate", "firefly-jars", cwd=tmp_path)
    assert result.returncode == 1
    line = text[: text.index(written)].count("\n") + 1
    assert f"rules/firefly-jars.yaml:{line}:" in result.stdout
    assert message in result.stdout
