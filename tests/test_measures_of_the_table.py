"""A measure may count the cards of a shared zone (the table's stack): the same number for
every player, with or without a filter, readable by strategies ("break crates open while the
stack is small"); a zone the game lacks is still refused with the closest spelling."""

from __future__ import annotations

import random
from pathlib import Path

from entry_point import run_toolkit

from toolkit.engine.game import Compiler
from toolkit.engine.load import load_compiled_game
from toolkit.scaffold import new_game
from toolkit.schema.filters import Measure

BIG_HAND = "when: {check: compare, measure: {count: hand}, op: at_least, value: 9}"
SMALL_STACK = "when: {check: compare, measure: {count: stack}, op: at_most, value: 2}"


def ferry(folder: Path) -> Path:
    new_game(folder, "ferry", "bluffing")
    return folder / "rules" / "ferry.yaml"


def test_a_shared_zone_is_counted_alike_for_every_player(tmp_path: Path) -> None:
    _, game = load_compiled_game(str(ferry(tmp_path)))
    compiler = Compiler(game.content, game.layout)
    stack = compiler.measure(Measure(count="stack"))
    contraband = compiler.measure(Measure(count="stack", where={"goods": "contraband"}))
    goods, index = game.deck.fields["goods"], game.zone("stack").index
    state, rng, seen = game.new_state(3, 3), random.Random(3), 0
    while not state.terminal:
        held = state.shared[index]
        assert [stack(state, p) for p in range(3)] == [len(held)] * 3
        assert contraband(state, 1) == sum(goods[card] == "contraband" for card in held)
        seen += bool(held)
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    assert seen > 5


def test_a_strategy_reads_the_table(tmp_path: Path) -> None:
    manifest = ferry(tmp_path)
    strategies = tmp_path / "cards" / "ferry" / "strategies.yaml"
    text = strategies.read_text(encoding="utf-8")
    assert BIG_HAND in text
    strategies.write_text(text.replace(BIG_HAND, SMALL_STACK), encoding="utf-8")
    checked = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout
    played = run_toolkit(
        *("simulate", "ferry", "--games", "20", "--players", "2", "--bots", "old-ferryman,random"),
        cwd=tmp_path,
    )
    assert played.returncode == 0, played.stdout + played.stderr

    strategies.write_text(text.replace(BIG_HAND, SMALL_STACK.replace("stack", "stak")), "utf-8")
    refused = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert refused.returncode == 1
    assert "unknown zone 'stak'" in refused.stdout and "did you mean 'stack'" in refused.stdout
