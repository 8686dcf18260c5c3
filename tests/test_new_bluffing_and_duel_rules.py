"""The games `toolkit new --family bluffing` and `--family duel` write play the rules their
descriptions state, checked move by move over seeded random games through the State API:
a crate broken open goes with the whole stack to the smuggler when it is contraband and to the
one who opened it when honest; a last crate is never let by; a power strikes a chosen keeper
who is not veiled: a changeling trades the two spirits, a ghost snuffs the dimmer of two and
puts its keeper out, a wisp that names the spirit held puts its keeper out; the Dawn Star
snuffs its own keeper's spirit and puts them out; the round's lantern goes to the keeper of
the brightest spirit still kept."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import RoundEnded
from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import Asked, Awarded, CardsMoved
from toolkit.mechanics.staged.target_events import PlayerOut
from toolkit.scaffold import new_game

SEEDS = range(1, 7)


def made(tmp_path: Path, family: str) -> Game:
    new_game(tmp_path, "starter", family)
    _, game = load_compiled_game(str(tmp_path / "rules" / "starter.yaml"))
    return game


def steps(game: Game) -> Iterator[tuple[State, int, str, list[object]]]:
    """Every random move of seeded 3-player games: the state before it (a clone), the player,
    the move in words and the events it logged; the live state has moved on after each."""
    for seed in SEEDS:
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        while not state.terminal:
            (player,) = state.to_move()
            action = rng.choice(state.legal_actions(player))
            before, logged = state.clone(), len(state.log)
            words = game.mechanic.describe_action(state, action)
            state.apply(player, action)
            yield before, player, words, state.log[logged:]


def cards(game: Game, state: State, zone: str, player: int = 0) -> list[int]:
    spec = game.zone(zone)
    return state.shared[spec.index] if spec.shared else state.zones[spec.index][player]


@pytest.fixture(scope="module")
def bluffing(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return made(tmp_path_factory.mktemp("bluffing"), "bluffing")


@pytest.fixture(scope="module")
def duel(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return made(tmp_path_factory.mktemp("duel"), "duel")


def test_a_crate_broken_open_sends_the_stack_to_the_liar_or_the_wrong_suspicion(
    bluffing: Game,
) -> None:
    goods = bluffing.deck.fields["goods"]
    opened = 0
    lander = -1
    for before, player, words, events in steps(bluffing):
        landed = [e for e in events if isinstance(e, CardsMoved) and e.target == "jetty"]
        if words == "break open" and not any(isinstance(e, RoundEnded) for e in events):
            (crate,) = cards(bluffing, before, "jetty")
            stack = set(cards(bluffing, before, "stack"))
            taker = lander if goods[crate] == "contraband" else player
            after = [e for e in events if isinstance(e, CardsMoved) and e.target == "hand"]
            assert {e.owner for e in after} == {taker}
            assert {c for e in after for c in e.cards} == stack | {crate}
            opened += 1
        if landed and landed[-1].player >= 0:
            lander = landed[-1].player
    assert opened > 20


def test_a_last_crate_is_never_let_by(bluffing: Game) -> None:
    last_crates = 0
    for before, player, words, _ in steps(bluffing):
        if words in ("let by", "break open"):
            previous = (player - 1) % 3
            if not cards(bluffing, before, "hand", previous):
                offered = before.legal_actions(player)
                described = [bluffing.mechanic.describe_action(before, a) for a in offered]
                assert described == ["break open"]
                last_crates += 1
    assert last_crates > 3


def test_duel_powers_strike_the_chosen_keeper_and_put_the_loser_out(duel: Game) -> None:
    glow = duel.deck.fields["glow"]
    ids = duel.deck.ids
    seen = {"changeling": 0, "ghost": 0, "dawn": 0, "wisp": 0}
    for before, player, words, events in steps(duel):
        if any(isinstance(e, RoundEnded) for e in events):
            continue
        outs = [e.player for e in events if isinstance(e, PlayerOut)]
        snuffed = [e for e in events if isinstance(e, CardsMoved) and e.target == "snuffed"]
        if words.startswith("play "):
            played = next(e for e in events if isinstance(e, CardsMoved) and e.target == "loose")
            if ids[played.cards[0]] == "dawn-star":
                kept = [c for c in cards(duel, before, "hand", player) if c != played.cards[0]]
                assert [(e.owner, e.cards) for e in snuffed] == [(player, tuple(kept))]
                assert outs == [player]
                seen["dawn"] += 1
        if words.startswith("ask ") and any(isinstance(e, Asked) and e.given for e in events):
            (asked,) = [e for e in events if isinstance(e, Asked)]
            assert outs == [asked.asked] and asked.asked == before.mech.target
            seen["wisp"] += 1
        if not words.startswith("aim at player"):
            continue
        chosen = int(words.rsplit(" ", 1)[1]) - 1
        assert chosen != player and not cards(duel, before, "veil", chosen)
        assert not before.mech.wager.folded[chosen]
        card = cards(duel, before, "loose")[-1]
        kept = cards(duel, before, "hand", player)
        theirs = cards(duel, before, "hand", chosen)
        if ids[card] in ("changeling", "moon-hare"):
            moved = [
                (e.owner, e.cards)
                for e in events
                if isinstance(e, CardsMoved) and e.target == "hand" and e.source != "marsh"
            ]
            assert moved[:2] == [(player, tuple(theirs)), (chosen, tuple(kept))]
            seen["changeling"] += 1
        elif ids[card] in ("heron-ghost", "pike-ghost"):
            (award,) = [e for e in events if isinstance(e, Awarded)]
            mine, other = kept[0], theirs[0]
            assert award.card == max(mine, other, key=lambda c: glow[c])
            loser = chosen if glow[mine] > glow[other] else player
            assert award.winner == (player if loser == chosen else chosen)
            assert snuffed[-1].cards == (min(mine, other, key=lambda c: glow[c]),)
            assert outs == [loser]
            seen["ghost"] += 1
    assert all(seen.values()), seen


def test_the_lantern_goes_to_the_brightest_spirit_still_kept(duel: Game) -> None:
    glow = duel.deck.fields["glow"]
    rounds = 0
    for _, _, _, events in steps(duel):
        if not any(isinstance(e, RoundEnded) for e in events):
            continue
        laid = [
            e
            for e in events
            if isinstance(e, CardsMoved) and e.target == "clearing" and e.source == "hand"
        ]
        awards = [e for e in events if isinstance(e, Awarded)]
        if laid and awards:
            shown = [c for e in laid for c in e.cards]
            assert awards[-1].card == max(shown, key=lambda c: glow[c])
            rounds += 1
    assert rounds > 10
