"""Draw-and-play in words and checks: the validate summary, semantic checks of the structure
(zones of the right owner, fields the cards have), the print reference's values and the
terminal's rules help."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import plural
from toolkit.mechanics.base import (
    Path,
    RulesTable,
    Section,
    StructureChecks,
    Words,
    check_rounds,
)
from toolkit.mechanics.draw_and_play.structure import Area, DrawAndPlay
from toolkit.rules.scoring.area_formula import filtered_cards
from toolkit.rules.setup.deal import Deal
from toolkit.schema.amounts import amount_values, count_words


def summary(structure: DrawAndPlay) -> str:
    several = max(amount_values(structure.rounds)) > 1
    rounds = f", {count_words(structure.rounds, 'round')}" if several else ""
    return f"draw-and-play, {plural(len(structure.areas), 'area zone')}{rounds}"


def check(structure: DrawAndPlay, checks: StructureChecks) -> None:
    path: Path = ("structure",)
    check_rounds(checks, structure.rounds)
    fields = checks.fields_of("deck")
    _player_zone(checks, (*path, "hand"), structure.hand, "hand")
    _shared_zone(checks, (*path, "draw"), structure.draw, "draw pile")
    _check_discard(structure, checks, fields)
    seen: set[str] = set()
    for index, area in enumerate(structure.areas):
        _check_area(structure, checks, (*path, "areas", index), area, fields)
        if area.zone in seen:
            checks.error(
                (*path, "areas", index, "zone"),
                "duplicate-id",
                f"zone '{area.zone}' is listed as an area twice",
                "list each area zone once",
            )
        seen.add(area.zone)
    _check_deal(structure, checks)


def _zone_of(checks: StructureChecks, path: Path, zone: str, what: str, owner: str) -> bool:
    """`zone` is a known zone of `owner` (`player` or `shared`) holding deck cards."""
    other = "shared" if owner == "player" else "player"
    must = "a player zone" if owner == "player" else "shared"
    if zone in checks.zone_ids(other):
        checks.error(
            path,
            "invalid-value",
            f"the {what} '{zone}' is a {other} zone; it must be {must}",
            f"set 'owner: {owner}' on the zone",
        )
        return False
    if not checks.known(path, zone, checks.zone_ids(owner), f"{owner} zone"):
        return False
    return _holds_deck(checks, path, zone)


def _player_zone(checks: StructureChecks, path: Path, zone: str, what: str) -> bool:
    return _zone_of(checks, path, zone, what, "player")


def _shared_zone(checks: StructureChecks, path: Path, zone: str, what: str) -> bool:
    return _zone_of(checks, path, zone, what, "shared")


def _holds_deck(checks: StructureChecks, path: Path, zone: str) -> bool:
    if checks.zone_kind(zone) != "deck":
        checks.error(
            path,
            "invalid-value",
            f"zone '{zone}' holds '{checks.zone_kind(zone)}' cards, not the deck's",
            "set 'cards: deck' on the zone",
        )
        return False
    return True


def deck_values(checks: StructureChecks, field: str) -> list[Any] | None:
    """The values a field takes on the deck's cards; None when they cannot be listed."""
    if checks.suits_kind() is not None:
        return None
    kind = checks.deck_kind()
    if kind is None or not checks.has(kind):
        return None
    return [getattr(card, field, None) for _, card in checks.cards(kind)]


def _check_discard(structure: DrawAndPlay, checks: StructureChecks, fields: set[str]) -> None:
    discard = structure.discard
    path: Path = ("structure", "discard")
    if (discard.zone is None) == (discard.by is None):
        checks.error(
            path,
            "invalid-value",
            "the discard needs either one 'zone' or a field 'by' with its 'piles'",
            "write `discard: {zone: discard}` or `discard: {by: colour, piles: {...}}`",
        )
        return
    if discard.zone is not None:
        _shared_zone(checks, (*path, "zone"), discard.zone, "discard pile")
        if discard.piles:
            checks.error((*path, "piles"), "invalid-value", "'piles' go with 'by', not 'zone'")
        return
    assert discard.by is not None
    if not checks.known((*path, "by"), discard.by, fields, "card field"):
        return
    if not discard.piles:
        checks.error(
            (*path, "piles"),
            "missing-value",
            f"discard by '{discard.by}' needs a pile for each {discard.by}",
            "add `piles: {<value>: <shared zone>, ...}`",
        )
        return
    for value, zone in discard.piles.items():
        _shared_zone(checks, (*path, "piles", value), zone, "discard pile")
    values = deck_values(checks, discard.by)
    if values is None:
        return
    present = {str(v) for v in values if v is not None}
    for value in discard.piles:
        if value not in present:
            checks.error(
                (*path, "piles", value),
                "unknown-reference",
                f"no card has {discard.by} '{value}'",
                f"the deck's {discard.by} values: {', '.join(sorted(present))}",
            )
    missing = sorted(present - set(discard.piles))
    if missing or any(v is None for v in values):
        lacking = ", ".join(missing) if missing else f"cards without a {discard.by}"
        checks.error(
            (*path, "piles"),
            "missing-value",
            f"no discard pile for {lacking}",
            "give every value its pile, or use one `zone` for all",
        )


