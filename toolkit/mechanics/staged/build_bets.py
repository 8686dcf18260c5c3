"""The stages and moves that spend resources, compiled into ops and move templates."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged import bets, structure
from toolkit.mechanics.staged.moves import MoveRule

if TYPE_CHECKING:
    from toolkit.mechanics.staged.build import ProgramBuilder

BETTING_MOVES = ("check", "bet", "call", "raise", "fold")
"""The moves of a betting round, in the order their action ids are numbered."""


def _decide(builder: ProgramBuilder, op: Any) -> None:
    """Emit a decision op and name its stage (what positions write as `at`)."""
    builder.paths[builder.emit(op)] = builder.where


def _shared(builder: ProgramBuilder, zone_id: str | None) -> int:
    return builder.zone(zone_id).index if zone_id is not None else -1


def pay(builder: ProgramBuilder, stage: structure.PayStage) -> None:
    builder.wagers = True
    builder.emit(
        bets.Pay(
            builder.c.resource(stage.resource),
            stage.resource,
            stage.amount,
            _shared(builder, stage.to),
            stage.who,
            stage.short == "fold",
        )
    )


def betting(builder: ProgramBuilder, stage: structure.BettingStage) -> None:
    builder.wagers = True
    resource = builder.c.resource(stage.resource)
    pot = _shared(builder, stage.pot)
    rules: list[MoveRule] = []
    for kind in BETTING_MOVES:
        amounts = tuple(stage.bet if kind == "bet" else stage.raise_ if kind == "raise" else ())
        if kind == "raise" and (not amounts or stage.cap == 0):
            continue
        rule = bets.StakeMove(
            kind=kind,
            decision=kind,
            says=stage.says or "",
            when=None,
            size=max(len(amounts), 1),
            resource=resource,
            resource_id=stage.resource,
            pot=pot,
            amounts=amounts,
            cap=stage.cap,
        )
        builder.rules.append(rule)
        rules.append(rule)
    _decide(
        builder,
        bets.Betting(
            tuple(rules),
            (),
            resource,
            stage.resource,
            pot,
            builder.start(stage.start),
            builder.reg(),
        ),
    )


def showdown(builder: ProgramBuilder, stage: structure.ShowdownStage) -> None:
    builder.wagers = True
    builder.emit(
        bets.Showdown(
            builder.zone(stage.pot),
            builder.zone(stage.zone),
            tuple(builder.zone(z) for z in stage.with_),
            tuple(
                (
                    next(k for k in ("most_alike", "highest", "lowest", "sum") if getattr(key, k)),
                    builder.column(key.field) if key.most_alike else builder.numbers(key.field),
                )
                for key in stage.rank
            ),
            stage.ties == "split",
        )
    )


def auction(builder: ProgramBuilder, stage: structure.AuctionStage) -> None:
    builder.wagers = True
    resource = builder.c.resource(stage.resource)
    rules: list[MoveRule] = [
        bets.BidMove(
            kind="bid",
            decision="bid",
            says=stage.says or "",
            when=None,
            size=len(stage.steps),
            resource=resource,
            resource_id=stage.resource,
            steps=tuple(stage.steps),
        ),
        bets.BidMove(kind="drop", decision="drop", says="", when=None, size=1, resource=resource),
    ]
    builder.rules.extend(rules)
    _decide(
        builder,
        bets.Auction(
            tuple(rules),
            (),
            resource,
            stage.resource,
            builder.zone(stage.lots),
            builder.zone(stage.to),
            builder.numbers(stage.by) if stage.by else (),
            builder.start(stage.start),
            stage.drop.takes,
            stage.drop.refund,
            stage.last,
            stage.max,
            builder.reg(),
        ),
    )


def sealed_bid(builder: ProgramBuilder, stage: structure.SealedBidStage) -> None:
    builder.wagers = True
    resource = builder.c.resource(stage.resource)
    rule = bets.SealedMove(
        kind="bid",
        decision="bid",
        says=stage.says or "",
        when=None,
        size=stage.most + 1,
        resource=resource,
        resource_id=stage.resource,
    )
    builder.rules.append(rule)
    _decide(
        builder,
        bets.SealedBid(
            rule,
            resource,
            stage.resource,
            builder.zone(stage.lots),
            builder.zone(stage.to),
            stage.take,
            builder.numbers(stage.by) if stage.by else None,
            stage.ties == "first",
        ),
    )


def pay_move(builder: ProgramBuilder, move: structure.PayOnto, common: dict[str, Any]) -> MoveRule:
    builder.wagers = True
    return bets.PayMove(
        **common,
        resource=builder.c.resource(move.resource),
        resource_id=move.resource,
        amount=move.amount,
        zone=builder.zone(move.to),
    )


STAGES: dict[str, Callable[[ProgramBuilder, Any], None]] = {
    "pay": pay,
    "betting": betting,
    "showdown": showdown,
    "auction": auction,
    "sealed_bid": sealed_bid,
}
"""The stages of this module, by their `stage:` name."""


def actions(stage: Any, players: int) -> int:
    """The most actions one of these stages takes (for the game's action cap)."""
    kind = stage.stage
    if kind == "betting":
        return players * (int(stage.cap) + 2)
    if kind == "auction":
        return int(stage.max) + players
    if kind == "sealed_bid":
        return players
    return 0
