"""Staged actions: one block of ids per move template, in the order the templates appear in
the structure, numbered from the data when the game compiles.

A template's block holds, for `play`/`take` of one card, a card and a destination
(`card * destinations + destination`); for a set, one id per card and a last one for `done`;
for `draw`, one per pile and destination (`pile * destinations + destination`); for
`take_all`, one per zone offered; for `call`, one per value of the field; for
`flip`, one per place in the zone; for `pass` and `stop`, one. A `simultaneous` pick has one per
card. A game whose blocks add up past `MAX_ACTIONS` fails compilation with `ActionSpaceError`.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING

from toolkit.errors import ActionSpaceError, IllegalActionError

if TYPE_CHECKING:
    from toolkit.mechanics.staged.moves import MoveRule

MAX_ACTIONS = 2**31 - 1


@dataclass(frozen=True, slots=True)
class StagedAction:
    """A move template (by its place in the structure) and the choice within its block."""

    rule: int
    offset: int


@dataclass(frozen=True, slots=True)
class StagedCodec:
    rules: tuple[MoveRule, ...]
    bases: tuple[int, ...]
    num_distinct_actions: int

    @classmethod
    def for_rules(cls, rules: list[MoveRule]) -> StagedCodec:
        """Number the templates' blocks one after another; raises `ActionSpaceError` when
        they do not fit."""
        base = 0
        for rule in rules:
            rule.base = base
            base += rule.size
        if base > MAX_ACTIONS:
            raise ActionSpaceError(f"staged moves ({len(rules)} move templates)", base, MAX_ACTIONS)
        return cls(tuple(rules), tuple(rule.base for rule in rules), max(base, 1))

    def rule_of(self, action: int) -> tuple[int, MoveRule]:
        if not 0 <= action < self.num_distinct_actions or not self.rules:
            raise IllegalActionError(
                f"action {action} is outside 0..{self.num_distinct_actions - 1}"
            )
        index = bisect.bisect_right(self.bases, action) - 1
        return index, self.rules[index]

    def encode(self, record: StagedAction) -> int:
        if not 0 <= record.rule < len(self.rules):
            raise IllegalActionError(f"move template {record.rule} is not one of {len(self.rules)}")
        rule = self.rules[record.rule]
        if not 0 <= record.offset < rule.size:
            raise IllegalActionError(
                f"choice {record.offset} is outside 0..{rule.size - 1} of that move"
            )
        return rule.base + record.offset

    def decode(self, action: int) -> StagedAction:
        index, rule = self.rule_of(action)
        return StagedAction(index, action - rule.base)

    def card_part(self, action: int) -> tuple[int, int] | None:
        """(card, template and destination) of an action moving one chosen card."""
        if not 0 <= action < self.num_distinct_actions or not self.rules:
            return None
        index, rule = self.rule_of(action)
        part = rule.card_part(action - rule.base)
        if part is None:
            return None
        return part[0], index * MAX_ACTIONS + part[1]
