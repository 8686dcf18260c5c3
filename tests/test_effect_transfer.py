"""The `transfer` effect, through a game: the Harbour Lights toy game's pearl beacon takes oil
from other players instead of offering a choice.

This is the recipe's proof that an effect is one module (`toolkit/rules/effects/transfer.py`)
and its test: the trick is played by the real engine, the words come from the real describer,
and a misspelt resource is reported by the real checker at its line.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toolkit.content.project import GameContent, load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import compile_game
from toolkit.engine.position_load import state_from_text
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.events import TrickWon
from toolkit.pnp.describe import Describer
from toolkit.rules.effects.transfer import Transfer

TOY = Path(__file__).parent / "games" / "harbour-lights"
MANIFEST = "rules/harbour-lights.yaml"
BEACONS = "cards/harbour-lights/beacons.yaml"
PEARL_ACTION = """    action:
      - effect: choose
        options:
          - [{effect: gain, resource: oil, amount: 1}]
          - [{effect: advance, track: renown, amount: 1}]
          - - effect: if
              condition: {check: compare, measure: {track: storm}, op: at_least, value: 1}
              then: [{effect: advance, track: storm, amount: -1}]
              otherwise: [{effect: lose, resource: oil, amount: 1}]
"""


def toy_with_transfer(tmp_path: Path, effect: str) -> Path:
    """A copy of Harbour Lights whose pearl tricks give `effect` to their winner."""
    project = tmp_path / "toy"
    shutil.copytree(TOY, project)
    beacons = project / BEACONS
    text = beacons.read_text(encoding="utf-8")
    assert PEARL_ACTION in text
    beacons.write_text(text.replace(PEARL_ACTION, f"    action:\n      - {effect}\n"), "utf-8")
    return project


def load(project: Path) -> GameContent:
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found, found
    assert not check_game(content)
    return content


def oil(state: State, player: int) -> int:
    return state.res[player][state.game.resource_index("oil")]


def win_pearl_trick(content: GameContent, held: list[int]) -> State:
    """Three players holding `held` oil; player 0 leads the pearl 6 and wins the trick."""
    game = compile_game(content)
    hands = [["pearl-6", "amber-2"], ["amber-1", "emerald-3"], ["emerald-1", "amber-3"]]
    players = "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{', '.join(cards)}]}}, "
        f"resources: {{oil: {held[seat]}}}}}\n"
        for seat, cards in enumerate(hands)
    )
    state = state_from_text(
        game, f"kind: position\ngame: harbour-lights\nto_move: [1]\nplayers:\n{players}"
    )
    for card in ("pearl-6", "amber-1", "emerald-1"):
        (player,) = state.to_move()
        state.apply(player, game.card("deck", card))
    assert [e.winner for e in state.log if isinstance(e, TrickWon)] == [0]
    return state


@pytest.mark.parametrize(
    ("giver", "after"),
    [
        ("each_opponent", [3, 1, 0]),  # 2 from player 1, the 1 player 2 holds
        ("left", [2, 1, 1]),  # the next seat gives
        ("right", [1, 3, 0]),  # the previous seat gives all it has
    ],
)
def test_trick_winner_takes_from_the_givers_as_far_as_they_can_pay(
    tmp_path: Path, giver: str, after: list[int]
) -> None:
    effect = f"{{effect: transfer, resource: oil, amount: 2, giver: {giver}}}"
    content = load(toy_with_transfer(tmp_path, effect))
    state = win_pearl_trick(content, [0, 3, 1])
    supply = state.supply[state.game.resource_index("oil")]
    assert [oil(state, p) for p in range(3)] == after
    assert state.supply[state.game.resource_index("oil")] == supply  # nothing from the supply


def test_words_name_the_amount_the_resource_and_the_giver(tmp_path: Path) -> None:
    content = load(toy_with_transfer(tmp_path, "{effect: transfer, resource: oil, amount: 1}"))
    describer = Describer(content, lambda icon: icon == "oil")
    effect = Transfer(effect="transfer", resource="oil", amount=2, giver="left")
    assert describer.effect(effect) == "+2 :oil: Oil from the player on your left"
    assert describer.effect(effect, words=False) == "+2 :oil: from the player on your left"
    pearl = next(card for card in content.cards("beacons") if card.id == "pearl")
    assert describer.effects(pearl.action) == "+1 :oil: Oil from each opponent"


def test_an_unknown_resource_is_reported_at_its_line(tmp_path: Path) -> None:
    project = toy_with_transfer(tmp_path, "{effect: transfer, resource: oyl, amount: 1}")
    content, found = load_game(project / MANIFEST)
    assert content is not None and not found
    lines = (project / BEACONS).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "resource: oyl" in text)
    [diagnostic] = check_game(content)
    assert (Path(diagnostic.file).name, diagnostic.line, diagnostic.code) == (
        "beacons.yaml",
        line,
        "unknown-reference",
    )
    assert diagnostic.message == "unknown resource 'oyl'"
    assert "oil" in diagnostic.hint
