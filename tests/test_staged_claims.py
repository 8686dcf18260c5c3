"""A `claim` check reads what a `call` said of the cards last played onto a shared zone: a
bluff called holds when every card of that play has the value called, and goes to the liar or
to the wrong suspicion by it. Played on the bluffing template rewritten so that each crate is
landed with a cargo named for it, true or not; a claim no `call` can make, or made of a player
zone, is refused at its line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import RoundEnded
from toolkit.mechanics.staged.events import CardsMoved, ValueCalled
from toolkit.scaffold import new_game

OPENED = """                  then:
                    - {stage: move, from: jetty, to: opened, says: The crate is broken open.}
                    - stage: if
                      when: {card: {goods: contraband}}
                      says: "Contraband:"
"""
CLAIMED = """                  then:
                    - stage: if
                      when: {not: {claim: jetty}}
                      says: "Not the cargo named:"
"""
LANDED = (
    "            - {move: play, from: hand, to: jetty, says: land a crate face down on the jetty;"
    " it is declared honest river goods}\n"
)
NAMED = """            - move: play
              from: hand
              to: jetty
              says: land a crate face down on the jetty
              then:
                - stage: choose
                  says: "and name its cargo, truly or not:"
                  moves:
                    - {move: call, field: cargo, zone: jetty, values: [eels, reeds, peat, willow]}
"""


def claimed_game(folder: Path) -> Path:
    """The bluffing template, its crates named as landed and judged by the claim."""
    new_game(folder, "claims", "bluffing")
    manifest = folder / "rules" / "claims.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert OPENED in text and LANDED in text
    text = text.replace(OPENED, CLAIMED).replace(LANDED, NAMED)
    # the crate goes straight from the jetty to whoever takes it: the claim is judged first
    text = text.replace("from: opened, to: hand", "from: jetty, to: hand")
    manifest.write_text(text, encoding="utf-8")
    return manifest


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    manifest = claimed_game(tmp_path_factory.mktemp("claims"))
    return load_compiled_game(str(manifest))[1]


def test_a_bluff_called_goes_to_the_liar_and_a_true_claim_to_the_suspicion(game: Game) -> None:
    cargo = game.deck.fields["cargo"]
    judged = {True: 0, False: 0}
    for seed in range(1, 9):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        landed: tuple[int, int, str] | None = None  # (player, crate, cargo named)
        while not state.terminal:
            (player,) = state.to_move()
            action = rng.choice(state.legal_actions(player))
            words = game.mechanic.describe_action(state, action)
            jetty = list(state.shared[game.zone("jetty").index])
            logged = len(state.log)
            state.apply(player, action)
            events = state.log[logged:]
            if words == "break open" and not any(isinstance(e, RoundEnded) for e in events):
                assert landed is not None and jetty == [landed[1]]
                lander, crate, named = landed
                honest = cargo[crate] == named
                taken = [e for e in events if isinstance(e, CardsMoved) and e.target == "hand"]
                assert {e.owner for e in taken} == {player if honest else lander}
                assert crate in taken[0].cards
                judged[honest] += 1
            for event in events:
                if isinstance(event, CardsMoved) and event.target == "jetty":
                    landed = (event.player, event.cards[-1], "")
                if isinstance(event, ValueCalled) and landed is not None:
                    assert event.field == "cargo" and event.player == landed[0]
                    landed = (landed[0], landed[1], event.value)
    assert judged[True] > 3 and judged[False] > 3, judged


def test_a_claim_no_call_can_make_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = claimed_game(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("{claim: jetty}", "{claim: stack}"), encoding="utf-8")
    line = 1 + text.splitlines().index("                      when: {not: {claim: jetty}}")
    result = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert result.returncode == 1
    assert f"claims.yaml:{line}:" in result.stdout
    assert "no 'call' move names it" in result.stdout
    assert "{move: call, field: ..., zone: stack}" in result.stdout


def test_a_claim_of_a_player_zone_is_refused(tmp_path: Path) -> None:
    manifest = claimed_game(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("{claim: jetty}", "{claim: hand}"), encoding="utf-8")
    result = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert result.returncode == 1
    assert "'hand' is a player zone; this needs a shared zone" in result.stdout


def test_a_claim_of_an_unknown_zone_is_one_error_naming_it(tmp_path: Path) -> None:
    manifest = claimed_game(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text.replace("{claim: jetty}", "{claim: jety}"), encoding="utf-8")
    result = run_toolkit("validate", str(manifest), cwd=tmp_path)
    errors = [row for row in result.stdout.splitlines() if ": error[" in row]
    assert result.returncode == 1 and len(errors) == 1, result.stdout
    assert "unknown zone 'jety'" in errors[0]
    assert "did you mean 'jetty'" in result.stdout
