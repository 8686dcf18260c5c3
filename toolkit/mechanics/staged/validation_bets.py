"""Semantic checks of the stages and moves that spend resources: the resource, zones and fields
they name exist and are of the right owner; amounts and ranks can be used."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toolkit.mechanics.base import Path
    from toolkit.mechanics.staged.validation import StagedChecker

STAGES = ("pay", "betting", "showdown", "auction", "sealed_bid")
WAGERS = ("check", "bet", "raise", "fold", "bid", "drop", "pay")
"""The decisions these stages and the `pay` move offer (a betting round's `call` is the
kit's own name)."""


def asks(stage: object) -> tuple[str, ...]:
    """The decisions a stage of this module offers strategies."""
    kind = getattr(stage, "stage", None)
    if kind == "betting":
        raising = ("raise",) if getattr(stage, "raise_", None) and getattr(stage, "cap", 0) else ()
        return ("check", "bet", "call", *raising, "fold")
    if kind == "auction":
        return ("bid", "drop")
    if kind == "sealed_bid":
        return ("bid",)
    return ()


def _resource(checker: StagedChecker, path: Path, resource: str) -> None:
    checker.checks.known((*path, "resource"), resource, checker.checks.resource_ids(), "resource")


def stage(checker: StagedChecker, path: Path, stage: Any) -> None:
    kind = stage.stage
    if kind != "showdown":
        _resource(checker, path, stage.resource)
    if kind == "pay":
        if stage.to is not None:
            checker.zone((*path, "to"), stage.to, "shared")
    elif kind == "betting":
        checker.zone((*path, "pot"), stage.pot, "shared")
        if stage.raise_ and stage.cap == 0:
            checker.checks.error(
                (*path, "cap"),
                "invalid-value",
                "'raise' amounts are given but 'cap' is 0: nobody may ever raise",
                "set 'cap' to the most raises per betting round, or drop 'raise'",
            )
    elif kind == "showdown":
        checker.zone((*path, "pot"), stage.pot, "shared")
        checker.zone((*path, "zone"), stage.zone, "player")
        for index, zone in enumerate(stage.with_):
            checker.zone((*path, "with", index), zone, "shared")
        for index, key in enumerate(stage.rank):
            name = next(k for k in ("most_alike", "highest", "lowest", "sum") if getattr(key, k))
            checker.field((*path, "rank", index, name), key.field)
    elif kind == "auction":
        checker.zone((*path, "lots"), stage.lots, "shared")
        checker.zone((*path, "to"), stage.to, "player")
        taken = ((("last",), stage.last), (("drop", "takes"), stage.drop.takes))
        ranked = [(key, which) for key, which in taken if which in ("highest", "lowest")]
        if stage.by is not None:
            if ranked:
                checker.ranking_field((*path, "by"), stage.by)
            else:
                checker.field((*path, "by"), stage.by)
        elif ranked:
            key, which = ranked[0]
            checker.checks.error(
                (*path, *key),
                "invalid-value",
                f"taking the {which} lot needs 'by': the field that ranks the lots",
                "add e.g. 'by: value', or take 'all' (a dropping bidder: 'none')",
            )
    elif kind == "sealed_bid":
        checker.zone((*path, "lots"), stage.lots, "shared")
        checker.zone((*path, "to"), stage.to, "player")
        if stage.by is not None:
            if stage.take != "all":
                checker.ranking_field((*path, "by"), stage.by)
            else:
                checker.field((*path, "by"), stage.by)
        elif stage.take != "all":
            checker.checks.error(
                (*path, "take"),
                "invalid-value",
                f"taking the {stage.take} lot needs 'by': the field that ranks the lots",
                "add e.g. 'by: value', or take 'all'",
            )


def move(checker: StagedChecker, path: Path, move: Any) -> None:
    """The `pay` move."""
    _resource(checker, path, move.resource)
    checker.zone((*path, "to"), move.to, "shared")


def which_by(checker: StagedChecker, path: Path, stage: Any) -> None:
    """A `move` stage taking the highest or lowest card needs the field that ranks them."""
    if stage.by is not None and stage.which in ("highest", "lowest"):
        checker.ranking_field((*path, "by"), stage.by)
    elif stage.by is not None:
        checker.field((*path, "by"), stage.by)
    elif stage.which in ("highest", "lowest"):
        checker.checks.error(
            (*path, "which"),
            "invalid-value",
            f"moving the {stage.which} card needs 'by': the field that ranks the cards",
            "add e.g. 'by: value'",
        )
