"""A card preference sees every decision that involves a card, whatever a staged game names
it: a simultaneous pick named `reach` or `dodge` by its `decision:` is chosen by
`highest_field` written alone, as the tie-break of a `prefer: move` naming the decision, or
naming it in its own `decision:`; never left to the fallback bot."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.agents import make_bot
from toolkit.agents.priority import PriorityBot, options_of
from toolkit.engine.game import compile_game
from toolkit.engine.load import load_valid_game
from toolkit.scaffold import new_game

STRATEGIES = """\
kind: strategies
strategies:
  - id: longest
    name: Longest
    description: Always the longest stride.
    fallback: random
    rules:
      - {prefer: highest_field, field: stride, label: longest}
  - id: shortest-dodger
    name: Shortest dodger
    description: Dodges with the shortest stride, reaches with the longest.
    fallback: random
    rules:
      - prefer: move
        moves: [dodge]
        then: [{prefer: lowest_field, field: stride}]
        label: dodge short
      - prefer: move
        moves: [reach]
        then: [{prefer: highest_field, field: stride}]
        label: reach long
  - id: named-dodger
    name: Named dodger
    description: The same, each card preference naming the game's own decision.
    fallback: random
    rules:
      - {prefer: lowest_field, decision: dodge, field: stride, label: dodge short}
      - {prefer: highest_field, decision: reach, field: stride, label: reach long}
"""


@pytest.mark.parametrize("strategy", ["longest", "shortest-dodger", "named-dodger"])
def test_a_named_pick_is_chosen_by_the_card_preference(
    strategy: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    new_game(tmp_path, "woods", "sealed-bid")
    (tmp_path / "cards" / "woods" / "strategies.yaml").write_text(STRATEGIES, encoding="utf-8")
    _, content = load_valid_game(str(tmp_path / "rules" / "woods.yaml"))
    game = compile_game(content)
    strides = game.tables["deck"].fields["stride"]
    seen: set[str] = set()
    for seed in range(3):
        state = game.new_state(seed, 3)
        bots = [make_bot(strategy, seed, game), make_bot("random", 1, game)]
        bot = bots[0]
        assert isinstance(bot, PriorityBot)
        while not state.is_terminal():
            for player in state.to_move():
                actions = state.legal_actions(player)
                action = bots[min(player, 1)].choose(state, player)
                if player == 0 and len(actions) > 1:
                    options = options_of(state, 0, actions)
                    decision = options[0].decision
                    held = [strides[o.card] for o in options]
                    chosen = strides[options_of(state, 0, [action])[0].card]
                    shortest = strategy != "longest" and decision == "dodge"
                    assert chosen == (min(held) if shortest else max(held)), (decision, held)
                    assert not bot.last_rule.startswith("fallback"), bot.last_rule
                    seen.add(decision)
                state.apply(player, action)
    assert seen == {"reach", "dodge"}
