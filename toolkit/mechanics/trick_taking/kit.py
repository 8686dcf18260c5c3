"""The `trick_taking` mechanic's kit: what validation, compiling and tools ask of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.base import KitPosition, MechanicKit
from toolkit.mechanics.trick_taking import words
from toolkit.mechanics.trick_taking.structure import TrickTaking

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CompiledMechanic
    from toolkit.mechanics.screen import ScreenFactory
    from toolkit.mechanics.vector import EncoderFactory


def _compile(structure: TrickTaking, compiler: Compiler) -> CompiledMechanic:
    """The phase machine, imported when a game of this mechanic compiles: validation never
    compiles, so it never loads the machine."""
    from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic

    return TrickTakingMechanic.compile(structure, compiler)


def _events() -> tuple[type[Event], ...]:
    """Trick-taking's own log events, imported when asked: validation logs nothing."""
    from toolkit.mechanics.trick_taking.events import EVENTS

    return EVENTS


def _position() -> KitPosition:
    """How positions write this mechanic's state, imported when asked (it needs the machine)."""
    from toolkit.mechanics.trick_taking.position import POSITION

    return POSITION


def _screen() -> ScreenFactory:
    """The terminal view's part, imported when a person plays (it needs rich)."""
    from toolkit.mechanics.trick_taking.screen import TrickScreen

    return TrickScreen


def _encoder() -> EncoderFactory:
    """The observation vector's part, imported when learning agents ask."""
    from toolkit.mechanics.trick_taking.encoding import TrickEncoder

    return TrickEncoder


KIT: MechanicKit[TrickTaking] = MechanicKit(
    name="trick_taking",
    structure=TrickTaking,
    effects=(),
    decisions=(
        "play",
        "lead",
        "follow",
        "pass",
        "bid",
        "name_trump",
        "order_up",
        "call_pass",
        "discard",
    ),
    decision_groups=(("play", ("lead", "follow")),),
    cardless=("bid", "call_pass"),
    compile=_compile,
    check=words.check,
    summary=words.summary,
    reference=words.reference,
    rules_help=words.rules_help,
    effect_sites=words.effect_sites,
    round_end_effects=words.round_end_effects,
    asks=words.decisions,
    events=_events,
    position=_position,
    screen=_screen,
    encoder=_encoder,
)
