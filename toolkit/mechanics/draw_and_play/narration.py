"""Draw-and-play moves and log events in words (plays to areas, discards, draws, takes), as
transcripts, replays and the terminal tell them. One player's view leaves out what that player
may not see: the card another player draws from the draw pile."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from toolkit.kernel.mechanic import CardWords
from toolkit.kernel.state import State
from toolkit.mechanics.draw_and_play.codec import Discard, Place

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
    mechanic: DrawPlayMechanic, event: tuple[Any, ...], viewer: int | None, words: CardWords
) -> Iterator[str] | None:
    """Lines for the mechanic's own events; None for events the engine narrates."""
    kind = event[0]
    if kind == "deal":  # what is left over is not out of play: it forms the draw pile
        return iter([f"deal: {event[1]} cards each"])
    if kind == "stock":
        return iter([f"setup: {event[1]} cards form {mechanic.draw_name}"])
    if kind == "place":
        _, player, card, area = event
        return iter(
            [f"  {seat(player)} plays {words.deck_card(card)} to {area_name(mechanic, area, card)}"]
        )
    if kind == "discard-card":
        _, player, card, pile = event
        return iter(
            [f"  {seat(player)} discards {words.deck_card(card)} on {mechanic.pile_names[pile]}"]
        )
    if kind == "draw":
        _, player, card = event
        hidden = viewer is not None and viewer != player
        what = "a card" if hidden else words.deck_card(card)
        return iter([f"  {seat(player)} draws {what} from {mechanic.draw_name}"])
    if kind == "take":
        _, player, card, pile = event
        return iter(
            [f"  {seat(player)} takes {words.deck_card(card)} from {mechanic.pile_names[pile]}"]
        )
    if kind == "hand-full":
        return iter([f"  {seat(event[1])} has a full hand and draws nothing"])
    if kind == "pile-empty":
        return iter([f"  {mechanic.draw_name} is empty"])
    if kind == "stalled":
        return iter(["  nobody can play or draw any more"])
    return None


def seat(player: int) -> str:
    return f"player {player + 1}"
