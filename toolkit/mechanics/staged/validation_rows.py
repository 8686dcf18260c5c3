"""Checks of the row vocabulary against the game: a `draw` onto shared rows, the `closest` row
a card climbs onto, a `move` that places each card by a `match`, a row closed for the round
(`closes`) and the `closed` check reading it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.structure import walk

if TYPE_CHECKING:
    from toolkit.mechanics.base import Path
    from toolkit.mechanics.staged.validation import StagedChecker


def draw_targets(checker: StagedChecker, path: Path, move: Any) -> None:
    """A draw goes to the mover's zones or to shared zones; each destination exists."""
    targets = move.to if isinstance(move.to, list) else [move.to]
    for index, target in enumerate(targets):
        checker.zone((*path, "to", index) if isinstance(move.to, list) else (*path, "to"), target)


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


PLACING_ONLY = ("fill_to", "to_who", "sets", "reshuffle")
"""`move` keys that say where plain moved cards go or which move: a move that places each card
by a `match` says it with `to` and `match` instead."""


def placed(checker: StagedChecker, path: Path, stage: Any) -> None:
    """A `move` stage that places each card where it fits: its destinations, its `match`, and
    none of the keys of a plain move."""
    targets = stage.to if isinstance(stage.to, list) else [stage.to]
    for index, target in enumerate(targets):
        checker.zone((*path, "to", index) if isinstance(stage.to, list) else (*path, "to"), target)
    if stage.match is None:
        checker.checks.error(
            (*path, "to"),
            "invalid-value",
            "a move to several zones places each card by a 'match', but it has none",
            "add e.g. match: {climb: {field: value, strict: true, closest: true}}, or name "
            "one zone in 'to'",
        )
    else:
        match_fields(checker, path, stage.match)
        if stage.match.climb is not None:
            closest_has_rows(checker, path, stage)
    for name in PLACING_ONLY:
        if getattr(stage, name) is not None:
            checker.checks.error(
                (*path, name),
                "invalid-value",
                f"'{name}' does not go with a move that places each card by a 'match'",
                f"leave '{name}' out, or move the cards in a 'move' stage of their own",
            )
    if stage.who == "each" or stage.which == "random":
        key, value = ("who", "each") if stage.who == "each" else ("which", "random")
        checker.checks.error(
            (*path, key),
            "invalid-value",
            f"'{key}: {value}' does not go with a move that places each card by a 'match'",
            "place the cards of one player, from the top, the bottom, or by a field",
        )


def no_otherwise(checker: StagedChecker, path: Path, stage: Any) -> None:
    """`otherwise` runs for a card that fits no destination: a move without `match` has
    none."""
    if stage.otherwise:
        checker.checks.error(
            (*path, "otherwise"),
            "invalid-value",
            "'otherwise' runs when a card fits no destination, but this move has no 'match'",
            "add a 'match', or put these stages after the move",
        )


def match_fields(checker: StagedChecker, path: Path, match: Any) -> None:
    """The zone and fields a `match` names exist; a climbed field holds numbers."""
    at = (*path, "match")
    if match.zone is not None:
        checker.zone((*at, "zone"), match.zone)
    for index, name in enumerate(match.same):
        checker.field((*at, "same", index), name)
    if match.step is not None:
        checker.field((*at, "step", "field"), match.step.field)
    if match.climb is not None:
        checker.numeric_field(
            (*at, "climb", "field"), match.climb.field, "so no card can climb on it"
        )
    if match.among is not None:
        checker.field((*at, "among"), match.among)
    checker.card_filter((*at, "wild"), match.wild)
