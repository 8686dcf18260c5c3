"""One readable line per validated game, for people reading `toolkit validate`."""

from __future__ import annotations

from toolkit.content.project import GameContent
from toolkit.diagnostics import players_span, plural, singular_id
from toolkit.mechanics.registry import mechanic_kit


def game_summary(content: GameContent) -> str:
    game = content.game
    counts = []
    for kind in content.card_kinds():
        count = len(content.cards(kind))
        counts.append(f"{count} {singular_id(kind) if count == 1 else kind}")
    play = mechanic_kit(game.structure.mechanic).summary(game.structure)
    scoring = [plural(len(game.scoring), "scoring step")] if game.scoring else []
    if game.round_scoring:
        scoring.append(plural(len(game.round_scoring), "round-scoring step"))
    return (
        f"{game.id} ({game.name} {game.version}): "
        f"{players_span(game.players.min, game.players.max)}, "
        f"{play}; {', '.join(counts)}; {', '.join(scoring)}: valid"
    )
