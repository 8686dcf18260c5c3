"""The draft's moves and log events in words (places or takes, shop actions, swaps, passes,
tableau discards), as
transcripts, replays and the terminal tell them. One player's view leaves out what that
player may not see: the face of other players' face-down cards."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from toolkit.kernel.mechanic import CardWords
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.draft.codec import HandSwap, OpponentSwap, Pick
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
    mechanic: DraftMechanic, event: tuple[Any, ...], viewer: int | None, words: CardWords
) -> Iterator[str] | None:
    """Lines for the draft's own events; None for events the engine narrates."""
    kind = event[0]
    if kind == "pick":
        return iter(())  # a hidden choice; the reveal ("place") tells it
    if kind == "place":
        _, player, card, cell, face_down = event
        if face_down:
            what = "a card" if viewer is not None and viewer != player else words.deck_card(card)
            return iter([f"  {seat(player)} places {what} face down at {where(cell)}"])
        return iter([f"  {seat(player)} places {words.deck_card(card)} at {where(cell)}"])
    if kind == "take":
        return iter([f"  {seat(event[1])} takes {words.deck_card(event[2])}"])
    if kind == "discard-pick":
        return iter(
            [f"  {seat(event[1])} can pay for nothing and discards {words.deck_card(event[2])}"]
        )
    if kind == "discard-tableau":
        _, player, cards = event
        gone = ", ".join(words.deck_card(card) for card in cards)
        return iter([f"  {seat(player)} discards {gone}"])
    if kind == "card-action":
        _, owner, card = event
        text = mechanic.action_texts[card] if mechanic.action_texts else ""
        return iter(
            [f"  {words.deck_card(card)} ({seat(owner)}) acts" + (f": {text}" if text else "")]
        )
    if kind == "card-action-lapsed":
        return iter([f"  {words.deck_card(event[1])} left the park before its turn: no action"])
    if kind == "extra-pick":
        return iter(["  every player who can picks one more card before hands pass"])
    if kind == "pass":
        return iter([f"hands pass {event[1]}"])
    if kind == "reverse":
        return iter(["  from now on hands pass the other way"])
    if kind == "swap-hand":
        _, player, cell, old, new = event
        hidden = old < 0 and viewer is not None and viewer != player
        gone = "a face-down card" if hidden else words.deck_card(old if old >= 0 else ~old)
        return iter(
            [
                f"  {seat(player)} puts {words.deck_card(new)} at {where(cell)}, "
                f"taking {gone} into their hand"
            ]
        )
    if kind == "swap-opponent":
        _, player, other, mine, theirs = event
        return iter(
            [
                f"  {seat(player)} swaps {words.deck_card(mine)} for {seat(other)}'s "
                f"{words.deck_card(theirs)}"
            ]
        )
    if kind in ("no-choice", "decline") and event[2] in DRAFT_CHOICES:
        verb = "has nothing to swap" if kind == "no-choice" else "declines to swap"
        return iter([f"  {seat(event[1])} {verb}"])
    return None


def seat(player: int) -> str:
    return f"player {player + 1}"


def where(cell: Cell) -> str:
    """A park cell as the engine numbers it: (row, column) from the first card at (0, 0)."""
    return f"({cell[0]}, {cell[1]})"
