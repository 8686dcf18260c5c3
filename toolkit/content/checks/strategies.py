"""Priority strategies: ids unique and free, each preference applying to decisions the game
asks for, fields and values that the cards it looks at have. What is particular to one
preference it checks itself (`check_preference`), through a `StrategyChecks` bound to the
strategies file."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from toolkit.content.bot_names import BUILT_IN_BOTS
from toolkit.content.checks.base import GameChecks
from toolkit.content.models.strategies import StrategiesFile
from toolkit.content.primitive_checks import PrimitiveChecks
from toolkit.content.project import LoadedFile
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import did_you_mean
from toolkit.mechanics.registry import mechanic_kit
from toolkit.rules.preferences.base import CardPreference, PreferenceBase
from toolkit.schema.filters import CardFilter


class StrategyContext(PrimitiveChecks):
    """A `StrategyChecks`: the checker bound to the strategies file, with the game's
    decisions and scoring steps."""

    def __init__(self, checker: GameChecks, where: LoadedFile, decisions: dict[str, str]) -> None:
        super().__init__(checker, where)
        self.game_checks = checker
        self._decisions = decisions

    def game_id(self) -> str:
        return self.game_checks.game.id

    def decisions(self) -> dict[str, str]:
        return self._decisions

    def scoring_labels(self) -> list[str]:
        return [step.label for step in self.game_checks.game.scoring]

    def card_vocabulary(self, kind: str, field: str) -> list[str] | None:
        return self.game_checks.card_vocabulary(kind, field)

    def check_card_field(
        self, path: Path_, name: str, kinds: Iterable[str], *, numeric: bool = False
    ) -> bool:
        return check_card_field(
            self.game_checks, self.where, path, name, list(kinds), numeric=numeric
        )


def check_strategies(c: GameChecks) -> None:
    loaded = c.content.files.get("strategies")
    if loaded is None or not isinstance(loaded.model, StrategiesFile):
        return
    if any(not c.loaded(kind) for kind in c.game.card_kinds):
        return  # strategies refer to every kind of card; check them once all loaded
    strategies = loaded.model.strategies
    c.unique(loaded, "strategies", [s.id for s in strategies], ("id",))
    decisions = c.decision_kinds()
    for index, strategy in enumerate(strategies):
        path: Path_ = ("strategies", index)
        if strategy.id in BUILT_IN_BOTS:
            c.error(
                loaded,
                (*path, "id"),
                "duplicate-id",
                f"'{strategy.id}' is the name of a built-in bot",
                "give the strategy its own id",
            )
        for r_index, rule in enumerate(strategy.rules):
            check_preference(c, loaded, (*path, "rules", r_index), rule, decisions)


def check_preference(
    c: GameChecks, where: LoadedFile, path: Path_, rule: PreferenceBase, decisions: dict[str, str]
) -> None:
    """What every preference shares (its gate, tie-breaks, the decisions a card preference
    applies to and its `where`), then the preference's own checks."""
    if rule.when is not None:
        c.check_condition(where, (*path, "when"), rule.when)
    for index, step in enumerate(rule.then):
        check_preference(c, where, (*path, "then", index), step, decisions)
    context = StrategyContext(c, where, decisions)
    if not isinstance(rule, CardPreference):
        rule.check_preference(context, path, [])
        return
    tag = rule.prefer
    cardless = mechanic_kit(c.game.structure.mechanic).cardless_of(c.game.structure)
    implied = rule.implied_decisions or tuple(d for d in decisions if d not in cardless)
    usable = [d for d in implied if d in decisions]
    if not usable:
        what = f"{' or '.join(implied)} decisions" if implied else "decisions about a card"
        c.error(
            where,
            (*path, "prefer"),
            "invalid-value",
            f"'{tag}' chooses among {what}, which {c.game.id} never asks for",
            f"its decisions: {', '.join(decisions)}",
        )
        return
    if rule.decision is not None:
        if rule.decision not in usable:
            c.error(
                where,
                (*path, "decision"),
                "invalid-value",
                f"'{tag}' never applies to '{rule.decision}' decisions of {c.game.id}",
                did_you_mean(rule.decision, usable),
            )
            return
        usable = [rule.decision]
    kinds = sorted({decisions[d] for d in usable})
    rule.check_preference(context, path, kinds)
    if rule.where:
        check_strategy_filter(c, where, (*path, "where"), rule.where, usable, kinds)


def check_strategy_filter(
    c: GameChecks,
    where: LoadedFile,
    path: Path_,
    card_filter: CardFilter,
    decisions: list[str],
    kinds: list[str],
) -> None:
    """Fields and closed values of a preference's `where`, on the kinds it looks at."""
    for name, wanted in card_filter.items():
        if name == "face_up":
            if "pick" not in decisions:
                c.error(
                    where,
                    (*path, name),
                    "invalid-value",
                    "'face_up' chooses the side of draft picks; "
                    f"{' and '.join(decisions)} decisions have no side",
                    "remove it, or set 'decision: pick'",
                )
            elif not isinstance(wanted, bool):
                c.error(where, (*path, name), "invalid-value", "'face_up' is true or false")
            continue
        if not check_card_field(c, where, (*path, name), name, kinds):
            continue
        allowed = [
            value
            for kind in kinds
            if name in c.fields_of(kind)
            for value in c.card_vocabulary(kind, name) or []
        ]
        values: list[Any] = wanted if isinstance(wanted, list) else [wanted]
        for index, value in enumerate(values):
            if allowed and isinstance(value, str) and value not in allowed:
                c.error(
                    where,
                    (*path, name, index) if isinstance(wanted, list) else (*path, name),
                    "unknown-reference",
                    f"unknown {name} '{value}'",
                    did_you_mean(value, allowed),
                )


def check_card_field(
    c: GameChecks,
    where: LoadedFile,
    path: Path_,
    name: str,
    kinds: list[str],
    *,
    numeric: bool = False,
) -> bool:
    """Whether some card kind the preference looks at has this field (numeric if asked)."""
    fields = {f for kind in kinds for f in c.fields_of(kind)}
    readable = " or ".join(c.deck_kind() or kind if kind == "deck" else kind for kind in kinds)
    if name not in fields:
        c.error(
            where,
            path,
            "unknown-reference",
            f"unknown field '{name}' of {readable} cards",
            did_you_mean(name, fields),
        )
        return False
    if numeric and not any(name in c.numeric_fields(kind) for kind in kinds):
        numbers = sorted({f for kind in kinds for f in c.numeric_fields(kind)})
        c.error(
            where,
            path,
            "invalid-value",
            f"field '{name}' of {readable} cards is not a number",
            f"compare a number field: {', '.join(numbers)}" if numbers else "",
        )
        return False
    return True
