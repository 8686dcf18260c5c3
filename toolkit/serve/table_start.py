"""`toolkit serve GAME --table`: the table opened as the server starts, its links printed
for the person who started it to hand out (one per seat, and the table's own page)."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from toolkit.errors import UsageError
from toolkit.serve.project_state import ProjectState, options_of

if TYPE_CHECKING:
    from toolkit.serve.app import Workbench


def open_table(
    bench: Workbench, project: ProjectState, base: str, players: int | None, people: int | None
) -> None:
    state = next(iter(project.games.values()))
    if state.loaded is None:
        raise UsageError(f"{state.game_id} has errors: fix them (toolkit validate) to play it")
    game = state.loaded.game
    count = players if players is not None else min(max(game.min_players, 2), game.max_players)
    table = bench.tables.open(
        state.loaded, state.game_id, players=count, people=count if people is None else people,
        bot="greedy", options=options_of(project, state),
        variants=[str(v) for v in state.variants],
    )  # fmt: skip
    print(f"table of {game.name}, seed {table.seed}: {base}/table/{table.id}", file=sys.stderr)
    for seat in table.seats:
        who = "a person" if seat.person else "the greedy bot"
        print(f"  seat {seat.index + 1} ({who}): {base}/play/{seat.token}", file=sys.stderr)
