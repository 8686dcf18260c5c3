"""The `staged` mechanic's kit: what validation, compiling and tools ask of it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from toolkit.mechanics.base import KitPosition, MechanicKit, Path
from toolkit.mechanics.staged import validation, validation_bets, words
from toolkit.mechanics.staged.structure import Staged, walk

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CompiledMechanic
    from toolkit.mechanics.screen import ScreenFactory
    from toolkit.mechanics.vector import EncoderFactory

DECISIONS: tuple[str, ...] = (
    "play",
    "take",
    "draw",
    "take_all",
    "pass",
    "option",
    "stop",
    "call",
    "flip",
    "pick",
    "ask",
    "capture",
    "trail",
    "target",
    *validation_bets.WAGERS,
)
"""The moves' kinds: what strategies name unless a move names its own `decision`."""
CARDLESS: tuple[str, ...] = (
    *("draw", "take_all", "pass", "option", "stop", "call", "flip", "target"),
    *validation_bets.WAGERS,
)
"""The kinds whose actions stand for no card: card preferences never see them."""


def _compile(structure: Staged, compiler: Compiler) -> CompiledMechanic:
    """The interpreter, imported when a game of this mechanic compiles."""
    from toolkit.mechanics.staged.machine import StagedMechanic

    return StagedMechanic.compile(structure, compiler)


def _events() -> tuple[type[Event], ...]:
    from toolkit.mechanics.staged.events import EVENTS

    return EVENTS


def _position() -> KitPosition:
    """How positions write the round's place and memory, imported when asked."""
    from toolkit.mechanics.staged.position import POSITION

    return POSITION


def _screen() -> ScreenFactory:
    """The terminal view's part, imported when a person plays (it needs rich)."""
    from toolkit.mechanics.staged.screen import StagedScreen

    return StagedScreen


def _encoder() -> EncoderFactory:
    """The observation vector's part, imported when learning agents ask."""
    from toolkit.mechanics.staged.encoding import StagedEncoder

    return StagedEncoder


def _effect_sites(structure: Staged) -> Iterator[tuple[Path, list[Any], bool]]:
    """Effect lists inside the stages (`effects`, `finish`), for the semantic checks."""

    def visit(stages: list[Any], path: Path) -> Iterator[tuple[Path, list[Any], bool]]:
        for index, stage in enumerate(stages):
            here = (*path, index)
            kind = getattr(stage, "stage", None)
            if kind == "effects":
                yield (*here, "effects"), list(stage.effects), stage.who == "each"
            elif kind == "finish":
                for place, effects in enumerate(stage.effects):
                    yield (*here, "effects", place), list(effects), False
            for key, name in (
                ("turn", "turn"),
                ("stages", "stages"),
                ("then", "then"),
                ("else_", "else"),
                ("otherwise", "otherwise"),
            ):
                yield from visit(getattr(stage, key, None) or [], (*here, name))
            for number, move in enumerate(getattr(stage, "moves", None) or []):
                yield from visit(move.then, (*here, "moves", number, "then"))

    yield from visit(structure.round, ("structure", "round"))
    yield from visit(structure.round_end.then, ("structure", "round_end", "then"))
    for name, stages in structure.defines.items():
        yield from visit(stages, ("structure", "defines", name))


def _decisions(structure: Staged) -> dict[str, bool]:
    """The decisions one game's stages offer, each move's own name or kind, and whether it
    stands for no card (a named option, a draw, a chosen player, a bet)."""
    found: dict[str, bool] = {}
    stages = [*structure.round, *structure.round_end.then]
    for fragment in structure.defines.values():
        stages += fragment
    for item in walk(stages):
        if hasattr(item, "move"):
            found.setdefault(item.decision or item.move, item.move in CARDLESS)
            if item.move == "capture" and item.trail != "never":
                found.setdefault("trail", False)
        elif getattr(item, "stage", None) == "simultaneous":
            found.setdefault(item.decision or "pick", False)
        elif getattr(item, "stage", None) == "target":
            found.setdefault(item.decision or "target", True)
        else:
            found.update(dict.fromkeys(validation_bets.asks(item), True))
    return found


def _asks(structure: Staged) -> tuple[str, ...]:
    return tuple(_decisions(structure))


def _cardless_asks(structure: Staged) -> tuple[str, ...]:
    return tuple(name for name, cardless in _decisions(structure).items() if cardless)


def _gained_resources(structure: Staged) -> tuple[str, ...]:
    """Resources a `pay` move puts onto a zone: a `take_all` of the zone hands them to a
    player with its cards."""
    items = [*walk(structure.round), *walk(structure.round_end.then)]
    for stages in structure.defines.values():
        items += walk(stages)
    return tuple(dict.fromkeys(i.resource for i in items if getattr(i, "move", None) == "pay"))


KIT: MechanicKit[Staged] = MechanicKit(
    name="staged",
    structure=Staged,
    effects=(),
    decisions=DECISIONS,
    cardless=CARDLESS,
    cardless_asks=_cardless_asks,
    compile=_compile,
    check=validation.check,
    summary=words.summary,
    reference=words.reference,
    rules_help=words.rules_help,
    events=_events,
    asks=_asks,
    effect_sites=_effect_sites,
    gained_resources=_gained_resources,
    position=_position,
    screen=_screen,
    encoder=_encoder,
)
