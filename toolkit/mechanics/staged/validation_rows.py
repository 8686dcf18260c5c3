"""Checks of the row vocabulary against the game: a `draw` onto shared rows, the `closest` row
a card climbs onto, a row closed for the round (`closes`) and the `closed` check reading it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.structure import walk

if TYPE_CHECKING:
    from toolkit.mechanics.base import Path
    from toolkit.mechanics.staged.validation import StagedChecker


def draw_targets(checker: StagedChecker, path: Path, move: Any) -> None:
    """A draw goes to the mover's zone or to shared zones; each destination exists."""
    targets = move.to if isinstance(move.to, list) else [move.to]
    for index, target in enumerate(targets):
        checker.zone((*path, "to", index) if isinstance(move.to, list) else (*path, "to"), target)
    owned = [t for t in targets if t in checker.player_zones]
    if isinstance(move.to, list) and owned and len(owned) < len(targets):
        checker.checks.error(
            (*path, "to"),
            "invalid-value",
            f"a draw's destinations are the mover's zone or shared rows, not both ('{owned[0]}' "
            "is a player zone)",
            "offer one draw into the player's zone and another onto the rows",
        )


def closes_shared(checker: StagedChecker, path: Path, move: Any) -> None:
    """Only a shared zone can be closed for the round (a row, not a player's hand)."""
    if move.closes is None:
        return
    sources = move.from_ if isinstance(move.from_, list) else [move.from_]
    for index, source in enumerate(sources):
        if source in checker.player_zones:
            checker.checks.error(
                (*path, "from", index) if isinstance(move.from_, list) else (*path, "from"),
                "invalid-value",
                f"'{source}' is a player zone: 'closes' closes the shared zone taken",
                "take from shared zones (rows), or leave 'closes' out",
            )


def closest_has_rows(checker: StagedChecker, path: Path, move: Any) -> None:
    """`closest` chooses among destinations compared each with its own card: it needs a list
    of zones in `to` and no single `match.zone` every destination is compared with."""
    climb = move.match.climb
    if not climb.closest:
        return
    here = (*path, "match", "climb", "closest")
    if not isinstance(move.to, list) or len(set(move.to)) < 2:
        checker.checks.error(
            here,
            "invalid-value",
            "'closest' picks the nearest of several destinations, but 'to' names one",
            "list the rows in 'to' (to: [row-1, row-2, row-3]), or leave 'closest' out",
        )
    elif move.match.zone is not None:
        checker.checks.error(
            here,
            "invalid-value",
            f"'closest' compares each destination's own card, but 'match.zone' compares every "
            f"one with '{move.match.zone}'",
            "leave 'match.zone' out",
        )


def closes_are_made(checker: StagedChecker) -> None:
    """A `closed` check reads a zone a `take_all` closes: a zone nothing closes is never
    closed, so the check could never hold."""
    structure = checker.structure
    written = [*structure.round, *structure.round_end.then]
    for stages in structure.defines.values():
        written += stages
    closed: set[str] = set()
    for item in walk(written):
        if getattr(item, "move", None) == "take_all" and item.closes is not None:
            closed.update(item.from_ if isinstance(item.from_, list) else [item.from_])
    for path, zone in checker.reads_closed:
        if zone not in closed and zone in checker.shared_zones:
            checker.checks.error(
                (*path, "closed"),
                "invalid-value",
                f"'closed' reads whether '{zone}' was closed, but no move closes it",
                f"offer {{move: take_all, from: {zone}, to: ..., closes: round}}",
            )
