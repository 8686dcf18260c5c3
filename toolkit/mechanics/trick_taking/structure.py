"""The manifest's `structure` for a trick-taking game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field

from toolkit.mechanics.base import StructureModel
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.rules.effects.base import Effect


class TrickTaking(StructureModel):
    """Rounds of tricks: lead, follow suit if able, highest card of the led suit (or trump) wins."""

    mechanic: Literal["trick_taking"]
    rounds: int = Field(ge=1)
    """Rounds in a game; each deals the whole deck evenly."""
    hand: Id = "hand"
    """The players' hand zone."""
    follow_suit: bool = True
    """Players must follow the led suit if able."""
    trump: Id | None = None
    """A suit that beats every other suit; unset for no trump."""
    winner_leads: bool = True
    """The trick's winner leads the next trick."""
    next_round_leader: Literal["next_seat", "last_trick_winner"] = "next_seat"
    """Who leads a new round: the seat after the previous round's first leader, or the last
    trick's winner."""
    on_win: Literal["suit_action"] = "suit_action"
    """What winning a trick does: resolve the action of the winning card's suit."""
    cleanup: list[Effect] = Field(default_factory=list)
    """Effects applied to every player at the end of each round, in order."""
