"""Colours that tell things apart must differ: a vocabulary's values, a kind's colours.

Suits (a card kind's `colour` field) and a vocabulary's values (the colours of a park, the
families of a market) are told apart by colour at the table. Two of them that read as one,
for normal vision or under protanopia or deuteranopia (`toolkit.content.contrast`), are a
warning at the second value. A vocabulary whose values each carry a different `mark` is told
apart by shape too, so there only normal vision is checked.
"""

from __future__ import annotations

from typing import Any

from toolkit.content.checks.base import GameChecks
from toolkit.content.contrast import clashes

_HINT = "choose colours further apart in lightness as well as hue, or give each value a 'mark'"


def check_colours(c: GameChecks) -> None:
    _vocabularies(c)
    _colour_fields(c)


def _vocabularies(c: GameChecks) -> None:
    for index, vocab in enumerate(c.game.vocabularies):
        coloured = [(v.id, v.colour, j) for j, v in enumerate(vocab.values) if v.colour]
        marks = [v.mark for v in vocab.values]
        marked = all(marks) and len(set(marks)) == len(marks)
        place = {value: j for value, _, j in coloured}
        for clash in clashes([(v, colour) for v, colour, _ in coloured], normal_only=marked):
            c.warning(
                c.manifest,
                ("vocabularies", index, "values", place[clash.second], "colour"),
                "colours-alike",
                f"{vocab.kind} {vocab.field} '{clash.second}' and '{clash.first}' are hard to "
                f"tell apart with {clash.vision} (colour difference {clash.difference:.1f})",
                _HINT,
            )


def _colour_fields(c: GameChecks) -> None:
    for kind in c.content.card_kinds():
        loaded = c.content.files.get(kind)
        if loaded is None:
            continue
        for field, type_name in c.content.field_types(kind).items():
            if type_name != "colour":
                continue
            first: dict[str, tuple[str, Any]] = {}
            for path, card in c.items(kind):
                value = getattr(card, field, None)
                if isinstance(value, str):
                    first.setdefault(value.lower(), (card.id, path))
            named = [(card_id, colour) for colour, (card_id, _) in first.items()]
            paths = {card_id: path for card_id, path in first.values()}
            for clash in clashes(named):
                c.warning(
                    loaded,
                    (*paths[clash.second], field),
                    "colours-alike",
                    f"the {field} of {kind} '{clash.second}' and '{clash.first}' are hard to "
                    f"tell apart with {clash.vision} (colour difference {clash.difference:.1f})",
                    _HINT,
                )
