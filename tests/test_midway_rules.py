"""Midway Memories, one built scenario per rule of the rule text, with exact expectations.

Each test builds a state (hands, display, tracks, coins, who is to play), applies actions and
checks the exact outcome. Docstrings quote or cite the rule text
(`shared/rules-sources/midway-memories.txt`) and the design's prototype values.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.errors import IllegalActionError
from toolkit.kernel.events import (
    GAME_ENDED,
    Dealt,
    GameEnded,
    NothingToChoose,
    RoundEnded,
)
from toolkit.kernel.state import DECLINE, State
from toolkit.mechanics.trick_taking.events import Played, TrickWon
from toolkit.rules.effects.cap_resource import Discarded

ROOT = Path(__file__).resolve().parent.parent
DESIGN = ROOT / "tests" / "fixtures" / "variants" / "midway-design-values.yaml"
"""The design's prototype attraction values: these scenarios were written against them."""
SUPPLY = 80
LEVELS = {
    "carousel": 1,
    "kiddie-coaster": 1,
    "swan-boats": 1,
    "ferris-wheel": 1,
    "bumper-cars": 1,
    "tilt-a-whirl": 2,
    "haunted-house": 2,
    "log-flume": 2,
    "scrambler": 2,
    "wooden-coaster": 3,
    "drop-tower": 3,
    "zipper": 3,
    "loop-the-loop": 3,
}
BREAKDOWN_LABELS = [
    "Attractions",
    "Fame milestones",
    "Joy milestones",
    "Joy removes Sadness",
    "Sadness",
]


# -- helpers ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(ROOT / "rules" / "midway-memories.yaml"), [DESIGN])
    return compiled


Markers = dict[str, object]
"""A seat's markers as a position writes them: `coins`, `fame`, `joy`, `sadness`, `ridden`."""


def seat_text(seat: int, markers: Markers, hand: Sequence[str] | None = None) -> str:
    """One entry of a position's `players`: the hand, the rides, the tracks and coins."""
    zones = {"hand": list(hand)} if hand is not None else {}
    if "ridden" in markers:
        zones["ridden"] = list(markers["ridden"])  # type: ignore[call-overload]
    tracks = {t: markers[t] for t in ("fame", "joy", "sadness") if t in markers}
    parts = [f"name: P{seat + 1}"]
    if zones:
        parts.append(
            "zones: {" + ", ".join(f"{z}: [{', '.join(ids)}]" for z, ids in zones.items()) + "}"
        )
    if tracks:
        parts.append("tracks: {" + ", ".join(f"{t}: {v}" for t, v in tracks.items()) + "}")
    if "coins" in markers:
        parts.append(f"resources: {{coins: {markers['coins']}}}")
    return "  - {" + ", ".join(parts) + "}\n"


def scenario(
    game: Game,
    players: int = 3,
    hands: Sequence[Sequence[str]] | None = None,
    display: Sequence[str] = (),
    leader: int = 0,
    markers: dict[int, Markers] | None = None,
) -> State:
    """A position with the given hands, display and seats' markers, `leader` to lead a new
    trick."""
    assert hands is not None and len(hands) == players
    seats = "".join(
        seat_text(seat, (markers or {}).get(seat, {}), cards) for seat, cards in enumerate(hands)
    )
    shown = f"shared: {{display: [{', '.join(display)}]}}\n" if display else ""
    return state_from_text(
        game,
        f"kind: position\ngame: {game.id}\nto_move: [{leader + 1}]\nplayers:\n{seats}{shown}"
        f"play: {{leader: {leader + 1}}}\n",
    )


def coins(state: State, player: int) -> int:
    return state.res[player][state.game.resource_index("coins")]


def supply(state: State) -> int:
    return state.supply[state.game.resource_index("coins")]


def track(state: State, player: int, track_id: str) -> int:
    return state.track[player][state.game.track_index(track_id)]


def hand(state: State, player: int) -> list[str]:
    ids = state.game.deck.ids
    return [ids[c] for c in state.zones[state.game.zone("hand").index][player]]


def ridden(state: State, player: int) -> list[str]:
    ids = state.game.tables["attractions"].ids
    return [ids[c] for c in state.zones[state.game.zone("ridden").index][player]]


def play(state: State, player: int, card_id: str) -> None:
    state.apply(player, state.game.card("deck", card_id))


def play_trick(state: State, *card_ids: str) -> None:
    """Play one card per player, in turn order from whoever is to play."""
    for card_id in card_ids:
        (player,) = state.to_move()
        play(state, player, card_id)


