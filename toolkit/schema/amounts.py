"""Numbers that may depend on the player count: `8`, or `{by_players: {2: 10, 3: 9, 4: 8}}`.

Hand sizes, deal counts, rounds, thresholds and removals often change with the number of
players; a designer writes the table beside the rule instead of a separate variant per count.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BeforeValidator, Field

from toolkit.schema.base import Model
from toolkit.schema.limits import Cards, CardsOrNone, Number, Rounds

MAX_PLAYERS = 12
"""The most players any game may declare (`players.max`)."""


def _count_key(value: Any) -> Any:
    """YAML mapping keys arrive as text: `4:` is the player count 4."""
    if isinstance(value, str) and value.isdigit() and value == str(int(value)):
        return int(value)  # `05` stays text and is refused: it would shadow `5`
    return value


PlayerCount = Annotated[int, BeforeValidator(_count_key), Field(ge=1, le=MAX_PLAYERS)]
"""A number of players, also written as a mapping key (`{by_players: {4: 8}}`)."""


class ByPlayers(Model):
    """One value per supported player count."""

    by_players: dict[PlayerCount, Number] = Field(min_length=1)
    """Player count to the value at that count; every count the game supports needs one."""


class RoundsByPlayers(ByPlayers):
    """A number of rounds per supported player count."""

    by_players: dict[PlayerCount, Rounds] = Field(min_length=1)
    """Player count to the rounds at that count; every count the game supports needs one."""


class CardsByPlayers(ByPlayers):
    """A number of cards per supported player count; 0 at a count leaves the step out there."""

    by_players: dict[PlayerCount, CardsOrNone] = Field(min_length=1)
    """Player count to the cards at that count; every count the game supports needs one."""


Amount = Number | ByPlayers
"""A whole number, or a table of them by player count (limits: `toolkit.schema.limits`)."""
RoundsAmount = Rounds | RoundsByPlayers
"""A number of rounds, or a table of them by player count."""
CardsAmount = Cards | CardsByPlayers
"""A number of cards, or a table of them by player count."""


def amount_at(amount: Amount, players: int) -> int | None:
    """The value for `players`, or None when a table has no entry for that count."""
    if isinstance(amount, int):
        return amount
    return amount.by_players.get(players)


def missing_counts(amount: Amount, low: int, high: int) -> list[int]:
    """The supported player counts a table gives no value for."""
    if isinstance(amount, int):
        return []
    return [n for n in range(low, high + 1) if n not in amount.by_players]


def per_players(amount: Amount, most: int) -> tuple[int, ...]:
    """Values indexed by player count 0..`most`, for play (a count without a value gets 0:
    validation refuses such a table for every supported count)."""
    return tuple(amount_at(amount, n) or 0 for n in range(most + 1))


def amount_values(amount: Amount) -> list[int]:
    """Every value an amount can take."""
    return [amount] if isinstance(amount, int) else list(amount.by_players.values())


def count_words(amount: Amount, noun: str, nouns: str | None = None) -> str:
    """`1 round`, `3 rounds`, `10/9/8 (2/3/4 players) rounds`: an amount with its noun in the
    right number."""
    values = [amount] if isinstance(amount, int) else list(amount.by_players.values())
    one = all(value == 1 for value in values)
    return f"{describe_amount(amount)} {noun if one else nouns or noun + 's'}"


def describe_amount(amount: Amount) -> str:
    """`8`, or `10/9/8 (2/3/4 players)` as printed on reference sheets."""
    if isinstance(amount, int):
        return str(amount)
    counts = sorted(amount.by_players)
    values = "/".join(str(amount.by_players[n]) for n in counts)
    return f"{values} ({'/'.join(str(n) for n in counts)} players)"
