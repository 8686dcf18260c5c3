"""The toolkit's limits on numbers in content and on the command line, all in one place.

A number in a content file can drive work: rounds loop, track ranges and token supplies are
drawn one by one, copies repeat cards on pages. Validation refuses a number past its limit with
a positioned `out-of-range` diagnostic, so `rounds: 1000000` is an error at its line instead of
a run that never ends and `max: 1000000000` an error instead of a print job that fills memory.
Each limit is far above what a card game printed on paper needs (every shipped game uses a
tenth of it or less), so a designer only meets one by a typo. The module imports no pydantic
(its constraints are `annotated_types`, which pydantic reads), so the command line can name
the limits without loading it.
"""

from __future__ import annotations

from typing import Annotated

from annotated_types import Interval

MAX_NUMBER = 1_000_000
"""Any other whole number a game writes (points, amounts, thresholds, card field values): big
enough for any score sheet, small enough that sums and printed numbers stay short."""

MAX_ROUNDS = 1_000
"""Rounds in a game, and rounds a bot plays ahead: each round deals and plays a deck, so the
action cap grows with it; a thousand rounds of a shipped game take minutes, not forever."""

MAX_TRACK_POSITION = 1_000
"""A track's positions (its `min`, `max`, `start` and milestones) lie within -1000..1000:
printing draws every position and scoring tabulates them, one entry each."""

MAX_CARDS = 1_000
"""Cards moved or held by count: dealt, drawn, passed, placed, a hand size or hand limit, a
deck composition's count. A deck of a thousand cards is already ten boxes of cards."""

MAX_SHAPE_SIDE = 20
"""Rows of a `shape` field, and cells in each row: a drafted grid's actions and its printed
plan grow with the area of the largest shape."""

MAX_COPIES = 100
"""Printed copies of each card of a component: every copy is laid out on a page."""

MAX_SUPPLY_TOKENS = 10_000
"""Tokens in one resource's supply, all denominations together: each is drawn on a sheet."""

MAX_GAMES = 1_000_000
"""Games in one simulation run (`--games`): statistics are tallied as games end, so memory
stays flat, but `--transcript` keeps every game's record to write it (about 4 KB each, about
4 GB for a million) and `compare` each game's measures (about 150 bytes a side); a million
games of a shipped game take from about twenty minutes of CPU (random bots) to hours."""

MAX_SWEEP_POINTS = 1_000
"""Points of one `sweep` (values of an axis, and combinations of all axes): each point is a
whole simulation run, so `--set cost=1..1000000000` is a typo, not a plan."""

MAX_ISMCTS_ITERATIONS = 100_000
"""Iterations of an ISMCTS bot per move (`ismcts:N`): about a second per move on the shipped
games at 10 000; beyond this a single game takes hours."""

MAX_ISMCTS_SECONDS = 60.0
"""Seconds of thought per move of a time-budget ISMCTS bot (`ismcts:0.5s`): a game has
hundreds of moves, so a minute each is already a day's game."""

MAX_SEED = 2**64 - 1
"""Seeds are 0..2**64-1, on every command that takes `--seed` and in the workbench page: a
transcript records its seeds, and `replay` reads nothing larger than 64 bits."""

WORKERS_PER_CPU = 4
"""Worker processes are capped at this many per CPU (and at the number of games): more only
share the same cores and cost a process start each."""

Number = Annotated[int, Interval(ge=-MAX_NUMBER, le=MAX_NUMBER)]
"""A whole number within +-MAX_NUMBER."""
Rounds = Annotated[int, Interval(ge=1, le=MAX_ROUNDS)]
"""A number of rounds, 1..MAX_ROUNDS."""
TrackPosition = Annotated[int, Interval(ge=-MAX_TRACK_POSITION, le=MAX_TRACK_POSITION)]
"""A position on a track."""
Cards = Annotated[int, Interval(ge=1, le=MAX_CARDS)]
"""A number of cards, 1..MAX_CARDS."""
CardsOrNone = Annotated[int, Interval(ge=0, le=MAX_CARDS)]
"""A number of cards that may be 0."""
Copies = Annotated[int, Interval(ge=1, le=MAX_COPIES)]
"""Printed copies of a card."""
