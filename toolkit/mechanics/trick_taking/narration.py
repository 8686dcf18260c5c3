"""Trick-taking's log events in words (plays, tricks, trump, passes, bids), as transcripts,
replays and the terminal tell them. One player's view leaves out what that player may not see:
the cards passed between two other players."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.kernel.events import Event
from toolkit.kernel.mechanic import CardWords
from toolkit.mechanics.trick_taking.events import (
    BidMade,
    CallPassed,
    ContractScored,
    Discarded,
    Passed,
    PassPicked,
    Played,
    TrickWon,
    TrumpCalled,
    TrumpNamed,
    TrumpTurned,
)

if TYPE_CHECKING:
    from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic


def event(
    mechanic: TrickTakingMechanic, event: Event, viewer: int | None, words: CardWords
) -> Iterator[str] | None:
    """Lines for the mechanic's own events; None for events the engine narrates. Plays and
    tricks name cards as printed (`card_names`), as every transcript always has."""
    names = mechanic.card_names
    match event:
        case Played(player=player, card=card):
            return iter((f"  player {player + 1} plays {names[card]}",))
        case TrickWon(winner=winner, card=card):
            return iter((f"  player {winner + 1} wins the trick with {names[card]}",))
        case PassPicked():
            return iter(())  # the hand-over tells it
        case Passed(giver=giver, receiver=receiver, cards=cards):
            if viewer is None or viewer in (giver, receiver):
                what = ", ".join(words.deck_card(card) for card in cards)
            else:
                what = f"{len(cards)} cards"
            return iter((f"  player {giver + 1} passes {what} to player {receiver + 1}",))
        case BidMade(player=player, bid=bid):
            return iter((f"  player {player + 1} bids {bid}",))
        case TrumpTurned(card=card) if card < 0:
            return iter(("  no card is left to turn up: no trump this round",))
        case TrumpTurned(card=card) if mechanic.calling:
            return iter((f"  {words.deck_card(card)} is turned up",))
        case TrumpTurned(card=card):
            suit = mechanic.suit_names[mechanic.suit_of[card]]
            return iter((f"  {words.deck_card(card)} is turned up: {suit} are trump",))
        case TrumpNamed(player=player, suit=suit):
            return iter((f"  player {player + 1} names {mechanic.suit_names[suit]} trump",))
        case CallPassed(player=player):
            return iter((f"  player {player + 1} passes",))
        case TrumpCalled(player=player, suit=suit, alone=alone, ordered=ordered):
            how = "orders up" if ordered else "names"
            line = f"  player {player + 1} {how} {mechanic.suit_names[suit]} as trump"
            return iter((line + (" and goes alone" if alone else ""),))
        case Discarded(player=player, card=card):
            what = words.deck_card(card) if viewer is None or viewer == player else "a card"
            return iter((f"  player {player + 1} picks up the turned card and discards {what}",))
        case ContractScored(maker=maker, tricks=tricks, made=made, points=points):
            side = f"player {maker + 1}'s side"
            if made:
                return iter((f"  {side} made trump and took {tricks}: {points} points",))
            return iter((f"  {side} took only {tricks}: the defenders score {points}",))
    return None
