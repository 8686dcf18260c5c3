"""A value outside a closed list that is near none of its choices gets a hint listing them
all, however many: a strategy naming a decision no card preference knows is told which it
may name, at its line."""

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
      - {prefer: highest_field, decision: reach, field: stride, label: longest}
"""


def test_an_unknown_decision_is_told_every_decision_it_may_name(tmp_path: Path) -> None:
    new_game(tmp_path, "woods", "sealed-bid")
    strategies = tmp_path / "cards" / "woods" / "strategies.yaml"
    strategies.write_text(STRATEGIES, encoding="utf-8")
    told = run_toolkit("validate", "woods", cwd=tmp_path)
    assert told.returncode == 1
    lines = told.stdout.splitlines()
    at = lines.index(
        "cards/woods/strategies.yaml:8:43: error[invalid-value]: the text 'reach' is not "
        "allowed here"
    )
    hint = lines[at + 1]
    assert hint.startswith("    hint: expected one of: ")
    assert "'pick'" in hint and "'capture'" in hint and "'play'" in hint
