"""Staged games whose piles run dry: a stage that draws from an empty pile refills it once
from its spare pile and never loops when that spare holds only its top card; turns that only
draw cards are progress, so play stalls only once nothing moves at all; a `call` names only
the values it lists, each checked against the cards."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit

from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.events import STALLED

GAME = """\
kind: game
id: dry-piles
name: Dry Piles
version: "0.1.0"
description: Every chip has its own number, so no chip ever fits another; players draw.
players: {{min: 2, max: 2}}
card_kinds:
  chips:
    description: Numbered chips.
    file: ../cards/chips.yaml
    fields:
      name: {{type: text, description: The chip.}}
      colour: {{type: enum, choices: [red, blue], description: Its colour.}}
      number: {{type: int, min: 1, max: 20, description: Its number.}}
zones:
  - {{id: hand, name: Hand, cards: deck, owner: player, visibility: owner}}
  - {{id: pile, name: the pile, cards: deck, owner: shared, visibility: hidden}}
  - {{id: line, name: the line, cards: deck, owner: shared}}
deck: {{type: cards, pool: chips}}
setup:
  - {{step: starting_player, method: random}}
structure:
  mechanic: staged
  round:
    - {{stage: deal, to: hand, count: 2, rest: pile}}
    - {{stage: move, from: pile, to: line}}
    - stage: turns
      turn:
        - stage: choose
          moves:
            - move: play
              from: hand
              to: line
              match: {{same: [number]}}
              then:
                - stage: choose
                  moves: [{{move: call, field: colour, zone: line, values: {values}}}]
          otherwise:
            - {{stage: move, from: pile, to: hand, reshuffle: line}}
  round_end:
    when: [{{empty: hand, who: any}}]
scoring:
  - {{rule: sum_field, label: Chips, zone: hand, field: number}}
"""


def project(tmp_path: Path, chips: int, values: str = "[red, blue]") -> Path:
    (tmp_path / "rules").mkdir()
    (tmp_path / "cards").mkdir()
    (tmp_path / "rules" / "dry-piles.yaml").write_text(GAME.format(values=values))
    cards = "".join(
        f"  - {{id: c{n}, name: Chip {n}, colour: {'red' if n % 2 else 'blue'}, number: {n}}}\n"
        for n in range(1, chips + 1)
    )
    (tmp_path / "cards" / "chips.yaml").write_text(f"kind: chips\ncards:\n{cards}")
    return tmp_path / "rules" / "dry-piles.yaml"


def test_drawing_from_an_empty_pile_with_a_spare_of_one_card_stalls_instead_of_looping(
    tmp_path: Path,
) -> None:
    _, game = load_compiled_game(str(project(tmp_path, 5)))
    state = game.new_state(1, 2)  # 4 chips dealt, the fifth on the line, the pile empty
    assert state.terminal
    assert STALLED in state.log
    assert sorted(len(hand) for hand in state.zones[game.zone("hand").index]) == [2, 2]


def test_turns_that_only_draw_are_progress_until_the_pile_is_empty(tmp_path: Path) -> None:
    _, game = load_compiled_game(str(project(tmp_path, 12)))
    state = game.new_state(1, 2)  # 7 chips in the pile: seven turns that draw, then a stall
    assert state.terminal and STALLED in state.log
    assert state.shared[game.zone("pile").index] == []
    assert sorted(len(hand) for hand in state.zones[game.zone("hand").index]) == [5, 6]


def test_a_call_naming_a_value_no_card_has_is_refused_at_its_line(tmp_path: Path) -> None:
    project(tmp_path, 5, values="[red, bleu]")
    result = run_toolkit("validate", "dry-piles", cwd=tmp_path)
    assert result.returncode == 1
    assert "rules/dry-piles.yaml:" in result.stdout
    assert "bleu" in result.stdout and "did you mean 'blue'" in result.stdout
