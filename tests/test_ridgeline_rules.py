"""Ridgeline, one scenario per rule of its description (`rules/ridgeline.yaml`).

Staged games have no position files yet, so each scenario is found by playing seeded random
moves through the public State API (`legal_actions`/`apply`) until the rule's situation comes
up (a lead, a pair to beat, everyone else passed ...), then checking what follows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import CardsMoved, FinishedPlace, PassedTurn

ROOT = Path(__file__).resolve().parent.parent
SEEDS = range(6)
PLAYERS = 4


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "ridgeline.yaml"))
    return compiled


def height(game: Game, card: int) -> int:
    value = game.tables["deck"].fields["height"][card]
    assert isinstance(value, int)
    return value


def zone(game: Game, state: State, name: str, player: int = 0) -> list[int]:
    spec = game.zone(name)
    return state.shared[spec.index] if spec.shared else state.zones[spec.index][player]


def words(game: Game, state: State, action: int) -> str:
    return game.mechanic.describe_action(state, action)


def card(game: Game, state: State, action: int) -> int:
    return game.mechanic.bot_option(state, action).card


def positions(game: Game) -> Iterator[tuple[State, int, list[int]]]:
    """Every decision of seeded random games: the state, the player to move, their actions."""
    for seed in SEEDS:
        state = game.new_state(seed, PLAYERS)
        rng = random.Random(seed)
        while not state.terminal:
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            yield state, player, actions
            state.apply(player, rng.choice(actions))


def last_play(state: State, game: Game) -> tuple[int, ...]:
    for event in reversed(state.log):
        if isinstance(event, CardsMoved) and event.target == "ridge":
            return event.cards
    raise AssertionError("nothing on the ridge")


def test_a_lead_is_any_single_pair_or_triple_of_one_height(game: Game) -> None:
    leads = 0
    for state, player, actions in positions(game):
        if zone(game, state, "ridge") or state.mech.building:
            continue
        hand = zone(game, state, "hand", player)
        assert sorted(card(game, state, a) for a in actions) == sorted(hand)  # no pass
        clone = state.clone()
        first = actions[0]
        clone.apply(player, first)
        chosen = card(game, state, first)
        for size in (2, 3):
            more = [a for a in clone.legal_actions(player) if card(game, clone, a) >= 0]
            assert all(height(game, card(game, clone, a)) == height(game, chosen) for a in more)
            options = [words(game, clone, a) for a in clone.legal_actions(player)]
            assert "play the cards chosen" in options
            if not more:
                break
            clone.apply(player, more[0])
            if size == 3:  # a third peak is the most: the triple goes out at once
                assert clone.mech.building == []
                assert len(last_play(clone, game)) == 3
        leads += 1
    assert leads > 20


def test_a_play_beats_the_last_with_as_many_higher_peaks_or_passes(game: Game) -> None:
    checked = 0
    for state, player, actions in positions(game):
        if not zone(game, state, "ridge") or state.mech.building:
            continue
        last = last_play(state, game)
        floor = height(game, last[0])
        held = Counter(height(game, c) for c in zone(game, state, "hand", player))
        offered = {card(game, state, a) for a in actions} - {-1}
        expected = {
            c
            for c in zone(game, state, "hand", player)
            if height(game, c) > floor and held[height(game, c)] >= len(last)
        }
        assert offered == expected
        assert "pass" in [words(game, state, a) for a in actions]
        if offered and len(last) > 1:
            clone = state.clone()
            clone.apply(player, min(a for a in actions if card(game, state, a) >= 0))
            while clone.mech.building:
                options = clone.legal_actions(player)
                # the set must reach the last play's size before it can be played
                done = [a for a in options if words(game, clone, a) == "play the cards chosen"]
                assert bool(done) == (len(clone.mech.building) == len(last))
                clone.apply(player, done[0] if done else options[0])
            assert len(last_play(clone, game)) == len(last)
            checked += 1
    assert checked > 5


def test_a_climber_who_passed_sits_out_the_climb(game: Game) -> None:
    checked = 0
    for state, player, _ in positions(game):
        if state.mech.passed[player]:
            raise AssertionError(f"player {player} moved after passing in this climb")
        checked += 1
    assert checked > 100


def test_when_all_others_pass_the_last_to_play_clears_the_ridge_and_leads(game: Game) -> None:
    cleared = 0
    for state, player, actions in positions(game):
        passes = [a for a in actions if words(game, state, a) == "pass"]
        if not passes:
            continue
        still_in = [
            p
            for p in range(PLAYERS)
            if not state.mech.finished[p] and not state.mech.passed[p] and p != player
        ]
        last_mover = state.mech.last_mover
        if still_in != [last_mover]:
            continue
        clone = state.clone()
        seen = len(clone.log)
        clone.apply(player, passes[0])
        assert PassedTurn(player) in clone.log[seen:]
        assert zone(game, clone, "ridge") == []
        if not clone.terminal:
            assert clone.to_move() == (last_mover,)
            assert "pass" not in [words(game, clone, a) for a in clone.legal_actions(last_mover)]
        cleared += 1
    assert cleared > 10


def test_the_finishing_order_ranks_the_climbers(game: Game) -> None:
    for seed in SEEDS:
        state = game.new_state(seed, PLAYERS)
        rng = random.Random(seed)
        while not state.terminal:
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        places = {e.player: e.place for e in state.log if isinstance(e, FinishedPlace)}
        assert sorted(places.values()) == [1, 2, 3]
        last = next(p for p in range(PLAYERS) if p not in places)
        assert zone(game, state, "hand", last)
        points = {1: 5, 2: 3, 3: 2}
        assert list(state.scores().totals) == [points.get(places.get(p, 0), 0) for p in range(4)]
        assert state.scores().winners == (next(p for p, place in places.items() if place == 1),)
