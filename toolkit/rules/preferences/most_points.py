"""`most_points`: the actions that gain the most points right away, one step ahead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from toolkit.rules.preferences.base import CardPreference, Core, Option, StrategyChecks
from toolkit.rules.registry import PREFERENCES
from toolkit.schema.base import Text

if TYPE_CHECKING:
    from toolkit.kernel.state import State
    from toolkit.rules.context import Path
    from toolkit.rules.preferences.base import StrategyGame


@PREFERENCES.register
class MostPoints(CardPreference):
    """The actions that gain the player the most points right away, by the game's end scoring
    applied one step ahead (the greedy bot's look, restricted to some scoring steps). Keeps
    nothing when no action gains a point."""

    prefer: Literal["most_points"]
    sources: list[Text] | None = None
    """Only these end-scoring steps, by their `label` in the manifest's `scoring`; unset: all."""

    def check_preference(self, ctx: StrategyChecks, path: Path, kinds: list[str]) -> None:
        labels = ctx.scoring_labels()
        for index, source in enumerate(self.sources or []):
            ctx.known((*path, "sources", index), source, labels, "scoring step")

    def compile(self, game: StrategyGame) -> Core:
        sources = set(self.sources) if self.sources is not None else None
        steps = tuple(s for s in game.scoring if sources is None or s.label in sources)
        mechanic = game.mechanic

        def points(state: State, player: int) -> int:
            return sum(each[player] for step in steps for _, each in step.parts(state))

        def core(state: State, player: int, options: list[Option]) -> list[Option]:
            if not options:
                return []
            by_action = {option.action: option for option in options}
            base = points(state.clone(for_scoring=True), player)
            best = 0
            chosen: list[int] = []
            for group in mechanic.equivalent_actions(state, player, list(by_action)):
                gain = points(mechanic.preview(state, player, group[0]), player) - base
                if gain > best:
                    best, chosen = gain, list(group)
                elif gain == best and best > 0:
                    chosen.extend(group)
            return [by_action[action] for action in chosen]

        return core
