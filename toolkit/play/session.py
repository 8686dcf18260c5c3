"""One person against bots: whose turn it is, the moves so far, undo; no input or output.

The session keeps the seed and the list of moves; that pair is the game. Undo drops the
person's last move and every bot move after it and replays the rest from the seed, so no
copy of the world is ever kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from toolkit.agents import Agent, make_bot
from toolkit.agents.legal import stuck
from toolkit.kernel.events import Event
from toolkit.kernel.state import State
from toolkit.record.transcripts import Action, LoadedGame, game_lines, header

HUMAN = "human"
"""The name the person's seat gets among the bots of a transcript."""


class Session:
    """A game in progress with the person at `seat` (0-based) and bots at the other seats."""

    def __init__(
        self,
        loaded: LoadedGame,
        *,
        seed: int,
        players: int,
        seat: int,
        bots: Sequence[str],
        options: dict[str, Any] | None = None,
        manifest: str | None = None,
        variants: Sequence[str] = (),
        start: Callable[[], State] | None = None,
    ) -> None:
        self.loaded = loaded
        self.start = start
        """Builds the game's first state when it began from a position (else: the seed)."""
        self.game = loaded.game
        self.seed = seed
        self.players = players
        self.seat = seat
        self.bots = list(bots)
        self.manifest = manifest or loaded.game.id
        self.variants = list(variants)
        self.options = dict(options or {})
        self.agents: dict[int, Agent] = {
            player: make_bot(name, seed + player + 1, self.game)
            for player, name in enumerate(self.bots)
            if player != seat
        }
        self.actions: list[Action] = []
        self.state = self._fresh()
        self.options = dict(self.state.options)
        self.mark = 0
        """Where the log stood before the person's last move: what happened since is news
        (the setup too, before the first move)."""

    def _fresh(self) -> State:
        if self.start is not None:
            return self.start()
        return self.game.new_state(self.seed, self.players, self.options)

    # -- turns ----------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.terminal

    def person_to_move(self) -> bool:
        return self.seat in self.state.to_move()

    def legal(self) -> list[int]:
        return self.state.legal_actions(self.seat)

    def run_bots(self) -> None:
        """Bots move until the person must decide or the game ends. In a simultaneous step
        the person chooses first, so no bot waits on the person's choice it cannot see."""
        state = self.state
        while not state.terminal:
            movers = state.to_move()
            if self.seat in movers:
                if not self.legal():  # the rules leave the person stuck: say so, never hang
                    raise stuck(state, self.seat)
                return
            player = movers[0]
            self._apply(player, self.agents[player].choose(state, player))

    def play(self, action: int) -> None:
        """The person's move (must be legal), then the bots until the person is asked again."""
        self.mark = len(self.state.log)
        self._apply(self.seat, action)
        self.run_bots()

    def _apply(self, player: int, action: int) -> None:
        self.state.apply(player, action)
        self.actions.append((player, action))

    def news(self) -> list[Event]:
        """Log events since before the person's last move (the setup, at the start)."""
        return self.state.log[self.mark :]

    def resume(self, actions: Sequence[Action]) -> None:
        """Play the moves of a saved game again (bots' moves as recorded), from the seed."""
        state = self._fresh()
        mark = 0
        for player, action in actions:
            if player == self.seat:
                mark = len(state.log)
            state.apply(player, action)
        self.state, self.actions, self.mark = state, list(actions), mark

    # -- undo -----------------------------------------------------------------------------

    def can_undo(self) -> bool:
        return any(player == self.seat for player, _ in self.actions)

    @property
    def own_moves(self) -> int:
        """The person's moves so far: what they count as theirs when they stop."""
        return sum(player == self.seat for player, _ in self.actions)

    def undo(self) -> bool:
        """Take back the person's last move and the bot moves after it; False if none."""
        last = max(
            (i for i, (player, _) in enumerate(self.actions) if player == self.seat), default=-1
        )
        if last < 0:
            return False
        self.resume(self.actions[:last])
        return True

    # -- position --------------------------------------------------------------------------

    def position_text(self) -> str:
        """The game as it stands as a position file (`play --from` goes on from it)."""
        from toolkit.engine.position_save import position_text, save_position

        names = [HUMAN if p == self.seat else name for p, name in enumerate(self.bots)]
        return position_text(save_position(self.game, self._fresh, self.actions, names))

    # -- transcript -------------------------------------------------------------------------

    def transcript_lines(self) -> list[str]:
        seats = [HUMAN if p == self.seat else name for p, name in enumerate(self.bots)]
        head = header(
            self.loaded, manifest=self.manifest, index=0, seed=self.seed,
            players=self.players, bots=seats, options=self.options, variants=self.variants,
            games=1,
        )  # fmt: skip
        return game_lines(self.loaded, head, self.actions)
