"""Simultaneous drafting onto grids: all pick at once, reveal, pay, place under a project
plan's shape and ordering rules, resolve shop actions, pass the rest. Registered as `draft`."""

from __future__ import annotations

from toolkit.mechanics.base import MechanicKit
from toolkit.mechanics.draft import words
from toolkit.mechanics.draft.effects import EFFECTS
from toolkit.mechanics.draft.events import EVENTS
from toolkit.mechanics.draft.machine import DraftMechanic
from toolkit.mechanics.draft.structure import Draft

KIT: MechanicKit[Draft] = MechanicKit(
    name="draft",
    structure=Draft,
    effects=EFFECTS,
    decisions=("pick",),
    compile=DraftMechanic.compile,
    check=words.check,
    summary=words.summary,
    reference=words.reference,
    rules_help=words.rules_help,
    events=EVENTS,
)
