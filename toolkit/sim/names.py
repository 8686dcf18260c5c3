"""What a report calls things: the game's own names and colours, never its ids.

A summary carries these beside its numbers, so a report, a chart or a table drawn from the
JSON alone can print a zone's or a card's name instead of its id, and paint a score source
named after one of the game's colours in that colour.
"""

from __future__ import annotations

from typing import Any

from toolkit.engine.compiled import Game


def names_of(game: Game) -> dict[str, Any]:
    """The game's name, zone and card names by id, and each named colour of its vocabularies
    (a value's name to its `#rrggbb`), for labels that speak of a colour."""
    zones = (*game.player_zones, *game.shared_zones)
    cards: dict[str, str] = {}
    for table in game.tables.values():
        for card_id, name in zip(table.ids, table.names, strict=True):
            cards.setdefault(card_id, name)
    colours = dict(game.colours)
    return {
        "game": game.name,
        "zones": {zone.id: zone.name for zone in zones},
        "cards": cards,
        "colours": colours,
    }
