"""The rules reference: a template context made from the rules data, and sheets that flow it.

The context is generic (suits and their ladders, riding rules read from `acquire` effects,
tracks and milestones, scoring steps, tie-breakers, the draft and its grid, shop actions,
scoring and bonus cards); each game's template picks what it needs and adds its own prose.
Since every number comes from the YAML, the sheet changes whenever the YAML does.
"""

from __future__ import annotations

from typing import Any

from toolkit.content.models.manifest import SuitedDeck
from toolkit.content.project import GameContent
from toolkit.mechanics.registry import mechanic_kit
from toolkit.pnp.describe import Describer, walk_effects
from toolkit.rules.effects import Acquire, ByRank


def reference_context(content: GameContent, describer: Describer) -> dict[str, Any]:
    game = content.game
    context: dict[str, Any] = {
        "game": game,
        "players": game.players,
        "options": game.options,
        "structure": game.structure,
        "deck": game.deck,
        "ranks": [r.label for r in game.deck.ranks] if isinstance(game.deck, SuitedDeck) else [],
        "zones": {z.id: z.name for z in game.zones},
        "resources": [
            {
                "id": r.id,
                "name": r.name,
                "label": describer.resource(r.id),
                "supply": [{"value": d.value, "count": d.count} for d in r.supply or []],
                "total": sum(d.value * d.count for d in r.supply or []),
            }
            for r in game.resources
        ],
        "tracks": [
            {
                "id": t.id,
                "name": t.name,
                "label": describer.track(t.id),
                "min": t.min,
                "max": t.max,
                "start": t.start,
                "milestones": describer.milestones(t),
            }
            for t in game.tracks
        ],
        "setup": [describer.setup_step(step) for step in game.setup],
        "scoring": describer.rules(game.scoring),
        "tie_breakers": [
            {"label": t.label, "prefer": t.prefer, "measure": describer.measure(t.measure)}
            for t in game.tie_breakers
        ],
    }
    structure = game.structure
    context.update(mechanic_kit(structure.mechanic).reference(structure, describer))
    if content.suits is not None:
        context["suits"] = [_suit(suit, describer) for suit in content.suits.suits]
        context["acquire"] = [
            _acquire(suit.name, effect, describer)
            for suit in content.suits.suits
            for effect in walk_effects(suit.action)
            if isinstance(effect, Acquire)
        ]
    if content.attractions is not None:
        context["attractions"] = content.attractions.attractions
    if content.park_cards is not None:
        colours = {
            value.id: value.name
            for vocabulary in game.vocabularies
            if vocabulary.field == "colour"
            for value in vocabulary.values
        }
        context["shop_actions"] = [
            {
                "id": card.id,
                "number": card.number,
                "colour": colours.get(card.colour, card.colour),
                "text": card.action_text or describer.effects(card.action),
            }
            for card in content.park_cards.cards
            if card.action or card.action_text
        ]
    if content.project_plans is not None:
        context["plans"] = content.project_plans.plans
    if content.scoring_cards is not None:
        context["scoring_cards"] = [
            {
                "name": card.name,
                "role": card.role,
                "sides": [{"id": s.id, "rules": describer.rules(s.rules)} for s in card.sides],
            }
            for card in content.scoring_cards.cards
        ]
    if content.bonus_cards is not None:
        context["bonus_cards"] = [
            {"name": c.name, "min_players": c.min_players, "rules": describer.rules(c.rules)}
            for c in content.bonus_cards.cards
        ]
    return context


def _suit(suit: Any, describer: Describer) -> dict[str, Any]:
    ladders = [e for e in walk_effects(suit.action) if isinstance(e, ByRank)]
    return {
        "id": suit.id,
        "name": suit.name,
        "icon": f":{suit.icon}:" if describer.has_icon(suit.icon) else "",
        "action_text": suit.action_text,
        "standard_suit": suit.standard_suit,
        "ladder": [row for ladder in ladders for row in describer.ladder(ladder)],
    }


def _acquire(suit: str, effect: Acquire, describer: Describer) -> dict[str, Any]:
    limit = effect.group_limit
    return {
        "suit": suit,
        "source": describer.zone(effect.source),
        "to": describer.zone(effect.to),
        "optional": effect.optional,
        "once_each": effect.once_each,
        "cost": (
            f"its {effect.cost.field} in {describer.resource(effect.cost.resource)}"
            if effect.cost
            else ""
        ),
        "requirements": effect.requirements_field,
        "group_limit": (
            {
                "field": limit.field,
                "per_group": limit.per_group,
                "lifted": limit.lifted_when_all_groups,
            }
            if limit
            else None
        ),
        "on_decline": describer.effects(effect.on_decline),
    }
