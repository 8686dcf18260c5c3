"""Scoring rules shared by every game, one module per rule; each names the source its points
count under. Adding a rule is one module, its test, and one line in `ScoringRule`.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from toolkit.rules.scoring.area_formula import AreaFormula
from toolkit.rules.scoring.base import PartsFn, PointsFn, RuleModel
from toolkit.rules.scoring.cards_in_play import CardsInPlay
from toolkit.rules.scoring.cards_in_zone import CardsInZone
from toolkit.rules.scoring.compare import CompareToTarget, Outcome
from toolkit.rules.scoring.distinct_values import DistinctValues
from toolkit.rules.scoring.largest_group import LargestGroup, largest_group
from toolkit.rules.scoring.longest_run import LongestRun, longest_run
from toolkit.rules.scoring.majority import Majority
from toolkit.rules.scoring.milestone_effects import MilestoneEffects
from toolkit.rules.scoring.milestone_points import MilestonePoints
from toolkit.rules.scoring.pairs import Pairs
from toolkit.rules.scoring.per_card import PerCard
from toolkit.rules.scoring.per_unit import PerUnit
from toolkit.rules.scoring.sets_of_distinct import SetsOfDistinct, count_sets
from toolkit.rules.scoring.sum_field import SumField
from toolkit.rules.scoring.table_by_count import TableByCount, TableRow
from toolkit.rules.scoring.threshold import Threshold
from toolkit.rules.scoring.tie_breaker import TieBreaker

__all__ = [
    "AreaFormula",
    "CardsInPlay",
    "CardsInZone",
    "CompareToTarget",
    "DistinctValues",
    "LargestGroup",
    "LongestRun",
    "Majority",
    "MilestoneEffects",
    "MilestonePoints",
    "Outcome",
    "Pairs",
    "PartsFn",
    "PerCard",
    "PerUnit",
    "PointsFn",
    "RuleModel",
    "ScoringRule",
    "SetsOfDistinct",
    "SumField",
    "TableByCount",
    "TableRow",
    "Threshold",
    "TieBreaker",
    "count_sets",
    "largest_group",
    "longest_run",
]

ScoringRule = Annotated[
    SumField
    | PerCard
    | PerUnit
    | TableByCount
    | DistinctValues
    | Pairs
    | SetsOfDistinct
    | LongestRun
    | LargestGroup
    | Majority
    | Threshold
    | MilestonePoints
    | MilestoneEffects
    | CardsInPlay
    | CardsInZone
    | CompareToTarget
    | AreaFormula,
    Field(discriminator="rule"),
]
