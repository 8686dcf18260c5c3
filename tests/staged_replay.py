"""A game of a hand-written kit replayed, card by card, in the same game written in stages.

The hand-written game is played by a random bot; every decision is read as what it does to the
cards (play this card to that zone, draw from that pile, pick this card to pass) and the staged
game is asked for the action that does the same. Both logs are projected onto what a player at
the table sees happen (per move the player, cards, from-zone and to-zone; trick winners; round
ends and round scores), and the projections, final scores and winners must be equal.
`tests/test_staged_equivalence.py` and `benchmarks/staged_speed.py` use it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.content.project import load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import Game, compile_game
from toolkit.kernel.events import Dealt, RoundEnded, RoundScored
from toolkit.kernel.state import State
from toolkit.mechanics.draw_and_play import events as dp_events
from toolkit.mechanics.draw_and_play.codec import Discard, Draw, Place
from toolkit.mechanics.staged import events as st_events
from toolkit.mechanics.staged.moves import CardMove, DrawMove, PickMove
from toolkit.mechanics.trick_taking import events as tt_events
from toolkit.mechanics.trick_taking.codec import PassCard, PlayCard

ROOT = Path(__file__).resolve().parent.parent
PAIRS = {
    "lantern-routes": (
        ROOT / "rules" / "lantern-routes.yaml",
        ROOT / "tests" / "games" / "staged-lantern-routes" / "rules" / "staged-lantern-routes.yaml",
    ),
    "cinder-tricks": (
        ROOT / "rules" / "cinder-tricks.yaml",
        ROOT / "tests" / "games" / "staged-cinder-tricks" / "rules" / "staged-cinder-tricks.yaml",
    ),
}
"""Each hand-written game and its staged twin."""

Meaning = tuple[Any, ...]
"""What a decision does to the cards: ("play", card, to-zone), ("draw", from-zone) or
("pick", card)."""


def compiled(manifest: Path) -> Game:
    content, found = load_game(manifest)
    assert content is not None and not found, [d.render() for d in found]
    problems = [d for d in check_game(content) if d.severity == "error"]
    assert not problems, [d.render() for d in problems]
    return compile_game(content)


@dataclass
class Pair:
    """A hand-written game and its staged twin, compiled once."""

    name: str
    hand_written: Game
    staged: Game

    @classmethod
    def load(cls, name: str, staged: Path | None = None) -> Pair:
        """The pair by name; `staged`: another staged manifest in place of the twin."""
        first, second = PAIRS[name]
        return cls(name, compiled(first), compiled(staged or second))

    def players(self, seed: int) -> int:
        """The player counts in turn, seed by seed."""
        low, high = self.hand_written.min_players, self.hand_written.max_players
        return low + seed % (high - low + 1)


# -- what a decision does ----------------------------------------------------------------------


def hand_written_meaning(game: Game, state: State, action: int) -> Meaning:
    machine: Any = game.mechanic
    record = machine.codec.decode(action)
    if isinstance(record, Place):
        return ("play", record.card, machine.areas[record.area].zone_id)
    if isinstance(record, Discard):
        return ("play", record.card, shared_id(game, machine.piles[machine.pile_of[record.card]]))
    if isinstance(record, Draw):
        pile = machine.draw if record.source == 0 else machine.piles[record.source - 1]
        return ("draw", shared_id(game, pile))
    if isinstance(record, PlayCard):
        return ("play", record.card, "trick")
    if isinstance(record, PassCard):
        return ("pick", record.card)
    raise AssertionError(f"no meaning for {record!r}")


def shared_id(game: Game, index: int) -> str:
    return next(zone.id for zone in game.shared_zones if zone.index == index)


def staged_meaning(game: Game, action: int) -> Meaning:
    _, rule = game.mechanic.codec.rule_of(action)  # type: ignore[attr-defined]
    offset = action - rule.base
    if isinstance(rule, CardMove) and rule.single:
        card, index = divmod(offset, len(rule.targets))
        return ("play", card, rule.targets[index].id)
    if isinstance(rule, DrawMove):
        return ("draw", rule.sources[offset].id)
    if isinstance(rule, PickMove):
        return ("pick", offset)
    raise AssertionError(f"no meaning for {rule.kind} action {action}")


# -- what the table sees -----------------------------------------------------------------------


def hand_written_events(game: Game, state: State) -> list[tuple[Any, ...]]:
    machine: Any = game.mechanic
    piles = getattr(machine, "piles", ())
    zone_of_pile = {k: shared_id(game, pile) for k, pile in enumerate(piles)}
    out: list[tuple[Any, ...]] = []
    for event in state.log:
        if isinstance(event, dp_events.PlayedTo):
            area = machine.areas[event.area].zone_id
            out.append(("move", event.player, (event.card,), "hand", area))
        elif isinstance(event, dp_events.CardDiscarded):
            out.append(("move", event.player, (event.card,), "hand", zone_of_pile[event.pile]))
        elif isinstance(event, dp_events.Drew):
            out.append(("move", event.player, (event.card,), "stack", "hand"))
        elif isinstance(event, dp_events.TookFromPile):
            out.append(("move", event.player, (event.card,), zone_of_pile[event.pile], "hand"))
        elif isinstance(event, dp_events.Stalled):
            out.append(("stalled",))
        elif isinstance(event, tt_events.Passed):
            out.append(("pass", event.giver, event.receiver, tuple(sorted(event.cards))))
        elif isinstance(event, tt_events.Played):
            out.append(("move", event.player, (event.card,), "hand", "trick"))
        elif isinstance(event, tt_events.TrickWon):
            out.append(("trick", event.winner, event.card))
        else:
            out.extend(_common(event))
    return out


def staged_events(state: State) -> list[tuple[Any, ...]]:
    out: list[tuple[Any, ...]] = []
    givers: dict[tuple[int, ...], int] = {}
    for event in state.log:
        if isinstance(event, st_events.Revealed):
            givers[tuple(sorted(event.cards))] = event.player
        elif isinstance(event, st_events.CardsMoved):
            cards = tuple(sorted(event.cards))
            if event.source == "picked":
                out.append(("pass", givers[cards], event.owner, cards))
            elif event.source == "trick" and event.target == "taken":
                continue  # the trick's cards go to its winner: the hand-written kit logs the win
            elif event.player >= 0:
                out.append(("move", event.player, event.cards, event.source, event.target))
        elif isinstance(event, st_events.Awarded):
            out.append(("trick", event.winner, event.card))
        elif isinstance(event, st_events.Stalled):
            out.append(("stalled",))
        else:
            out.extend(_common(event))
    return out


def _common(event: object) -> list[tuple[Any, ...]]:
    if isinstance(event, Dealt):
        return [("dealt", event.each, event.out_of_play)]
    if isinstance(event, RoundEnded):
        return [("round-end", event.round)]
    if isinstance(event, RoundScored):
        return [("round-score", event.round, event.points)]
    return []


# -- one game ----------------------------------------------------------------------------------


@dataclass
class Outcome:
    """One game in both versions: what happened, and whether the two agree."""

    seed: int
    players: int
    decisions: int
    rounds: int
    problem: str = ""
    events: list[tuple[Any, ...]] = field(default_factory=list)
    """The hand-written game's events as the table saw them (the projection compared)."""


