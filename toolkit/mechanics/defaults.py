"""The base of every kit's compiled machine: the bot hooks and narration a mechanic need not
write, derived from its rules and from what the zones show.

- `preview`: the state after the action, played on a copy;
- `determinize`: the deck cards `observer` cannot see (other players' hidden zones, face-down
  piles, cards out of play) dealt anew into the same places, in the same numbers, keeping
  the cards everyone saw enter a hidden hand (`public_in_hand`) where they are;
- `equivalent_actions`: actions that move twin cards (the same value in every field) the
  same way come to the same;
- `is_quiet` false, `options_left` 0, no words of its own for moves or events, nothing to do
  after effects.

A kit overrides what it knows better (a trick's voids, a draft's hidden picks).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from toolkit.kernel.events import Event
    from toolkit.kernel.mechanic import ActionCodec, CardWords
    from toolkit.kernel.state import EffectFn, State


def twin_cards(fields: Mapping[str, Sequence[Any]], size: int) -> tuple[int, ...]:
    """Per card, the first card whose every field but its id holds the same value; empty
    when every card is unlike the others (a suited deck), so nothing is ever grouped."""
    first: dict[tuple[str, ...], int] = {}
    columns = [column for name, column in fields.items() if name != "id"]
    twins = tuple(
        first.setdefault(tuple(repr(column[card]) for column in columns), card)
        for card in range(size)
    )
    return twins if len(first) < size else ()


class MachineDefaults:
    """Defaults for `BotHooks` and `Narration`; a kit's machine subclasses it and declares
    `codec` and `twins` (`twin_cards` of its deck)."""

    __slots__ = ()

    codec: ActionCodec[Any]
    twins: tuple[int, ...]

    def after_effects(self, state: State) -> None:
        """No effect of this mechanic leaves it anything to resume."""

    # -- bot hooks ---------------------------------------------------------------------------

    def preview(self, state: State, player: int, action: int) -> State:
        """The position right after `action`, for one-step lookahead."""
        after = state.clone(for_scoring=True)
        after.apply(player, action)
        return after

    def is_quiet(self, state: State, player: int) -> bool:
        """Whether every move `player` has leaves what scores unchanged: never assumed."""
        return False

    def options_left(self, state: State, player: int) -> int:
        """The room a player keeps for later moves: none measured."""
        return 0

    @property
    def round_end_effects(self) -> Sequence[EffectFn]:
        """No effect runs when a round ends."""
        return ()

    def public_in_hand(self, state: State, player: int) -> Sequence[int]:
        """Cards of `player`'s hidden zones that every player has seen go there."""
        return ()

    def determinize(self, state: State, observer: int, rng: random.Random) -> State:
        """A copy where the deck cards `observer` cannot see are dealt anew into the places
        they were in: other players' hidden zones (but for `public_in_hand`), face-down shared
        zones, the cards out of play. Cards anywhere else (face up, or held by the mechanic:
        a trick in play) stay. Later deals are unknown too (the copy gets a new seed)."""
        copy = state.clone(for_scoring=True)
        copy.seed = rng.getrandbits(62)
        game = state.game
        hidden = [
            z.index
            for z in game.player_zones
            if z.hidden_from_others and game.tables[z.kind] is game.deck
        ]
        piles = [
            z.index
            for z in game.shared_zones
            if z.hidden_from_others and game.tables[z.kind] is game.deck
        ]
        public = [self.public_in_hand(state, p) if p != observer else () for p in range(state.n)]
        pool = list(state.out_of_play)
        for player in range(state.n):
            if player != observer:
                for zone in hidden:
                    pool += [c for c in state.zones[zone][player] if c not in public[player]]
        for pile in piles:
            pool += state.shared[pile]
        pool.sort()  # the order of the unseen cards must not tell where they are
        rng.shuffle(pool)
        start = 0
        for player in range(state.n):
            if player == observer:
                continue
            for zone in hidden:
                cards = copy.zones[zone][player]
                known = [card for card in cards if card in public[player]]
                size = len(cards) - len(known)
                copy.zones[zone][player] = known + pool[start : start + size]
                start += size
        for pile in piles:
            size = len(copy.shared[pile])
            copy.shared[pile] = pool[start : start + size]
            start += size
        copy.out_of_play = pool[start:]
        return copy

    def equivalent_actions(self, state: State, player: int, actions: list[int]) -> list[list[int]]:
        """Actions that move twin cards the same way, grouped; every other action alone (and
        every answer to a pending choice)."""
        twins = self.twins
        if not twins or state.pending is not None:
            return [[action] for action in actions]
        part = self.codec.card_part
        groups: dict[tuple[int, int], list[int]] = {}
        for action in actions:
            moved = part(action)
            key = (twins[moved[0]], moved[1]) if moved is not None else (-1, action)
            groups.setdefault(key, []).append(action)
        return list(groups.values())

    # -- narration ---------------------------------------------------------------------------

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None:
        """No words of its own: `describe_action` tells the move."""
        return None

    def narrate_event(
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None:
        """No events of its own to tell."""
        return None
