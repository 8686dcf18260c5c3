"""The staged vocabulary, stage by stage and move by move, on Staged Orchard (tests/games/): each
test sets a moment of the round up as a position, makes moves through the public State API and
reads the zones, the log's events and the legal actions."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from staged_replay import compiled

from toolkit.engine.compiled import Game
from toolkit.engine.position_load import state_from_text
from toolkit.kernel.state import State
from toolkit.mechanics.staged import events as ev
from toolkit.mechanics.staged.moves import (
    CallMove,
    CardMove,
    DrawMove,
    FlipMove,
    PickMove,
    TakeAllMove,
)

ORCHARD = Path(__file__).parent / "games" / "staged-orchard" / "rules" / "staged-orchard.yaml"
RACE = "round/10/turn/0"
CALL = "round/10/turn/0/moves/0/then/2/then/0"
CONTEST = "round/6/turn/0/then/0"
CONTEST_EMPTY_HANDED = "round/6/turn/0/else/0"
BRANCH = "round/9/turn/0/stages/0"


@pytest.fixture(scope="module")
def game() -> Game:
    return compiled(ORCHARD)


def table(
    game: Game,
    hands: Sequence[Sequence[str]],
    *,
    at: str,
    to_move: int = 1,
    zones: dict[int, dict[str, list[str]]] | None = None,
    shared: dict[str, list[str]] | None = None,
    play: str = "",
    round_: int = 1,
    seeds: Sequence[int] = (),
) -> State:
    """The state of a position: seat by seat hands (and other zones), shared zones, the `play`
    section at the decision stage `at`, seat `to_move` (from 1) to decide."""
    zones = zones or {}
    lines = ["kind: position", "game: staged-orchard", f"round: {round_}", f"to_move: [{to_move}]"]
    lines.append("players:")
    for seat, hand in enumerate(hands):
        own = {"hand": list(hand), **zones.get(seat + 1, {})}
        written = ", ".join(f"{zone}: [{', '.join(cards)}]" for zone, cards in own.items())
        held = f", resources: {{seeds: {seeds[seat]}}}" if seat < len(seeds) else ""
        lines.append(f"  - {{name: P{seat + 1}, zones: {{{written}}}{held}}}")
    lines.append("shared:")
    for zone, cards in (shared or {}).items():
        lines.append(f"  {zone}: [{', '.join(cards)}]")
    if not shared:
        lines[-1] = "shared: {}"
    lines.append("unseen: []")
    lines.append("play:")
    lines.append(f"  at: {at}")
    lines += [f"  {line}" for line in play.splitlines() if line.strip()]
    return state_from_text(game, "\n".join(lines) + "\n")


def cards(state: State, zone: str, seat: int | None = None) -> list[str]:
    """The ids in a zone (a player zone: seat from 1), bottom first."""
    spec = state.game.zone(zone)
    held = state.shared[spec.index] if seat is None else state.zones[spec.index][seat - 1]
    return [state.game.deck.ids[card] for card in held]


def meaning(state: State, action: int) -> tuple[Any, ...]:
    """What an action does, in ids: ("play", card, zone), ("draw", pile), ("call", value) ..."""
    _, rule = state.game.mechanic.codec.rule_of(action)  # type: ignore[attr-defined]
    offset = action - rule.base
    ids = state.game.deck.ids
    if isinstance(rule, CardMove):
        card, index = divmod(offset, len(rule.targets))
        return (rule.kind, ids[card], rule.targets[index].id)
    if isinstance(rule, DrawMove):
        return ("draw", rule.sources[offset].id)
    if isinstance(rule, TakeAllMove):
        return ("take_all", rule.sources[offset].id)
    if isinstance(rule, CallMove):
        return ("call", str(rule.values[offset]))
    if isinstance(rule, FlipMove):
        return ("flip", offset)
    if isinstance(rule, PickMove):
        return ("pick", ids[offset])
    return (rule.kind,)


def offered(state: State, seat: int) -> set[tuple[Any, ...]]:
    return {meaning(state, a) for a in state.legal_actions(seat - 1)}


def do(state: State, seat: int, *wanted: Any) -> list[Any]:
    """Make the move `wanted` means for `seat` (from 1); the events it logged."""
    for action in state.legal_actions(seat - 1):
        if meaning(state, action) == wanted:
            before = len(state.log)
            state.apply(seat - 1, action)
            return list(state.log[before:])
    raise AssertionError(f"{wanted} is not offered: {sorted(offered(state, seat))}")


def seats_to_move(state: State) -> list[int]:
    return [p + 1 for p in state.to_move()]


# -- choose: play with match, take, take_all, draw from a choice of piles, flip, pass ----------


def test_a_play_matches_the_carts_colour_or_rank_and_a_star_fits_anything(game: Game) -> None:
    state = table(
        game,
        [["red-2", "green-4", "gold-1", "star-1"], ["gold-6"]],
        at=RACE,
        shared={"cart": ["red-4"], "deck": ["gold-5"], "market": ["red-1", "red-6"]},
    )
    plays = {m[1] for m in offered(state, 1) if m[0] == "play"}
    assert plays == {"red-2", "green-4", "star-1"}  # red-4: same colour, same rank, wild


def test_the_stall_is_taken_by_one_fruit_or_whole_when_the_basket_is_nearly_empty(
    game: Game,
) -> None:
    market = ["red-1", "red-6"]
    full = table(
        game,
        [["gold-2", "gold-3", "gold-4", "gold-5"], ["gold-6"]],
        at=RACE,
        shared={"cart": ["green-1"], "market": market, "deck": ["red-2"]},
    )
    assert not {m for m in offered(full, 1) if m[0] in ("take", "take_all")}  # 4 in hand
    low = table(
        game, [["gold-2"], ["green-6"]], at=RACE, shared={"cart": ["green-1"], "market": market}
    )
    assert {m for m in offered(low, 1) if m[0] in ("take", "take_all")} == {
        ("take", "red-1", "hand"),
        ("take", "red-6", "hand"),
        ("take_all", "market"),
    }
    events = do(low, 1, "take_all", "market")
    moved = [e for e in events if isinstance(e, ev.CardsMoved) and e.player == 0]
    assert moved[0].source == "market" and set(cards(low, "hand", 1)) == {"gold-2", *market}
    # the stall refills to two after the turn (from the orchard, here empty: from the compost)
    assert cards(low, "market") == []  # orchard and compost are both empty: nothing refills
    rich = table(
        game, [["gold-6"], ["gold-5"]], at=RACE, shared={"cart": ["green-1"], "market": market}
    )
    assert ("take_all", "market") not in offered(rich, 1)  # worth 6: the sum is not below 5


def test_a_draw_offers_each_pile_and_reshuffles_the_cart_into_an_empty_orchard(
    game: Game,
) -> None:
    state = table(
        game,
        [["gold-2"], ["red-5"]],
        at=RACE,
        shared={"cart": ["red-1", "red-2", "red-3"], "compost": ["green-5"]},
    )
    assert {m for m in offered(state, 1) if m[0] == "draw"} == {
        ("draw", "deck"),
        ("draw", "compost"),
    }
    do(state, 1, "draw", "deck")
    # the cart but its top card went into the orchard; one of them is now in the hand
    assert cards(state, "cart") == ["red-3"]
    drawn = set(cards(state, "hand", 1)) - {"gold-2"}
    assert len(drawn) == 1 and drawn <= {"red-1", "red-2"}
    # the other one refilled the stall after the turn (the orchard was empty again)
    assert set(cards(state, "market")) == {"red-1", "red-2"} - drawn and not cards(state, "deck")


def test_a_crate_is_hidden_even_from_its_owner_until_flipped(game: Game) -> None:
    state = table(
        game,
        [["gold-2"], ["gold-6"]],
        at=RACE,
        zones={1: {"stash": ["red-5", "star-2"]}},
        shared={"cart": ["green-1"], "deck": ["gold-1"]},
    )
    assert state.observation(0)["zones"]["stash"] == [2, 0]  # how many, never which
    assert {m for m in offered(state, 1) if m[0] == "flip"} == {("flip", 0), ("flip", 1)}
    events = do(state, 1, "flip", 1)
    assert any(isinstance(e, ev.Flipped) and game.deck.ids[e.card] == "star-2" for e in events)
    assert cards(state, "shown", 1) == ["star-2"] and cards(state, "stash", 1) == ["red-5"]


def test_a_pass_is_offered_while_someone_else_has_not_passed_and_seeds_are_held(
    game: Game,
) -> None:
    shared = {"cart": ["green-1"], "deck": ["gold-1"]}
    broke = table(game, [["gold-2"], ["gold-6"]], at=RACE, shared=shared)
    assert ("pass",) not in offered(broke, 1)
    rich = table(game, [["gold-2"], ["gold-6"]], at=RACE, shared=shared, seeds=[1, 0])
    assert ("pass",) in offered(rich, 1)
    events = do(rich, 1, "pass")
    assert any(isinstance(e, ev.PassedTurn) and e.player == 0 for e in events)
    assert seats_to_move(rich) == [2]
    alone = table(
        game, [["gold-2"], ["gold-6"]], at=RACE, shared=shared, seeds=[1, 0], play="passed: [2]"
    )
    assert ("pass",) not in offered(alone, 1)  # every other player has passed


def test_a_refill_from_an_empty_spare_zone_moves_nothing_and_play_goes_on(game: Game) -> None:
    # the stall refills from the orchard, reshuffling the compost in: both are empty
    state = table(
        game,
        [["green-2", "gold-3"], ["green-6"]],
        at=RACE,
        shared={"cart": ["green-1"], "market": ["red-1"]},
    )
    do(state, 1, "take", "red-1", "hand")
    assert cards(state, "market") == [] and seats_to_move(state) == [2]


# -- a card's action: order skip and reverse, call, finish with effects by place ---------------


def test_a_skip_passes_over_the_next_picker(game: Game) -> None:
    hands = [["red-skip", "red-2"], ["red-3"], ["red-4"]]
    state = table(game, hands, at=RACE, shared={"cart": ["red-1"]})
    events = do(state, 1, "play", "red-skip", "cart")
    assert any(isinstance(e, ev.OrderChanged) and e.skipped == 1 for e in events)
    assert seats_to_move(state) == [3]


def test_a_swap_turns_the_order_round(game: Game) -> None:
    hands = [["green-swap", "red-2"], ["green-3"], ["green-4", "gold-6"]]
    state = table(game, hands, at=RACE, shared={"cart": ["green-1"]})
    events = do(state, 1, "play", "green-swap", "cart")
    assert any(isinstance(e, ev.OrderChanged) and e.reversed for e in events)
    assert seats_to_move(state) == [3]
    do(state, 3, "play", "green-4", "cart")
    assert seats_to_move(state) == [2]


def test_a_star_calls_the_colour_the_next_fruit_must_match(game: Game) -> None:
    state = table(
        game, [["star-1", "red-2"], ["gold-3", "green-5"]], at=RACE, shared={"cart": ["red-1"]}
    )
    do(state, 1, "play", "star-1", "cart")
    assert seats_to_move(state) == [1]
    assert offered(state, 1) == {("call", c) for c in ("red", "green", "gold", "star")}
    events = do(state, 1, "call", "gold")
    assert any(isinstance(e, ev.ValueCalled) and e.value == "gold" for e in events)
    assert {m[1] for m in offered(state, 2) if m[0] == "play"} == {"gold-3"}


def test_the_first_to_empty_their_basket_finishes_first_and_gains_its_seeds(game: Game) -> None:
    hands = [["red-2"], ["red-3", "gold-1"], ["red-4"]]
    state = table(game, hands, at=RACE, shared={"cart": ["red-1"], "deck": ["gold-2"]})
    seeds = game.resource_index("seeds")
    events = do(state, 1, "play", "red-2", "cart")
    finished = [e for e in events if isinstance(e, ev.FinishedPlace)]
    assert [(e.player, e.place) for e in finished] == [(0, 1)]
    # 3 for the first place, then 1 each from the round's closing `effects` (round 1: `else`)
    assert [state.res[p][seeds] for p in range(3)] == [4, 1, 1]
    # `until: {finished: any}` ends the race, and with it the round's play: round 2 begins
    assert state.round == 2


def test_when_nobody_can_move_the_race_breaks_off(game: Game) -> None:
    state = table(
        game, [["gold-2"], ["green-6"]], at=RACE, shared={"cart": ["red-1"], "deck": ["gold-6"]}
    )
    do(state, 1, "draw", "deck")  # P2 then has no move: `otherwise` breaks out of the turns
    assert state.round == 2


# -- turns once with a card-filter start, follow, award with trump, follow and ties ------------


def test_a_player_who_can_must_follow_the_first_fruits_colour(game: Game) -> None:
    hands = [["green-2", "red-6", "star-1"], ["gold-1", "green-5"]]
    state = table(
        game,
        hands,
        at=CONTEST,
        to_move=1,
        shared={"trick": ["red-2"]},
        play="played_by: {red-2: 2}",
    )
    assert {m[1] for m in offered(state, 1)} == {"red-6"}
    void = table(
        game,
        [["green-2", "star-1"], ["gold-1"]],
        at=CONTEST,
        shared={"trick": ["red-2"]},
        play="played_by: {red-2: 2}",
    )
    assert {m[1] for m in offered(void, 1)} == {"green-2", "star-1"}


def test_an_empty_handed_player_puts_a_stall_fruit_into_the_contest(game: Game) -> None:
    state = table(
        game,
        [[], ["gold-1"]],
        at=CONTEST_EMPTY_HANDED,
        shared={"trick": ["red-2"], "market": ["gold-4"]},
        play="played_by: {red-2: 2}",
    )
    assert offered(state, 1) == {("take", "gold-4", "trick")}


def contest(game: Game, played: list[str]) -> tuple[State, list[Any]]:
    """Seat 1, 2 ... each play one card of `played`, in order, from an empty contest: the
    events of the whole contest."""
    hands = [[card] for card in played]
    state = table(game, hands, at=CONTEST, shared={"deck": ["gold-5"]})
    before = len(state.log)
    for seat, card in enumerate(played, 1):
        do(state, seat, "play", card, "trick")
    return state, list(state.log[before:])


def awarded(game: Game, events: list[Any]) -> tuple[int, str]:
    (award,) = [e for e in events if isinstance(e, ev.Awarded)]
    return award.winner, game.deck.ids[award.card]


def test_the_highest_fruit_of_the_first_colour_wins_the_contest(game: Game) -> None:
    state, events = contest(game, ["red-3", "gold-6", "red-5"])
    assert awarded(game, events) == (2, "red-5")
    assert sorted(cards(state, "bank", 3)) == ["gold-6", "red-3", "red-5"]


def test_a_star_beats_every_colour_even_without_a_rank(game: Game) -> None:
    state, events = contest(game, ["red-3", "star-1", "red-6"])
    assert awarded(game, events) == (1, "star-1")
    assert sorted(cards(state, "bank", 2)) == ["red-3", "red-6", "star-1"]


def test_with_two_stars_the_first_played_wins_the_tie(game: Game) -> None:
    _, events = contest(game, ["star-2", "red-6", "star-1"])
    assert awarded(game, events) == (0, "star-2")


def test_the_contest_starts_with_the_holder_of_a_gold_fruit(game: Game) -> None:
    # from the round's start: P2 holds the only gold fruit dealt
    text = "\n".join(
        [
            "kind: position",
            "game: staged-orchard",
            "to_move: [1, 2]",
            "players:",
            "  - {name: A, zones: {hand: [red-1, red-2]}}",
            "  - {name: B, zones: {hand: [gold-3, green-2]}}",
            "shared: {deck: [green-5, green-4], cart: [red-6]}",
            "unseen: []",
            "play: {at: round/4}",
        ]
    )
    state = state_from_text(game, text + "\n")
    do(state, 1, "pick", "red-2")
    do(state, 2, "pick", "green-2")  # passed left: red-2 to B, green-2 to A
    assert sorted(cards(state, "hand", 1)) == ["green-2", "red-1"]
    assert sorted(cards(state, "hand", 2)) == ["gold-3", "red-2"]
    assert seats_to_move(state) == [2]


# -- repeat with stop and a bust that breaks out of the turn -----------------------------------


def test_stopping_banks_the_branch_and_the_next_picker_climbs(game: Game) -> None:
    state = table(
        game, [["red-1"], ["red-2"]], at=BRANCH, shared={"deck": ["gold-1", "gold-2", "green-3"]}
    )
    assert offered(state, 1) == {("draw", "deck")}  # stop needs a fruit on the branch
    do(state, 1, "draw", "deck")
    assert offered(state, 1) == {("draw", "deck"), ("stop",)}
    events = do(state, 1, "stop")
    assert any(isinstance(e, ev.Stopped) for e in events)
    assert cards(state, "bank", 1) == ["green-3"] and seats_to_move(state) == [2]


def test_two_of_a_colour_spoil_the_branch_and_end_the_turn(game: Game) -> None:
    state = table(
        game, [["red-1"], ["red-2"]], at=BRANCH, shared={"deck": ["gold-5", "gold-1", "gold-2"]}
    )
    do(state, 1, "draw", "deck")
    do(state, 1, "draw", "deck")  # gold-2 then gold-1: a bust
    assert cards(state, "branch", 1) == [] and cards(state, "bank", 1) == []
    assert sorted(cards(state, "compost")) == ["gold-1", "gold-2"]
    assert seats_to_move(state) == [2]


def test_the_branch_holds_at_most_three_shakes(game: Game) -> None:
    deck = ["gold-6", "red-4", "green-2", "gold-3", "star-1"]
    state = table(game, [["red-1"], ["red-2"]], at=BRANCH, shared={"deck": deck})
    for _ in range(3):
        do(state, 1, "draw", "deck")
    # `max: 3` ends the repeat: the branch is banked, no stop needed
    assert sorted(cards(state, "bank", 1)) == ["gold-3", "green-2", "star-1"]
    assert seats_to_move(state) == [2]


# -- a whole round's automatic stages -----------------------------------------------------------


def test_a_round_deals_fills_passes_by_round_and_tidies(game: Game) -> None:
    state = game.new_state(7, 3)
    first = [e for e in state.log if isinstance(e, ev.CardsMoved)]
    # deal with rest: 3 each, the other 14 form the orchard face down
    assert first[0].source == "undealt" and first[0].target == "deck" and len(first[0].cards) == 14
    crates = [e for e in first if e.target == "stash"]  # who: each, from the orchard at random
    assert sorted(e.owner for e in crates) == [0, 1, 2] and all(e.hidden for e in crates)
    (cart,) = [e for e in first if e.target == "cart"]  # where: a ranked fruit
    assert game.deck.fields["rank"][cart.cards[0]] is not None
    assert len(cards(state, "market")) == 2  # fill_to: 2
    assert seats_to_move(state) == [1, 2, 3]  # the simultaneous pass
    hands = [cards(state, "hand", seat) for seat in (1, 2, 3)]
    for seat in (1, 2, 3):
        do(state, seat, "pick", hands[seat - 1][0])
    picks = [e for e in state.log if isinstance(e, ev.Revealed)]
    assert [e.player for e in picks] == [0, 1, 2]  # revealed together, in seat order
    for seat in (1, 2, 3):  # round 1: passed to the left (the next seat)
        assert hands[seat - 1][0] in cards(state, "hand", seat % 3 + 1)
    seeds = game.resource_index("seeds")
    assert [state.res[p][seeds] for p in range(3)] == [1, 1, 1]  # each_player effects


def test_round_two_ends_with_the_gardener_the_tidy_fragment_and_opened_crates_banked(
    game: Game,
) -> None:
    compost = ["gold-1", "gold-2", "gold-3", "gold-4"]
    state = table(
        game,
        [["red-2"], ["red-3", "green-1"]],
        at=RACE,
        round_=2,
        zones={1: {"shown": ["green-6"]}},
        shared={"cart": ["red-1"], "compost": compost, "market": ["star-1", "star-2"]},
    )
    do(state, 1, "play", "red-2", "cart")
    # the automaton's repeat returns the compost's top fruit to the orchard until 2 are left
    assert cards(state, "deck") == ["gold-4", "gold-3"]
    # round 2 (`if` on the round's cycle): `use: tidy` clears the stall into the compost
    assert cards(state, "compost") == ["gold-1", "gold-2", "star-1", "star-2"]
    # round_end.then: opened crates go to the barn; the second round was the last
    assert cards(state, "bank", 1) == ["green-6"] and state.terminal


def test_round_two_passes_to_the_right(game: Game) -> None:
    text = "\n".join(
        [
            "kind: position",
            "game: staged-orchard",
            "round: 2",
            "to_move: [1, 2, 3]",
            "players:",
            "  - {name: A, zones: {hand: [red-1]}}",
            "  - {name: B, zones: {hand: [red-2]}}",
            "  - {name: C, zones: {hand: [red-3]}}",
            "shared: {deck: [green-5, green-4], cart: [red-6]}",
            "unseen: []",
            "play: {at: round/4}",
        ]
    )
    state = state_from_text(game, text + "\n")
    for seat in (1, 2, 3):
        do(state, seat, "pick", f"red-{seat}")
    assert [cards(state, "hand", seat) for seat in (1, 2, 3)] == [["red-2"], ["red-3"], ["red-1"]]


# -- Staged Signals: reveals in order, ties, turns from the last mover, next and current -------

SIGNALS = Path(__file__).parent / "games" / "staged-signals" / "rules" / "staged-signals.yaml"


@pytest.fixture(scope="module")
def signals() -> Game:
    return compiled(SIGNALS)


def signals_at(
    game: Game, hands: Sequence[Sequence[str]], at: str, to_move: str, more: str = ""
) -> State:
    players = "".join(
        f"  - {{name: P{seat}, zones: {{hand: [{', '.join(hand)}]}}}}\n"
        for seat, hand in enumerate(hands, 1)
    )
    text = (
        f"kind: position\ngame: staged-signals\nto_move: {to_move}\nplayers:\n{players}"
        f"shared: {{deck: [white-8]}}\nunseen: []\n{more}play:\n  at: {at}\n"
    )
    return state_from_text(game, text)


@pytest.mark.parametrize(
    ("at", "order"),
    [("round/1", [1, 2, 0]), ("round/2", [0, 2, 1])],
    ids=["ascending", "descending"],
)
def test_picks_are_raised_in_the_order_of_their_rank(
    signals: Game, at: str, order: list[int]
) -> None:
    hands = [["blue-7", "white-1"], ["blue-2", "white-2"], ["blue-5", "white-3"]]
    state = signals_at(signals, hands, at, "[1, 2, 3]")
    for seat, card in ((1, "blue-7"), (2, "blue-2"), (3, "blue-5")):
        do(state, seat, "pick", card)
    raised = [e for e in state.log if isinstance(e, ev.CardsMoved) and e.target == "row"]
    assert [e.player for e in raised] == order


def test_a_tie_for_the_lowest_flag_wins_nobody_the_mast(signals: Game) -> None:
    hands = [["blue-3", "white-7"], ["white-3", "blue-8"]]
    state = signals_at(signals, hands, "round/2", "[1, 2]")
    do(state, 1, "pick", "white-7")
    do(state, 2, "pick", "blue-8")
    (award,) = [e for e in state.log if isinstance(e, ev.Awarded)]
    assert award.winner == 0  # 7 and 8: the lowest flag's picker wins the mast
    assert sorted(cards(state, "won", 1)) == ["blue-8", "white-7"]
    tied = signals_at(signals, [["blue-3", "white-7"], ["white-3", "blue-8"]], "round/1", "[1, 2]")
    for seat, card in ((1, "blue-3"), (2, "white-3")):
        do(tied, seat, "pick", card)
    for seat, card in ((1, "white-7"), (2, "blue-8")):
        do(tied, seat, "pick", card)
    (award,) = [e for e in tied.log if isinstance(e, ev.Awarded)]
    assert award.winner == -1  # two 3s: nobody wins, the flags stay for the rail
    assert cards(tied, "won", 1) == [] and cards(tied, "won", 2) == []


def test_a_player_without_a_card_the_pick_allows_sits_it_out(signals: Game) -> None:
    hands = [["white-1", "white-2"], ["blue-4", "white-3"], ["white-5"]]
    state = signals_at(signals, hands, "round/5", "[2]")
    assert seats_to_move(state) == [2]
    do(state, 2, "pick", "blue-4")
    assert [e.player for e in state.log if isinstance(e, ev.Revealed)] == [1]


def test_turns_start_with_the_last_mover_and_skip_empty_hands_while_any_hold_flags(
    signals: Game,
) -> None:
    hands = [["white-1"], [], ["white-5", "white-6"]]
    state = signals_at(signals, hands, "round/6/turn/0", "[3]", "")
    do(state, 3, "play", "white-5", "pile")
    assert seats_to_move(state) == [1]  # seat 2 holds nothing: skipped
    do(state, 1, "play", "white-1", "pile")
    assert seats_to_move(state) == [3]  # seat 1 is empty now, seat 2 still
    do(state, 3, "play", "white-6", "pile")
    # every hand empty: `while` ends the turns; the next `turns` stage asks for draws
    (seat,) = seats_to_move(state)
    assert offered(state, seat) == {("draw", "deck")}


def test_the_last_turns_start_with_the_player_acting_and_repeat_while_they_hold_flags(
    signals: Game,
) -> None:
    hands = [["white-1", "white-2"], ["blue-3"]]
    state = signals_at(signals, hands, "round/8/turn/0/stages/0", "[1]", "")
    do(state, 1, "play", "white-1", "pile")
    assert seats_to_move(state) == [1]  # the repeat goes on while the hand holds a flag
    do(state, 1, "play", "white-2", "pile")
    assert seats_to_move(state) == [2]
    do(state, 2, "play", "blue-3", "pile")
    # the locker still holds a flag: `break: out_of round` skips the last `move`, and the
    # round-end stages put the locker's flags on the rail
    assert cards(state, "won", 1) == [] and state.round == 2
