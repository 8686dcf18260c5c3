"""Two moves of one `choose` called by the same `decision` could not be told apart by a player
reading the list or by a strategy naming it: refused at the second one's `decision`."""

from __future__ import annotations

from pathlib import Path

from entry_point import run_toolkit

from toolkit.scaffold import new_game

LET_BY = "                  decision: let_by\n"


def test_a_decision_named_twice_in_one_choice_is_refused_at_the_second(tmp_path: Path) -> None:
    new_game(tmp_path, "ferry", "bluffing")
    manifest = tmp_path / "rules" / "ferry.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert text.count("decision: break_open") == 1 and LET_BY in text
    line = 1 + text[: text.index("decision: break_open")].count("\n")
    manifest.write_text(text.replace("decision: break_open", "decision: let_by"), "utf-8")
    checked = run_toolkit("validate", "ferry", cwd=tmp_path)
    assert checked.returncode == 1
    assert (
        f"rules/ferry.yaml:{line}:29: error[duplicate-id]: two moves of this choice are called "
        "'let_by' (the first is move 1)"
    ) in checked.stdout
    assert "hint: give each move of a choice its own decision" in checked.stdout
