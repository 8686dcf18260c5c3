"""Drafting in words and checks: the validate summary, semantic checks of the structure, the
print reference's values and the terminal's rules help."""

from __future__ import annotations

from typing import Any

from toolkit.diagnostics import plural, singular_id
from toolkit.mechanics.base import (
    Path,
    RulesTable,
    Section,
    StructureChecks,
    Words,
    check_rounds,
)
from toolkit.mechanics.draft.grid import Shape, connected
from toolkit.mechanics.draft.structure import Draft, Grid
from toolkit.mechanics.words import plain_words, printed_action
from toolkit.rules.setup.deal import Deal
from toolkit.rules.setup.draw_random import DrawRandom
from toolkit.rules.setup.place_card import PlaceCard
from toolkit.schema.amounts import amount_at, amount_values, count_words


def summary(structure: Draft) -> str:
    if structure.tableau is not None:
        several = structure.most_rounds() > 1
        rounds = f", {count_words(structure.rounds, 'round')}" if several else ""
        picks = f", {plural(structure.placements, 'pick')} a round" if structure.placements else ""
        return f"drafting into a tableau{rounds}{picks}"
    if structure.placements is None:
        return "drafting"
    return f"drafting, {plural(structure.placements, 'placement')}"


def check_affordable(structure: Draft, checks: StructureChecks) -> None:
    """Without free face-down placement every card placed must be paid for: a card priced above
    what a player can ever hold, or a game whose cheapest placements cost more, leaves a
    player with no move."""
    price = structure.price
    if price is None:  # placing is free
        return
    most = checks.most_held(price.resource)
    kind = checks.deck_kind()
    if most is None or kind is None or not checks.has(kind):
        return
    priced = [
        (path, card, value)
        for path, card in checks.cards(kind)
        if isinstance(value := getattr(card, price.field, None), int)
    ]
    for path, card, value in priced:
        if value > most:
            checks.card_error(
                kind,
                (*path, price.field),
                "infeasible-setup",
                f"'{card.id}' costs {value} {price.resource}; a player never holds more than "
                f"{most}, and 'face_down: false' leaves no other way to place it",
                "lower its price, give players more, or allow face-down placement",
            )
    placements = structure.placements or 0
    cheapest = sorted(value for _, _, value in priced)[:placements]
    if cheapest and len(cheapest) == placements and max(cheapest) <= most < sum(cheapest):
        checks.error(
            ("structure", "grid", "face_down"),
            "infeasible-setup",
            f"the {placements} cheapest cards cost {sum(cheapest)} "
            f"{price.resource} together; a player never holds more than {most}",
            "with 'face_down: false' every placement is paid: lower prices, give players "
            "more, or allow face-down placement",
        )


def check(structure: Draft, checks: StructureChecks) -> None:
    path: Path = ("structure",)
    checks.known((*path, "hand"), structure.hand, checks.zone_ids("player"), "player zone")
    fields = checks.fields_of("deck")
    price = structure.price
    if price is not None:
        checks.known(
            (*path, "price", "resource"), price.resource, checks.resource_ids(), "resource"
        )
        checks.known((*path, "price", "field"), price.field, fields, "card field")
    if structure.action_field is not None:
        checks.known((*path, "action_field"), structure.action_field, fields, "card field")
    deal = next(
        (s for s in checks.setup if isinstance(s, Deal) and s.count and s.to == structure.hand),
        None,
    )
    placements = structure.placements
    dealt = min(amount_values(deal.count)) if deal is not None and deal.count is not None else None
    if dealt is not None and placements and placements > dealt:
        checks.error(
            (*path, "placements"),
            "infeasible-setup",
            f"{placements} placements need more than the {dealt} cards dealt",
            "deal more cards or place fewer",
        )
    check_rounds(checks, structure.rounds)
    if structure.grid is None and structure.tableau is None:
        checks.error(
            path,
            "missing-key",
            "a draft places picked cards on a 'grid' or in a 'tableau'",
            "add 'tableau: {zone: <a player zone>}', or 'grid: {zone: <a grid zone>, plan_slot: "
            "<the slot of the card whose shape grids fit>, order_field: <a number field>}'",
        )
        return
    if structure.grid is not None and structure.tableau is not None:
        checks.error(
            (*path, "tableau"),
            "invalid-value",
            "a draft places picked cards on a 'grid' or in a 'tableau', not both",
            "remove one of them",
        )
        return
    if structure.tableau is not None:
        _check_tableau(structure, checks, deal)
        return
    if structure.placements is None:
        checks.error(
            path,
            "missing-key",
            "a grid draft needs 'placements': the cards every grid holds",
            "add 'placements: <the cell count of the shapes grids fit>'",
        )
        return
    if structure.most_rounds() > 1:
        checks.error(
            (*path, "rounds"),
            "invalid-value",
            "several rounds need a 'tableau': a grid holds one round's cards",
            "use 'tableau: {zone: ...}' or one round",
        )
    if structure.keep is not None:
        checks.error(
            (*path, "keep"),
            "invalid-value",
            "'keep' says which tableau cards stay between rounds; a grid draft has none",
            "remove 'keep' or use a tableau",
        )
    _check_grid(structure, checks)


