"""Trick-taking in words and checks: the validate summary, semantic checks of the structure,
the print reference's values and the terminal's rules help."""

from __future__ import annotations

from typing import Any

from toolkit.mechanics.base import Path, RulesTable, Section, StructureChecks, Words
from toolkit.mechanics.trick_taking.structure import TrickTaking
from toolkit.mechanics.words import described_effects, plain_words, printed_action


def summary(structure: TrickTaking) -> str:
    return f"trick-taking, {structure.rounds} rounds"


def check(structure: TrickTaking, checks: StructureChecks) -> None:
    path: Path = ("structure",)
    checks.known((*path, "hand"), structure.hand, checks.zone_ids("player"), "player zone")
    suits = checks.suits_kind()
    if structure.trump is not None and suits is not None and checks.has(suits):
        checks.known((*path, "trump"), structure.trump, checks.ids(suits), "suit")


def effect_sites(structure: TrickTaking) -> list[tuple[Path, list[Any], bool]]:
    """Cleanup effects run for every player at once: nobody can be asked to choose."""
    return [(("structure", "cleanup"), list(structure.cleanup), True)]


def reference(structure: TrickTaking, words: Words) -> dict[str, Any]:
    return {"cleanup": [words.effect(effect) for effect in structure.cleanup]}


def rules_help(structure: TrickTaking, context: dict[str, Any], table: RulesTable) -> list[Section]:
    play = [
        f"{structure.rounds} rounds; each deals the deck again.",
        "The leader plays a card, then each other player in turn."
        + (" Follow the led suit if you can." if structure.follow_suit else ""),
        "The highest card of the led suit wins"
        + (f", unless a {structure.trump} card is played." if structure.trump else "; no trump."),
        "The winner resolves the action of the winning card's suit"
        + (" and leads the next trick." if structure.winner_leads else "."),
    ]
    suits = []
    for suit in context.get("suits", []):
        ladder = [row for text in described_effects(suit) for row in text.ladder]
        if ladder:
            suits.append(f"{suit['name']}, by the winning card's rank:")
            suits += [f"    {row['ranks']}: {row['reward_words']}" for row in ladder]
        else:
            suits.append(f"{suit['name']}: {plain_words(printed_action(suit))}")
    sections: list[Section] = [("Play", play), ("Suit actions", suits)]
    for ride in context.get("acquire", []):
        lines = [f"Winning a {ride['card']} trick lets you take one card of the {ride['source']}."]
        if ride["cost"]:
            lines.append(f"Pay {ride['cost']}.")
        if ride["requirements"]:
            lines.append(f"Meet its '{ride['requirements']}' (thresholds, never spent).")
        if ride["once_each"]:
            lines.append("Never the same one twice.")
        limit = ride["group_limit"]
        if limit:
            lines.append(
                f"At most {limit['per_group']} per {limit['field']}"
                + (f" until you have one of every {limit['field']}." if limit["lifted"] else ".")
            )
        if ride["on_decline"]:
            lines.append(f"Declining when you could take one: {ride['on_decline']}.")
        sections.append((f"{ride['card']}: taking from the {ride['source']}", lines))
    if context.get("cleanup"):
        cleanup = [f"{step[:1].upper()}{step[1:]}." for step in context["cleanup"]]
        sections.append(("End of each round", cleanup))
    return sections
