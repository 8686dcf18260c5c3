"""`cards_in_play`: score the rules printed on the cards setup placed in a slot."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.registry import SCORING_RULES
from toolkit.rules.scoring.base import PartsFn, PlayerPointsFn, PointsFn, RuleModel
from toolkit.schema.base import Id

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.state import State
    from toolkit.rules.context import CheckContext, Path, Words


@SCORING_RULES.register
class CardsInPlay(RuleModel):
    """Score the rules printed on the cards that setup placed in a slot (scoring or bonus cards)."""

    rule: Literal["cards_in_play"]
    slot: Id
    """The setup slot holding the cards."""

    def check_semantics(self, ctx: CheckContext, path: Path) -> None:
        ctx.known((*path, "slot"), self.slot, ctx.slots(), "slot")

    def describe(self, words: Words) -> str:
        return f"the cards in the '{self.slot}' slot"

    def compile(self, c: Compiler) -> PointsFn:
        parts = self.compile_parts(c)
        return lambda state: [sum(points[p] for _, points in parts(state)) for p in range(state.n)]

    def compile_parts(self, c: Compiler) -> PartsFn:
        """Compile the rules of every card that could lie in the slot, by (kind, card, side)."""
        compiled: dict[tuple[str, int, str], list[tuple[str, PointsFn]]] = {}
        for kind in c.slot_kinds(self.slot):
            for card, side, rules in c.table(kind).rule_entries():
                compiled[(kind, card, side)] = [(rule.label, rule.compile(c)) for rule in rules]
        slot = self.slot

        def parts(state: State) -> list[tuple[str, list[int]]]:
            return [
                (label, points(state))
                for entry in state.slots.get(slot, [])
                for label, points in compiled[entry]
            ]

        return parts

    def compile_player(self, c: Compiler) -> PlayerPointsFn:
        """One player's points from the rules of the cards in the slot: each rule that
        reckons each player apart scores that player alone, the others score everyone."""
        compiled: dict[tuple[str, int, str], list[PlayerPointsFn]] = {}
        for kind in c.slot_kinds(self.slot):
            for card, side, rules in c.table(kind).rule_entries():
                compiled[(kind, card, side)] = [one_player(rule, c) for rule in rules]
        slot = self.slot

        def points(state: State, player: int) -> int:
            return sum(
                one(state, player) for entry in state.slots.get(slot, []) for one in compiled[entry]
            )

        return points


def one_player(rule: RuleModel, c: Compiler) -> PlayerPointsFn:
    """The rule's `compile_player`, or one player's share of everyone's points."""
    one = rule.compile_player(c)
    if one is not None:
        return one
    everyone = rule.compile(c)
    return lambda state, player: everyone(state)[player]
