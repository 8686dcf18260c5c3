"""A value near none of its choices gets a hint listing them all: a strategy naming a decision
the game does not have is told, at its line, the decisions its card preference may name (the
game's own, `reach` and `dodge`)."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit

from toolkit.scaffold import new_game

STRATEGIES = """\
kind: strategies
strategies:
  - id: reacher
    name: Reacher
    description: Reaches with the longest stride.
    fallback: random
    rules:
      - {prefer: highest_field, decision: qqq, field: stride, label: longest}
"""


def test_an_unknown_decision_is_told_every_decision_it_may_name(tmp_path: Path) -> None:
    new_game(tmp_path, "woods", "sealed-bid")
    strategies = tmp_path / "cards" / "woods" / "strategies.yaml"
    strategies.write_text(STRATEGIES, encoding="utf-8")
    told = run_toolkit("validate", "woods", cwd=tmp_path)
    assert told.returncode == 1
    lines = told.stdout.splitlines()
    at = lines.index(
        "cards/woods/strategies.yaml:8:43: error[invalid-value]: 'highest_field' never applies "
        "to 'qqq' decisions of woods"
    )
    assert lines[at + 1] == "    hint: expected one of: 'dodge', 'reach'"


def test_a_card_preference_naming_a_choice_of_no_card_is_told_the_card_decisions(
    tmp_path: Path,
) -> None:
    new_game(tmp_path, "keepers", "duel")
    strategies = tmp_path / "cards" / "keepers" / "strategies.yaml"
    text = strategies.read_text(encoding="utf-8")
    assert "        decision: play\n" in text
    line = 1 + text[: text.index("        decision: play\n")].count("\n")
    # `aim_at` is the game's name for choosing a player: no card to compare
    strategies.write_text(text.replace("        decision: play\n", "        decision: aim_at\n", 1))
    told = run_toolkit("validate", "keepers", cwd=tmp_path)
    assert told.returncode == 1
    assert (
        f"cards/keepers/strategies.yaml:{line}:19: error[invalid-value]: 'lowest_field' never "
        "applies to 'aim_at' decisions of keepers"
    ) in told.stdout
    assert "hint: expected one of: 'ask', 'play'" in told.stdout