def replay(pair: Pair, seed: int) -> Outcome:
    """Play `seed` with a random bot in the hand-written kit, replay it in the staged game and
    compare; `problem` says where they part (empty when they agree in every respect)."""
    players = pair.players(seed)
    first, second = pair.hand_written, pair.staged
    chooser = random.Random(seed)
    state = first.new_state(seed, players)
    twin = second.new_state(seed, players)
    outcome = Outcome(seed, players, 0, 0)
    for zone in first.player_zones:
        other = second.zone(zone.id).index
        if state.zones[zone.index] != twin.zones[other]:
            outcome.problem = f"the deal differs in {zone.id}"
            return outcome
    while not state.terminal:
        player = state.to_move()[0]
        action = chooser.choice(state.legal_actions(player))
        meaning = hand_written_meaning(first, state, action)
        state.apply(player, action)
        outcome.decisions += 1
        if twin.terminal or player not in twin.to_move():
            outcome.problem = (
                f"decision {outcome.decisions}: player {player} {meaning} but the staged game "
                f"has {'ended' if twin.terminal else f'{twin.to_move()} to move'}"
            )
            return outcome
        found = [a for a in twin.legal_actions(player) if staged_meaning(second, a) == meaning]
        if len(found) != 1:
            offered = sorted(staged_meaning(second, a) for a in twin.legal_actions(player))
            outcome.problem = (
                f"decision {outcome.decisions}: player {player} {meaning}: the staged game "
                f"offers {len(found)} such actions among {offered}"
            )
            return outcome
        twin.apply(player, found[0])
    outcome.rounds = state.round
    if not twin.terminal:
        outcome.problem = f"the staged game goes on ({twin.to_move()} to move)"
        return outcome
    seen, said = hand_written_events(first, state), staged_events(twin)
    outcome.events = seen
    if seen != said:
        at = next(
            (k for k, (a, b) in enumerate(zip(seen, said, strict=False)) if a != b),
            min(len(seen), len(said)),
        )
        outcome.problem = (
            f"event {at} differs: {seen[at : at + 2]} against {said[at : at + 2]} "
            f"({len(seen)} and {len(said)} events)"
        )
        return outcome
    scores, staged_scores = first.score(state), second.score(twin)
    if scores.totals != staged_scores.totals:
        outcome.problem = f"final scores {scores.totals} against {staged_scores.totals}"
    elif scores.winners != staged_scores.winners:
        outcome.problem = f"winners {scores.winners} against {staged_scores.winners}"
    return outcome