def options(state: State) -> list[str | int]:
    """The pending ride choice as attraction ids (DECLINE kept as -1)."""
    assert state.pending is not None
    ids = state.game.tables["attractions"].ids
    return [ids[o] if o != DECLINE else DECLINE for o in state.pending.options]


def ride(state: State, attraction: str) -> None:
    assert state.pending is not None
    state.apply(state.pending.player, state.game.card("attractions", attraction))


def trick_events(state: State) -> list[tuple[int, str]]:
    ids = state.game.deck.ids
    return [(e.winner, ids[e.card]) for e in state.log if isinstance(e, TrickWon)]


def play_out(state: State) -> None:
    """Finish the game, everyone playing their first legal action."""
    for _ in range(2000):
        if state.is_terminal():
            return
        (player,) = state.to_move()
        state.apply(player, state.legal_actions(player)[0])
    raise AssertionError("the game did not end")


def scored_rides(game: Game, players: int = 3, markers: dict[int, Markers] | None = None) -> State:
    """A finished game whose seats' markers and rides are set on the state itself: the rides
    of these scoring tests isolate one step of the scoring (a ride at Fame 0), which no game
    reaches, so a position would refuse them (`legality.py`)."""
    state = game.new_state(5, players)
    play_out(state)
    c = game.resource_index("coins")
    for player in range(players):
        zero: Markers = {"coins": 0, "fame": 0, "joy": 0, "sadness": 0, "ridden": []}
        seat = {**zero, **(markers or {}).get(player, {})}
        state.supply[c] += state.res[player][c] - int(seat["coins"])  # type: ignore[call-overload]
        state.res[player][c] = int(seat["coins"])  # type: ignore[call-overload]
        for track in ("fame", "joy", "sadness"):
            state.track[player][game.track_index(track)] = int(seat[track])  # type: ignore[call-overload]
        state.zones[game.zone("ridden").index][player] = [
            game.card("attractions", a)
            for a in seat["ridden"]  # type: ignore[attr-defined]
        ]
    return state


def end_state(game: Game, players: int = 3, markers: dict[int, Markers] | None = None) -> State:
    """A finished game: every seat's markers at 0 and no rides but those `markers` give."""
    seats = "".join(seat_text(seat, (markers or {}).get(seat, {})) for seat in range(players))
    return state_from_text(
        game,
        f"kind: position\ngame: {game.id}\nround: 5\nended: true\nunseen: []\nplayers:\n{seats}",
    )


# -- setup --------------------------------------------------------------------------------


def test_setup_two_attractions_per_level_never_kiddie_coaster_with_swan_boats(game: Game) -> None:
    """Setup 2-5: choose 2 attractions per level; never Kiddie Coaster and Swan Boats together."""
    seen: set[str] = set()
    for seed in range(300):
        state = game.new_state(seed, 2 + seed % 4)
        chosen = [
            game.tables["attractions"].ids[c] for c in state.shared[game.zone("display").index]
        ]
        assert [LEVELS[a] for a in chosen] == [1, 1, 2, 2, 3, 3], (seed, chosen)
        assert len(set(chosen)) == 6
        assert not {"kiddie-coaster", "swan-boats"} <= set(chosen), seed
        seen.update(chosen)
    assert seen == set(LEVELS)  # every attraction of the pool can be chosen


@pytest.mark.parametrize(
    ("players", "each", "out"), [(2, 26, 0), (3, 17, 1), (4, 13, 0), (5, 10, 2)]
)
def test_deal_as_evenly_as_possible_extra_cards_out_of_play(
    game: Game, players: int, each: int, out: int
) -> None:
    """Setup 11 / Cleanup 4: deal as evenly as possible; extra cards stay out of play."""
    state = game.new_state(11, players)
    for _ in range(2):  # the deal of round 1, then the new deal of round 2
        hands = state.zones[game.zone("hand").index]
        assert [len(h) for h in hands] == [each] * players
        assert len(state.out_of_play) == out
        assert sorted([c for h in hands for c in h] + state.out_of_play) == list(range(52))
        while state.round == 1:
            (player,) = state.to_move()
            state.apply(player, state.legal_actions(player)[0])


@pytest.mark.parametrize("players", [1, 6])
def test_two_to_five_players(game: Game, players: int) -> None:
    """Design: Midway Memories is for 2-5 players."""
    with pytest.raises(ValueError, match="2-5 players"):
        game.new_state(1, players)


