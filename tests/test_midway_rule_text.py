"""Midway Memories, the rule text's rules that no scenario covers, checked one test per rule.

Setup rules are checked on fresh games over many seeds; play rules over random-bot games at
every player count, step by step, through the engine's public face (`new_state`, `to_move`,
`apply`, `observation`, the log, `scores`) and the command line. Nothing sets a state by hand.
Each docstring quotes the sentence of `shared/rules-sources/midway-memories.txt` it checks;
where the text lost a table, the design's prototype value is named as such.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any

import pypdf
import pytest
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.events import GAME_ENDED, Dealt, Declined, Event, RoundEnded
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.events import Played, TrickWon
from toolkit.rules.effects.acquire import Acquired
from toolkit.rules.effects.cap_resource import Discarded
from toolkit.rules.setup.starting_player import FirstPlayer

ROOT = Path(__file__).resolve().parent.parent
PLAYER_COUNTS = (2, 3, 4, 5)
SEEDS = range(25)
"""Random games per player count for the rules checked over whole games (~0.1 s per count)."""
COIN_VALUE = 25 * 1 + 10 * 3 + 5 * 5
"""Components: 25 x $1, 10 x $3, 5 x $5 Coins."""
COIN_CAP = 12
"""End of Round Cleanup 1: each player keeps at most 12 Coins."""
COIN_LADDER = {**dict.fromkeys(range(2, 7), 1), **dict.fromkeys(range(7, 11), 2)}
COIN_LADDER |= {**dict.fromkeys(range(11, 14), 3), 14: 4}
"""The design's prototype Coins ladder (the rule text's table is lost): 2-6 -> 1, 7-10 -> 2,
J-K -> 3, A -> 4."""
FAME_DISCOUNT_AT = 8
"""To ride 2: apply your Fame discount if you have reached Fame 8 (1 coin, design)."""


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "midway-memories.yaml"))
    return compiled


# -- random games, step by step -------------------------------------------------------------


@dataclass(frozen=True)
class Markers:
    """Every player's coins and track positions, and the supply, at one moment."""

    coins: tuple[int, ...]
    fame: tuple[int, ...]
    joy: tuple[int, ...]
    sadness: tuple[int, ...]
    supply: int

    @classmethod
    def of(cls, game: Game, state: State) -> Markers:
        coins = game.resource_index("coins")
        fame, joy, sadness = (game.track_index(t) for t in ("fame", "joy", "sadness"))
        players = range(state.n)
        return cls(
            tuple(state.res[p][coins] for p in players),
            tuple(state.track[p][fame] for p in players),
            tuple(state.track[p][joy] for p in players),
            tuple(state.track[p][sadness] for p in players),
            state.supply[coins],
        )


@dataclass(frozen=True)
class Step:
    """One action of a game: who did what, the markers around it and the events it logged."""

    player: int
    action: int
    before: Markers
    after: Markers
    events: list[Event]


def random_steps(game: Game, state: State, seed: int) -> Iterator[Step]:
    """Random bots play `state` to its end; each action is yielded once it has been applied."""
    bots = [make_bot("random", seed * 10 + p) for p in range(state.n)]
    for _ in range(2000):
        if state.is_terminal():
            return
        (player,) = state.to_move()
        action = bots[player].choose(state, player)
        before, logged = Markers.of(game, state), len(state.log)
        state.apply(player, action)
        yield Step(player, action, before, Markers.of(game, state), state.log[logged:])
    raise AssertionError(f"seed {seed}, {state.n} players: the game did not end")


