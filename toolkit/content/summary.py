"""One readable line per validated game, for people reading `toolkit validate`."""

from __future__ import annotations

from toolkit.content.project import GameContent
from toolkit.mechanics.registry import mechanic_kit


def game_summary(content: GameContent) -> str:
    game = content.game
    counts = []
    for kind in content.card_kinds():
        counts.append(f"{len(content.cards(kind))} {kind}")
    play = mechanic_kit(game.structure.mechanic).summary(game.structure)
    return (
        f"{game.id} ({game.name} {game.version}): {game.players.min}-{game.players.max} players, "
        f"{play}; {', '.join(counts)}; {len(game.scoring)} scoring steps: valid"
    )