GRID_EFFECTS = ("swap_with_hand", "swap_with_opponent")
"""The draft's effects that act on cards placed on a grid."""


def _check_tableau(structure: Draft, checks: StructureChecks, deal: Deal | None) -> None:
    path: Path = ("structure",)
    tableau = structure.tableau
    assert tableau is not None
    kind = checks.deck_kind()
    if structure.action_field is not None and kind is not None and checks.has(kind):
        for c_path, card in checks.cards(kind):
            for index, effect in enumerate(getattr(card, structure.action_field, None) or []):
                name = getattr(effect, "effect", None)
                if name in GRID_EFFECTS:
                    checks.card_error(
                        kind,
                        (*c_path, structure.action_field, index),
                        "invalid-value",
                        f"'{name}' swaps cards placed on a grid; this draft has a tableau",
                        "use another effect, or place cards on a 'grid'",
                    )
    t_path = (*path, "tableau", "zone")
    if checks.known(t_path, tableau.zone, checks.zone_ids("player"), "player zone"):
        if tableau.zone in checks.grid_zones():
            checks.error(
                t_path,
                "invalid-value",
                f"zone '{tableau.zone}' is a grid; a tableau is a plain pile",
                "remove 'layout: grid' from the zone, or place with 'grid:'",
            )
        elif tableau.zone == structure.hand:
            checks.error(
                t_path, "invalid-value", "the tableau cannot be the hand zone", "name another zone"
            )
        elif structure.keep is not None:
            kind = checks.zone_kind(tableau.zone) or ""
            checks.check_filter((*path, "keep", "where"), structure.keep.where, kind, grid=False)
    if structure.keep is not None and structure.most_rounds() == 1:
        checks.error(
            (*path, "keep"),
            "invalid-value",
            "'keep' says which cards stay between rounds; this draft has one round",
            "remove 'keep' or set 'rounds'",
        )
    size = checks.deck_size()
    low, high = checks.players()
    if structure.most_rounds() > 1 and (deal is None or deal.count is None):
        checks.error(
            (*path, "rounds"),
            "infeasible-setup",
            "several rounds need a deal count: dealing the whole deck leaves nothing for "
            "the next round",
            "give the setup's deal a 'count'",
        )
        return
    if deal is None or deal.count is None or not size:
        return
    for players in range(low, high + 1):
        rounds = amount_at(structure.rounds, players)
        each = amount_at(deal.count, players)
        if rounds is None or each is None:
            continue
        if rounds * each * players > size:
            checks.error(
                (*path, "rounds"),
                "infeasible-setup",
                f"{rounds} rounds of {each} cards for {players} players need "
                f"{rounds * each * players} cards; the deck has {size}",
                "deal fewer cards, play fewer rounds or add cards",
            )
            return


def _check_grid(structure: Draft, checks: StructureChecks) -> None:
    path: Path = ("structure",)
    fields = checks.fields_of("deck")
    grid = structure.grid
    assert grid is not None
    g_path = (*path, "grid")
    if (
        checks.known((*g_path, "zone"), grid.zone, checks.zone_ids("player"), "player zone")
        and grid.zone not in checks.grid_zones()
    ):
        checks.error(
            (*g_path, "zone"),
            "invalid-value",
            f"zone '{grid.zone}' is not a grid",
            "set 'layout: grid' on the zone",
        )
    checks.known((*g_path, "plan_slot"), grid.plan_slot, checks.slots(), "slot")
    checks.known((*g_path, "order_field"), grid.order_field, fields, "card field")
    if grid.unique_field is not None:
        checks.known((*g_path, "unique_field"), grid.unique_field, fields, "card field")
    if not grid.face_down:
        check_affordable(structure, checks)
    pool = next(
        (
            step.pool
            for step in checks.setup
            if isinstance(step, PlaceCard | DrawRandom) and step.to == grid.plan_slot
        ),
        None,
    )
    shape = checks.field_of_type(pool, "shape") if pool is not None else None
    if pool is None or shape is None or not checks.has(pool):
        return
    for p_path, plan in checks.cards(pool):
        cells = Shape.from_rows(getattr(plan, shape)).cells
        if len(cells) != structure.placements:
            checks.card_error(
                pool,
                (*p_path, shape),
                "infeasible-setup",
                f"{_words(pool)} '{plan.id}' has {len(cells)} cells; each {_words(grid.zone)} "
                f"holds {structure.placements} cards",
                f"draw the shape with {structure.placements} '#'",
            )
        elif not connected(cells):
            checks.card_error(
                pool,
                (*p_path, shape),
                "invalid-value",
                f"{_words(pool)} '{plan.id}' is not one connected shape",
                "every cell must border another on a side",
            )


def reference(structure: Draft, words: Words) -> dict[str, Any]:
    price = structure.price
    price_words = words.resource(price.resource) if price is not None else ""
    keep = words.filter_words(structure.keep.where) if structure.keep is not None else ""
    return {
        "draft": structure,
        "price": price_words,
        "draft_play": play_lines(structure, price_words, keep),
    }


