"""The draft's moves and log events in words (places or takes, shop actions, swaps, passes,
tableau discards), as
transcripts, replays and the terminal tell them. One player's view leaves out what that
player may not see: the face of other players' face-down cards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.kernel.events import Declined, Event, NothingToChoose
from toolkit.kernel.mechanic import CardWords
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.draft.codec import HandSwap, OpponentSwap, Pick
from toolkit.mechanics.draft.events import (
    CardActed,
    CardActionLapsed,
    ExtraPickStarted,
    HandsPassed,
    HandSwapped,
    OpponentSwapped,
    PickDiscarded,
    Picked,
    Placed,
    Reversed,
    TableauDiscarded,
    Taken,
)
from toolkit.mechanics.draft.grid import Cell

if TYPE_CHECKING:
    from toolkit.mechanics.draft.machine import DraftMechanic

DRAFT_CHOICES = ("swap-hand", "swap-opponent")
"""Decision kinds of the draft's effects (not card kinds: told by the event that follows)."""


def action(mechanic: DraftMechanic, state: State, move: int, words: CardWords) -> str | None:
    """A pick or a swap in words with card names; None for moves the engine describes."""
    pending = state.pending
    if move == DECLINE or not 0 <= move < mechanic.codec.num_distinct_actions:
        return None
    if pending is not None and pending.kind not in DRAFT_CHOICES:
        return None
    record = mechanic.codec.decode(move)
    if isinstance(record, Pick) and pending is None and mechanic.tableau:
        verb = "discard" if record.face_down else "take"
        return f"{verb} {words.deck_card(record.card)}"
    if isinstance(record, Pick) and pending is None:
        how = "face down" if record.face_down else "face up"
        return f"place {words.deck_card(record.card)} {how} at {where(record.cell)}"
    if isinstance(record, HandSwap) and pending is not None:
        old = state.grids[mechanic.park][pending.player].get(record.cell)
        there = "the face-down card" if old is None or old < 0 else words.deck_card(old)
        return f"put {words.deck_card(record.card)} at {where(record.cell)} in place of {there}"
    if isinstance(record, OpponentSwap) and pending is not None:
        parks = state.grids[mechanic.park]
        mine = _grid_card(parks[pending.player].get(record.cell), words)
        theirs = _grid_card(parks[record.other].get(record.their_cell), words)
        return (
            f"swap {mine} at {where(record.cell)} with player {record.other + 1}'s "
            f"{theirs} at {where(record.their_cell)}"
        )
    return None


def _grid_card(card: int | None, words: CardWords) -> str:
    if card is None:
        return "nothing"
    return "a face-down card" if card < 0 else words.deck_card(card)


def event(
    mechanic: DraftMechanic, event: Event, viewer: int | None, words: CardWords
) -> Iterator[str] | None:
    """Lines for the draft's own events; None for events the engine narrates."""
    match event:
        case Picked():
            return iter(())  # a hidden choice; the reveal (a place or take) tells it
        case Placed(player=player, card=card, cell=cell, face_down=True):
            what = "a card" if viewer is not None and viewer != player else words.deck_card(card)
            return iter([f"  {seat(player)} places {what} face down at {where(cell)}"])
        case Placed(player=player, card=card, cell=cell):
            return iter([f"  {seat(player)} places {words.deck_card(card)} at {where(cell)}"])
        case Taken(player=player, card=card):
            return iter([f"  {seat(player)} takes {words.deck_card(card)}"])
        case PickDiscarded(player=player, card=card):
            return iter(
                [f"  {seat(player)} can pay for nothing and discards {words.deck_card(card)}"]
            )
        case TableauDiscarded(player=player, cards=cards):
            gone = ", ".join(words.deck_card(card) for card in cards)
            return iter([f"  {seat(player)} discards {gone}"])
        case CardActed(owner=owner, card=card):
            text = mechanic.action_texts[card] if mechanic.action_texts else ""
            return iter(
                [f"  {words.deck_card(card)} ({seat(owner)}) acts" + (f": {text}" if text else "")]
            )
        case CardActionLapsed(card=card):
            return iter([f"  {words.deck_card(card)} left the park before its turn: no action"])
        case ExtraPickStarted():
            return iter(["  every player who can picks one more card before hands pass"])
        case HandsPassed(direction=direction):
            return iter([f"hands pass {direction}"])
        case Reversed():
            return iter(["  from now on hands pass the other way"])
        case HandSwapped(player=player, cell=cell, old=old, new=new):
            hidden = old < 0 and viewer is not None and viewer != player
            gone = "a face-down card" if hidden else words.deck_card(old if old >= 0 else ~old)
            return iter(
                [
                    f"  {seat(player)} puts {words.deck_card(new)} at {where(cell)}, "
                    f"taking {gone} into their hand"
                ]
            )
        case OpponentSwapped(player=player, other=other, mine=mine, theirs=theirs):
            return iter(
                [
                    f"  {seat(player)} swaps {words.deck_card(mine)} for {seat(other)}'s "
                    f"{words.deck_card(theirs)}"
                ]
            )
        case NothingToChoose(player=player, decision=decision) if decision in DRAFT_CHOICES:
            return iter([f"  {seat(player)} has nothing to swap"])
        case Declined(player=player, decision=decision) if decision in DRAFT_CHOICES:
            return iter([f"  {seat(player)} declines to swap"])
    return None


def seat(player: int) -> str:
    return f"player {player + 1}"


def where(cell: Cell) -> str:
    """A park cell as the engine numbers it: (row, column) from the first card at (0, 0)."""
    return f"({cell[0]}, {cell[1]})"
