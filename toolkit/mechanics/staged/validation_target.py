"""`who: target` (and `from_who`, `to_who`) reads the player a `target` stage chose: refused at
its line where no target can have been chosen yet, reading the round top to bottom (a
target is chosen in a `target` stage's `where` and `then`, and may have been after it)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from toolkit.mechanics.base import Path, StructureChecks
from toolkit.mechanics.staged.structure import Staged, walk

SEAT_KEYS = ("who", "from_who", "to_who")


class TargetReader:
    def __init__(self, checks: StructureChecks) -> None:
        self.checks = checks
        self.chosen = False
        """Whether a target can have been chosen at the place being read."""
        self.outs: list[Path] = []
        """Where an `out` check is read."""

    def items(self, path: Path, items: list[Any]) -> None:
        for index, item in enumerate(items):
            self.item((*path, index), item)

    def item(self, path: Path, item: BaseModel) -> None:
        if getattr(item, "stage", None) == "target":
            before = self.chosen
            self.chosen = True
            self.field(path, item, "where")
            self.field(path, item, "then")
            self.chosen = before
            self.field(path, item, "otherwise")
            self.chosen = True
            return
        for name in type(item).model_fields:
            self.field(path, item, name)

    def field(self, path: Path, item: BaseModel, name: str) -> None:
        value = getattr(item, name)
        key = type(item).model_fields[name].alias or name
        if name == "out" and value is not None:
            self.outs.append((*path, key))
        if name in SEAT_KEYS and value == "target" and not self.chosen:
            self.checks.error(
                (*path, key),
                "invalid-value",
                f"'{key}: target' names the player a 'target' stage chose, but no target can "
                "have been chosen here",
                "choose one first ({stage: target, then: [...]}), or name another seat",
            )
        elif isinstance(value, BaseModel):
            self.item((*path, key), value)
        elif isinstance(value, list):
            for index, part in enumerate(value):
                if isinstance(part, BaseModel):
                    self.item((*path, key, index), part)


def check(structure: Staged, checks: StructureChecks) -> None:
    """Report every `target` seat read where no `target` stage can have chosen one."""
    reader = TargetReader(checks)
    path: Path = ("structure",)
    reader.items((*path, "round"), structure.round)
    chooses = any(getattr(item, "stage", None) == "target" for item in walk(structure.round))
    fragments = [s for stages in structure.defines.values() for s in stages]
    if any(getattr(item, "stage", None) == "target" for item in walk(fragments)):
        chooses = True
    reader.chosen = chooses  # after the round's play, or where a fragment is used
    end = structure.round_end
    for index, when in enumerate(end.when):
        reader.item((*path, "round_end", "when", index), when)
    reader.items((*path, "round_end", "then"), end.then)
    for name, stages in structure.defines.items():
        reader.chosen = chooses
        reader.items((*path, "defines", name), stages)
    every = [*structure.round, *structure.round_end.then, *fragments]
    if reader.outs and not any(puts_out(item) for item in walk(every)):
        for where in reader.outs:
            checks.error(
                where,
                "invalid-value",
                "'out' reads who is out of the round, but no stage puts a player out",
                "add {stage: eliminate} (or a 'betting' round, a 'pay' with 'short: fold'), "
                "or test something else",
            )


def puts_out(item: Any) -> bool:
    """Whether a stage can put a player out of the round (eliminate, or a fold)."""
    kind = getattr(item, "stage", None)
    return kind in ("eliminate", "betting") or (
        kind == "pay" and getattr(item, "short", "") == "fold"
    )
