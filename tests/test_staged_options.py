"""`option`: a named choice with no cards (let a crate by, break it open) runs its `then` and
is told by its name, and its player does not count as passed, unlike `pass`; an option with no
name is refused at its line. Played on the bluffing template, whose two judgements are options."""

from __future__ import annotations

import random
from pathlib import Path

from entry_point import run_toolkit

from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.events import OptionTaken, PassedTurn
from toolkit.record.events import narrate
from toolkit.scaffold import new_game

NAMED = "                - move: option\n                  decision: let_by\n"


def test_an_option_is_told_by_its_name_and_passes_nobody(tmp_path: Path) -> None:
    new_game(tmp_path, "ferry", "bluffing")
    _, game = load_compiled_game(str(tmp_path / "rules" / "ferry.yaml"))
    taken = {"let_by": 0, "break_open": 0}
    for seed in (1, 2, 3):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        while not state.terminal:
            (player,) = state.to_move()
            action = rng.choice(state.legal_actions(player))
            logged = len(state.log)
            state.apply(player, action)
            options = [e for e in state.log[logged:] if isinstance(e, OptionTaken)]
            assert not any(isinstance(e, PassedTurn) for e in state.log[logged:])
            for option in options:
                taken[option.decision] += 1
                assert state.terminal or not any(state.mech.passed)
        lines = "\n".join(narrate(game, state.log))
        assert "chooses: let by" in lines and "chooses: break open" in lines
    assert all(count > 10 for count in taken.values()), taken


def test_an_option_without_a_name_is_refused_at_its_line(tmp_path: Path) -> None:
    new_game(tmp_path, "ferry", "bluffing")
    manifest = tmp_path / "rules" / "ferry.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert NAMED in text
    line = 1 + text[: text.index(NAMED)].count("\n")
    manifest.write_text(text.replace(NAMED, "                - move: option\n"), "utf-8")
    result = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert result.returncode == 1
    assert f"ferry.yaml:{line}:" in result.stdout
    assert "an option is known by its name: it needs a 'decision'" in result.stdout
