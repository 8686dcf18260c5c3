"""One game played through the engine contract, with one fixed range of action ids.

The engine speaks two kinds of action: the mechanic's own ids (`0 .. N-1`, its codec's
`num_distinct_actions`) and answers to a pending decision, which are either mechanic ids too
(a draft's swaps) or indexes: a card of the decision's kind (`acquire`) or an option of
`choose`, with -1 to decline. Learning libraries want one range of non-negative ids whose
meaning does not depend on the position, so the ids here are:

- `0 .. N-1`: the mechanic's actions, as the codec numbers them;
- `N`: decline the pending decision;
- `N+1 .. N+M`: answer a decision with card or option index `id - N - 1`, where `M` is the
  largest card kind or `choose` list of the game.

A decision whose kind is a card kind or `option` answers with indexes; any other kind (the
mechanic's own decisions) answers with mechanic ids. No third-party import: the PettingZoo and
OpenSpiel wrappers share this.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.errors import IllegalActionError
from toolkit.kernel.state import DECLINE, State

Reward = Literal["win", "score-diff"]
REWARDS: tuple[Reward, ...] = ("win", "score-diff")
OPTION_KIND = "option"
"""The decision kind of `choose`: its answers are option indexes."""


def load_game(game: str | Path | Game) -> Game:
    """A compiled game from a game id or a manifest path, as the CLI takes them (content
    errors raise `ContentError` with every diagnostic); a compiled `Game` is used as given."""
    if isinstance(game, Game):
        return game
    _, compiled = load_compiled_game(str(game))
    return compiled


def _choose_lengths(value: Any, seen: set[int]) -> Iterator[int]:
    """The option counts of every `choose` effect inside content models (cards, manifest)."""
    if id(value) in seen:
        return
    if isinstance(value, BaseModel):
        seen.add(id(value))
        if getattr(value, "effect", None) == "choose":
            yield len(getattr(value, "options", ()))
        for item in value.__dict__.values():
            yield from _choose_lengths(item, seen)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _choose_lengths(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _choose_lengths(item, seen)


@dataclass(frozen=True, slots=True)
class ActionIds:
    """The fixed action range of one game (see the module docstring)."""

    mechanic: int
    """N: the mechanic codec's ids."""
    answers: int
    """M: the largest card or option index a decision can answer with, plus one."""
    index_kinds: frozenset[str]
    """Decision kinds whose answers are indexes (card kinds and `option`)."""

    @classmethod
    def for_game(cls, game: Game) -> ActionIds:
        content = game.content
        models: list[Any] = [content.game]
        for kind in content.card_kinds():
            models.extend(content.cards(kind))
        sizes = [table.size for table in game.tables.values()]
        answers = max([1, *sizes, *_choose_lengths(models, set())])
        return cls(game.num_distinct_actions, answers, frozenset({*game.tables, OPTION_KIND}))

    @property
    def size(self) -> int:
        return self.mechanic + 1 + self.answers

    @property
    def decline(self) -> int:
        return self.mechanic

    def from_id(self, kind: str | None, action_id: int) -> int | None:
        """The engine action an id stands for (its inverse on legal ids), or None for an id
        that answers nothing in this position (a mechanic id while a card or option is to
        be chosen, an index while the mechanic acts, an id outside the range)."""
        mechanic = self.mechanic
        if kind is None:
            return action_id if 0 <= action_id < mechanic else None
        if action_id == mechanic:
            return DECLINE
        if kind in self.index_kinds:
            return action_id - mechanic - 1 if mechanic < action_id < self.size else None
        return action_id if 0 <= action_id < mechanic else None

    def to_ids(self, kind: str | None, actions: list[int]) -> list[int]:
        """The ids of engine actions, ascending (as OpenSpiel wants legal actions)."""
        if kind is None:
            return sorted(actions)
        if kind in self.index_kinds:
            first = self.mechanic + 1
            ids = [first + action if action >= 0 else first - 1 for action in actions]
        else:
            mechanic = self.mechanic
            ids = [mechanic if action == DECLINE else action for action in actions]
        ids.sort()
        return ids


