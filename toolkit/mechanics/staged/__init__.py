"""Staged: the turn as data. A round is a list of stages the designer writes (deal, turns in
seat order, a choice among declared moves, simultaneous picks, repeat until you stop ...), run
by a small interpreter. Registered as `staged`.

Its kit is `kit.KIT`, handed on when asked (`toolkit.mechanics.lazy_kit`): importing the
runtime, as a game read back from the cache of compiled games does, builds no content model."""

from toolkit.mechanics.lazy_kit import kit_on_demand

__getattr__ = kit_on_demand(__name__)