# -- trick taking ---------------------------------------------------------------------------


def test_must_follow_suit_if_able(game: Game) -> None:
    """Trick taking 3: players must follow suit if able."""
    hands = [["coins-5", "coins-6"], ["coins-9", "stars-A"], ["coins-2", "smiles-9"]]
    state = scenario(game, hands=hands)
    play(state, 0, "coins-5")
    assert state.legal_actions(1) == [game.card("deck", "coins-9")]
    with pytest.raises(IllegalActionError, match=r"must follow suit \(Coins\)"):
        play(state, 1, "stars-A")
    assert hand(state, 1) == ["coins-9", "stars-A"]  # nothing changed


def test_may_play_any_card_when_void_in_led_suit(game: Game) -> None:
    """Trick taking 4: if a player cannot follow suit, they may play any card."""
    state = scenario(
        game, hands=[["coins-5", "coins-6"], ["stars-A", "tickets-2"], ["coins-2", "smiles-3"]]
    )
    play(state, 0, "coins-5")
    assert sorted(state.legal_actions(1)) == sorted(
        [game.card("deck", "stars-A"), game.card("deck", "tickets-2")]
    )
    play(state, 1, "tickets-2")
    assert state.to_move() == (2,)


def test_highest_card_of_led_suit_wins_and_there_is_no_trump(game: Game) -> None:
    """Trick taking 5 and 8: the highest card of the led suit wins; there is no trump suit."""
    state = scenario(
        game,
        players=4,
        hands=[
            ["smiles-2", "smiles-3"],
            ["coins-A", "coins-3"],
            ["smiles-4", "smiles-5"],
            ["stars-A", "stars-3"],
        ],
    )
    play_trick(state, "smiles-2", "coins-A", "smiles-4", "stars-A")
    assert trick_events(state) == [(2, "smiles-4")]
    assert track(state, 2, "joy") == 1  # the winner resolves the winning card's suit
    assert (coins(state, 1), track(state, 3, "fame")) == (0, 0)


def test_winner_leads_the_next_trick(game: Game) -> None:
    """Trick taking 7: the winner leads the next trick."""
    state = scenario(
        game,
        hands=[["smiles-2", "smiles-3"], ["smiles-K", "stars-3"], ["smiles-4", "stars-5"]],
    )
    play_trick(state, "smiles-2", "smiles-K", "smiles-4")
    assert state.to_move() == (1,)
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalActionError, match="player 1's turn"):
        play(state, 0, "smiles-3")


# -- suit actions ---------------------------------------------------------------------------

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
COINS_LADDER = [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4]
STEP_LADDER = [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]


def win_with(game: Game, card_id: str) -> State:
    """Player 0 leads `card_id` and wins the trick against two off-suit cards."""
    suit = card_id.split("-")[0]
    other = "stars" if suit != "stars" else "smiles"
    state = scenario(
        game,
        hands=[[card_id, "tickets-2"], [f"{other}-K", "tickets-3"], [f"{other}-Q", "tickets-4"]],
    )
    play_trick(state, card_id, f"{other}-K", f"{other}-Q")
    assert trick_events(state) == [(0, card_id)]
    return state


@pytest.mark.parametrize(("rank", "gain"), list(zip(RANKS, COINS_LADDER, strict=True)))
def test_coins_reward_ladder(game: Game, rank: str, gain: int) -> None:
    """Coins: 2-6 -> 1 coin, 7-10 -> 2, J-K -> 3, A -> 4, taken from the supply."""
    state = win_with(game, f"coins-{rank}")
    assert coins(state, 0) == gain
    assert supply(state) == SUPPLY - gain


@pytest.mark.parametrize(("rank", "gain"), list(zip(RANKS, STEP_LADDER, strict=True)))
def test_stars_reward_ladder(game: Game, rank: str, gain: int) -> None:
    """Stars means Fame: 2-9 -> +1 Fame, 10-A -> +2."""
    state = win_with(game, f"stars-{rank}")
    assert [track(state, 0, t) for t in ("fame", "joy", "sadness")] == [gain, 0, 0]


@pytest.mark.parametrize(("rank", "gain"), list(zip(RANKS, STEP_LADDER, strict=True)))
def test_smiles_reward_ladder(game: Game, rank: str, gain: int) -> None:
    """Smiles means Joy: 2-9 -> +1 Joy, 10-A -> +2."""
    state = win_with(game, f"smiles-{rank}")
    assert [track(state, 0, t) for t in ("fame", "joy", "sadness")] == [0, gain, 0]


