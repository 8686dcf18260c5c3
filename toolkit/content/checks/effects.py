"""Effects wherever they sit (cards, milestones, the mechanic's structure): each checks
itself, belongs to the game's mechanic, and asks nobody to choose where nobody can; targets
and the greedy bot's weights."""

from __future__ import annotations

from toolkit.content.checks.base import GameChecks
from toolkit.content.primitive_checks import PrimitiveChecks
from toolkit.content.project import LoadedFile
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import players_span
from toolkit.mechanics.registry import effect_owner, mechanic_kit
from toolkit.rules.effects.base import EffectModel
from toolkit.rules.primitive import walk


def check_effects_everywhere(c: GameChecks) -> None:
    structure = c.game.structure
    unattended_sites = {
        path
        for path, _, unattended in mechanic_kit(structure.mechanic).effect_sites(structure)
        if unattended
    }
    for where, path, effects in c.effect_sites():
        unattended = path in unattended_sites or "at_game_end" in path
        context = PrimitiveChecks(c, where)
        for effect_path, effect in walk(effects, path):
            effect.check_semantics(context, effect_path)
            if not isinstance(effect, EffectModel):
                continue  # a condition inside an `if`
            check_effect(c, where, effect_path, effect)
            if unattended and effect.interactive:
                c.error(
                    where,
                    (*effect_path, "effect"),
                    "invalid-value",
                    f"'{effect.effect}' asks a player to choose, which cleanup and "
                    "game-end effects cannot do",
                    "move the choice into a card's action",
                )
    for index, target in enumerate(c.game.targets):
        if target.zone is not None:
            c.known(
                c.manifest,
                ("targets", index, "zone"),
                target.zone,
                c.zone_ids("shared"),
                "shared zone",
            )
        if (
            target.at_least is not None
            and target.at_most is not None
            and target.at_least > target.at_most
        ):
            c.error(
                c.manifest,
                ("targets", index),
                "invalid-range",
                f"'at_least' ({target.at_least}) is above 'at_most' ({target.at_most})",
            )
        players = c.game.players
        for p_index, count in enumerate(target.players or []):
            if not players.min <= count <= players.max:
                c.error(
                    c.manifest,
                    ("targets", index, "players", p_index),
                    "out-of-range",
                    f"the game is for {players_span(players.min, players.max)}, not {count}",
                )
    for index, weight in enumerate(c.game.bots.greedy.weights):
        c.check_measure(c.manifest, ("bots", "greedy", "weights", index, "measure"), weight.measure)


def check_effect(c: GameChecks, where: LoadedFile, path: Path_, effect: EffectModel) -> None:
    """What every effect shares: the mechanic it belongs to, its deck-field parameters."""
    owner = effect_owner(type(effect))
    if owner is not None and owner != c.game.structure.mechanic:
        c.error(
            where,
            (*path, "effect"),
            "invalid-value",
            f"'{effect.effect}' works only in games with 'mechanic: {owner}'",
            f"use it on cards of a '{owner}' game",
        )
    for name in effect.deck_fields:
        c.known(where, (*path, name), getattr(effect, name), c.fields_of("deck"), "card field")
