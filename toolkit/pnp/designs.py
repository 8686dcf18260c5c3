"""Designs, not ids: cards that print the same are one design with a count.

Fourteen hermit crabs are one card printed fourteen times, whatever their ids. A card's
design is what its face draws, its small label aside: every element's templates rendered for
that card. Two cards of one component with the same design are twins.

The small label's id follows the layout's `card_ids`: `unique` (the default) prints it only
on cards without a twin, so twins print alike, a deck cannot be sorted by the ids on its
faces, and exports and print shops see one design with its count; `always` prints it on
every card (for a designer who sorts playtest copies by id), `never` on none.
"""

from __future__ import annotations

import hashlib
from typing import Any

from toolkit.pnp.layout_load import Face, Where
from toolkit.pnp.render_card import LABEL, Renderer

CARD_IDS = ("unique", "always", "never")


def design_of(r: Renderer, face: Face, context: dict[str, Any], who: str) -> str:
    """A short digest of everything the face draws for this card, its label aside."""
    where = face.elements[0].where if face.elements else Where("<layout>", 1, 1)
    parts = [r.text(face.background, context, where, who)]
    for e in face.elements:
        if e.name == LABEL:
            continue
        parts.append(e.name)
        for template in (e.fill, e.stroke, e.colour, e.icon, e.image, e.text):
            parts.append(r.text(template, context, e.where, who) if template is not None else "\0")
        if e.draw is not None:  # a drawing reads the whole card: only the card itself matches
            parts.append(f"{e.draw}:{context.get('card_id', '')}")
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:16]


def printed_id(mode: str, card_id: str, twins: int) -> str:
    """The id the small label prints: the card's, unless `card_ids` hides it."""
    if mode == "never" or (mode == "unique" and twins > 1):
        return ""
    return card_id