def _check_area(
    structure: DrawAndPlay, checks: StructureChecks, path: Path, area: Area, fields: set[str]
) -> None:
    if _player_zone(checks, (*path, "zone"), area.zone, "area zone") and area.zone == (
        structure.hand
    ):
        checks.error(
            (*path, "zone"), "invalid-value", "the hand cannot be an area", "name another zone"
        )
    if area.by is not None:
        checks.known((*path, "by"), area.by, fields, "card field")
    order = area.order
    if order is None:
        return
    if checks.known((*path, "order", "field"), order.field, fields, "card field"):
        _check_numeric(checks, (*path, "order", "field"), order.field, order.exempt)
    if order.exempt:
        checks.check_filter((*path, "order", "exempt"), order.exempt, "deck", grid=False)


def _check_numeric(
    checks: StructureChecks, path: Path, field: str, exempt: dict[str, Any] | None
) -> None:
    """The ordered field holds numbers on every card that is not exempt."""
    if checks.suits_kind() is not None:
        if field != "rank":
            checks.error(path, "invalid-value", f"'{field}' is not a number", "order by 'rank'")
        return
    kind = checks.deck_kind()
    if kind is None or not checks.has(kind):
        return
    for card_path, card in checks.cards(kind):
        value = getattr(card, field, None)
        if isinstance(value, int) and not isinstance(value, bool):
            continue
        if value is None and exempt and _matches(card, exempt):
            continue
        checks.card_error(
            kind,
            (*card_path, field) if value is not None else card_path,
            "invalid-value",
            f"card '{card.id}' has no number in '{field}', which its area is ordered by",
            "give it a number, or make it exempt with `order.exempt`",
        )
        return


def _matches(card: Any, card_filter: dict[str, Any]) -> bool:
    return all(getattr(card, name, None) == wanted for name, wanted in card_filter.items())


def _check_deal(structure: DrawAndPlay, checks: StructureChecks) -> None:
    deal = next((s for s in checks.setup if isinstance(s, Deal) and s.to == structure.hand), None)
    if deal is None or deal.count is None:
        checks.error(
            ("setup",),
            "infeasible-setup",
            f"draw-and-play needs a `deal` step with a `count` to '{structure.hand}': "
            "the rest of the deck forms the draw pile",
            f"add `{{step: deal, count: 8, to: {structure.hand}}}`",
        )
        return
    limit = structure.hand_limit
    if limit is None:
        return
    most = limit if structure.turn == "play_then_draw" else limit - 1
    dealt = max(amount_values(deal.count))
    if dealt > most:
        checks.error(
            ("structure", "hand_limit"),
            "infeasible-setup",
            f"hands are dealt {dealt} cards but may hold {limit}"
            + (" before drawing" if structure.turn == "draw_then_play" else ""),
            "raise 'hand_limit' or deal fewer cards",
        )


def reference(structure: DrawAndPlay, words: Words) -> dict[str, Any]:
    return {"draw_and_play": structure, "turn_lines": turn_lines(structure)}


def turn_lines(structure: DrawAndPlay) -> list[str]:
    """The turn, the placement rules and the end, in players' words."""
    play = "Play a card from your hand to your area, or discard it face up on " + (
        "the discard pile."
        if structure.discard.zone is not None
        else f"the discard pile of its {structure.discard.by}."
    )
    draw = "Draw the top card of the draw pile, or take the top card of a discard pile" + (
        "." if structure.retake_discard else " (not the one you just discarded)."
    )
    lines = [play, draw] if structure.turn == "play_then_draw" else [draw, play]
    lines = [f"{i}. {line}" for i, line in enumerate(lines, start=1)]
    if structure.hand_limit is not None:
        lines.append(
            f"A hand holds at most {structure.hand_limit} cards: with a full hand, skip the draw."
        )
    for area in structure.areas:
        where = f"one area per {area.by} in your {area.zone}" if area.by else f"your {area.zone}"
        order = area.order
        if order is None:
            lines.append(f"Cards go to {where} in any order.")
            continue
        if order.direction == "ascending":
            rule = "strictly higher than" if order.strict else "at least as high as"
        else:
            rule = "strictly lower than" if order.strict else "at most as high as"
        lines.append(f"In {where}, each card's {order.field} is {rule} the last one there.")
        if order.exempt:
            cards = filtered_cards(order.exempt)
            lines.append(
                f"{cards[:1].upper()}{cards[1:]} ignore the order"
                + (", but only before any other card of the area." if order.exempt_first else ".")
            )
    end = "The round ends right after the draw that empties the draw pile."
    if not structure.end_on_empty_draw:
        end = (
            "Once the draw pile is empty, nobody draws or takes any more: play out your hand. "
            "The round ends when nobody can play."
        )
    lines.append(end)
    if max(amount_values(structure.rounds)) > 1:
        lines.append(
            f"{count_words(structure.rounds, 'round')}; each reshuffles every card and deals again."
        )
    return lines


def rules_help(structure: DrawAndPlay, context: dict[str, Any], table: RulesTable) -> list[Section]:
    return [("Your turn", turn_lines(structure))]