def play_lines(structure: Draft, price_words: str, keep_words: str) -> list[str]:
    """How a tableau draft plays, in order (the rules help and reference sheets)."""
    price = structure.price
    tableau = structure.tableau
    if tableau is None:
        return []
    directions = structure.directions()
    if len(directions) == 1 or structure.most_rounds() == 1:
        passing = f"pass the rest of your hand {directions[0]}"
    else:
        each = ", ".join(
            f"round {r + 1} {directions[r % len(directions)]}"
            for r in range(structure.most_rounds())
        )
        passing = f"pass the rest of your hand ({each})"
    lines = []
    several = structure.most_rounds() > 1
    if several:
        lines.append(f"Play {count_words(structure.rounds, 'round')}; each round deals new hands.")
    lines.append(
        "Every pick, all choose a card of their hand at once and reveal it"
        + (f"; pay its {price.field} in {price_words}" if price is not None else "")
        + f"; put it face up in your {tableau.zone}; then {passing}."
    )
    if price is not None:
        lines.append("A player who can pay for no card discards one card of their hand instead.")
    if structure.placements:
        lines.append(
            f"A round ends when each player has picked {structure.placements} cards or hands "
            "are empty; cards left in hands are set aside."
        )
    else:
        lines.append("A round ends when hands are empty.")
    if several:
        kept = f"except {keep_words} cards" if structure.keep is not None else "all of them"
        lines.append(
            f"After a round's scoring, discard your {tableau.zone}'s cards, {kept}: "
            "kept cards stay until the game ends."
        )
    return lines


def _words(an_id: str) -> str:
    """A kind's or a zone's id as words of a sentence: `project-plans` -> `project plan`."""
    return singular_id(an_id).replace("-", " ").replace("_", " ")


def _name_in_text(name: str) -> str:
    """A zone's name inside a sentence: `Park` -> `park`, while `ACME board` keeps its case."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def _plan_words(grid: Grid, context: dict[str, Any]) -> str:
    """What the game calls the card whose shape grids fit: its kind, or the slot's id."""
    game = context["game"]
    pool = next(
        (
            step.pool
            for step in game.setup
            if isinstance(step, PlaceCard | DrawRandom) and step.to == grid.plan_slot
        ),
        None,
    )
    return _words(pool if pool is not None else grid.plan_slot)


def rules_help(structure: Draft, context: dict[str, Any], table: RulesTable) -> list[Section]:
    grid = structure.grid
    if grid is None:
        play_section: Section = ("Play", list(context["draft_play"]))
        return [play_section, *_action_lines(structure, context, None)]
    order = grid.order_field
    price = structure.price
    price_words = f"pay its {price.field} in {context['price']}" if price else "take it free"
    zone = _name_in_text(context["zones"].get(grid.zone, grid.zone))
    plan = _plan_words(grid, context)
    play = [
        f"{structure.placements} cards each. Every pick, all choose a card at once; then all "
        f"reveal, {price_words}"
        + (" or place it face down for free" if grid.face_down else "")
        + f", and place it in their {zone}.",
        f"Shop actions of cards placed face up resolve, "
        f"{'highest' if structure.resolve_order == 'highest_first' else 'lowest'} {order} first.",
        f"Then hands pass {structure.directions()[0]}.",
    ]
    placement = [f"The {zone} must still fit the shape of the {plan} in play (orientation fixed)."]
    if grid.adjacency == "orthogonal":
        placement.append("Every card after the first borders a placed card on a side.")
    if grid.ascending == "rows_and_columns":
        placement.append(
            f"Face-up {order}s ascend: higher than every face-up card left of it in its row "
            "and above it in its column."
        )
    else:
        placement.append(f"Face-up {order}s ascend in reading order.")
    if grid.unique_field:
        placement.append(f"No two face-up cards share a {grid.unique_field}.")
    if grid.face_down:
        placement.append("Face-down cards are ignored by these rules; they score nothing.")
    sections: list[Section] = [("Play", play), ("Placement rules", placement)]
    plan_lines = []
    for name, rows in table.slot_cards(grid.plan_slot):
        plan_lines.append(f"{name}:")
        plan_lines += [f"    {row}" for row in rows]
    if plan_lines:
        sections.append((f"{plan[:1].upper()}{plan[1:]} in play", plan_lines))
    return sections + _action_lines(structure, context, order)


def _action_lines(structure: Draft, context: dict[str, Any], order: str | None) -> list[Section]:
    deck = context["deck"]
    shops = []
    for view in context["cards"].get(getattr(deck, "pool", ""), []):
        printed = printed_action(view)
        if printed:
            group = view["described"].get(getattr(deck, "group_by", None) or "", {})
            number = getattr(view["card"], order, "") if order else ""
            what = f"{group.get('name', '')} {number}".strip()
            shops.append(f"{view['id']} ({what}): {plain_words(printed)}")
    return [("Shop actions", shops)] if shops else []
