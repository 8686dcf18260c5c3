"""The rules reference: a template context made from the rules data, and sheets that flow it.

The context is generic: tracks and milestones, setup and scoring steps, tie-breakers, every
card of every kind as `cards[kind]` (each `{id, name, card, described}`, its rules in words as
on printed cards), the suited deck's `suits` (the same views), what `acquire` effects allow,
and `icon(id)` for an icon's `:token:`. Each game's template picks what it needs and adds its
own prose. Since every number comes from the YAML, the sheet changes whenever the YAML does.
"""

from __future__ import annotations

from typing import Any

from toolkit.content.models.manifest import SuitedDeck
from toolkit.content.project import GameContent
from toolkit.mechanics.registry import mechanic_kit
from toolkit.pnp.card_fields import all_card_rules, suit_kind
from toolkit.pnp.card_view import CardViews
from toolkit.pnp.describe import Describer, walk_effects
from toolkit.rules.effects.acquire import Acquire


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
        "round_scoring": describer.rules(game.round_scoring),
        "winner": game.end.winner,
        "end_when": [condition.describe(describer) for condition in game.end.when],
        "partnerships": {
            count: [" and ".join(f"seat {seat}" for seat in team) for team in teams]
            for count, teams in game.partnerships.items()
        },
        "tie_breakers": [
            {"label": t.label, "prefer": t.prefer, "measure": describer.measure(t.measure)}
            for t in game.tie_breakers
        ],
    }
    structure = game.structure
    context.update(mechanic_kit(structure.mechanic).reference(structure, describer))
    views = CardViews(content, describer)
    context["cards"] = {
        kind: [views.view(kind, card) for card in content.cards(kind)]
        for kind in content.card_kinds()
    }
    context["suits"] = (
        context["cards"].get(suit_kind(game.deck), []) if isinstance(game.deck, SuitedDeck) else []
    )
    context["acquire"] = [
        _acquire(getattr(card, "name", card.id), effect, describer)
        for _, card, rule in all_card_rules(content, "effects")
        for effect in walk_effects([rule])
        if isinstance(effect, Acquire)
    ]
    context["icon"] = describer.token
    return context


def _acquire(card: str, effect: Acquire, describer: Describer) -> dict[str, Any]:
    """An `acquire` effect in words; `card` is the name of the card whose effect it is."""
    limit = effect.group_limit
    return {
        "card": card,
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
