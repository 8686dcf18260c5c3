"""Small text helpers mechanics share: the rules help's printed words, and move labels told
apart when two would read the same."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

ICON = re.compile(r":([a-z][a-z0-9-]*):")


def plain_words(text: str) -> str:
    """Printed text for a terminal: one line, icon tokens (`:coin:`) as their names."""
    return ICON.sub(lambda match: match.group(1), " ".join(text.split()))


def described_effects(view: dict[str, Any]) -> list[Any]:
    """A card view's effects fields in words (the print layer's texts, each with a `ladder`)."""
    return [text for text in view["described"].values() if hasattr(text, "ladder")]


def printed_action(view: dict[str, Any]) -> str:
    """What a card does as printed: its `action_text` when it has one, else its effects."""
    written = getattr(view["card"], "action_text", None)
    return str(written) if written else ", ".join(str(e) for e in described_effects(view) if e)


Trait = tuple[str, str]
"""Something a move's card shows, by name and in words: (`points`, `points 3`)."""


def told_apart(
    labels: Sequence[str], traits: Sequence[Sequence[Trait]], places: Sequence[str]
) -> list[str]:
    """Move labels in which no two read the same: labels that read alike get, in brackets,
    the traits of their cards that differ among them (`take Kelp frond (points 3)`); those
    still alike (twin cards) their place (`2nd in Market`), and last their rank among the
    alike (`1 of 2`). Labels already unique are returned as they are."""
    out = list(labels)
    groups: dict[str, list[int]] = {}
    for index, label in enumerate(labels):
        groups.setdefault(label, []).append(index)
    for label, members in groups.items():
        if len(members) < 2:
            continue
        shown = [dict(traits[m]) for m in members]
        names = list(dict.fromkeys(name for held in shown for name in held))
        differing = [n for n in names if len({held.get(n, "") for held in shown}) > 1]
        extras = [[held[n] for n in differing if held.get(n)] for held in shown]
        _add_where_alike(extras, [[places[m]] if places[m] else [] for m in members])
        _add_where_alike(extras, [[f"{k} of {len(members)}"] for k in range(1, len(members) + 1)])
        for member, extra in zip(members, extras, strict=True):
            out[member] = f"{label} ({', '.join(extra)})" if extra else label
    return out


def _add_where_alike(extras: list[list[str]], more: list[list[str]]) -> None:
    """Add `more` to the extras that still read like another's."""
    seen: dict[tuple[str, ...], int] = {}
    for extra in extras:
        seen[tuple(extra)] = seen.get(tuple(extra), 0) + 1
    for extra, added in zip(extras, more, strict=True):
        if seen[tuple(extra)] > 1:
            extra += added


def ordinal(number: int) -> str:
    """`1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"
