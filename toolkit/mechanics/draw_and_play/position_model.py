"""The `play` section of a draw-and-play position: the step of the turn and what the table
knows of hands. Only the model: validation reads it without the machine."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from toolkit.schema.base import Id, Model
from toolkit.schema.empty import empty_list


class DrawPlayPlay(Model):
    """Where a turn stands."""

    step: Literal["play", "draw"] | None = None
    """The step of the turn in play; default: the turn's first step."""
    discarded: Id | None = None
    """The card the player to move discarded this turn (it may not be taken back)."""
    known: list[list[Id]] = Field(default_factory=empty_list)
    """Per seat, the cards taken from discard piles that are still in the hand: everyone
    knows them."""
    idle: Annotated[int, Field(ge=0, le=1000)] = 0
    """Steps skipped in a row because nobody could act (a whole round of them ends it)."""
