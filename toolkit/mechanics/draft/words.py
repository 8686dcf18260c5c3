"""Drafting in words and checks: the validate summary, semantic checks of the structure, the
print reference's values and the terminal's rules help."""

from __future__ import annotations

from typing import Any

from toolkit.mechanics.base import Path, RulesTable, Section, StructureChecks, Words
from toolkit.mechanics.draft.grid import Shape, connected
from toolkit.mechanics.draft.structure import Draft
from toolkit.mechanics.words import plain_words, printed_action
from toolkit.rules.setup import Deal, DrawRandom, PlaceCard
from toolkit.schema.amounts import amount_values


def summary(structure: Draft) -> str:
    return f"drafting, {structure.placements} placements"


def check(structure: Draft, checks: StructureChecks) -> None:
    path: Path = ("structure",)
    checks.known((*path, "hand"), structure.hand, checks.zone_ids("player"), "player zone")
    fields = checks.fields_of("deck")
    price = structure.price
    checks.known((*path, "price", "resource"), price.resource, checks.resource_ids(), "resource")
    checks.known((*path, "price", "field"), price.field, fields, "card field")
    if structure.action_field is not None:
        checks.known((*path, "action_field"), structure.action_field, fields, "card field")
    grid = structure.grid
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
    deal = next((s for s in checks.setup if isinstance(s, Deal) and s.count), None)
    dealt = min(amount_values(deal.count)) if deal is not None and deal.count is not None else None
    if dealt is not None and structure.placements > dealt:
        checks.error(
            (*path, "placements"),
            "infeasible-setup",
            f"{structure.placements} placements need more than the {dealt} cards dealt",
            "deal more cards or place fewer",
        )
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
                f"plan '{plan.id}' has {len(cells)} cells; parks hold {structure.placements} cards",
                f"draw the shape with {structure.placements} '#'",
            )
        elif not connected(cells):
            checks.card_error(
                pool,
                (*p_path, shape),
                "invalid-value",
                f"plan '{plan.id}' is not one connected shape",
                "every cell must border another on a side",
            )


def reference(structure: Draft, words: Words) -> dict[str, Any]:
    return {"draft": structure, "price": words.resource(structure.price.resource)}


def rules_help(structure: Draft, context: dict[str, Any], table: RulesTable) -> list[Section]:
    grid = structure.grid
    order = grid.order_field
    play = [
        f"{structure.placements} cards each. Every pick, all choose a card at once; then all "
        f"reveal, pay its {structure.price.field} in {context['price']}"
        + (" or place it face down for free" if grid.face_down else "")
        + ", and place it in their park.",
        f"Shop actions of cards placed face up resolve, "
        f"{'highest' if structure.resolve_order == 'highest_first' else 'lowest'} {order} first.",
        f"Then hands pass {structure.pass_direction}.",
    ]
    placement = ["The park must still fit the project plan's shape (orientation fixed)."]
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
        sections.append(("Project plan in play", plan_lines))
    deck = context["deck"]
    shops = []
    for view in context["cards"].get(getattr(deck, "pool", ""), []):
        printed = printed_action(view)
        if printed:
            group = view["described"].get(getattr(deck, "group_by", None) or "", {})
            number = getattr(view["card"], order, "")
            shops.append(f"{view['id']} ({group.get('name', '')} {number}): {plain_words(printed)}")
    if shops:
        sections.append(("Shop actions", shops))
    return sections
