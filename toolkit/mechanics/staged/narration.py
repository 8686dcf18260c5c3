"""The staged mechanic's events in words; what a viewer may not see is told as a count."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from toolkit.kernel.events import Dealt
from toolkit.mechanics.staged import words_bets
from toolkit.mechanics.staged.events import (
    Asked,
    Awarded,
    CardsMoved,
    FinishedPlace,
    Flipped,
    OptionTaken,
    OrderChanged,
    PassedTurn,
    Picked,
    Revealed,
    Stalled,
    Stopped,
    Triggered,
    ValueCalled,
)
from toolkit.mechanics.staged.rows import ZoneClosed
from toolkit.mechanics.staged.runtime import RESERVED
from toolkit.mechanics.staged.target_events import PlayerOut, TargetChosen

if TYPE_CHECKING:
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CardWords
    from toolkit.mechanics.staged.machine import StagedMechanic


def _cards(cards: tuple[int, ...], words: CardWords) -> str:
    return ", ".join(words.deck_card(card) for card in cards)


def seat(player: int) -> str:
    """A seat as players count them, from 1."""
    return f"player {player + 1}"


def event(
    mechanic: StagedMechanic, event: Event, viewer: int | None, words: CardWords
) -> Iterator[str] | None:
    """Lines for the staged mechanic's own events; None for events the engine narrates."""
    match event:
        case Dealt(each=each):  # what is left over forms a pile or stays out: told apart
            return iter([f"deal: {each} cards each"])
        case CardsMoved(player=p, cards=cards, source=source, target=target, owner=owner):
            names = {zone.id: zone.name for zone in [*RESERVED.values(), *mechanic.zones]}
            where_to = names.get(target, target)
            if source == "undealt":
                return iter([f"setup: {len(cards)} cards form {where_to}"])
            where_from = names.get(source, source)
            seen = not event.hidden or viewer is None or viewer == owner
            what = (
                _cards(cards, words)
                if seen
                else ("a card" if len(cards) == 1 else f"{len(cards)} cards")
            )
            if owner >= 0 and owner == p:
                return iter([f"  {seat(p)} moves {what} from {where_from} to their {where_to}"])
            to = where_to if owner < 0 else f"{seat(owner)}'s {where_to}"
            if p < 0:
                return iter([f"  {what}: from {where_from} to {to}"])
            return iter([f"  {seat(p)} moves {what} from {where_from} to {to}"])
        case Picked():
            return iter(())
        case Revealed(player=p, cards=cards):
            return iter([f"  {seat(p)} reveals {_cards(cards, words)}"])
        case PassedTurn(player=p, decision="pass"):
            return iter([f"  {seat(p)} passes"])
        case PassedTurn(player=p, decision=decision) | OptionTaken(player=p, decision=decision):
            # a pass of its own name (blow the conch, walk on), or a named option
            return iter([f"  {seat(p)} chooses: {decision.replace('_', ' ')}"])
        case Stopped(player=p):
            return iter([f"  {seat(p)} stops"])
        case ValueCalled(player=p, field=field, value=value):
            return iter([f"  {seat(p)} calls {field} {value}"])
        case Flipped(player=p, card=card):
            return iter([f"  {seat(p)} turns over {words.deck_card(card)}"])
        case Awarded(winner=w, card=card, zone=zone):
            name = {z.id: z.name for z in mechanic.zones}.get(zone, zone)
            if w < 0 and card < 0:
                return iter([f"  no player's card left in {name} can win it: nobody wins it"])
            if w < 0:
                return iter([f"  a tie for {name}: nobody wins it"])
            return iter([f"  {seat(w)} wins {name} with {words.deck_card(card)}"])
        case FinishedPlace(player=p, place=place):
            return iter([f"  {seat(p)} finishes in place {place}"])
        case OrderChanged(reversed=rev, skipped=skip):
            parts = (["turn order reverses"] if rev else []) + (
                [f"the next {'player is' if skip == 1 else f'{skip} players are'} skipped"]
                if skip
                else []
            )
            return iter(["  " + ("; ".join(parts) or "turn order unchanged")])
        case Stalled():
            return iter(["  nobody can act: the round's play stops"])
        case Triggered(player=p):
            return iter([f"  {seat(p)}'s move ends the round"])
        case Asked(player=p, asked=other, field=field, value=value, card=card, given=given):
            what = words.deck_card(card) if card >= 0 else f"{field} {value}"
            answer = (
                f"{seat(other)} hands over {_cards(given, words)}"
                if given
                else f"{seat(other)} has none"
            )
            return iter([f"  {seat(p)} asks {seat(other)} for {what}: {answer}"])
        case TargetChosen(player=p, target=chosen):
            return iter([f"  {seat(p)} chooses {seat(chosen)}"])
        case PlayerOut(player=p):
            return iter([f"  {seat(p)} is out"])
        case ZoneClosed(zone=zone):
            name = {z.id: z.name for z in mechanic.zones}.get(zone, zone)
            return iter([f"  {name} is closed until the round ends"])
    return words_bets.event_lines(mechanic, event)
