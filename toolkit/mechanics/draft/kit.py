"""The `draft` mechanic's kit: what validation, compiling and tools ask of it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from toolkit.mechanics.base import KitPosition, MechanicKit
from toolkit.mechanics.draft import words
from toolkit.mechanics.draft.effects import EFFECTS
from toolkit.mechanics.draft.structure import Draft

if TYPE_CHECKING:
    from toolkit.kernel.compiling import Compiler
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import CompiledMechanic
    from toolkit.mechanics.screen import ScreenFactory
    from toolkit.mechanics.vector import EncoderFactory


def _compile(structure: Draft, compiler: Compiler) -> CompiledMechanic:
    """The phase machine, imported when a game of this mechanic compiles: validation never
    compiles, so it never loads the machine."""
    from toolkit.mechanics.draft.machine import DraftMechanic

    return DraftMechanic.compile(structure, compiler)


def _events() -> tuple[type[Event], ...]:
    """The draft's own log events, imported when asked: validation logs nothing."""
    from toolkit.mechanics.draft.events import EVENTS

    return EVENTS


def _position() -> KitPosition:
    """How positions write this mechanic's state, imported when asked (it needs the machine)."""
    from toolkit.mechanics.draft.position import POSITION

    return POSITION


def _screen() -> ScreenFactory:
    """The terminal view's part, imported when a person plays (it needs rich)."""
    from toolkit.mechanics.draft.screen import draft_screen

    return draft_screen


def _encoder() -> EncoderFactory:
    """The observation vector's part, imported when learning agents ask."""
    from toolkit.mechanics.draft.encoding import draft_encoder

    return draft_encoder


KIT: MechanicKit[Draft] = MechanicKit(
    name="draft",
    structure=Draft,
    effects=EFFECTS,
    decisions=("pick",),
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