def test_fame_and_joy_are_clamped_to_0_12(game: Game) -> None:
    """Design: Fame track 0-12 and Joy track 0-12; a gain past the end stops at 12."""
    state = scenario(
        game,
        players=2,
        hands=[["stars-A", "smiles-A", "coins-2"], ["coins-3", "coins-4", "coins-5"]],
        markers={0: {"fame": 11, "joy": 12}},
    )
    play_trick(state, "stars-A", "coins-3")
    play_trick(state, "smiles-A", "coins-4")
    assert (track(state, 0, "fame"), track(state, 0, "joy")) == (12, 12)


# -- tickets: riding attractions -------------------------------------------------------------

TICKET_HANDS = [["tickets-A", "coins-2"], ["stars-K", "coins-3"], ["stars-Q", "coins-4"]]
DISPLAY = ["carousel", "ferris-wheel", "tilt-a-whirl", "log-flume", "wooden-coaster", "zipper"]


def ticket_trick(game: Game, display: Sequence[str] = DISPLAY, **player0: object) -> State:
    """Player 0 (with the given markers) wins a Ticket trick with the ace of Tickets."""
    state = scenario(game, hands=TICKET_HANDS, display=display, markers={0: player0})
    play_trick(state, "tickets-A", "stars-K", "stars-Q")
    return state


def test_ticket_trick_rides_exactly_one_attraction(game: Game) -> None:
    """Riding Attractions: when you win a Ticket trick, you may ride exactly 1 attraction."""
    state = ticket_trick(game, coins=12, fame=4, joy=4)
    assert state.to_move() == (0,)
    assert options(state) == [*DISPLAY[:5], DECLINE]  # zipper needs Joy 5
    ride(state, "ferris-wheel")
    assert ridden(state, 0) == ["ferris-wheel"]
    assert state.pending is None
    assert state.to_move() == (0,)  # back to trick play: the winner leads
    assert state.legal_actions(0) == [game.card("deck", "coins-2")]
    display = state.shared[game.zone("display").index]  # markers, not cards: it stays
    assert [game.tables["attractions"].ids[c] for c in display] == DISPLAY


def test_each_attraction_only_once_per_player(game: Game) -> None:
    """Ride Restrictions 1 and 4: never the same ride twice, even after all three levels."""
    state = ticket_trick(
        game, coins=12, fame=6, joy=6, ridden=["carousel", "tilt-a-whirl", "wooden-coaster"]
    )
    assert options(state) == ["ferris-wheel", "log-flume", "zipper", DECLINE]


def test_one_ride_per_level_until_all_three_levels_then_any_level(game: Game) -> None:
    """Ride Restrictions 3 and 4: 1 ride per level until one in each level, then any level."""
    state = ticket_trick(game, coins=12, fame=6, joy=6, ridden=["carousel"])
    assert options(state) == ["tilt-a-whirl", "log-flume", "wooden-coaster", "zipper", DECLINE]
    state = ticket_trick(game, coins=12, fame=6, joy=6, ridden=["carousel", "log-flume"])
    assert options(state) == ["wooden-coaster", "zipper", DECLINE]
    state = ticket_trick(game, coins=12, fame=6, joy=6, ridden=["carousel", "zipper"])
    assert options(state) == ["tilt-a-whirl", "log-flume", DECLINE]  # any level order
    state = ticket_trick(game, coins=12, fame=6, joy=6, ridden=["carousel", "log-flume", "zipper"])
    assert options(state) == ["ferris-wheel", "tilt-a-whirl", "wooden-coaster", DECLINE]


def test_ride_cost_is_paid_to_the_supply(game: Game) -> None:
    """To ride 1 / Spent Coins always return to the central supply."""
    state = ticket_trick(game, coins=7, fame=4, joy=4, ridden=["carousel", "log-flume"])
    before = supply(state)
    ride(state, "wooden-coaster")
    assert coins(state, 0) == 7 - 6
    assert supply(state) == before + 6
    assert ridden(state, 0) == ["carousel", "log-flume", "wooden-coaster"]


