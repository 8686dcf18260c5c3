"""Checks that need the whole game: references, uniqueness, feasibility, composition.

Each topic is a module of `toolkit.content.checks`; this runs them in order on one
`GameChecks` and returns everything they found.
"""

from __future__ import annotations

from toolkit.content.checks import (
    card_kinds,
    colours,
    effects,
    identity,
    scoring,
    setup,
    strategies,
    structure,
    table,
)
from toolkit.content.checks.base import GameChecks
from toolkit.content.project import GameContent
from toolkit.diagnostics import Diagnostic


def check_game(content: GameContent) -> list[Diagnostic]:
    c = GameChecks(content)
    identity.check_identity(c)
    identity.check_manifest_ids(c)
    for kind in content.card_kinds():
        c.unique_ids(content.files[kind])
    card_kinds.check_card_kinds(c)
    card_kinds.check_vocabularies(c)
    colours.check_colours(c)
    table.check_zones(c)
    table.check_deck(c)
    table.check_tracks(c)
    effects.check_effects_everywhere(c)
    setup.check_setup(c)
    structure.check_structure(c)
    scoring.check_scoring_everywhere(c)
    scoring.check_ending(c)
    strategies.check_strategies(c)
    table.check_zones_filled(c)
    return c.out
