"""The table: zones hold declared kinds, the deck is made up as the rules say, tracks and
their milestones fit, and every zone is filled by something."""

from __future__ import annotations

from typing import Any

from toolkit.content.checks.base import GameChecks, describe_filter
from toolkit.content.models.manifest import CardsDeck, SuitedDeck
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import did_you_mean, plural
from toolkit.rules.primitive import walk
from toolkit.schema.filters import card_matches


def check_zones(c: GameChecks) -> None:
    for index, zone in enumerate(c.game.zones):
        if zone.cards != "deck" and zone.cards not in c.game.card_kinds:
            c.error(
                c.manifest,
                ("zones", index, "cards"),
                "unknown-reference",
                f"zone '{zone.id}' holds '{zone.cards}', which 'card_kinds' does not declare",
                did_you_mean(zone.cards, [*c.game.card_kinds, "deck"]),
            )


def check_deck(c: GameChecks) -> None:
    deck = c.game.deck
    if isinstance(deck, SuitedDeck):
        if deck.suits not in c.game.card_kinds:
            c.error(
                c.manifest,
                ("deck", "suits"),
                "unknown-reference",
                f"a suited deck takes its suits from card kind '{deck.suits}', which "
                "'card_kinds' does not declare",
                did_you_mean(deck.suits, c.game.card_kinds)
                or f"declare '{deck.suits}' under 'card_kinds'",
            )
        return
    if deck.pool not in c.game.card_kinds:
        c.error(
            c.manifest,
            ("deck", "pool"),
            "unknown-reference",
            f"deck pool '{deck.pool}' is not declared under 'card_kinds'",
            did_you_mean(deck.pool, c.game.card_kinds),
        )
        return
    fields = c.fields_of(deck.pool)
    if deck.group_by is not None:
        c.known(c.manifest, ("deck", "group_by"), deck.group_by, fields, "card field")
    for index, name in enumerate(deck.unique):
        c.known(c.manifest, ("deck", "unique", index), name, fields, "card field")
    for index, rule in enumerate(deck.composition):
        c.check_filter(
            c.manifest,
            ("deck", "composition", index, "where"),
            rule.where,
            deck.pool,
            grid=False,
        )
    if deck.group_by is not None:
        check_composition(c, deck)


def check_composition(c: GameChecks, deck: CardsDeck) -> None:
    loaded = c.content.files.get(deck.pool)
    if loaded is None or not c.loaded(deck.pool) or deck.group_by is None:
        return
    groups: dict[Any, list[tuple[Path_, Any]]] = {}
    known_values = c.vocabulary(deck.pool, deck.group_by)
    for path, item in c.items(deck.pool):
        value = getattr(item, deck.group_by, None)
        if known_values is None or value in known_values:  # unknown ones are reported
            groups.setdefault(value, []).append((path, item))
    for group, members in groups.items():
        for index, rule in enumerate(deck.composition):
            found = sum(card_matches(item, rule.where) for _, item in members)
            if found != rule.count:
                c.error(
                    loaded,
                    (*members[0][0], deck.group_by),
                    "composition",
                    f"{deck.group_by} '{group}' has {plural(found, 'card')} with "
                    f"{describe_filter(rule.where)}; the rules say {rule.count}",
                    f"see 'deck.composition' rule {index + 1} of the manifest",
                )
        for name in deck.unique:
            seen: dict[Any, Path_] = {}
            for path, item in members:
                value = getattr(item, name)
                if value is None:  # a card without the optional field (a wager)
                    continue
                if value in seen:
                    line = loaded.document.position(seen[value]).line
                    c.error(
                        loaded,
                        (*path, name),
                        "duplicate-value",
                        f"{deck.group_by} '{group}' has {name} {value} twice (also at line {line})",
                        f"each {name} appears once per {deck.group_by}",
                    )
                seen[value] = (*path, name)


def check_tracks(c: GameChecks) -> None:
    for index, track in enumerate(c.game.tracks):
        path = ("tracks", index)
        if track.min >= track.max:
            c.error(
                c.manifest,
                (*path, "max"),
                "invalid-range",
                f"track '{track.id}' runs from {track.min} to {track.max}",
                "'max' must be above 'min'",
            )
            continue
        if not track.min <= track.start <= track.max:
            c.error(
                c.manifest,
                (*path, "start"),
                "out-of-range",
                f"start {track.start} lies outside {track.min}..{track.max}",
            )
        seen: set[int] = set()
        for m_index, milestone in enumerate(track.milestones):
            m_path = (*path, "milestones", m_index, "at")
            if not track.min <= milestone.at <= track.max:
                c.error(
                    c.manifest,
                    m_path,
                    "milestone-out-of-range",
                    f"milestone at {milestone.at} lies outside track '{track.id}' "
                    f"({track.min}..{track.max})",
                    f"move it inside {track.min}..{track.max} or extend the track",
                )
            if milestone.at in seen:
                c.error(
                    c.manifest,
                    m_path,
                    "duplicate-id",
                    f"two milestones at {milestone.at} on track '{track.id}'",
                    "merge them into one milestone",
                )
            seen.add(milestone.at)
            for d_index, modifier in enumerate(milestone.modifiers):
                c.known(
                    c.manifest,
                    (*path, "milestones", m_index, "modifiers", d_index, "resource"),
                    modifier.resource,
                    c.resource_ids(),
                    "resource",
                )


def check_zones_filled(c: GameChecks) -> None:
    """A zone that no setup step, effect or mechanic ever puts cards into is a warning."""
    if not c.all_cards_loaded():
        return  # cards that did not load might fill it
    structure = c.game.structure
    filled = set(structure.fills())
    for step in c.game.setup:
        filled.update(step.fills())
    for _, path, effects in c.effect_sites():
        for _, primitive in walk(effects, path):
            filled.update(primitive.fills())
    for index, zone in enumerate(c.game.zones):
        if zone.id not in filled:
            c.warning(
                c.manifest,
                ("zones", index, "id"),
                "zone-never-filled",
                f"nothing ever puts cards into zone '{zone.id}'",
                "fill it with a setup step ('deal', 'choose_per_group'), an effect "
                "('acquire' with 'to:') or the mechanic, or remove it",
            )
