"""Any game of the project as an OpenSpiel Python game.

`register("oh-my-park", players=3)` registers the game with pyspiel as `toolkit_oh_my_park`
(parameter `players`) and returns it loaded. The game is sequential, with imperfect
information and explicit stochastic chance of one kind: the deal. Its chance nodes draw the
engine seed (one of `deals`, uniformly) digit by digit (`chance`), so no node hands over
thousands of outcomes; the seed fixes every shuffle and setup draw of the game, and no player
observes it. Later shuffles (a new deal each round) follow from that seed, so they are not
chance nodes of their own. Actions are the match's ids (`match`), utilities the `win`
rewards (+1 to winners, -1 to the others, 0 for a shared win). The observation tensor is the
vector of `encoding`; the information state string is the player's current observation with
a digest of everything it has observed and done since the deal (recomputed by replaying the
game, only when asked for).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

try:
    import numpy as np
    import numpy.typing as npt
    import pyspiel
except ImportError as missing:  # pragma: no cover - depends on the extras installed
    raise ImportError(
        f"{missing.name} is not installed: install the openspiel extra "
        "(pip install -e '.[openspiel]')"
    ) from missing

from toolkit.engine.compiled import Game
from toolkit.interop.chance import Digits
from toolkit.interop.encoding import Encoder
from toolkit.interop.match import Match
from toolkit.kernel.state import State

DEALS = 1 << 16
"""The engine seeds a game can start from, drawn digit by digit (`chance.Digits`)."""
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
_MATCHES: dict[str, tuple[Game, int]] = {}
"""Registered short name to the compiled game it plays and its deal count (registering the
same name again, with another manifest or variant, replaces what it plays)."""


def short_name(game: Game) -> str:
    return "toolkit_" + game.id.replace("-", "_")


class ToolkitGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """One registered game at the player count of its `players` parameter."""

    registered_as = ""
    """The registered short name (set on the subclass `register` makes for each game)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, deals = _MATCHES[self.registered_as]
        players = int((params or {}).get("players", game.min_players))
        self.match = Match(game, players)
        self.encoder = Encoder(self.match)
        self.digits = Digits(deals)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.match.ids.size,
            max_chance_outcomes=min(deals, self.digits.radix),
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.match.cap,
        )
        super().__init__(_game_type(game, players), info, {"players": players})

    def max_chance_nodes_in_history(self) -> int:
        """The deal's digits are the only chance nodes."""
        return int(self.digits.nodes)

    def new_initial_state(self) -> ToolkitState:
        return ToolkitState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        # OpenSpiel passes only `params` when it asks for no observation type.
        perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        return Observer(self, perfect_recall)


