"""Tie-breakers: how players tied on points are ordered."""

from __future__ import annotations

from typing import Literal

from toolkit.schema.base import Model, Text
from toolkit.schema.filters import Measure


class TieBreaker(Model):
    """One tie-breaker: among tied players, those with the most (or fewest) of a measure win."""

    prefer: Literal["most", "fewest"]
    """Whether more or less of the measure wins the tie."""
    measure: Measure
    """What the tied players are compared on."""
    label: Text
    """How the tie-breaker reads in results ('rode more attractions')."""
