"""Bots on staged games: greedy, ISMCTS and a priority strategy by move kind play them to the
end, and the search bots' determinisation deals anew exactly what the observer cannot see:
other players' hidden hands, the observer's own face-down cards, the others' hidden picks."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from entry_point import run_toolkit
from staged_replay import compiled

from toolkit.engine.compiled import Game
from toolkit.engine.position_load import state_from_text
from toolkit.kernel.state import State

ROOT = Path(__file__).resolve().parent.parent
ORCHARD = ROOT / "tests" / "games" / "staged-orchard" / "rules" / "staged-orchard.yaml"
CINDER = ROOT / "tests" / "games" / "staged-cinder-tricks" / "rules" / "staged-cinder-tricks.yaml"

STRATEGY = """\
kind: strategies
strategies:
  - id: shaker
    name: Shaker
    description: Plays when it can, shakes the branch, draws only as a last resort.
    fallback: random
    rules:
      - prefer: move
        moves: [play, stop, take, flip, draw]
        then: [{prefer: highest_field, field: points}]
        label: play the most valuable fruit, else take, flip or draw
"""


@pytest.mark.parametrize(
    ("manifest", "bots"),
    [
        (ORCHARD, "greedy,ismcts:8,random"),
        (CINDER, "ismcts:4,greedy,greedy"),
        (ROOT / "rules" / "kite-festival.yaml", "unloader,greedy"),
    ],
    ids=["orchard", "cinder", "kite"],
)
def test_search_greedy_and_strategy_bots_play_staged_games_to_the_end(
    manifest: Path, bots: str
) -> None:
    players = str(len(bots.split(",")))
    result = run_toolkit(
        "simulate", manifest, "--games", "2", "--players", players, "--bots", bots, "--seed", "3"
    )
    assert result.returncode == 0, result.stderr
    assert "2 games" in result.stdout and "stopped" not in result.stdout


def test_a_priority_strategy_names_staged_moves_by_their_kind(tmp_path: Path) -> None:
    toy = tmp_path / "staged-orchard"
    shutil.copytree(ORCHARD.parent.parent, toy)
    manifest = toy / "rules" / "staged-orchard.yaml"
    (toy / "cards" / "staged-orchard" / "strategies.yaml").write_text(STRATEGY)
    text = manifest.read_text().replace(
        "resources:\n", "strategies: ../cards/staged-orchard/strategies.yaml\n\nresources:\n", 1
    )
    manifest.write_text(text)
    result = run_toolkit(
        "simulate", manifest, "--games", "4", "--players", "2", "--bots", "shaker,random"
    )
    assert result.returncode == 0, result.stderr
    assert "shaker" in result.stdout and "4 games" in result.stdout


# -- determinisation -------------------------------------------------------------------------


@pytest.fixture(scope="module")
def orchard() -> Game:
    return compiled(ORCHARD)


def ids(state: State, zone: str, seat: int) -> list[str]:
    return [state.game.deck.ids[c] for c in state.zones[state.game.zone(zone).index][seat]]


def held(state: State) -> Counter[int]:
    found = Counter(c for zone in state.zones for cards in zone for c in cards)
    found.update(c for cards in state.shared for c in cards)
    found.update(c for cards in state.mech.picks for c in cards)
    found.update(state.out_of_play)
    return found


def test_determinisation_deals_anew_what_the_observer_cannot_see(orchard: Game) -> None:
    text = """\
kind: position
game: staged-orchard
to_move: [1]
players:
  - {name: A, zones: {hand: [red-2, gold-4], stash: [star-1]}}
  - {name: B, zones: {hand: [green-3, green-4, red-4], stash: [star-2]}}
shared: {cart: [red-1], market: [gold-6], deck: [red-5, red-6, green-5, green-6, gold-5]}
unseen: []
play:
  at: round/10/turn/0
  known: [[], [red-4]]
"""
    state = state_from_text(orchard, text)
    rng = random.Random(5)
    crate: Counter[str] = Counter()
    other: Counter[str] = Counter()
    for _ in range(200):
        copy = orchard.mechanic.determinize(state, 0, rng)
        assert ids(copy, "hand", 0) == ["red-2", "gold-4"]  # the observer's own hand stays
        assert [orchard.deck.ids[c] for c in copy.shared[orchard.zone("cart").index]] == ["red-1"]
        crate.update(ids(copy, "stash", 0))
        theirs = ids(copy, "hand", 1)
        assert "red-4" in theirs  # everyone saw it taken from the stall: it stays known
        other.update(card for card in theirs if card != "red-4")
        assert held(copy) == held(state)
    # the observer's own face-down crate: any unseen card, not the one truly there
    assert crate["star-1"] < 60 and len(crate) >= 6
    # the rest of the other hand: drawn from the unseen cards, not the true ones every time
    assert other["green-3"] < 120 and len(other) >= 6


def test_determinisation_keeps_the_observers_own_pick_and_hides_the_others(orchard: Game) -> None:
    text = """\
kind: position
game: staged-orchard
to_move: [3]
players:
  - {name: A, zones: {hand: [red-2, gold-4]}}
  - {name: B, zones: {hand: [green-3, green-4]}}
  - {name: C, zones: {hand: [gold-1, gold-2, gold-3]}}
shared: {cart: [red-1], deck: [red-5, red-6, green-5, green-6, gold-5]}
unseen: []
play:
  at: round/4
  picks: [[red-3], [green-2], []]
"""
    state = state_from_text(orchard, text)
    rng = random.Random(9)
    seen: Counter[str] = Counter()
    for _ in range(200):
        copy = orchard.mechanic.determinize(state, 0, rng)
        mech = copy.mech
        assert [orchard.deck.ids[c] for c in mech.picks[0]] == ["red-3"]  # my own pick
        (theirs,) = mech.picks[1]
        seen[orchard.deck.ids[theirs]] += 1
        assert ids(copy, "hand", 0) == ["red-2", "gold-4"]
        assert held(copy) == held(state)
    assert seen["green-2"] < 60 and len(seen) >= 6
