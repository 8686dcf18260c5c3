"""Turn a state's event log into readable lines with card names (transcripts, golden files)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from toolkit.engine.game import Game
from toolkit.kernel.events import (
    Acquired,
    Chosen,
    Dealt,
    Declined,
    Discarded,
    Event,
    FirstPlayer,
    GameEnded,
    NothingToChoose,
    RoundEnded,
    RoundScored,
    SetAside,
    Shown,
    SlotFilled,
)


class _DeckWords:
    """Deck cards by name, for a mechanic telling its own events."""

    def __init__(self, game: Game) -> None:
        self.names = game.deck.names

    def deck_card(self, card: int) -> str:
        return self.names[card]


def narrate(game: Game, log: Iterable[Event]) -> Iterator[str]:
    """Every event in words: the mechanic tells its own events, the engine the rest."""
    deck = game.deck
    words = _DeckWords(game)
    for event in log:
        own = game.mechanic.narrate_event(event, None, words)
        if own is not None:
            yield from own
            continue
        match event:
            case Chosen(decision=decision) if decision not in game.tables and decision != "option":
                continue  # a mechanic's own decision: the event that follows tells it
            case Chosen(player=player, decision=decision, action=action):
                yield f"  player {player + 1} chooses {_choice(game, decision, action)}"
            case Shown(zone=zone_id, cards=cards):
                zone = game.zone(zone_id)
                named = ", ".join(game.card_name(zone.kind, card) for card in cards)
                yield f"setup: on {zone.id} {named}"
            case FirstPlayer(player=player):
                yield f"setup: player {player + 1} starts"
            case SlotFilled(slot=slot, cards=ids):
                yield f"setup: {slot} gets {', '.join(ids)}"
            case Dealt(each=each, out_of_play=left):
                yield f"deal: {each} cards each, {left} out of play"
            case Acquired(player=player, card_kind=kind, card=card):
                yield f"  player {player + 1} takes {game.card_name(kind, card)}"
            case Declined(player=player):
                yield f"  player {player + 1} declines"
            case NothingToChoose(player=player, decision=decision):
                yield f"  player {player + 1} has nothing to take from {decision}"
            case Discarded(player=player, resource=resource, amount=amount):
                yield f"  player {player + 1} discards {amount} {game.resources[resource].name}"
            case RoundEnded(round=number):
                yield f"end of round {number}"
            case RoundScored(round=number, points=points):
                scores = ", ".join(f"player {p + 1} {v:+d}" for p, v in enumerate(points))
                yield f"round {number} scores: {scores}"
            case SetAside(count=count, cards=cards):
                named = ", ".join(deck.names[card] for card in cards)
                yield f"setup: {named or str(count) + ' random cards'} set aside face down"
            case GameEnded():
                yield "game over"
            case _:
                yield unnarrated(event)


def unnarrated(event: Event) -> str:
    """An event nobody tells in words, as its data: what a new event shows until it is."""
    return " ".join(str(part) for part in event.plain())


def _choice(game: Game, kind: str, action: int) -> str:
    if action < 0:
        return "to decline"
    if kind == "option":
        return f"option {action + 1}"
    return game.card_name(kind, action)


def narrate_scores(game: Game, state: Any) -> Iterator[str]:
    result = state.scores()
    for player in range(state.n):
        parts = ", ".join(f"{k} {v}" for k, v in result.breakdown[player].items())
        yield f"player {player + 1}: {result.totals[player]} ({parts})"
    winners = " and ".join(f"player {p + 1}" for p in result.winners)
    yield f"winner: {winners} (decided by {result.decided_by})"