def strings_in(value: Any) -> Iterator[str]:
    """Every text anywhere in an observation (card ids among them)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from strings_in(key)
            yield from strings_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings_in(item)


# -- 1. suits -------------------------------------------------------------------------------


def test_suits_map_to_the_standard_deck_as_the_rule_text_gives(game: Game, tmp_path: Path) -> None:
    """Suit Identity: "For prototype play with a standard deck, use this mapping: Diamonds =
    Coins, Hearts = Tickets, Spades = Stars, Clubs = Smiles." The mapping is in the game and on
    the printed suit cards a prototype player reads it from."""
    expected = {"Coins": "diamonds", "Tickets": "hearts", "Stars": "spades", "Smiles": "clubs"}
    suits = game.tables["suits"]
    assert dict(zip(suits.names, suits.fields["standard_suit"], strict=True)) == expected
    # A standard deck: each suit holds one card of each rank 2..A (A = 14).
    deck = game.deck.fields["suit"], game.deck.fields["rank"]
    for suit in suits.ids:
        ranks = [r for s, r in zip(*deck, strict=True) if s == suit]
        assert sorted(ranks) == list(range(2, 15))

    out = tmp_path / "suits.pdf"
    result = run_toolkit(
        "print", "midway-memories", "--only", "coins,tickets,stars,smiles", "--out", out
    )
    assert result.returncode == 0, result.stderr
    text = "".join(page.extract_text() for page in pypdf.PdfReader(out).pages)
    names = re.findall(r"When you win a trick with a (\w+) card:", text)
    standard = re.findall(r"Standard deck: (\w+)", text)
    assert dict(zip(names, standard, strict=True)) == expected


# -- 2, 3. markers and coins at setup ---------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_marker_starts_at_zero(game: Game, players: int) -> None:
    """Setup 8: "Put each player's markers at Fame 0, Joy 0, and Sadness 0." No marker is on
    an attraction yet either: every player sees the same, whatever the seed."""
    for seed in SEEDS:
        state = game.new_state(seed, players)
        for viewer in range(players):
            seen = state.observation(viewer)
            assert seen["tracks"] == dict.fromkeys(("fame", "joy", "sadness"), [0] * players)
            assert seen["zones"]["ridden"] == [[]] * players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_every_coin_starts_in_the_supply(game: Game, players: int) -> None:
    """Setup 9: "Put all Coin tokens in a general supply." All 40 tokens (25 x $1, 10 x $3,
    5 x $5: 80 in value) are in the supply and no player holds a coin."""
    for seed in SEEDS:
        seen = game.new_state(seed, players).observation(0)
        assert seen["supply"] == {"coins": COIN_VALUE}
        assert seen["resources"] == {"coins": [0] * players}


# -- 4. the starting player -------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_the_starting_player_is_a_random_seat_and_leads_round_one(game: Game, players: int) -> None:
    """Setup 10: "Choose a starting player." (design: a random seat, who leads round 1).
    Over many seeds every seat starts about as often; the same seed always picks the same."""
    seeds = range(100 * players)
    starts: list[int] = []
    for seed in seeds:
        state = game.new_state(seed, players)
        (chosen,) = [e.player for e in state.log if isinstance(e, FirstPlayer)]
        assert state.to_move() == (chosen,)
        assert game.new_state(seed, players).log == state.log  # seeded: reproducible
        starts.append(chosen)
    counts = [starts.count(seat) for seat in range(players)]
    assert all(count >= 50 for count in counts), counts  # 100 expected per seat


def test_the_starting_player_is_reproducible_from_the_command_line_seed(tmp_path: Path) -> None:
    """Setup 10 from the command line: the same `--seed` writes the same transcript, and its
    games are started by every seat."""
    transcripts = []
    for run in ("a", "b"):
        out = tmp_path / f"{run}.jsonl"
        result = run_toolkit(
            "simulate", "midway-memories", "--games", "40", "--players", "5", "--seed", "3",
            "--bots", "random", "--transcript", out, "--format", "json",
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        transcripts.append(out.read_text())
    assert transcripts[0] == transcripts[1]
    records = [json.loads(line) for line in transcripts[0].splitlines()]
    starts = [r["event"][1] for r in records if r.get("event", [None])[0] == "first-player"]
    assert len(starts) == 40 and set(starts) == {0, 1, 2, 3, 4}


# -- 5. leftover cards ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "left_over"), [(3, 1), (5, 2)])
def test_leftover_cards_are_never_seen_by_anyone(game: Game, players: int, left_over: int) -> None:
    """Setup 11 / Cleanup 4: "Any extra cards are left unrevealed, face down, out of play for
    that round." No player's observation, at any moment of the round, names one, and no play
    of the log (what transcripts and replays tell) is one."""
    ids = game.deck.ids
    games = range(8)
    rounds = 0
    for seed in games:
        state = game.new_state(seed, players)
        hidden: set[str] = set()
        steps = random_steps(game, state, seed)
        for events in chain([state.log], (step.events for step in steps)):
            # The plays of an action that ends a round belong to that round, before the deal.
            deal = next((i for i, e in enumerate(events) if isinstance(e, Dealt)), len(events))
            played = {ids[e.card] for e in events[:deal] if isinstance(e, Played | TrickWon)}
            assert hidden.isdisjoint(played)
            if deal < len(events):
                # What the players were dealt, seen by each in their own hand; the rest is
                # face down.
                dealt = {card for p in range(players) for card in state.observation(p)["hand"]}
                hidden = set(ids) - dealt
                assert len(hidden) == left_over
                assert [e.out_of_play for e in events if isinstance(e, Dealt)] == [left_over]
                rounds += 1
            for viewer in range(players):
                assert hidden.isdisjoint(strings_in(state.observation(viewer)))
    assert rounds == len(games) * 5


# -- 6. the final cleanup ---------------------------------------------------------------------


def test_the_cleanup_after_round_five_happens_before_scoring(game: Game) -> None:
    """End of Game: "After the 5th round and final cleanup, score the game." After the last
    trick of round 5 each player keeps at most 12 Coins, discards the rest to the supply and
    gains 1 Sadness per 2 discarded, rounded up (Cleanup 1-3); no new deal follows (Cleanup 4
    prepares a next round there is none of), and the scores count the Sadness it gave."""
    capped = 0
    for players in (2, 3):
        for seed in SEEDS:
            state = game.new_state(seed, players)
            last = list(random_steps(game, state, seed))[-1]
            tail = last.events[-2:]
            assert tail == [RoundEnded(5), GAME_ENDED]
            discarded = {e.player: e.amount for e in last.events if isinstance(e, Discarded)}
            cleanup = last.events[-2 - len(discarded) : -2]
            assert [e for e in cleanup if isinstance(e, Discarded)] == cleanup  # just before
            assert not any(isinstance(e, Dealt) for e in last.events)
            declined = [e.player for e in last.events if isinstance(e, Declined)]
            coins, sadness = last.after.coins, last.after.sadness
            scored = state.scores().breakdown
            for player in range(players):
                amount = discarded.get(player, 0)
                assert coins[player] == COIN_CAP if amount else coins[player] <= COIN_CAP
                expected = last.before.sadness[player] + declined.count(player) + -(-amount // 2)
                assert sadness[player] == min(10, expected)
                assert scored[player]["Sadness"] == -2 * sadness[player]
            assert last.after.supply == COIN_VALUE - sum(coins)
            capped += bool(discarded)
    assert capped >= 10  # the cap was exercised at the end of round 5


# -- 7. clockwise ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_trick_goes_clockwise_from_its_leader(game: Game, players: int) -> None:
    """Trick Taking Rules 2: "In clockwise order, each other player plays 1 card." Seats are
    numbered clockwise, so after the leader come the next seats up, wrapping past the last;
    the player to move is always the next seat of the one who just played."""
    tricks = 0
    for seed in SEEDS:
        state = game.new_state(seed, players)
        trick: list[int] = []
        for step in random_steps(game, state, seed):
            for event in step.events:
                if isinstance(event, Played):
                    trick.append(event.player)
                elif isinstance(event, TrickWon):
                    leader = trick[0]
                    assert trick == [(leader + i) % players for i in range(players)]
                    trick, tricks = [], tricks + 1
            if trick and len(trick) < players:
                assert state.to_move() == ((step.player + 1) % players,)
    assert tricks == len(SEEDS) * 5 * (52 // players)


# -- 8. Fame and Joy only go up ----------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_fame_and_joy_never_move_down_during_play(game: Game, players: int) -> None:
    """Riding Attractions: "Fame and Joy are not spent when riding attractions. They are
    thresholds only and are never moved down when used to qualify for a ride." Checked after
    every action of every game, rides with a Fame or Joy requirement among them; scoring at
    the end moves no marker of the game either."""
    requires = game.tables["attractions"].fields["requires"]
    qualified_rides = moved_up = 0
    for seed in SEEDS:
        state = game.new_state(seed, players)
        for step in random_steps(game, state, seed):
            for before, after in (
                (step.before.fame, step.after.fame),
                (step.before.joy, step.after.joy),
            ):
                assert all(a >= b for a, b in zip(after, before, strict=True)), step
                moved_up += after != before
            qualified_rides += sum(
                1 for e in step.events if isinstance(e, Acquired) and any(requires[e.card].values())
            )
        end = Markers.of(game, state)
        state.scores()
        assert Markers.of(game, state) == end
    assert qualified_rides > len(SEEDS) and moved_up > len(SEEDS) * 10


# -- 9. Sadness has no milestones -------------------------------------------------------------


def test_sadness_has_no_milestones(tmp_path: Path) -> None:
    """Sadness Track: "Sadness runs from 0 to 10. Each Sadness is worth -2 VP at game end.
    Sadness has no milestone bonuses." Scored end positions: at every Sadness from 0 to 10
    (no ride, no Fame, no Joy) the only points are -2 per Sadness, in the Sadness row."""
    for sadness in range(11):
        position = tmp_path / f"sadness-{sadness}.yaml"
        position.write_text(
            "kind: end-position\n"
            "game: midway-memories\n"
            "players:\n"
            f"  - {{name: Ada, tracks: {{fame: 0, joy: 0, sadness: {sadness}}}}}\n"
            "  - {name: Bruno, tracks: {fame: 0, joy: 0, sadness: 0}}\n"
        )
        result = run_toolkit("score", "midway-memories", position, "--format", "json")
        assert result.returncode == 0, result.stderr
        ada = json.loads(result.stdout)["players"][0]
        assert ada["total"] == -2 * sadness
        assert ada["breakdown"] == {
            "Attractions": 0,
            "Fame milestones": 0,
            "Joy milestones": 0,
            "Joy removes Sadness": 0,
            "Sadness": -2 * sadness,
        }


# -- 10. where coins come from and go ---------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_coins_come_only_from_coins_tricks_and_go_only_to_rides_or_the_cleanup(
    game: Game, players: int
) -> None:
    """Coins: "Coins are gained from Coin tricks and spent to ride attractions. There are no
    refunds in the base prototype." Coins are "taken from the central supply", "Spent Coins
    always return to the central supply" and the cleanup discards those above 12 "back to the
    supply". Every change of every player's coins is explained by one of these events: a won
    Coins trick (the ladder's amount, as far as the supply can pay), a ride (its printed cost,
    1 less from Fame 8, never below 0) or a cleanup discard down to 12."""
    attractions = game.tables["attractions"]
    suit, rank = game.deck.fields["suit"], game.deck.fields["rank"]
    seen = {"coins trick": 0, "ride": 0, "discard": 0}
    for seed in SEEDS:
        state = game.new_state(seed, players)
        for step in random_steps(game, state, seed):
            before, after = step.before, step.after
            expected = list(before.coins)
            supply = before.supply
            for event in step.events:
                if isinstance(event, TrickWon) and suit[event.card] == "coins":
                    gain = min(COIN_LADDER[rank[event.card]], supply)
                    expected[event.winner] += gain
                    supply -= gain
                    seen["coins trick"] += 1
                elif isinstance(event, Acquired):
                    discount = 1 if before.fame[event.player] >= FAME_DISCOUNT_AT else 0
                    price = max(0, attractions.fields["cost"][event.card] - discount)
                    expected[event.player] -= price
                    supply += price
                    seen["ride"] += 1
                elif isinstance(event, Discarded):
                    assert expected[event.player] - event.amount == COIN_CAP
                    expected[event.player] -= event.amount
                    supply += event.amount
                    seen["discard"] += 1
            assert list(after.coins) == expected, (step, state.log[-10:])
            assert after.supply == supply
    assert seen["coins trick"] > len(SEEDS) * 5 and seen["ride"] > len(SEEDS), seen
    assert seen["discard"] > 0, seen