def test_fame_8_discounts_rides_by_one_coin_never_below_zero(game: Game) -> None:
    """To ride 2 / Design: Fame 8 -> rides cost 1 coin less (never below 0)."""
    display = ["swan-boats", "ferris-wheel", "tilt-a-whirl", "log-flume", "drop-tower", "zipper"]
    state = ticket_trick(game, display, coins=0, fame=8, joy=2)
    assert options(state) == ["swan-boats", DECLINE]  # costs 1, free at Fame 8
    ride(state, "swan-boats")
    assert (coins(state, 0), supply(state)) == (0, SUPPLY)
    state = ticket_trick(game, display, coins=6, fame=8, joy=2, ridden=["swan-boats"])
    assert options(state) == ["tilt-a-whirl", "drop-tower", DECLINE]  # log-flume needs Joy 3
    ride(state, "drop-tower")  # costs 7, pays 6
    assert (coins(state, 0), supply(state)) == (0, SUPPLY)
    state = ticket_trick(game, display, coins=6, fame=7, joy=2, ridden=["swan-boats"])
    assert options(state) == ["tilt-a-whirl", DECLINE]  # no discount below Fame 8


def test_fame_and_joy_requirements_are_thresholds_never_spent(game: Game) -> None:
    """Fame and Joy are not spent when riding; they are thresholds only."""
    state = ticket_trick(game, coins=6, fame=4, joy=4, ridden=["carousel", "log-flume"])
    assert options(state) == ["wooden-coaster", DECLINE]  # needs Fame 4 and Joy 4 exactly
    ride(state, "wooden-coaster")
    assert [track(state, 0, t) for t in ("fame", "joy", "sadness")] == [4, 4, 0]


def test_cannot_ride_what_you_cannot_afford_or_do_not_qualify_for(game: Game) -> None:
    """To legally ride: you can afford the cost and meet the Fame and the Joy requirement."""
    state = ticket_trick(game, coins=5, fame=3, joy=5, ridden=["carousel"])
    # tilt-a-whirl 4 F2 J2 ok; log-flume 5 F1 J3 ok; wooden-coaster F4 fails;
    # zipper costs 6 > 5 coins.
    assert options(state) == ["tilt-a-whirl", "log-flume", DECLINE]
    state = ticket_trick(game, coins=12, fame=0, joy=0)
    assert options(state) == ["carousel", DECLINE]  # ferris-wheel needs Fame 1 and Joy 1
    with pytest.raises(IllegalActionError, match="not one of the choices"):
        ride(state, "ferris-wheel")
    with pytest.raises(IllegalActionError, match="not one of the choices"):
        ride(state, "loop-the-loop")  # not even on display


def test_declining_a_possible_ride_gives_exactly_one_sadness(game: Game) -> None:
    """Declining to Ride: able to ride at least 1 attraction but choose not to -> 1 Sadness."""
    state = ticket_trick(game, coins=2, sadness=3)
    assert options(state) == ["carousel", DECLINE]
    state.apply(0, DECLINE)
    assert track(state, 0, "sadness") == 4
    assert (coins(state, 0), ridden(state, 0)) == (2, [])
    assert state.pending is None and state.to_move() == (0,)


def test_ticket_trick_without_a_legal_ride_does_nothing(game: Game) -> None:
    """Declining to Ride: if you cannot legally ride any attraction, nothing happens."""
    state = ticket_trick(game, coins=1, fame=7, joy=7, sadness=2)
    assert state.pending is None
    assert state.to_move() == (0,)
    assert NothingToChoose(0, "attractions") in state.log
    assert (track(state, 0, "sadness"), coins(state, 0), ridden(state, 0)) == (2, 1, [])
    # Ferris Wheel is affordable and qualifies, but Level 1 was ridden: not allowed now.
    state = ticket_trick(game, coins=3, fame=1, joy=1, ridden=["carousel"])
    assert state.pending is None
    assert (track(state, 0, "sadness"), coins(state, 0)) == (0, 3)


def test_sadness_is_clamped_to_0_10(game: Game) -> None:
    """Sadness runs from 0 to 10."""
    state = ticket_trick(game, coins=2, sadness=10)
    state.apply(0, DECLINE)
    assert track(state, 0, "sadness") == 10
    state = end_state(game, 2, {0: {"joy": 9, "sadness": 1}})  # Joy removes 3, Sadness stops at 0
    row = state.scores().breakdown[0]
    assert (row["Sadness"], row["Joy removes Sadness"]) == (-2, 2)  # saves the 1 there was


# -- coins: the finite supply and end-of-round cleanup ----------------------------------------


