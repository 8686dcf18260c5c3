"""Twin Keepers, one built scenario per rule, with exact expectations.

Each test sets the hands, the turned-up card and the leader of round 1, applies actions and
checks the exact outcome: the deal and the turned card, ordering up (the dealer picks up and
discards), the second calling round (another suit, the dealer may not pass), the Keepers
ranked above trump and counting as trump, going alone, the makers' contract and the
defenders' points, and the pair's score ending the game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.errors import IllegalActionError
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.codec import Call, Discard, NameTrump
from toolkit.mechanics.trick_taking.events import ContractScored, Discarded
from toolkit.mechanics.trick_taking.machine import CALL, CALL2, DISCARD, PLAY
from toolkit.pnp.describe import Describer
from toolkit.pnp.reference import reference_context
from toolkit.record.events import _Names

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "twin-keepers.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def ids(game: Game, cards: Sequence[int]) -> list[str]:
    return sorted(game.deck.ids[c] for c in cards)


def hand(state: State, player: int) -> list[str]:
    return ids(state.game, state.zones[state.game.zone("hand").index][player])


def dealt(game: Game, hands: Sequence[Sequence[str]], turned: str, leader: int = 0) -> State:
    """Round 1 just dealt: these hands, `turned` turned up, `leader` (dealer before it)."""
    state = game.new_state(1, 4)
    zone = game.zone("hand").index
    for player, cards in enumerate(hands):
        state.zones[zone][player] = [game.card("deck", c) for c in cards]
    held = {c for cards in state.zones[zone] for c in cards}
    card = game.card("deck", turned)
    state.out_of_play = [card, *(c for c in range(24) if c not in held and c != card)]
    mech = state.mech
    mech.round_leader = mech.current = leader
    mech.turned = card
    mech.trump = -1
    return state


def act(state: State, *records: object) -> None:
    codec = state.game.mechanic.codec  # type: ignore[attr-defined]
    for record in records:
        state.apply(state.mech.current, codec.encode(record))


def play(state: State, *cards: str) -> None:
    for card in cards:
        state.apply(state.mech.current, state.game.card("deck", card))


HANDS = [
    ["stars-J", "stars-A", "moons-9", "suns-10", "comets-K"],
    ["moons-J", "stars-K", "suns-9", "suns-A", "comets-9"],
    ["stars-9", "stars-10", "moons-A", "suns-K", "comets-10"],
    ["stars-Q", "moons-10", "moons-Q", "suns-Q", "comets-A"],
]
TURNED = "suns-J"


def test_the_deal_gives_five_each_and_turns_up_the_top_of_the_four_left(game: Game) -> None:
    state = game.new_state(7, 4)
    hands = state.zones[game.zone("hand").index]
    assert [len(cards) for cards in hands] == [5, 5, 5, 5]
    assert len(state.out_of_play) == 4
    mech = state.mech
    assert mech.turned == state.out_of_play[0]
    assert mech.trump == -1  # offered, not trump until called
    assert mech.phase == CALL and mech.current == mech.round_leader


def test_ordering_up_makes_trump_and_the_dealer_picks_up_and_discards(game: Game) -> None:
    state = dealt(game, HANDS, TURNED, leader=0)  # the dealer is seat 4 (index 3)
    act(state, Call(order=False), Call(order=True))
    mech = state.mech
    assert mech.trump == game.mechanic.suit_ids.index("suns")  # type: ignore[attr-defined]
    assert mech.maker == 1
    assert mech.phase == DISCARD and mech.current == 3
    assert TURNED in hand(state, 3) and len(hand(state, 3)) == 6
    with pytest.raises(IllegalActionError):
        act(state, Discard(game.card("deck", "stars-9")))  # not in the dealer's hand
    act(state, Discard(game.card("deck", "moons-10")))
    assert "moons-10" not in hand(state, 3) and len(hand(state, 3)) == 5
    assert mech.phase == PLAY and mech.current == 0
    words = _Names(game)
    lines = {
        viewer: [
            line
            for event in state.log
            if isinstance(event, Discarded)
            for line in game.mechanic.narrate_event(event, viewer, words) or ()
        ]
        for viewer in (0, 3)
    }
    assert lines[3] == ["  player 4 picks up the turned card and discards 10 of Moons"]
    assert lines[0] == ["  player 4 picks up the turned card and discards a card"]
    assert any(isinstance(event, Discarded) for event in state.log)


def test_when_all_pass_a_second_round_names_another_suit_and_the_dealer_cannot_pass(
    game: Game,
) -> None:
    state = dealt(game, HANDS, TURNED, leader=0)
    act(state, *[Call(order=False)] * 4)
    mech = state.mech
    assert mech.phase == CALL2 and mech.current == 0
    codec = game.mechanic.codec  # type: ignore[attr-defined]
    suns = game.mechanic.suit_ids.index("suns")  # type: ignore[attr-defined]
    legal = state.legal_actions(0)
    assert codec.encode(NameTrump(suns)) not in legal  # the turned suit is out
    assert codec.encode(Call(order=False)) in legal
    act(state, Call(order=False), Call(order=False), Call(order=False))
    dealer_legal = state.legal_actions(3)
    assert codec.encode(Call(order=False)) not in dealer_legal  # the dealer must name
    stars = game.mechanic.suit_ids.index("stars")  # type: ignore[attr-defined]
    act(state, NameTrump(stars))
    assert mech.trump == stars and mech.maker == 3
    assert mech.phase == PLAY  # nobody picks up in the second round
    assert TURNED not in hand(state, 3)


def test_the_keeper_and_its_twin_outrank_every_trump(game: Game) -> None:
    state = dealt(game, HANDS, "stars-10", leader=0)
    act(state, Call(order=True), Discard(game.card("deck", "comets-A")))  # stars trump
    play(state, "stars-A", "moons-J")  # the twin Keeper counts as a Star: it follows
    play(state, "stars-9", "stars-Q")
    trick = [e for e in state.log if e.kind == "trick"][-1]
    assert (trick.winner, game.deck.ids[trick.card]) == (1, "moons-J")
    state2 = dealt(game, HANDS, "stars-10", leader=0)
    act(state2, Call(order=True), Discard(game.card("deck", "comets-A")))
    play(state2, "stars-J", "moons-J", "stars-9", "stars-Q")
    trick = [e for e in state2.log if e.kind == "trick"][-1]
    assert game.deck.ids[trick.card] == "stars-J"  # the Keeper beats its twin


def test_the_twin_keeper_does_not_follow_its_printed_suit(game: Game) -> None:
    state = dealt(game, HANDS, "stars-10", leader=2)  # seat 3 leads; dealer seat 2
    act(state, Call(order=True))  # seat 3 orders stars up; seat 2 (dealer) picks up
    act(state, Discard(game.card("deck", "comets-9")))
    play(state, "moons-A")  # seat 3 leads Moons
    # Seat 4 holds Moons: follows. Then seat 1 holds moons-9: follows.
    play(state, "moons-Q", "moons-9")
    legal = ids(game, state.legal_actions(1))
    assert "moons-J" in legal  # it is a Star now: seat 2 holds no Moon, anything goes
    assert legal == hand(state, 1)


def test_a_maker_going_alone_plays_without_their_partner(game: Game) -> None:
    state = dealt(game, HANDS, TURNED, leader=0)
    act(state, Call(order=True, alone=True))  # seat 1 alone; seat 3 sits out
    mech = state.mech
    assert mech.sitting == (2,)
    assert hand(state, 2) == []
    act(state, Discard(game.card("deck", "moons-10")))
    assert mech.current == 0
    play(state, "stars-A", "stars-K")
    assert mech.current == 3  # seat 3 is skipped
    assert not game.mechanic.is_quiet(state, 3)  # the third card completes the trick
    play(state, "stars-Q")
    trick = [e for e in state.log if e.kind == "trick"][-1]
    assert trick.winner == 0 and not mech.plays  # a trick of three cards


def _finish_round(state: State, rng: random.Random) -> None:
    start = state.round
    while state.round == start and not state.terminal:
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))


def test_makers_score_by_tricks_and_defenders_score_when_makers_fall_short(
    game: Game,
) -> None:
    seen: dict[tuple[bool, int, bool], int] = {}
    for seed in range(160):  # random play makes all five tricks about once in 50 rounds
        state = game.new_state(seed, 4)
        rng = random.Random(seed)
        _finish_round(state, rng)
        scored = [e for e in state.log if isinstance(e, ContractScored)]
        assert len(scored) == 1
        event = scored[0]
        banked = [points[p] for points in state.banked for p in range(4)]
        alone = any(e.kind == "trump-called" and e.alone for e in state.log)
        if event.made:
            want = (4 if alone else 2) if event.tricks == 5 else 1
            assert event.points == want and banked[event.maker] == want
            assert sum(banked) == want
        else:
            assert event.tricks < 3 and event.points == 2
            first_defender = (event.maker + 1) % 4
            assert banked[first_defender] == 2 and sum(banked) == 2
        seen[(event.made, event.tricks == 5, alone)] = seed
    assert (True, False, False) in seen and (False, False, False) in seen
    assert any(made and every for made, every, _ in seen)  # all five tricks: 2, or 4 alone


def test_the_pair_that_reaches_ten_points_together_ends_the_game(game: Game) -> None:
    for seed in range(6):
        state = game.new_state(seed, 4)
        rng = random.Random(seed)
        while not state.terminal:
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        banked = [sum(points[p] for points in state.banked) for p in range(4)]
        pairs = [banked[0] + banked[2], banked[1] + banked[3]]
        assert max(pairs) >= 10
        totals = state.scores().totals
        assert totals == (pairs[0], pairs[1], pairs[0], pairs[1])
        assert state.round < 19  # the pair's score ended it, not the round cap


def test_ismcts_plays_a_game_to_the_end(game: Game) -> None:
    state = game.new_state(3, 4)
    bots = [make_bot("ismcts:20", seed=p) for p in range(4)]
    steps = 0
    while not state.terminal and steps < 400:
        player = state.to_move()[0]
        state.apply(player, bots[player].choose(state, player))
        steps += 1
    assert state.terminal


def test_the_rules_help_and_the_replay_tell_calling_in_words(game: Game, tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    result = run_toolkit(
        "simulate", "twin-keepers", "--games", "1", "--bots", "random", "--transcript", transcript
    )
    assert result.returncode == 0, result.stderr
    replay = run_toolkit("replay", transcript)
    assert replay.returncode == 0, replay.stderr
    assert "is turned up" in replay.stdout
    assert "as trump" in replay.stdout
    assert "made trump and took" in replay.stdout or "the defenders score" in replay.stdout
    context = reference_context(game.content, Describer(game.content, lambda icon: False))
    text = " ".join([*context["before_play"], *context["play_rules"], *context["end_when"]])
    assert "orders the turned-up card's suit trump or passes" in text
    assert "the dealer (the seat before the leader) may not pass" in text
    assert "the J of Stars, the J of Moons" in text
    assert "must win 3 tricks" in text
    assert "when a player has 10 or more points with their partners" in text


def test_the_lamp_lighter_orders_up_with_two_high_cards_and_passes_without(game: Game) -> None:
    codec = game.mechanic.codec  # type: ignore[attr-defined]
    bot = make_bot("lamp-lighter", seed=1, game=game)
    strong = dealt(game, HANDS, TURNED, leader=0)  # seat 1: the Ace of Stars, King of Comets
    assert bot.choose(strong, 0) == codec.encode(Call(order=True))
    weak = dealt(game, HANDS, TURNED, leader=3)  # seat 4 leads: the Ace of Comets alone
    assert bot.choose(weak, 3) == codec.encode(Call(order=False))
