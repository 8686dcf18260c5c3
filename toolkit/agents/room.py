"""Room for later moves: of several actions, those after which the mechanic leaves the player
the most options (`options_left`), e.g. a card placed where it squeezes a park's ascending
order least. Defined with the `most_room` preference, which it serves; ISMCTS uses it to
choose which cell to play a card in."""

from __future__ import annotations

from toolkit.rules.preferences.most_room import roomiest

__all__ = ["roomiest"]
