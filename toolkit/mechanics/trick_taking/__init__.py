"""Trick-taking: lead, follow suit, the highest card of the led suit (or trump) wins, the
winner resolves the winning card's suit action. Registered as `trick_taking`."""

from __future__ import annotations

from toolkit.mechanics.base import MechanicKit
from toolkit.mechanics.trick_taking import words
from toolkit.mechanics.trick_taking.events import EVENTS
from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic
from toolkit.mechanics.trick_taking.structure import TrickTaking

KIT: MechanicKit[TrickTaking] = MechanicKit(
    name="trick_taking",
    structure=TrickTaking,
    effects=(),
    decisions=("play", "lead", "follow", "pass", "bid", "name_trump"),
    decision_groups=(("play", ("lead", "follow")),),
    cardless=("bid",),
    compile=TrickTakingMechanic.compile,
    check=words.check,
    summary=words.summary,
    reference=words.reference,
    rules_help=words.rules_help,
    effect_sites=words.effect_sites,
    round_end_effects=words.round_end_effects,
    asks=words.decisions,
    events=EVENTS,
)
