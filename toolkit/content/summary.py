"""One readable line per validated game, for people reading `toolkit validate`."""

from __future__ import annotations

from toolkit.content.models.manifest import Draft, TrickTaking
from toolkit.content.project import GameContent


def game_summary(content: GameContent) -> str:
    game = content.game
    counts = []
    for kind in content.card_kinds():
        counts.append(f"{len(content.cards(kind))} {kind}")
    structure = game.structure
    if isinstance(structure, TrickTaking):
        play = f"trick-taking, {structure.rounds} rounds"
    else:
        assert isinstance(structure, Draft)
        play = f"drafting, {structure.placements} placements"
    return (
        f"{game.id} ({game.name} {game.version}): {game.players.min}-{game.players.max} players, "
        f"{play}; {', '.join(counts)}; {len(game.scoring)} scoring steps: valid"
    )
