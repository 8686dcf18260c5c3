"""Score breakdowns tell where the points came from: Joy's removed Sadness is Joy's saving."""

from __future__ import annotations

from pathlib import Path

from toolkit.content.project import load_content_file
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position import state_from_position

ROOT = Path(__file__).resolve().parent.parent


def test_joy_removes_sadness_shows_what_it_saves_and_the_rows_add_up() -> None:
    _, game = load_compiled_game("midway-memories")
    loaded, _ = load_content_file(ROOT / "examples/midway-memories-end.yaml", "end-position")
    state, diagnostics = state_from_position(game, loaded)
    assert state is not None, diagnostics
    scores = state.scores()
    # Ada: Sadness 3 (-2 each), Joy 9 reaches both removing milestones (1 + 2 Sadness).
    ada = scores.breakdown[0]
    assert (ada["Sadness"], ada["Joy removes Sadness"]) == (-6, 6)
    assert [sum(row.values()) for row in scores.breakdown] == list(scores.totals) == [29, 29, 27]
