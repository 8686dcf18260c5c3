"""The `draw_and_play` mechanic's kit: what validation, compiling and tools ask of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.base import KitPosition, MechanicKit
from toolkit.mechanics.draw_and_play import words
from toolkit.mechanics.draw_and_play.structure import DrawAndPlay

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CompiledMechanic
    from toolkit.mechanics.screen import ScreenFactory
    from toolkit.mechanics.vector import EncoderFactory


def _compile(structure: DrawAndPlay, compiler: Compiler) -> CompiledMechanic:
    """The phase machine, imported when a game of this mechanic compiles: validation never
    compiles, so it never loads the machine."""
    from toolkit.mechanics.draw_and_play.machine import DrawPlayMechanic

    return DrawPlayMechanic.compile(structure, compiler)


def _events() -> tuple[type[Event], ...]:
    """Draw-and-play's own log events, imported when asked: validation logs nothing."""
    from toolkit.mechanics.draw_and_play.events import EVENTS

    return EVENTS


def _position() -> KitPosition:
    """How positions write this mechanic's state, imported when asked (it needs the machine)."""
    from toolkit.mechanics.draw_and_play.position import POSITION

    return POSITION


def _screen() -> ScreenFactory:
    """The terminal view's part, imported when a person plays (it needs rich)."""
    from toolkit.mechanics.draw_and_play.screen import DrawPlayScreen

    return DrawPlayScreen


def _encoder() -> EncoderFactory:
    """The observation vector's part, imported when learning agents ask."""
    from toolkit.mechanics.draw_and_play.encoding import DrawEncoder

    return DrawEncoder


KIT: MechanicKit[DrawAndPlay] = MechanicKit(
    name="draw_and_play",
    structure=DrawAndPlay,
    effects=(),
    decisions=("place", "discard", "draw", "take"),
    cardless=("draw",),
    compile=_compile,
    check=words.check,
    summary=words.summary,
    reference=words.reference,
    rules_help=words.rules_help,
    events=_events,
    position=_position,
    screen=_screen,
    encoder=_encoder,
)
