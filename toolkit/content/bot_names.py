"""The bots every game has, by name: a strategy may not take one (the strategies' checks), and
`toolkit.agents` makes them. Apart from both, so that naming a bot (`--bots`) imports neither
the game's checks nor the bots."""

from __future__ import annotations

BUILT_IN_BOTS = ("random", "greedy", "ismcts")
"""Bot names a strategy id may not take (`toolkit.agents` makes these)."""