def test_coin_gain_is_paid_as_far_as_the_supply_can(game: Game) -> None:
    """Design: a gain the supply cannot pay is paid as far as it can; supply never negative."""
    state = scenario(
        game,
        players=2,
        hands=[["coins-A", "coins-K", "smiles-2"], ["stars-2", "stars-3", "stars-4"]],
        markers={1: {"coins": 78}},
    )
    assert supply(state) == 2
    play_trick(state, "coins-A", "stars-2")  # 4 coins, only 2 in the supply
    assert (coins(state, 0), supply(state)) == (2, 0)
    play_trick(state, "coins-K", "stars-3")  # 3 coins, none left
    assert (coins(state, 0), supply(state)) == (2, 0)


def test_cleanup_keeps_12_coins_and_gives_sadness_per_2_discarded_rounded_up(
    game: Game,
) -> None:
    """Cleanup 1-3: keep at most 12 Coins, discard the rest to the supply, 1 Sadness per 2."""
    held = [12, 13, 14, 15, 17]
    markers: dict[int, Markers] = {
        p: {"coins": amount, "sadness": 1} for p, amount in enumerate(held)
    }
    markers[4]["sadness"] = 9
    state = scenario(
        game,
        players=5,
        hands=[["stars-A"], ["stars-2"], ["stars-3"], ["stars-4"], ["stars-5"]],
        markers=markers,
    )
    assert supply(state) == SUPPLY - sum(held)
    play_trick(state, "stars-A", "stars-2", "stars-3", "stars-4", "stars-5")
    assert state.round == 2  # the round ended, cleanup ran, cards were dealt again
    assert [coins(state, p) for p in range(5)] == [12] * 5
    assert [track(state, p, "sadness") for p in range(5)] == [1, 2, 2, 3, 10]  # 5 -> 3, capped
    assert supply(state) == SUPPLY - 60
    assert [e for e in state.log if isinstance(e, Discarded)] == [
        Discarded(1, 0, 1),
        Discarded(2, 0, 2),
        Discarded(3, 0, 3),
        Discarded(4, 0, 5),
    ]


# -- rounds --------------------------------------------------------------------------------


def round_leaders(state: State) -> list[int]:
    """Who played the first card after each deal."""
    leaders, after_deal = [], False
    for event in state.log:
        if isinstance(event, Dealt):
            after_deal = True
        elif isinstance(event, Played) and after_deal:
            leaders.append(event.player)
            after_deal = False
    return leaders


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_rounds_2_to_5_are_led_by_the_next_seat_after_the_previous_first_leader(
    game: Game, players: int
) -> None:
    """Design: each later round is led by the next seat clockwise from the previous leader."""
    state = game.new_state(23, players)
    first = state.first_player
    play_out(state)
    assert round_leaders(state) == [(first + r) % players for r in range(5)]


def test_game_ends_after_five_rounds(game: Game) -> None:
    """Game Structure: the game lasts 5 rounds; then final cleanup and scoring."""
    state = game.new_state(3, 4)
    play_out(state)
    rounds = [e for e in state.log if isinstance(e, RoundEnded | GameEnded)]
    assert rounds == [RoundEnded(r) for r in range(1, 6)] + [GAME_ENDED]
    assert state.to_move() == () and state.legal_actions(0) == []
    assert all(not h for h in state.zones[game.zone("hand").index])
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(0, 0)


# -- end scoring ----------------------------------------------------------------------------


def breakdown(
    attractions: int, fame: int, joy: int, sadness: int, saved: int = 0
) -> dict[str, int]:
    """The rows of a breakdown: `sadness` is the penalty of the Sadness reached and `saved`
    what Joy's removal of some of it gives back (the "Joy removes Sadness" row)."""
    return dict(zip(BREAKDOWN_LABELS, [attractions, fame, joy, saved, sadness], strict=True))


def test_end_scoring_step_1_printed_vp_of_attractions_ridden(game: Game) -> None:
    """End of Game, Step 1: add the printed VP from all attractions you rode."""
    state = scored_rides(
        game,
        markers={
            0: {"ridden": ["carousel", "tilt-a-whirl", "loop-the-loop", "ferris-wheel"]},
            1: {"ridden": ["swan-boats"]},
        },
    )
    scores = state.scores()
    assert scores.totals == (3 + 6 + 12 + 4, 3, 0)
    assert scores.breakdown[0] == breakdown(25, 0, 0, 0)


