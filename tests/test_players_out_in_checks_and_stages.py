"""A player out of the round (put out, or folded) no longer counts among those still in:
`{passed: all}` holds once everyone still in has passed, and a stage that puts out "the
target" when nobody was chosen puts nobody out; a player put out is nobody's target."""

from __future__ import annotations

import pytest

from toolkit.engine.game import Compiler, Game
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.checks import compile_check
from toolkit.mechanics.staged.structure import Check
from toolkit.mechanics.staged.target_events import PlayerOut
from toolkit.mechanics.staged.targets import Eliminate
from toolkit.scaffold import new_game


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    folder = tmp_path_factory.mktemp("duel")
    new_game(folder, "keepers", "duel")
    return load_compiled_game(str(folder / "rules" / "keepers.yaml"))[1]


def test_everyone_still_in_passing_is_everyone_passing(game: Game) -> None:
    zones = {zone.id: zone for zone in game.mechanic.zones}
    compiler = Compiler(game.content, game.layout)
    passed_all = compile_check(Check.model_validate({"passed": "all"}), compiler, zones.__getitem__)
    state = game.new_state(1, 3)
    mech = state.mech
    assert mech.wager is not None  # a game that puts players out keeps who is out
    mech.passed = [True, True, False]
    assert not passed_all(state, mech)
    mech.wager.folded[2] = True  # the one who has not passed is out
    assert passed_all(state, mech)


def test_putting_out_the_target_when_nobody_was_chosen_puts_nobody_out(game: Game) -> None:
    state = game.new_state(1, 3)
    mech = state.mech
    assert mech.wager is not None
    mech.target = -1
    logged = len(state.log)
    Eliminate("target").run(game.mechanic, state, mech)
    assert not any(mech.wager.folded) and not state.log[logged:]

    mech.target = 2
    Eliminate("target").run(game.mechanic, state, mech)
    assert mech.wager.folded == [False, False, True]
    assert [e for e in state.log[logged:] if isinstance(e, PlayerOut)] == [PlayerOut(2)]
    assert mech.target == -1  # out of the round, so nobody's target any more
