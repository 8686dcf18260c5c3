"""Priority strategies: bots written as ordered rules, like the buy rules of Dominion simulators.

A strategy is a list of rules tried in order. A rule is a preference over the legal actions
(`prefer: highest_field`, `prefer: wins_trick` ...), optionally gated by a condition of the rules
vocabulary (`when:`). The first rule whose condition holds and whose preference keeps at least
one legal action decides; ties go to chance. When no rule applies, the fallback bot decides.

Preferences look at the card an action plays, takes or picks, so they work for any game built
on the same mechanics: a trick's card (`play`, split into `lead` and `follow`), a card taken
from a shared zone (`acquire`: riding an attraction), a drafted card (`pick`, face up or down).
Each preference is a primitive of its own (`toolkit.rules.preferences`).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from toolkit.content.models.primitives import Preference
from toolkit.schema.base import Id, Model, Text


class Strategy(Model):
    """A named bot: rules tried in order, and the built-in bot that decides when none applies."""

    id: Id
    """The bot's name on the command line (`--bots coaster-fan,random`)."""
    name: Text
    """The strategy as people read it."""
    description: Text | None = None
    """What the strategy tries to do."""
    rules: list[Preference] = Field(min_length=1)
    """Preferences tried in order; the first that applies and keeps a legal action decides."""
    fallback: Literal["greedy", "random"] = "greedy"
    """The built-in bot that decides when no rule applies."""


class StrategiesFile(Model):
    """Priority strategies of one game: bots that designers write as data."""

    kind: Literal["strategies"]
    strategies: list[Strategy] = Field(min_length=1)
    """Every strategy; each id becomes a bot name."""
