"""An `award` over cards that a `move` stage laid out of the players' hands (everyone lays
their card down, the best wins) goes to whoever held the best card: the card counts as laid
by its player, never by nobody nor by someone who played it in an earlier round."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.events import Awarded, CardsMoved

GAME = """\
kind: game
id: laid-down
name: Laid Down
version: "0.1.0"
description: Each round everyone holds one card; all are laid down and the highest wins them.
players: {min: 2, max: 4}
card_kinds:
  chips:
    description: Numbered chips.
    file: ../cards/chips.yaml
    fields:
      name: {type: text, description: The chip.}
      number: {type: int, min: 1, max: 20, description: Its number.}
zones:
  - {id: hand, name: Hand, cards: deck, owner: player, visibility: owner}
  - {id: pile, name: the pile, cards: deck, owner: shared, visibility: hidden}
  - {id: spent, name: the spent chips, cards: deck, owner: shared}
  - {id: shown, name: the shown chips, cards: deck, owner: shared}
  - {id: won, name: Won, cards: deck, owner: player}
deck: {type: cards, pool: chips}
setup:
  - {step: starting_player, method: random}
structure:
  mechanic: staged
  rounds: 4
  round:
    - {stage: deal, to: hand, count: 2, rest: pile}
    - stage: turns
      once: true
      turn:
        - stage: choose
          moves: [{move: play, from: hand, to: spent}]
    - {stage: move, from: hand, to: shown, who: each}
    - {stage: award, zone: shown, best: {field: number, highest: true}, to: won}
scoring:
  - {rule: per_unit, label: Chips won, measure: {count: won}, points: 1}
"""


def project(tmp_path: Path) -> Path:
    (tmp_path / "rules").mkdir()
    (tmp_path / "cards").mkdir()
    (tmp_path / "rules" / "laid-down.yaml").write_text(GAME)
    chips = "".join(f"  - {{id: c{n}, name: Chip {n}, number: {n}}}\n" for n in range(1, 9))
    (tmp_path / "cards" / "chips.yaml").write_text(f"kind: chips\ncards:\n{chips}")
    return tmp_path / "rules" / "laid-down.yaml"


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_cards_laid_from_hands_are_won_by_the_player_who_held_the_best(
    tmp_path: Path, seed: int
) -> None:
    _, game = load_compiled_game(str(project(tmp_path)))
    state = game.new_state(seed, 3)
    hand, number = game.zone("hand").index, game.deck.fields["number"]
    holders: list[dict[int, int]] = []  # per round: the card each player keeps, by card
    kept: dict[int, int] = {}
    while not state.terminal:
        (player,) = state.to_move()
        held = set(state.zones[hand][player])
        state.apply(player, state.legal_actions(player)[0])
        played = next(
            e for e in reversed(state.log) if isinstance(e, CardsMoved) and e.target == "spent"
        )
        (card,) = held - set(played.cards)
        kept[card] = player
        if len(kept) == 3:
            holders.append(kept)
            kept = {}
    awards = [event for event in state.log if isinstance(event, Awarded)]
    assert len(awards) == len(holders) == 4
    for award, kept in zip(awards, holders, strict=True):
        best = max(kept, key=lambda card: number[card])
        assert (award.card, award.winner) == (best, kept[best])


def test_a_card_turned_from_the_pile_in_a_later_round_is_won_by_nobody(tmp_path: Path) -> None:
    """Every card is gathered at the deal, so a card someone played in an earlier round and
    turned up from the pile now was laid by nobody: when it is the best, nobody wins."""
    path = project(tmp_path)
    turned = "    - {stage: move, from: pile, to: shown}\n    - {stage: award"
    path.write_text(GAME.replace("    - {stage: award", turned).replace("rounds: 4", "rounds: 12"))
    _, game = load_compiled_game(str(path))
    pile, number = game.zone("pile").index, game.deck.fields["number"]
    stale = 0
    for seed in range(1, 6):
        state = game.new_state(seed, 3)
        while not state.terminal:
            (player,) = state.to_move()
            before, logged = list(state.shared[pile]), len(state.log)
            state.apply(player, state.legal_actions(player)[0])
            events = state.log[logged:]
            awards = [e for e in events if isinstance(e, Awarded)]
            shown = [c for e in events if isinstance(e, CardsMoved) and e.target == "shown"
                     for c in e.cards]  # fmt: skip
            if not awards:
                continue
            if max(shown, key=lambda card: number[card]) == before[-1]:  # the card turned up
                assert (awards[0].winner, awards[0].card) == (-1, -1)
                stale += 1
            else:
                assert awards[0].winner >= 0
    assert stale  # the case happened
