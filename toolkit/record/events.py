"""Turn a state's event log into readable lines with card names (transcripts, golden files)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from toolkit.engine.game import Game


class _DeckWords:
    """Deck cards by name, for a mechanic telling its own events."""

    def __init__(self, game: Game) -> None:
        self.names = game.deck.names

    def deck_card(self, card: int) -> str:
        return self.names[card]


def narrate(game: Game, log: list[tuple[Any, ...]]) -> Iterator[str]:
    """Every event in words: the mechanic tells its own events, the engine the rest."""
    deck = game.deck
    words = _DeckWords(game)
    for event in log:
        kind = event[0]
        own = game.mechanic.narrate_event(event, None, words)
        if own is not None:
            yield from own
        elif kind == "choose" and event[2] not in game.tables and event[2] != "option":
            continue  # a mechanic's own decision: the event that follows tells it
        elif kind == "shown":
            zone = game.zone(event[1])
            cards = ", ".join(game.card_name(zone.kind, card) for card in event[2])
            yield f"setup: on {zone.id} {cards}"
        elif kind == "first-player":
            yield f"setup: player {event[1] + 1} starts"
        elif kind == "slot":
            yield f"setup: {event[1]} gets {', '.join(event[2])}"
        elif kind == "deal":
            yield f"deal: {event[1]} cards each, {event[2]} out of play"
        elif kind == "play":
            yield f"  player {event[1] + 1} plays {deck.names[event[2]]}"
        elif kind == "trick":
            yield f"  player {event[1] + 1} wins the trick with {deck.names[event[2]]}"
        elif kind == "choose":
            yield f"  player {event[1] + 1} chooses {_choice(game, event[2], event[3])}"
        elif kind == "acquire":
            yield f"  player {event[1] + 1} takes {game.card_name(event[2], event[3])}"
        elif kind == "decline":
            yield f"  player {event[1] + 1} declines"
        elif kind == "no-choice":
            yield f"  player {event[1] + 1} has nothing to take from {event[2]}"
        elif kind == "discard":
            yield f"  player {event[1] + 1} discards {event[3]} {game.resources[event[2]].name}"
        elif kind == "round-end":
            yield f"end of round {event[1]}"
        elif kind == "round-score":
            points = ", ".join(f"player {p + 1} {v:+d}" for p, v in enumerate(event[2]))
            yield f"round {event[1]} scores: {points}"
        elif kind == "removed":
            named = ", ".join(deck.names[card] for card in event[2])
            yield f"setup: {named or str(event[1]) + ' random cards'} set aside face down"
        elif kind == "game-end":
            yield "game over"
        else:
            yield " ".join(str(part) for part in event)


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
