"""Who the game is and ids used once: the game id matches its file, the manifest's lists and
card files use each id once."""

from __future__ import annotations

from toolkit.content.checks.base import GameChecks
from toolkit.content.models.manifest import SuitedDeck


def check_identity(c: GameChecks) -> None:
    stem = c.manifest.path.stem
    if c.game.id != stem:
        c.error(
            c.manifest,
            ("id",),
            "game-id-mismatch",
            f"game id '{c.game.id}' differs from the file name '{stem}'",
            f"rename the file to '{c.game.id}.yaml' or set 'id: {stem}'",
        )


def check_manifest_ids(c: GameChecks) -> None:
    game = c.game
    for key, values in (
        ("zones", [z.id for z in game.zones]),
        ("tracks", [t.id for t in game.tracks]),
        ("resources", [r.id for r in game.resources]),
        ("options", [o.id for o in game.options]),
    ):
        c.unique(c.manifest, key, values, ("id",))
    c.unique(c.manifest, "slots", game.slots, ())
    for index, vocab in enumerate(game.vocabularies):
        c.unique(
            c.manifest,
            ("vocabularies", index, "values"),
            [v.id for v in vocab.values],
            ("id",),
        )
    if isinstance(game.deck, SuitedDeck):
        c.unique(c.manifest, ("deck", "ranks"), [r.rank for r in game.deck.ranks], ("rank",))
