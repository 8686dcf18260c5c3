"""Trick-taking: lead, follow suit, the highest card of the led suit (or trump) wins, the
winner resolves the winning card's suit action. Registered as `trick_taking`.

Its kit is `kit.KIT`, handed on when asked (`toolkit.mechanics.lazy_kit`): importing the
runtime, as a game read back from the cache of compiled games does, builds no content model."""

from toolkit.mechanics.lazy_kit import kit_on_demand

__getattr__ = kit_on_demand(__name__)
