"""Bots that play any game through the engine contract, and the registry that names them.

A bot name is `random`, `greedy`, `ismcts` (or `ismcts:N` for N iterations per decision,
`ismcts:0.5s` for half a second of thought per decision), or the id of a priority strategy
the game ships in its `strategies` content file. Strategies (their models and compiler) are
imported only for a game that ships them: the built-in bots never need them.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Protocol

from toolkit.agents.greedy import GreedyBot
from toolkit.agents.random_bot import RandomBot
from toolkit.content.bot_names import BUILT_IN_BOTS
from toolkit.errors import UsageError, choose_id
from toolkit.kernel.state import State
from toolkit.schema.limits import MAX_ISMCTS_ITERATIONS, MAX_ISMCTS_SECONDS

if TYPE_CHECKING:
    from toolkit.agents.priority import CompiledStrategy
    from toolkit.engine.compiled import Game


class Agent(Protocol):
    """Anything that picks a legal action for a player."""

    name: str

    def choose(self, state: State, player: int) -> int: ...


BUILT_IN = BUILT_IN_BOTS
"""The bots every game has (the names strategies may not take)."""


def bot_names(game: Game | None = None) -> list[str]:
    """Every bot name usable with `game` (its strategies included)."""
    return [*BUILT_IN, *sorted(_strategies(game))]


def _strategies(game: Game | None) -> dict[str, CompiledStrategy]:
    """The game's priority strategies by id, compiled once per game; none (and nothing
    imported) for a game without a `strategies` file."""
    if game is None or "strategies" not in game.content.files:
        return {}
    from toolkit.agents.priority import compile_strategies

    return compile_strategies(game)


def check_bot_name(name: str, game: Game | None = None) -> str:
    """`name` as the game spells it, in any case (`Greedy`, `ISMCTS:50`, a strategy's id);
    a usage error naming the closest bot and the choices when it is no bot."""
    if name in BUILT_IN:  # exactly a built-in bot: no strategy may take its name
        return name
    base, colon, budget = name.partition(":")
    if colon and base.casefold() == "ismcts":
        ismcts_budget(budget.lower(), name)
        return f"ismcts:{budget.lower()}"
    return choose_id(name, bot_names(game), "bot")


def ismcts_budget(budget: str, written: str = "") -> tuple[int | None, float | None]:
    """(iterations, seconds) from the part after `ismcts:`: `200` or `0.5s`, within the
    limits of `toolkit.schema.limits` (a budget past them would play one game for hours).
    Errors quote the bot name as `written` (the user's spelling), else `ismcts:<budget>`."""
    written = written or f"ismcts:{budget}"
    if re.fullmatch(r"[0-9]{1,12}", budget) and int(budget) > 0:
        if int(budget) > MAX_ISMCTS_ITERATIONS:
            raise UsageError(
                f"'{written}': at most {MAX_ISMCTS_ITERATIONS} iterations per decision"
            )
        return int(budget), None
    if re.fullmatch(r"[0-9]{1,12}(\.[0-9]{1,12})?s", budget) and float(budget[:-1]) > 0:
        if float(budget[:-1]) > MAX_ISMCTS_SECONDS:
            raise UsageError(f"'{written}': at most {MAX_ISMCTS_SECONDS:g} seconds per decision")
        return None, float(budget[:-1])
    raise UsageError(
        f"'{written}' needs a budget per decision: iterations (ismcts:200) or seconds (ismcts:0.5s)"
    )


def reproducible(name: str) -> bool:
    """Whether a bot plays the same moves from the same seed on every machine: a bot thinking
    for a time (`ismcts:0.5s`) does as many iterations as the machine's load lets it."""
    base, _, budget = name.partition(":")
    return not (base == "ismcts" and budget.endswith("s"))


def make_bot(name: str, seed: int, game: Game | None = None) -> Agent:
    if name not in ("random", "greedy"):  # exact built-in names: no check per game
        name = check_bot_name(name, game)  # `Greedy` is `greedy`, whoever passes the name
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    base, _, budget = name.partition(":")
    if base == "ismcts":
        from toolkit.agents.ismcts import IsmctsBot

        iterations, seconds = ismcts_budget(budget) if budget else (None, None)
        return IsmctsBot(seed, iterations=iterations, seconds=seconds)
    strategies = _strategies(game)
    if name in strategies:
        from toolkit.agents.priority import PriorityBot

        return PriorityBot(seed, strategies[name])
    raise UsageError(f"unknown bot '{name}'")


__all__ = ["BUILT_IN", "Agent", "GreedyBot", "RandomBot", "bot_names", "check_bot_name", "make_bot"]
