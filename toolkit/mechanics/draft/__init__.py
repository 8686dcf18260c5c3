"""Simultaneous drafting onto grids: all pick at once, reveal, pay, place under a project
plan's shape and ordering rules, resolve shop actions, pass the rest. Registered as `draft`.

Its kit is `kit.KIT`, handed on when asked (`toolkit.mechanics.lazy_kit`): importing the
runtime, as a game read back from the cache of compiled games does, builds no content model."""

from toolkit.mechanics.lazy_kit import kit_on_demand

__getattr__ = kit_on_demand(__name__)