class Run:
    """What a state holds on the Python side: its match (shared), the deal so far, the game
    so far, and what OpenSpiel asks for again and again within a step (the player to act,
    the legal ids), kept until the next move.

    OpenSpiel clones a Python state by deep-copying each attribute; a run copies itself with
    the engine's own clone and shares the compiled game, which is never copied."""

    def __init__(self, game: ToolkitGame) -> None:
        self.game = game
        self.match = game.match
        self.mechanic = game.match.ids.mechanic
        self.cap = game.match.cap
        self.digits: list[int] = []
        """The deal's digits drawn so far (chance nodes: `chance.Digits`)."""
        self.prefix = 0
        """The seed's value of those digits."""
        self.deal = -1
        self.moves: list[tuple[int, int]] = []
        """(seat, id) of every move since the deal: what information states replay."""
        self.state: State | None = None
        self.player = CHANCE
        """Who acts now: `CHANCE` before the deal, a seat, or `TERMINAL`."""
        self.legal: list[int] | None = None
        """The legal ids of `player`, once asked for in this step."""
        self.recall: dict[int, Recall] = {}
        """Per player, its digest so far (a cache: a copy starts without it)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Run:
        other = Run(self.game)
        other.digits = self.digits[:]
        other.prefix = self.prefix
        other.deal = self.deal
        other.moves = self.moves[:]
        other.state = self.state.clone() if self.state is not None else None
        other.player = self.player
        other.legal = self.legal  # never changed in place: replaced after each move
        return other

    def draw(self, digit: int) -> None:
        """One chance node: a digit of the seed; the last one deals the game."""
        digits = self.game.digits
        node = len(self.digits)
        if not digits.allowed(node, self.prefix, digit):
            raise pyspiel.SpielError(
                f"deal digit {digit} is not an outcome of chance node {node + 1} of {digits.nodes}"
            )
        self.digits.append(digit)
        self.prefix += digit * digits.block(node)
        if len(self.digits) == digits.nodes:
            self.deal = self.prefix
            self.state = self.match.new_state(self.deal)
            self.player = self._to_act(self.state)

    def legal_ids(self) -> list[int]:
        """The legal ids of the player to act, computed once a step however often they are
        asked for (OpenSpiel's C++ algorithms, a Python caller, the observation string).
        `Match.legal` written out, as this runs every step."""
        legal = self.legal
        if legal is None:
            state = self.state
            assert state is not None
            actions = state.legal_actions(self.player)
            pending = state.pending
            if pending is None:
                legal = self.legal = sorted(actions)
            else:
                legal = self.legal = self.match.ids.to_ids(pending.kind, actions)
        return legal

    def _to_act(self, state: State) -> int:
        seat = self.match.current(state)
        return TERMINAL if seat is None or len(self.moves) >= self.cap else seat


class ToolkitState(pyspiel.State):  # type: ignore[misc]
    """A game in progress: the deal's chance nodes, then the engine's state. OpenSpiel asks
    for the player to act several times a step: it is kept, not recomputed."""

    def __init__(self, game: ToolkitGame) -> None:
        super().__init__(game)
        self.run = Run(game)

    def current_player(self) -> int:
        return self.run.player

    # OpenSpiel's C++ answers these by asking Python for the current player two or three
    # times; answered here, a Python caller (a training loop, OpenSpiel's Python
    # algorithms) gets the same answers without the round trips. C++ callers still go
    # through OpenSpiel's own, which ask `current_player` and `_legal_actions`.

    def is_chance_node(self) -> bool:
        return self.run.player == CHANCE

    def is_player_node(self) -> bool:
        return self.run.player >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """OpenSpiel's `LegalActions`: none at the end, the chance outcomes at a chance
        node, the ids of the player to act, none for another player."""
        run = self.run
        current = run.player
        if current >= 0 and (player is None or player == current):
            return run.legal_ids()[:]
        if current == TERMINAL:
            return []
        if current == CHANCE:
            return [digit for digit, _ in self.chance_outcomes()]
        if player is not None and player < 0:
            raise pyspiel.SpielError(f"Called LegalActions for pseudo-player {player}")
        return []

    def _legal_actions(self, player: int) -> list[int]:
        # OpenSpiel's C++ asks only for the player to act (it answers the others itself).
        return self.run.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        run = self.run
        return run.game.digits.outcomes(len(run.digits), run.prefix)[:]

    def _apply_action(self, action: int) -> None:
        """A digit of the deal at a chance node, else a move of the player to act, which
        the engine refuses if illegal. OpenSpiel's own error (`pyspiel.SpielError`, as its
        C++ games raise) for a digit that is not a chance outcome and for a move after the
        end. The hot path of every game, so written flat."""
        run = self.run
        seat = run.player
        if seat < 0:
            if seat != CHANCE:
                raise pyspiel.SpielError(f"action {action} after the end of the game")
            run.draw(action)
            return
        state = run.state
        assert state is not None
        if state.pending is None and 0 <= action < run.mechanic:
            state.apply(seat, action)  # as `Match.apply` does first: one call fewer a step
        else:
            run.match.apply(state, seat, action)
        moves = run.moves
        moves.append((seat, action))
        run.legal = None
        movers = state.to_move()
        run.player = movers[0] if movers and len(moves) < run.cap else TERMINAL

    def _action_to_string(self, player: int, action: int) -> str:
        state = self.run.state
        if player == CHANCE or state is None:
            return f"deal digit {action}"
        return self.run.match.describe(state, player, action)

    def is_terminal(self) -> bool:
        return self.run.player == TERMINAL

    def returns(self) -> list[float]:
        state = self.run.state
        if state is None or not state.terminal:
            return [0.0] * self.run.match.players
        return self.run.match.rewards(state)

    def __str__(self) -> str:
        state = self.run.state
        return "before the deal" if state is None else state.summary()


class Observer:
    """The observation tensor (the encoder's vector) and strings, for OpenSpiel's observers.
    A perfect-recall observer has strings only: the vector is no information state."""

    def __init__(self, game: ToolkitGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] | None = (
            None if perfect_recall else np.zeros(game.encoder.size, np.float32)
        )
        self.dict = {} if self.tensor is None else {"observation": self.tensor}

    def set_from(self, state: ToolkitState, player: int) -> None:
        if self.tensor is None:
            return
        self.tensor.fill(0.0)
        if state.run.state is not None:
            self.game.encoder.encode_into(self.tensor, state.run.state, player)

    def string_from(self, state: ToolkitState, player: int) -> str:
        run = state.run
        if run.state is None:
            return f"player {player}, before the deal"
        now = _view_text(run.match, run.state, player)
        if not self.perfect_recall:
            return now
        return f"history {_history_digest(run, player)}\n{now}"


def _view_text(match: Match, state: State, player: int) -> str:
    """What `player` observes, as text: the engine's view and its own pending decision."""
    view: dict[str, object] = dict(match.game.observe(state, player))
    pending = state.pending
    if pending is not None and pending.player == player:
        view["decision"] = {"kind": pending.kind, "options": match.legal(state, player)}
    return f"player {player} " + json.dumps(view, sort_keys=True, default=str)


class Recall:
    """One player's digest of a game so far, and the replayed position it has reached."""

    def __init__(self, match: Match, deal: int, player: int) -> None:
        self.player = player
        self.replay = match.new_state(deal)
        self.moves = 0
        self.digest = hashlib.blake2b(digest_size=16)
        self.digest.update(_view_text(match, self.replay, player).encode())

    def advance(self, match: Match, moves: list[tuple[int, int]]) -> str:
        for seat, action in moves[self.moves :]:
            self.digest.update(f"|{action}|".encode() if seat == self.player else b"|move|")
            match.apply(self.replay, seat, action)
            self.digest.update(_view_text(match, self.replay, self.player).encode())
        self.moves = len(moves)
        return self.digest.hexdigest()


def _history_digest(run: Run, player: int) -> str:
    """A digest of what `player` observed after the deal and after every move, and its own
    moves: equal digests, equal information (barring a hash collision). Replayed from the
    deal the first time a state is asked, then advanced move by move."""
    recall = run.recall.get(player)
    if recall is None:
        recall = run.recall[player] = Recall(run.match, run.deal, player)
    return recall.advance(run.match, run.moves)


def _game_type(game: Game, players: int) -> Any:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"{game.name} (toolkit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players},
    )


def register(game: str | Path | Game, players: int | None = None, deals: int = DEALS) -> Any:
    """Register a game id from rules/ or a manifest path with pyspiel, and load it at
    `players` players (the fewest it allows by default). Returns the `pyspiel.Game`."""
    match = Match(game, players)
    name = short_name(match.game)
    if deals < 1:
        raise ValueError(f"deals must be at least 1, not {deals}")
    first = name not in _MATCHES
    _MATCHES[name] = (match.game, deals)
    if first:
        pyspiel.register_game(
            _game_type(match.game, match.players),
            type(f"ToolkitGame_{name}", (ToolkitGame,), {"registered_as": name}),
        )
    return pyspiel.load_game(name, {"players": match.players})
