"""Draw-and-play moves and log events in words (plays to areas, discards, draws, takes), as
transcripts, replays and the terminal tell them. One player's view leaves out what that player
may not see: the card another player draws from the draw pile."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from toolkit.kernel.events import Dealt, Event
from toolkit.kernel.mechanic import CardWords
from toolkit.kernel.state import State
from toolkit.mechanics.draw_and_play.codec import Discard, Place
from toolkit.mechanics.draw_and_play.events import (
    CardDiscarded,
    Drew,
    HandFull,
    PileEmpty,
    PlayedTo,
    Stalled,
    StockFormed,
    TookFromPile,
)

if TYPE_CHECKING:
    from toolkit.mechanics.draw_and_play.machine import DrawPlayMechanic


def action(mechanic: DrawPlayMechanic, state: State, move: int, name: Callable[[int], str]) -> str:
    """A move in words, card names from `name`."""
    record = mechanic.codec.decode(move)
    if isinstance(record, Place):
        return f"play {name(record.card)} to {area_name(mechanic, record.area, record.card)}"
    if isinstance(record, Discard):
        pile = mechanic.pile_of[record.card]
        return f"discard {name(record.card)} on {mechanic.pile_names[pile]}"
    if record.source == 0:
        return f"draw from {mechanic.draw_name}"
    cards = state.shared[mechanic.piles[record.source - 1]]
    top = name(cards[-1]) if cards else "nothing"
    return f"take {top} from {mechanic.pile_names[record.source - 1]}"


def area_name(mechanic: DrawPlayMechanic, area_index: int, card: int) -> str:
    """The area a card goes to: `routes (red)`, or the zone alone when it is one area."""
    area = mechanic.areas[area_index]
    if len(area.key_names) == 1:
        return area.zone_id
    return f"{area.zone_id} ({area.key_names[area.key[card]]})"


def event(
    mechanic: DrawPlayMechanic, event: Event, viewer: int | None, words: CardWords
) -> Iterator[str] | None:
    """Lines for the mechanic's own events; None for events the engine narrates."""
    match event:
        case Dealt(each=each):  # what is left over is not out of play: it forms the draw pile
            return iter([f"deal: {each} cards each"])
        case StockFormed(count=count):
            return iter([f"setup: {count} cards form {mechanic.draw_name}"])
        case PlayedTo(player=player, card=card, area=area):
            where = area_name(mechanic, area, card)
            return iter([f"  {seat(player)} plays {words.deck_card(card)} to {where}"])
        case CardDiscarded(player=player, card=card, pile=pile):
            pile_name = mechanic.pile_names[pile]
            return iter([f"  {seat(player)} discards {words.deck_card(card)} on {pile_name}"])
        case Drew(player=player, card=card):
            hidden = viewer is not None and viewer != player
            what = "a card" if hidden else words.deck_card(card)
            return iter([f"  {seat(player)} draws {what} from {mechanic.draw_name}"])
        case TookFromPile(player=player, card=card, pile=pile):
            return iter(
                [f"  {seat(player)} takes {words.deck_card(card)} from {mechanic.pile_names[pile]}"]
            )
        case HandFull(player=player):
            return iter([f"  {seat(player)} has a full hand and draws nothing"])
        case PileEmpty():
            return iter([f"  {mechanic.draw_name} is empty"])
        case Stalled():
            return iter(["  nobody can play or draw any more"])
    return None


def seat(player: int) -> str:
    return f"player {player + 1}"
