"""Player aids: rules in brief, from the same context as the reference sheet (one per player
with `copies: max_players`)."""

from __future__ import annotations

from toolkit.pnp.families import PrintCard, Source, family


@family("player-aid")
def player_aid(source: Source) -> list[PrintCard]:
    card_id = "player-aid"
    return [PrintCard(card_id, source.context(card_id, **source.reference()))]
