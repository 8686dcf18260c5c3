"""What a compiled mechanic is to the engine, bots and narration, as three small Protocols: the
phase machine (`PhaseMachine`), what bots ask of it (`BotHooks`) and how it tells its own moves
and events (`Narration`). `CompiledMechanic` is all three: what a kit's `compile` returns. The
layers above type against the part they use and never import a mechanic.

What only some mechanics have is an extension of its own, asked for by `isinstance`: a trick
to win (`TrickJudge`), placement rules a hand-written position can break (`PlacementRules`).
The terminal's screens are not here: the kernel knows nothing of a user interface.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from toolkit.kernel.events import Event
    from toolkit.kernel.observation import Observation
    from toolkit.kernel.state import EffectFn, State

Record = TypeVar("Record")
Cell = tuple[int, int]


class ActionCodec(Protocol[Record]):
    """Typed action records to the integers the engine contract speaks, and back.

    Ids run from 0 to `num_distinct_actions - 1`, computed from the game's data when it
    compiles; a game whose data cannot be represented fails compilation instead.
    """

    @property
    def num_distinct_actions(self) -> int: ...
    def encode(self, record: Record) -> int: ...
    def decode(self, action: int) -> Record: ...
    def card_part(self, action: int) -> tuple[int, int] | None:
        """(deck card, the rest) of an action that moves one deck card, None for any other:
        two actions with twin cards and the same rest come to the same."""
        ...


class PhaseMachine(Protocol):
    """The rules of play: who moves, what they may do, what it does, when it ends."""

    def setup(self, state: State) -> None: ...
    def to_move(self, state: State) -> tuple[int, ...]: ...
    def legal_actions(self, state: State, player: int) -> list[int]: ...
    def apply(self, state: State, player: int, action: int) -> None: ...
    def after_effects(self, state: State) -> None:
        """Go on once the choices an effect opened are answered."""
        ...

    def max_actions(self, players: int) -> int:
        """More actions than any game of this data can take: past it, a game that has not
        ended is a bug in the rules or the interpreter, reported with its seed."""
        ...

    @property
    def codec(self) -> ActionCodec[Any]: ...
    def describe_action(self, state: State, action: int) -> str: ...
    def summary(self, state: State) -> str: ...
    def observe(self, state: State, player: int) -> Observation:
        """What `player` sees, as plain data: the kit's own keys and the table's."""
        ...


class BotHooks(Protocol):
    """What bots ask beyond the rules: lookahead, hidden cards dealt anew, moves that come to
    the same, room left. `toolkit.mechanics.defaults.MachineDefaults` derives every one but
    `bot_option` from the rules and the zones' visibility; a kit overrides what it knows
    better."""

    def preview(self, state: State, player: int, action: int) -> State: ...
    def is_quiet(self, state: State, player: int) -> bool: ...
    def determinize(self, state: State, observer: int, rng: random.Random) -> State: ...
    def equivalent_actions(
        self, state: State, player: int, actions: list[int]
    ) -> list[list[int]]: ...
    def options_left(self, state: State, player: int) -> int: ...
    def bot_option(self, state: State, action: int) -> BotOption: ...
    @property
    def round_end_effects(self) -> Sequence[EffectFn]:
        """Effects the mechanic runs for every player when a round ends (a cap on coins):
        what a one-step look applies to see the round's end."""
        ...


class Narration(Protocol):
    """The mechanic's own moves and events in words (transcripts, replays, the terminal)."""

    def narrate_action(self, state: State, action: int, words: CardWords) -> str | None: ...
    def narrate_event(
        self, event: Event, viewer: int | None, words: CardWords
    ) -> Iterator[str] | None: ...


class CompiledMechanic(PhaseMachine, BotHooks, Narration, Protocol):
    """A mechanic compiled for one game: its phase machine, bot hooks and narration."""


@runtime_checkable
class TrickJudge(Protocol):
    """A mechanic with tricks: whether a card played now would win the trick as it stands."""

    def wins_trick(self, state: State, player: int, card: int) -> bool | None: ...


@runtime_checkable
class PlacementRules(Protocol):
    """A mechanic whose placement rules a hand-written position may break (a park's grid)."""

    def position_problems(
        self, state: State, zone: int, player: int
    ) -> list[tuple[Cell | None, str]]: ...


def placement_problems(
    mechanic: object, state: State, zone: int, player: int
) -> list[tuple[Cell | None, str]]:
    """Where a position's cards of `zone` break the mechanic's placement rules (none when
    it has none)."""
    if isinstance(mechanic, PlacementRules):
        return mechanic.position_problems(state, zone, player)
    return []


Pick = Callable[[list[int]], int]
"""A bot's pick from a list of legal actions that depends on nothing else (random play)."""


@runtime_checkable
class Autoplay(Protocol):
    """A mechanic that plays its own turns in one call for bots that pick from the legal
    actions alone: a simulation of random play skips a call per layer per action."""

    def autoplay(
        self,
        state: State,
        picks: Sequence[Pick],
        played: list[tuple[int, int]] | None,
        limit: int,
    ) -> int:
        """Play the mechanic's own turns, each action `picks[player](legal actions)`, until
        a player must answer a pending choice (the mechanic may answer it too, with
        `picks[player](options)`), the round or the game ends, a player has no legal action
        or `limit` actions are played; each (player, action) is appended to `played` when
        given. Returns how many were played. The same as `legal_actions` then `apply` each
        time, without the checks an action from the list cannot fail."""
        ...


@dataclass(frozen=True, slots=True)
class BotOption:
    """What a mechanic's own action means to a priority strategy."""

    decision: str
    """The decision it answers (`lead`, `follow`, `pick`), as strategies name it."""
    card: int
    """The deck card it plays or picks; for a choice of suit, a card of that suit (so card
    preferences on `suit` apply); -1 for none."""
    face_down: bool = False
    value: int = -1
    """The number a decision without a card chooses (a bid); -1 for none."""
    seat: int = -1
    """The player the action chooses (a target, the player asked); -1 for none."""


class CardWords(Protocol):
    """Card names as transcripts and the terminal print them."""

    def deck_card(self, card: int) -> str: ...
