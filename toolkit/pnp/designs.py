"""Designs, not ids: cards that print the same are one design with a count.

Fourteen hermit crabs are one card printed fourteen times, whatever their ids. A card's
design is what its face draws, its small label aside: every element's templates rendered for
that card. Two cards of one component with the same design are twins.

The small label's id follows the layout's `card_ids`: `unique` (the default) prints it only
on cards without a twin, so twins print alike, as the cards of a bought game do, and exports,
print shops and the workbench see one design with its count; `always` prints it on every
card (for a designer who sorts playtest copies by id), `never` on none.
"""

from __future__ import annotations

import hashlib
from typing import Any

from toolkit.pnp.layout_load import Face, Where
from toolkit.pnp.render_card import LABEL, Renderer


def design_of(r: Renderer, face: Face, context: dict[str, Any], who: str) -> str:
    """A short digest of everything the face draws for this card, its label aside."""
    where = face.elements[0].where if face.elements else Where("<layout>", 1, 1)
    parts = [r.text(face.background, context, where, who)]
    for e in face.elements:
        if e.name == LABEL:
            continue
        parts.append(e.name)
        named = f"{who}, element '{e.name}'"
        for template in (e.fill, e.stroke, e.colour, e.icon, e.image):
            parts.append(r.text(template, context, e.where, named) if template else "\0")
        if e.text is not None:
            where, own_file = e.text_file or e.where, e.text_file is not None
            parts.append(r.text(e.text, context, where, named, own_file=own_file))
        if e.draw is not None:  # a drawing reads the whole card: only the card itself matches
            parts.append(f"{e.draw}:{context.get('card_id', '')}")
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:16]


def prints_id(mode: str, twins: int) -> bool:
    """Whether a card's small label prints its id, by the layout's `card_ids` and how many
    cards of its component share its design (itself included)."""
    return mode == "always" or (mode == "unique" and twins <= 1)
