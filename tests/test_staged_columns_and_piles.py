"""Staged moves for a tableau of columns and piles by colour: a play that must `climb` within
the card's own column (`match: {among, climb}`), cards without a value only before the first
with one; a play whose destination the card's field picks (`to: {by, zones}`); a draw that may
not take back the card just moved (`take_back: false`); and their mistakes, named at their line
by `validate`. Played on the staged Lantern Routes of tests/games/."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit
from staged_replay import PAIRS, compiled, staged_meaning

from toolkit.engine.compiled import Game
from toolkit.kernel.state import State

MANIFEST = PAIRS["lantern-routes"][1]


@pytest.fixture(scope="module")
def game() -> Game:
    return compiled(MANIFEST)


def table(game: Game, hand: list[str], routes: list[str]) -> tuple[State, int]:
    """A new game whose first player holds `hand` and has laid `routes`, to play now."""
    state = game.new_state(3, 2)
    player = state.to_move()[0]
    ids = game.deck.ids
    state.zones[game.zone("hand").index][player] = [ids.index(card) for card in hand]
    state.zones[game.zone("routes").index][player] = [ids.index(card) for card in routes]
    return state, player


def offered(game: Game, state: State, player: int) -> set[tuple[str, str]]:
    ids = game.deck.ids
    found = set()
    for action in game.mechanic.legal_actions(state, player):
        meaning = staged_meaning(game, action)
        found.add((ids[meaning[1]], meaning[2]) if meaning[0] == "play" else meaning)
    return found


def test_a_card_climbs_its_own_column_and_pledges_go_before_the_first_lantern(
    game: Game,
) -> None:
    hand = ["amber-5", "amber-3", "amber-pledge-1", "jade-3", "jade-9", "ivory-2"]
    hand += ["cobalt-pledge-1", "crimson-4"]
    routes = ["amber-pledge-2", "amber-4", "jade-7", "cobalt-pledge-2", "crimson-4"]
    state, player = table(game, hand, [])
    state.zones[game.zone("routes").index][player] = [game.deck.ids.index(c) for c in routes]
    placed = {card for card, zone in offered(game, state, player) if zone == "routes"}
    # amber-5 climbs on amber-4, jade-9 on jade-7; ivory-2 opens an empty column; a pledge
    # joins a column of pledges; crimson-4 equals its column's top (climbing allows equal).
    assert placed == {"amber-5", "jade-9", "ivory-2", "cobalt-pledge-1", "crimson-4"}


def test_each_card_goes_to_the_pile_of_its_colour(game: Game) -> None:
    state, player = table(game, ["amber-5", "jade-pledge-1", "ivory-10"], [])
    left = {(card, zone) for card, zone in offered(game, state, player) if zone != "routes"}
    assert left == {
        ("amber-5", "waystone-amber"),
        ("jade-pledge-1", "waystone-jade"),
        ("ivory-10", "waystone-ivory"),
    }


def test_the_card_just_left_on_a_waystone_cannot_be_taken_back(game: Game) -> None:
    state, player = table(game, ["amber-5", "jade-6"], [])
    ids = game.deck.ids
    state.shared[game.zone("waystone-jade").index] = [ids.index("jade-2")]
    discard = next(
        a
        for a in game.mechanic.legal_actions(state, player)
        if staged_meaning(game, a) == ("play", ids.index("amber-5"), "waystone-amber")
    )
    state.apply(player, discard)
    assert offered(game, state, player) == {("draw", "stack"), ("draw", "waystone-jade")}
    # Once another move is made, the card on the waystone may be taken like any other.
    state.apply(player, game.mechanic.legal_actions(state, player)[0])  # draw from the stack
    other = state.to_move()[0]
    state.zones[game.zone("hand").index][other] = [ids.index("jade-6")]
    jade = next(
        a for a in game.mechanic.legal_actions(state, other) if staged_meaning(game, a)[0] == "play"
    )
    state.apply(other, jade)
    assert ("draw", "waystone-amber") in offered(game, state, other)


def test_a_descending_strict_climb_refuses_equal_and_higher_cards(tmp_path: Path) -> None:
    manifest = copy_game(tmp_path)
    edit(
        manifest,
        "climb: {field: value}",
        "climb: {field: value, direction: descending, strict: true}",
    )
    game = compiled(manifest)
    state, player = table(game, ["amber-9", "amber-7", "amber-6", "amber-pledge-1"], [])
    state.zones[game.zone("routes").index][player] = [game.deck.ids.index("amber-7")]
    placed = {card for card, zone in offered(game, state, player) if zone == "routes"}
    assert placed == {"amber-6"}


def copy_game(tmp_path: Path) -> Path:
    shutil.copytree(MANIFEST.parent.parent, tmp_path / "game")
    return tmp_path / "game" / "rules" / MANIFEST.name


def edit(manifest: Path, old: str, new: str) -> int:
    """Replace `old` by `new`; the line it is on."""
    text = manifest.read_text(encoding="utf-8")
    assert old in text, old
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ("among: colour", "among: colur", "'colur'"),
        ("climb: {field: value}", "climb: {field: valu}", "'valu'"),
        ("by: colour", "by: color", "'color'"),
        ("jade: waystone-jade", "jade: waystone-jad", "'waystone-jad'"),
        ("jade: waystone-jade", "jde: waystone-jade", "'jde'"),
    ],
)
def test_a_misspelt_column_field_or_pile_is_named_at_its_line(
    tmp_path: Path, old: str, new: str, named: str
) -> None:
    manifest = copy_game(tmp_path)
    line = edit(manifest, old, new)
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    output = result.stdout + result.stderr
    assert f"{manifest.name}:{line}:" in output
    assert named in output
    assert "did you mean" in output.lower() or "expected one of" in output.lower()
