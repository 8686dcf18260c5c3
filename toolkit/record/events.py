"""Turn a state's event log into readable lines with card names (transcripts, golden files)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from toolkit.diagnostics import plural
from toolkit.engine.compiled import Game
from toolkit.kernel.events import (
    Chosen,
    Dealt,
    Declined,
    Event,
    GameEnded,
    NothingToChoose,
    RoundEnded,
    RoundScored,
)


class _Names:
    """Cards, zones and resources by name: for a mechanic telling its own events, and for the
    events rules primitives declare, which tell themselves (`Event.words`)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.names = game.deck.names

    def deck_card(self, card: int) -> str:
        return self.names[card]

    def card_name(self, kind: str, card: int) -> str:
        return self.game.card_name(kind, card)

    def zone_cards(self, zone_id: str) -> str:
        return self.game.zone(zone_id).kind

    def resource_name(self, resource: int) -> str:
        return self.game.resources[resource].name


def narrate(game: Game, log: Iterable[Event]) -> Iterator[str]:
    """Every event in words: the mechanic tells its own events, the engine the rest."""
    words = _Names(game)
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
            case Dealt(each=each, out_of_play=left):
                yield f"deal: {plural(each, 'card')} each, {left} out of play"
            case Declined(player=player):
                yield f"  player {player + 1} declines"
            case NothingToChoose(player=player, decision=decision):
                yield f"  player {player + 1} has nothing to take from {decision}"
            case RoundEnded(round=number):
                yield f"end of round {number}"
            case RoundScored(round=number, points=points):
                scores = ", ".join(f"player {p + 1} {v:+d}" for p, v in enumerate(points))
                yield f"round {number} scores: {scores}"
            case GameEnded():
                yield "game over"
            case _:
                told = list(event.words(words))
                yield from told or [unnarrated(event)]


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
