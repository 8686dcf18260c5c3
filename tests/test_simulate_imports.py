"""`toolkit simulate` with the built-in bots loads only what playing and tallying need: no
strategy models or their compiler (`toolkit.agents.priority`, imported when a game's own
strategy plays), no drawing, no transcripts (imported when `--transcript` asks for one), no
process pool for one worker, and no other mechanic's machine than the game's. Whole-process
times are measured by `benchmarks/startup.py`; this keeps the imports from creeping back."""

from __future__ import annotations

import json
import re
from pathlib import Path

from entry_point import modules_imported, run_toolkit

ROOT = Path(__file__).resolve().parent.parent


NOT_FOR_SIMULATE = re.compile(
    r"(reportlab|PIL|rich|numpy|dask|distributed|optuna|starlette|openpyxl"
    r"|multiprocessing|concurrent\.futures"
    r"|toolkit\.(agents\.(priority|ismcts)|record|play|serve|interop|scaffold|pnp)"
    r"|toolkit\.mechanics\.(?!trick_taking\.)\w+\.(machine|codec|narration|screen|shop))(\.|$)"
)


def test_simulate_with_built_in_bots_imports_no_strategies_drawing_records_or_pool() -> None:
    # Midway Memories ships strategies of its own: built-in bots still never compile them.
    code, out, modules = modules_imported(
        "simulate", "midway-memories", "--games", "2", "--workers", "1",
        "--bots", "random,greedy,Random,greedy",
    )  # fmt: skip
    assert code == 0, out
    assert "win rate" in out
    assert [name for name in modules if NOT_FOR_SIMULATE.match(name)] == []
    assert "toolkit.mechanics.trick_taking.machine" in modules  # the game's own mechanic


def test_a_game_strategy_plays_when_a_seat_names_it() -> None:
    """Strategies are compiled when a seat plays one, in any case, beside built-in bots."""
    result = run_toolkit(
        "simulate", "midway-memories", "--games", "3", "--workers", "1", "--players", "2",
        "--bots", "Coaster-Fan,random", "--format", "json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["arguments"]["bots"] == ["coaster-fan", "random"]
    assert sum(seat["wins"] for seat in summary["seats"]) == 3
