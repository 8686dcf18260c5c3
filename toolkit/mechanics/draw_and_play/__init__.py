"""Draw-and-play: play a card to one of your areas (or discard it to a public pile), then draw
from the draw pile or take the top of a discard pile; the round ends when the draw pile runs
out. Registered as `draw_and_play`.

Its kit is `kit.KIT`, handed on when asked (`toolkit.mechanics.lazy_kit`): importing the
runtime, as a game read back from the cache of compiled games does, builds no content model."""

from toolkit.mechanics.lazy_kit import kit_on_demand

__getattr__ = kit_on_demand(__name__)
