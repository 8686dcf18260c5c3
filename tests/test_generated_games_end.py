"""Generated games never hang: numbers of the shipped games changed anywhere within their
limits (rounds, hand sizes, cards dealt and passed, supplies, track ends) give a game that is
refused with diagnostics, or whose first game ends, or stops at its action cap, in bounded time.

Each example edits a copy of one shipped game, loads it in process (validation and compile)
and plays one game with random bots. Derandomized, so CI sees the same examples every time.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from toolkit.engine.load import load_compiled_game
from toolkit.errors import ActionCapError, ContentError
from toolkit.schema import limits
from toolkit.sim.runner import play_game

REPO = Path(__file__).resolve().parents[1]
SECONDS = 15.0
"""The most one generated game may take, loading included (a few seconds on a loaded
machine at the most rounds allowed)."""


def rounds() -> st.SearchStrategy[int]:
    return st.integers(1, 12) | st.integers(1, limits.MAX_ROUNDS)


def cards() -> st.SearchStrategy[int]:
    return st.integers(1, 15) | st.integers(1, limits.MAX_CARDS)


# Per game: (text in the manifest, replacement with `{}` for the number, numbers to try)
SITES: dict[str, list[tuple[str, str, st.SearchStrategy[int]]]] = {
    "midway-memories": [
        ("  rounds: 5\n", "  rounds: {}\n", rounds()),
        ("    max: 12  # prototype", "    max: {}  # prototype",
         st.integers(0, limits.MAX_TRACK_POSITION)),
        ("{value: 1, count: 25}", "{{value: 1, count: {}}}", st.integers(1, 9000)),
    ],
    "cinder-tricks": [
        ("  rounds: 30 ", "  rounds: {} ", rounds()),
        ("passing: {count: 3,", "passing: {{count: {},", cards()),
    ],
    "lamplight-wagers": [
        ("  rounds: 8\n", "  rounds: {}\n", rounds()),
        ("hand_sizes: [8, 7, 6, 5, 4, 3, 2, 1]", "hand_sizes: [{}, 3]", cards()),
        ("{step: deal, to: hand, count: 8}", "{{step: deal, to: hand, count: {}}}", cards()),
    ],
    "tide-pool-market": [
        ("  rounds: 3\n", "  rounds: {}\n", rounds()),
        ("{2: 9, 3: 8, 4: 7, 5: 6}", "{{2: 9, 3: 8, 4: {}, 5: 6}}", cards()),
    ],
    "oh-my-park": [
        ("{step: deal, count: 10, to: hand}", "{{step: deal, count: {}, to: hand}}", cards()),
        ("{value: 1, count: 84}", "{{value: 1, count: {}}}", st.integers(1, 10000)),
        ("    playout_rounds: 3 ", "    playout_rounds: {} ", rounds()),
    ],
    "lantern-routes": [
        ("  rounds: 1\n", "  rounds: {}\n", rounds()),
        ("{step: deal, count: 8, to: hand}", "{{step: deal, count: {}, to: hand}}", cards()),
    ],
}  # fmt: skip


@st.composite
def generated(draw: st.DrawFn) -> tuple[str, dict[str, str]]:
    """A shipped game and some of its numbers changed: {original text: new text}."""
    game = draw(st.sampled_from(sorted(SITES)))
    edits = {}
    for old, new, numbers in SITES[game]:
        if draw(st.booleans()):
            edits[old] = new.format(draw(numbers))
    return game, edits


@settings(
    max_examples=20,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(generated(), st.integers(0, 2**32))
def test_a_generated_game_ends_or_fails_clearly_in_bounded_time(
    case: tuple[str, dict[str, str]], seed: int
) -> None:
    game_id, edits = case
    with tempfile.TemporaryDirectory() as folder:
        for part in ("rules", "cards", "print"):
            shutil.copytree(REPO / part, Path(folder) / part)
        manifest = Path(folder) / "rules" / f"{game_id}.yaml"
        text = manifest.read_text(encoding="utf-8")
        for old, new in edits.items():
            assert old in text, old
            text = text.replace(old, new, 1)
        manifest.write_text(text, encoding="utf-8")
        started = time.monotonic()
        try:
            _, game = load_compiled_game(str(manifest))
        except ContentError as error:
            event("refused")
            assert error.diagnostics, "refused without a diagnostic"
            assert all(d.line >= 1 and d.code for d in error.diagnostics)
            return
        players = game.min_players
        try:
            record = play_game(game, seed, players, ["random"] * players)
        except ActionCapError as error:
            event("stopped at its action cap")
            assert error.seed == seed and error.cap > 0
        else:
            event("ended")
            assert len(record.totals) == players
        assert time.monotonic() - started < SECONDS