@pytest.mark.parametrize(
    ("fame", "points"), [(0, 0), (3, 0), (4, 2), (7, 2), (8, 6), (11, 6), (12, 13)]
)
def test_end_scoring_step_2_cumulative_fame_milestones(game: Game, fame: int, points: int) -> None:
    """End of Game, Step 2 / Design: Fame 4 -> 2 VP, 8 -> 4 VP, 12 -> 7 VP, cumulative."""
    state = end_state(game, 2, {0: {"fame": fame}})
    scores = state.scores()
    assert scores.totals[0] == points
    assert scores.breakdown[0] == breakdown(0, points, 0, 0)


@pytest.mark.parametrize(("joy", "points"), [(0, 0), (5, 0), (6, 3), (11, 3), (12, 9)])
def test_end_scoring_step_3_cumulative_joy_milestones(game: Game, joy: int, points: int) -> None:
    """End of Game, Step 3 / Design: Joy 6 -> 3 VP, 12 -> 6 VP, cumulative."""
    state = end_state(game, 2, {0: {"joy": joy}})
    assert state.scores().breakdown[0] == breakdown(0, 0, points, 0)


@pytest.mark.parametrize(
    ("joy", "sadness", "penalty"),
    [(2, 4, -8), (3, 4, -6), (8, 4, -6), (9, 4, -2), (9, 2, 0), (3, 0, 0), (12, 10, -14)],
)
def test_end_scoring_step_4_joy_removes_sadness_before_subtracting(
    game: Game, joy: int, sadness: int, penalty: int
) -> None:
    """End of Game, Step 4: Joy 3 removes 1 Sadness, Joy 9 removes 2 more, before Step 5."""
    state = end_state(game, 2, {0: {"joy": joy, "sadness": sadness}})
    scores = state.scores()
    row = scores.breakdown[0]
    # The Sadness row is the Sadness reached; the Joy row gives back what the removal saves.
    assert (row["Sadness"], row["Sadness"] + row["Joy removes Sadness"]) == (-2 * sadness, penalty)
    assert track(state, 0, "sadness") == sadness  # scoring never moves the real markers


@pytest.mark.parametrize("sadness", [0, 1, 5, 10])
def test_end_scoring_step_5_two_vp_lost_per_remaining_sadness(game: Game, sadness: int) -> None:
    """End of Game, Step 5: lose 2 VP for each remaining Sadness."""
    state = scored_rides(game, 2, {0: {"sadness": sadness, "ridden": ["drop-tower"]}})
    scores = state.scores()
    assert scores.breakdown[0] == breakdown(10, 0, 0, -2 * sadness)
    assert scores.totals[0] == 10 - 2 * sadness


def test_end_scoring_all_five_steps_with_breakdown(game: Game) -> None:
    """End of Game, Steps 1-5 together; the most total VP wins."""
    state = end_state(
        game,
        3,
        {
            0: {"fame": 8, "joy": 9, "sadness": 5,
                "ridden": ["carousel", "tilt-a-whirl", "wooden-coaster"]},
            1: {"fame": 12, "joy": 12, "sadness": 2, "ridden": ["swan-boats"]},
            2: {"fame": 3, "joy": 2, "sadness": 10},
        },
    )  # fmt: skip
    scores = state.scores()
    assert scores.breakdown == (
        breakdown(19, 6, 3, -10, 6),  # Sadness 5 - 1 - 2 = 2 left: Joy saves 6
        breakdown(3, 13, 9, -4, 4),  # Sadness 2 - 3: none left, Joy saves 4
        breakdown(0, 0, 0, -20),
    )
    assert scores.totals == (24, 25, -20)
    for total, parts in zip(scores.totals, scores.breakdown, strict=True):
        assert total == sum(parts.values())
    assert (scores.winners, scores.decided_by) == ((1,), "points")


# -- tie breakers ---------------------------------------------------------------------------


def test_tie_breaker_1_more_attractions_ridden(game: Game) -> None:
    """Tie Breakers 1: the tied player who rode more attractions wins."""
    state = scored_rides(
        game,
        3,
        {
            0: {"ridden": ["log-flume"]},  # 7 VP, 1 ride
            1: {"ridden": ["carousel", "ferris-wheel"], "fame": 3},  # 7 VP, 2 rides
            2: {"ridden": ["carousel"]},
        },
    )
    scores = state.scores()
    assert scores.totals == (7, 7, 3)
    assert (scores.winners, scores.decided_by) == ((1,), "rode more attractions")


