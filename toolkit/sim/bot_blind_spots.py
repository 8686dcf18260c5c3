"""Cards the bots never play but random play does: a blind spot of the bot (a one-step look
that prices a card only as a cost), not a dead card. `build` and `report` add this check to
each run's summary, as `played_only_at_random`, and say it as a warning."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from toolkit.sim.run import Run, run

RANDOM_GAMES = 200
"""At most this many all-random games per check: enough to play any card a game can play."""
CHANCE = 0.01
"""A card counts as a blind spot when the bots, playing it as often as random play does,
would have missed it in all their games with at most this chance: a few games prove little."""


def played_only_at_random(done: Run) -> list[str]:
    """The cards `done`'s bots never played that all-random play of the same game, player
    count and seeds played often enough that missing them is no accident (none when the
    bots are random already)."""
    never = done.summary.get("never_used") or []
    if not never or all(bot == "random" for bot in done.spec.bots):
        return []
    spec = replace(
        done.spec,
        games=min(done.spec.games, RANDOM_GAMES),
        players=done.players,
        bots=["random"],
        record_actions=False,
    )
    randomly = run(spec).tally
    games_with = randomly.card_games
    bot_games = done.tally.games
    return [
        card for card in never if (1 - games_with[card] / randomly.games) ** bot_games <= CHANCE
    ]


def add_blind_spots(done: Run) -> list[str]:
    """Record the check in the run's summary; the warnings to show (one line, or none)."""
    cards = played_only_at_random(done)
    done.summary["played_only_at_random"] = cards
    return [warning(done.summary, cards)] if cards else []


def warning(summary: dict[str, Any], cards: list[str]) -> str:
    arguments = summary.get("arguments", {})
    where = f"{arguments.get('game', 'the game')}, {arguments.get('players', '?')} players"
    shown = ", ".join(cards[:8]) + (f" and {len(cards) - 8} more" if len(cards) > 8 else "")
    return (
        f"{where}: the bots never play {shown}, which random play does: the bot, not the "
        "card, is suspect (give it weights under bots.greedy, or a strategy)"
    )
