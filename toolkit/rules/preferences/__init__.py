"""Strategy preferences: the rules of priority bots written as data (`prefer: highest_field`).

One module per preference (or per pair of opposites), each registered where it is defined
(`@PREFERENCES.register`), with its parameters, its checks (`check_preference`) and what it
keeps of the legal actions at play time (`compile`). The union `Preference` and the names of
decisions (`DecisionKind`, which the registered mechanics declare) are resolved in the
content layer. Adding a preference is one module and its test.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from toolkit.rules.registry import PREFERENCES

if TYPE_CHECKING:
    from typing import TypeAlias

    from toolkit.rules.preferences.base import PreferenceBase

    Preference: TypeAlias = PreferenceBase
    """Any preference; at run time the discriminated union of the registered preferences."""
    DecisionKind: TypeAlias = str
    """What a player is deciding, as the registered mechanics name it (at run time their
    `Literal`): `play` a card to a trick (`lead` it or `follow`), `pass` a card before the
    tricks, `name_trump` (its card is a card of the suit named, so preferences on `suit`
    apply), `acquire` a card on offer, `pick` a card in a draft; in
    draw-and-play, `place` a card in an area, `discard` it, or `take` the top card of a
    discard pile."""


def __getattr__(name: str) -> Any:
    """`Preference`, the union of every registered preference, built when first asked for."""
    if name == "Preference":
        return PREFERENCES.build_union()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