def test_tie_breaker_2_more_fame(game: Game) -> None:
    """Tie Breakers 2: if still tied, the tied player with more Fame wins."""
    state = scored_rides(
        game,
        3,
        {
            0: {"ridden": ["carousel"], "fame": 2, "sadness": 0},
            1: {"ridden": ["carousel"], "fame": 3, "sadness": 1, "joy": 3},  # Joy 3 removes it
            2: {"ridden": ["log-flume"], "fame": 12, "sadness": 10},
        },
    )
    scores = state.scores()
    assert scores.totals == (3, 3, 7 + 13 - 20)
    assert (scores.winners, scores.decided_by) == ((1,), "more Fame")


def test_tie_breaker_3_less_sadness(game: Game) -> None:
    """Tie Breakers 3: if still tied, the tied player with less Sadness wins."""
    state = scored_rides(
        game,
        2,
        {
            0: {"ridden": ["log-flume"], "fame": 1, "sadness": 2},  # 7 - 4
            1: {"ridden": ["carousel"], "fame": 1, "sadness": 0},  # 3
        },
    )
    scores = state.scores()
    assert scores.totals == (3, 3)
    assert (scores.winners, scores.decided_by) == ((1,), "less Sadness")


def test_tie_breaker_4_shared_victory(game: Game) -> None:
    """Tie Breakers 4: if still tied, the tied players share the victory."""
    two_rides: Markers = {"ridden": ["carousel", "haunted-house"], "fame": 3, "sadness": 1}
    state = scored_rides(
        game,
        4,
        {
            0: two_rides,
            1: {"ridden": ["carousel"], "fame": 3, "sadness": 0},
            2: two_rides,
            3: {**two_rides, "sadness": 2},  # one Sadness more: 2 VP less, not tied
        },
    )
    scores = state.scores()
    assert scores.totals == (7, 3, 7, 5)
    assert (scores.winners, scores.decided_by) == ((0, 2), "shared")


# -- the engine contract -------------------------------------------------------------------


def test_illegal_actions_wrong_player_or_card_not_in_hand(game: Game) -> None:
    """Engine contract: `apply` raises IllegalActionError with the reason."""
    state = scenario(game, hands=TICKET_HANDS, display=DISPLAY, markers={0: {"coins": 2}})
    with pytest.raises(IllegalActionError, match="it is player 0's turn, not player 1's"):
        play(state, 1, "stars-K")
    with pytest.raises(IllegalActionError, match="K of Stars is not in player 0's hand"):
        play(state, 0, "stars-K")
    play_trick(state, "tickets-A", "stars-K", "stars-Q")
    assert state.to_move() == (0,)
    with pytest.raises(IllegalActionError, match="player 1 cannot act: player 0 must choose"):
        state.apply(1, DECLINE)
    with pytest.raises(IllegalActionError, match="Zipper is not one of the choices"):
        ride(state, "zipper")  # on display, but Player 0 has no coins for it


def test_an_action_that_is_no_choice_at_all_raises_illegal_action_error(game: Game) -> None:
    """Engine contract: `apply` raises IllegalActionError for any action it does not allow."""
    state = ticket_trick(game, coins=2)
    assert options(state) == ["carousel", DECLINE]
    with pytest.raises(IllegalActionError, match="not one of the choices"):
        play(state, 0, "stars-2")  # a deck card (26) is no attraction (0..12)


def test_observation_shows_own_hand_and_only_counts_of_other_hands(game: Game) -> None:
    """Engine contract: observation(p) hides other players' hands."""
    # Player 2 led the trick with the king of Stars; player 3 is to follow.
    state = state_from_text(
        game,
        "kind: position\ngame: midway-memories\nto_move: [3]\nplayers:\n"
        "  - {name: P1, zones: {hand: [coins-5, coins-6]}}\n"
        "  - {name: P2, zones: {hand: [stars-A]}}\n"
        "  - {name: P3, zones: {hand: [smiles-2, tickets-9]}}\n"
        "play: {trick: [stars-K], leader: 2}\n",
    )
    view = state.observation(0)
    assert view["hand"] == ["coins-5", "coins-6"]
    assert view["zones"]["hand"] == [["coins-5", "coins-6"], 1, 2]
    text = json.dumps(view)
    for secret in ("stars-A", "smiles-2", "tickets-9"):
        assert secret not in text
    view = state.observation(2)
    assert view["zones"]["hand"] == [2, 1, ["smiles-2", "tickets-9"]]
    assert "coins-5" not in json.dumps(view)