class Match:
    """A game at one player count, options and reward rule: states, seats, ids, rewards."""

    def __init__(
        self,
        game: str | Path | Game,
        players: int | None = None,
        options: dict[str, Any] | None = None,
        reward: Reward = "win",
    ) -> None:
        self.game = load_game(game)
        self.players = self.game.min_players if players is None else players
        if not self.game.min_players <= self.players <= self.game.max_players:
            raise ValueError(
                f"{self.game.name} is for {self.game.min_players}-{self.game.max_players} "
                f"players, not {self.players}"
            )
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.reward: Reward = reward
        self.options = dict(options or {})
        self.ids = ActionIds.for_game(self.game)
        self.cap = self.game.mechanic.max_actions(self.players)
        """More actions than any game of this data takes: the longest episode."""
        self.new_state(0)  # bad options fail here, not at the first reset

    @property
    def mechanic_name(self) -> str:
        return str(self.game.content.game.structure.mechanic)

    def new_state(self, seed: int) -> State:
        return self.game.new_state(seed, self.players, self.options)

    @staticmethod
    def current(state: State) -> int | None:
        """The seat to act now, or None at the end. Simultaneous choices (a draft's picks)
        are taken one seat at a time: the engine keeps each hidden until all have chosen."""
        movers = state.to_move()
        return movers[0] if movers else None

    @staticmethod
    def _kind(state: State) -> str | None:
        return state.pending.kind if state.pending is not None else None

    def legal(self, state: State, seat: int) -> list[int]:
        """The legal ids of `seat`, ascending."""
        actions = state.legal_actions(seat)
        pending = state.pending
        if pending is None:
            return sorted(actions)  # the mechanic's ids are the ids: nothing to map
        return self.ids.to_ids(pending.kind, actions)

    def apply(self, state: State, seat: int, action_id: int) -> None:
        """Play an id; `IllegalActionError` if it is not legal for `seat` now. The id is
        only translated here: whether its action is legal is the engine's own check (every
        `State.apply` refuses an illegal action), made once."""
        pending = state.pending
        if pending is None and 0 <= action_id < self.ids.mechanic:
            state.apply(seat, action_id)  # the mechanic's own id: nothing to translate
            return
        action = self.ids.from_id(None if pending is None else pending.kind, action_id)
        if action is None:
            raise IllegalActionError(f"action {action_id} is not legal for player {seat} now")
        state.apply(seat, action)

    def describe(self, state: State, seat: int, action_id: int) -> str:
        """An id in words, as the terminal says it (answers to decisions by their index)."""
        kind = self._kind(state)
        if kind is not None and action_id == self.ids.decline:
            return "decline"
        action = self.ids.from_id(kind, action_id)
        if action is None:
            return f"unused action {action_id}"
        if kind is not None and kind in self.ids.index_kinds:
            table = self.game.tables.get(kind)
            if table is None:
                return f"choose option {action + 1}"
            if action >= table.size:
                return f"unused action {action_id}"
            return f"choose {table.names[action]}"
        return self.game.describe_action(state, action)

    def rewards(self, state: State) -> list[float]:
        """Final rewards: `win` gives +1 to each winner (a team wins together), -1 to the
        others and 0 to players sharing a tie; `score-diff` gives a player's total minus the
        mean of the others' (negated where the lowest total wins)."""
        scores = state.scores()
        n = state.n
        if self.reward == "win":
            shared = scores.decided_by == "shared"
            won = set(scores.winners)
            return [(0.0 if shared else 1.0) if p in won else -1.0 for p in range(n)]
        totals = scores.totals
        sign = -1.0 if self.game.lowest_wins else 1.0
        everyone = sum(totals)
        others = max(1, n - 1)
        return [sign * (totals[p] - (everyone - totals[p]) / others) for p in range(n)]
