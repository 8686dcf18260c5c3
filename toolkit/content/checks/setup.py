"""Options and setup steps: defaults among the choices, `when` guards naming real values,
each step's own checks, cards set aside before any deal."""

from __future__ import annotations

from toolkit.content.checks.base import GameChecks
from toolkit.content.primitive_checks import PrimitiveChecks
from toolkit.content.yaml_loader import Path_
from toolkit.diagnostics import did_you_mean
from toolkit.rules.setup.deal import Deal
from toolkit.rules.setup.remove_cards import RemoveCards
from toolkit.schema.amounts import amount_at


def check_setup(c: GameChecks) -> None:
    game = c.game
    options = {o.id: o for o in game.options}
    for index, option in enumerate(game.options):
        if option.choices is None and not isinstance(option.default, bool):
            c.error(
                c.manifest,
                ("options", index, "default"),
                "invalid-value",
                f"option '{option.id}' is a yes/no option; its default must be true or false",
                "give the option 'choices' to allow other values",
            )
        if option.choices is not None and option.default not in option.choices:
            c.error(
                c.manifest,
                ("options", index, "default"),
                "invalid-value",
                f"default '{option.default}' is not one of the choices",
                did_you_mean(option.default, [str(c) for c in option.choices]),
            )
    for index, step in enumerate(game.setup):
        path: Path_ = ("setup", index)
        if step.when is not None and c.known(
            c.manifest, (*path, "when", "option"), step.when.option, options, "option"
        ):
            option = options[step.when.option]
            allowed = option.choices if option.choices is not None else [True, False]
            if step.when.equals not in allowed:
                c.error(
                    c.manifest,
                    (*path, "when", "equals"),
                    "invalid-value",
                    f"option '{option.id}' never equals '{step.when.equals}'",
                    did_you_mean(step.when.equals, [str(a) for a in allowed]),
                )
        step.check_semantics(PrimitiveChecks(c, c.manifest), path)
    check_removals_before_deals(c)


def check_removals_before_deals(c: GameChecks) -> None:
    """Cards set aside leave the deck before any deal, and what is left still deals."""
    steps = c.game.setup
    players = c.game.players
    size = c.deck_size()
    first_deal = next((i for i, step in enumerate(steps) if isinstance(step, Deal)), None)
    for index, step in enumerate(steps):
        if isinstance(step, RemoveCards) and first_deal is not None and index > first_deal:
            c.error(
                c.manifest,
                ("setup", index, "step"),
                "invalid-value",
                "cards are set aside before the deck is dealt",
                f"move this step above the deal (setup step {first_deal + 1})",
            )
    if not size:
        return
    for count in range(players.min, players.max + 1):
        removed = sum(_removed_at(step, count) for step in steps if isinstance(step, RemoveCards))
        if not removed:
            continue
        for index, step in enumerate(steps):
            each = amount_at(step.count, count) if isinstance(step, Deal) and step.count else None
            if each is not None and each * count > size - removed:
                c.error(
                    c.manifest,
                    ("setup", index, "count"),
                    "infeasible-setup",
                    f"{count} players x {each} cards need {each * count}; the deck has "
                    f"{size - removed} once {removed} are set aside",
                    "lower 'count' or set fewer cards aside",
                )
                return


def _removed_at(step: RemoveCards, players: int) -> int:
    """How many cards a `remove_cards` step sets aside at a player count."""
    if step.when is not None or (step.players is not None and players not in step.players):
        return 0
    if step.count is not None:
        return amount_at(step.count, players) or 0
    return len(step.cards)
