"""The stages, moves and events that spend resources, in words: rule-book lines read back from
the stages, and the narration of bets, pots and bids."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.staged.wagers import BidsRevealed, PotWon, Wagered, chips

if TYPE_CHECKING:
    from toolkit.kernel.events import Event
    from toolkit.mechanics.staged.machine import StagedMechanic

_KEYS = {
    "most_alike": "the most cards of one {field} (a pair beats single cards)",
    "highest": "the highest {field}, then the next highest",
    "lowest": "the lowest {field}, then the next lowest",
    "sum": "the greatest sum of {field}",
}


def _amounts(amounts: list[int]) -> str:
    return " or ".join(str(a) for a in amounts)


def stage_line(stage: Any) -> str:
    """A rule-book line for one of these stages, from its fields."""
    kind = stage.stage
    if kind == "pay":
        who = "Each player still in" if stage.who == "each" else f"The {stage.who} player"
        where = f"onto {stage.to}" if stage.to else "to the supply"
        short = (
            " (a player who holds less folds for the round)"
            if stage.short == "fold"
            else " (or all they hold)"
        )
        return f"{who} pays {stage.amount} {stage.resource} {where}{short}."
    if kind == "betting":
        raises = (
            f" raise by {_amounts(stage.raise_)} (at most {stage.cap} raises this round),"
            if stage.raise_ and stage.cap
            else ""
        )
        return (
            f"A betting round in {stage.resource}, from the {stage.start} player: check, bet "
            f"{_amounts(stage.bet)},{raises} call the highest stake, or fold and sit the "
            f"round out; it ends when every player still in has matched the highest stake. "
            f"Stakes go onto {stage.pot}."
        )
    if kind == "showdown":
        shared = f" with {' and '.join(stage.with_)}" if stage.with_ else ""
        keys = ", then ".join(_KEYS[k].format(field=v) for k, v in _rank(stage.rank))
        ties = (
            "equal hands share it (an odd chip stays)"
            if stage.ties == "split"
            else "on a tie it stays for the next round"
        )
        return (
            f"Showdown: the players still in show their {stage.zone}{shared}; the best hand "
            f"({keys}) takes {stage.pot}; {ties}. A player all in wins from each other player "
            f"no more than they put in themselves; the rest goes to the next best hand. A lone "
            f"player still in takes it all unseen."
        )
    if kind == "auction":
        drop = stage.drop
        gets = []
        if drop.takes != "none":
            gets.append(f"takes the {drop.takes} {stage.by} of {stage.lots}")
        if drop.refund != "none":
            gets.append(f"gets {'all' if drop.refund == 'all' else 'half'} their bid back")
        dropping = (" and ".join(gets) if gets else "gets nothing") + (
            "" if drop.refund == "all" else " (the rest is paid)"
        )
        last = "all the lots left" if stage.last == "all" else f"the {stage.last} lot left"
        return (
            f"Auction of {stage.lots} in {stage.resource}, from the {stage.start} player: "
            f"bid {_amounts(stage.steps)} more than the highest bid, or drop out; a player "
            f"who drops out {dropping}. The last bidder pays their bid and takes {last}."
        )
    if kind == "sealed_bid":
        lot = "every card" if stage.take == "all" else f"the {stage.take} {stage.by}"
        ties = (
            "nobody wins a tie"
            if stage.ties == "none"
            else "a tie goes to the first tied bidder in turn order"
        )
        return (
            f"Everyone bids 0 to {stage.most} {stage.resource} at once, hidden; the highest "
            f"bidder pays and takes {lot} of {stage.lots} into their {stage.to}; {ties}."
        )
    return f"{kind}."


def _rank(keys: list[Any]) -> list[tuple[str, str]]:
    return [
        (name, key.field)
        for key in keys
        for name in ("most_alike", "highest", "lowest", "sum")
        if getattr(key, name)
    ]


def move_line(move: Any) -> str:
    """The `pay` move in words."""
    return f"pay {chips(move.amount, move.resource)} onto {move.to}"


def event_lines(mechanic: StagedMechanic, event: Event) -> Iterator[str] | None:
    """Narration of the wager events; None for other events."""
    match event:
        case Wagered(player=p, what=what, amount=amount, total=total, resource=resource):
            who = f"player {p + 1}"
            if what == "check":
                return iter([f"  {who} checks"])
            if what == "fold":
                return iter([f"  {who} folds"])
            if what == "pay":
                return iter([f"  {who} pays {chips(amount, resource)}"])
            if what == "back":
                return iter([f"  {who} takes back {chips(-amount, resource)} nobody matched"])
            if what == "drop":
                back = f", {chips(-amount, resource)} back" if amount < 0 else ""
                return iter([f"  {who} drops out{back}"])
            if what == "call":
                return iter([f"  {who} calls: {chips(amount, resource)} (stake {total})"])
            verb = {"bet": "bets", "raise": "raises to", "bid": "bids"}.get(what, what)
            shown = amount if what == "bet" else total
            return iter([f"  {who} {verb} {chips(shown, resource)}"])
        case PotWon(player=p, amount=amount, zone=zone, shown=shown):
            name = {z.id: z.name for z in mechanic.zones}.get(zone, zone)
            if p < 0:
                return iter([f"  a tie: {name} stays for the next round"])
            how = " with the best hand" if shown else ""
            return iter([f"  player {p + 1} takes {amount} from {name}{how}"])
        case BidsRevealed(bids=bids, winner=winner, resource=resource):
            told = ", ".join(f"player {p + 1} {b}" for p, b in enumerate(bids) if b >= 0)
            won = f"player {winner + 1} wins" if winner >= 0 else "a tie: nobody wins"
            return iter([f"  sealed bids in {resource}: {told}; {won}"])
    return None
