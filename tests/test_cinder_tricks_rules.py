"""Cinder Tricks, one built scenario per rule, with exact expectations.

Each test sets up a position (hands, who is to act, the phase), applies actions and checks
the exact outcome: passing three cards with a direction that cycles by round, the 2 of Bellows
leading the first trick, Embers that may not lead until broken, the winner taking the trick,
won cards going back into the deck, and what bots may know of passed cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.errors import IllegalActionError
from toolkit.kernel.events import RoundScored
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.codec import PassCard
from toolkit.mechanics.trick_taking.events import Passed
from toolkit.record.events import narrate

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "cinder-tricks.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def cards(game: Game, ids: Sequence[str]) -> list[int]:
    return [game.card("deck", c) for c in ids]


def hand(state: State, player: int) -> list[str]:
    deck = state.game.deck
    return sorted(deck.ids[c] for c in state.zones[state.game.zone("hand").index][player])


def won(state: State, player: int) -> list[str]:
    deck = state.game.deck
    return sorted(deck.ids[c] for c in state.zones[state.game.zone("taken").index][player])


def seats(hands: Sequence[Sequence[str]], points: dict[int, str] | None = None) -> str:
    """The `players` of a position: each seat's hand, and its points banked in earlier
    rounds (`points`: seat -> `{label: points}`)."""
    points = points or {}
    return "players:\n" + "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{', '.join(ids)}]}}"
        + (f", round_points: {points[seat]}" if seat in points else "")
        + "}\n"
        for seat, ids in enumerate(hands)
    )


def position(game: Game, text: str) -> State:
    """The state a position file describes (its text, as a designer writes it)."""
    return state_from_text(game, text)


def playing(
    game: Game,
    hands: Sequence[Sequence[str]],
    leader: int = 0,
    *,
    broken: bool = False,
    points: dict[int, str] | None = None,
) -> State:
    """Play in round 1 with these hands, `leader` to lead a trick after the first; the
    trick's number follows from the size of the hands."""
    return position(
        game,
        f"kind: position\ngame: cinder-tricks\nto_move: [{leader + 1}]\n"
        + seats(hands, points)
        + f"play: {{broken: {str(broken).lower()}}}\n",
    )


def passing(game: Game, hands: Sequence[Sequence[str]], leader: int) -> State:
    """Round 1 before play, these hands to pass from, `leader` to pass first."""
    return position(
        game,
        f"kind: position\ngame: cinder-tricks\n{seats(hands)}"
        f"play: {{phase: passing, leader: {leader + 1}}}\n",
    )


def play(state: State, *moves: tuple[int, str]) -> None:
    for player, card in moves:
        state.apply(player, state.game.card("deck", card))


def pass_action(game: Game, card: str) -> int:
    return game.mechanic.codec.encode(PassCard(game.card("deck", card)))


def passes(state: State, player: int, ids: Sequence[str]) -> None:
    for card in ids:
        state.apply(player, pass_action(state.game, card))


FOUR_HANDS = [
    ["bellows-2", "bellows-3", "embers-5", "embers-6", "anvils-Q"],
    ["bellows-4", "tongs-2", "tongs-3", "embers-7", "anvils-2"],
    ["bellows-5", "tongs-4", "tongs-5", "embers-8", "anvils-3"],
    ["bellows-6", "tongs-6", "tongs-7", "embers-9", "anvils-4"],
]
_RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
_REST = [
    card
    for suit in ("bellows", "embers", "tongs", "anvils")
    for card in (f"{suit}-{rank}" for rank in _RANKS)
    if all(card not in hand for hand in FOUR_HANDS)
]
PASSING_HANDS = [_REST[8 * seat : 8 * seat + 8] + FOUR_HANDS[seat] for seat in range(4)]
"""The whole deck dealt, 13 cards each, as passing starts; each ends with the three cards
its player passes in these scenarios (`FOUR_HANDS`' last three)."""


def test_each_player_passes_three_cards_left_in_round_one(game: Game) -> None:
    """Round 1 passes left: the next player in turn order receives them, all at once."""
    view = game.new_state(1, 4).observation(0)
    assert view["phase"] == "passing" and view["pass_to"] == 1
    leader = 2
    state = passing(game, PASSING_HANDS, leader)
    order = [(leader + i) % 4 for i in range(4)]
    gifts = {p: sorted(PASSING_HANDS[p][-3:]) for p in range(4)}
    first = order[0]
    assert sorted(state.legal_actions(first)) == sorted(
        pass_action(game, c) for c in PASSING_HANDS[first]
    )
    for player in order[:-1]:
        passes(state, player, gifts[player])
        assert len(hand(state, player)) == 10  # set aside, not yet handed over
    assert state.to_move() == (order[-1],)
    passes(state, order[-1], gifts[order[-1]])
    for player in range(4):
        giver = (player - 1) % 4
        assert hand(state, player) == sorted(PASSING_HANDS[player][:-3] + gifts[giver])
    assert state.observation(0)["phase"] == "play"


def test_a_card_cannot_be_passed_twice_or_out_of_turn(game: Game) -> None:
    leader = 1
    state = passing(game, PASSING_HANDS, leader)
    passes(state, leader, [PASSING_HANDS[leader][0]])
    with pytest.raises(IllegalActionError, match="not allowed now"):
        passes(state, leader, [PASSING_HANDS[leader][0]])
    with pytest.raises(IllegalActionError, match="turn"):
        passes(state, (leader + 1) % 4, [PASSING_HANDS[(leader + 1) % 4][0]])


HIDDEN = ", hidden"
"""A card of a hand the scenario leaves to chance."""


def last_trick(round_number: int) -> str:
    """Four players about to play the last trick of a round, player 1 to lead."""
    hands = ["tongs-9", "tongs-10", "tongs-J", "tongs-Q"]
    seats = "".join(
        f"  - {{name: P{p + 1}, zones: {{hand: [{c}]}}}}\n" for p, c in enumerate(hands)
    )
    return (
        f"kind: position\ngame: cinder-tricks\nround: {round_number}\nto_move: [1]\n"
        f"unseen: []\nplayers:\n{seats}play: {{trick_number: 13, leader: 1}}\n"
    )


@pytest.mark.parametrize(("round_number", "offset"), [(1, 1), (2, 3), (3, 2), (4, 0), (5, 1)])
def test_the_passing_direction_cycles_left_right_across_none(
    game: Game, round_number: int, offset: int
) -> None:
    """The round after the last trick of the one before passes its own way."""
    if round_number == 1:
        state = game.new_state(1, 4)
    else:
        state = position(game, last_trick(round_number - 1))
        play(state, (0, "tongs-9"), (1, "tongs-10"), (2, "tongs-J"), (3, "tongs-Q"))
    assert state.round == round_number
    view = state.observation(0)
    assert view["phase"] == ("passing" if offset else "play")
    if offset:
        assert view["pass_to"] == offset


def test_the_two_of_bellows_leads_the_first_trick(game: Game) -> None:
    """After passing, whoever holds the 2 of Bellows leads it, and only it."""
    state = position(
        game,
        "kind: position\ngame: cinder-tricks\nround: 4\nplayers:\n"
        "  - {name: P1, zones: {hand: 13}}\n"
        f"  - {{name: P2, zones: {{hand: [bellows-2, bellows-3{HIDDEN * 11}]}}}}\n"
        "  - {name: P3, zones: {hand: 13}}\n  - {name: P4, zones: {hand: 13}}\n",
    )
    assert state.to_move() == (1,)
    assert state.legal_actions(1) == cards(game, ["bellows-2"])
    with pytest.raises(IllegalActionError, match="must lead 2 of Bellows"):
        play(state, (1, "bellows-3"))


def test_embers_may_not_lead_until_broken(game: Game) -> None:
    state = playing(game, FOUR_HANDS)
    assert game.card("deck", "embers-5") not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="may not lead Embers before it is broken"):
        play(state, (0, "embers-5"))


def test_a_hand_of_only_embers_may_lead_them(game: Game) -> None:
    hands = [["embers-5", "embers-6"], ["tongs-2", "tongs-3"], ["tongs-4", "tongs-5"]]
    state = playing(game, hands)
    assert sorted(state.legal_actions(0)) == sorted(cards(game, ["embers-5", "embers-6"]))


def test_an_ember_played_off_suit_breaks_embers(game: Game) -> None:
    """Player 2 cannot follow Bellows and plays an Ember: Embers may lead from then on."""
    hands = [
        ["bellows-3", "embers-5", "anvils-5"],
        ["embers-7", "tongs-2", "tongs-3"],
        ["bellows-9", "tongs-4", "embers-8"],
    ]
    state = playing(game, hands)
    play(state, (0, "bellows-3"), (1, "embers-7"), (2, "bellows-9"))
    assert state.observation(0)["broken"]
    assert state.to_move() == (2,)
    assert game.card("deck", "embers-8") in state.legal_actions(2)


def test_the_winner_takes_the_trick_into_their_won_pile(game: Game) -> None:
    hands = [
        ["bellows-3", "embers-5"],
        ["bellows-K", "tongs-3"],
        ["anvils-Q", "tongs-4"],
    ]
    state = playing(game, hands)
    play(state, (0, "bellows-3"), (1, "bellows-K"), (2, "anvils-Q"))
    assert won(state, 1) == ["anvils-Q", "bellows-3", "bellows-K"]
    assert won(state, 0) == won(state, 2) == []
    assert state.to_move() == (1,)
    for seed in range(3):  # won piles are public: a bot's imagined deal keeps them
        world = game.mechanic.determinize(state, 0, random.Random(seed))
        assert won(world, 1) == won(state, 1)


def test_won_cards_go_back_into_the_deck_at_the_next_deal(game: Game) -> None:
    hands = [["bellows-3"], ["bellows-K"], ["anvils-Q"]]
    state = playing(game, hands)
    play(state, (0, "bellows-3"), (1, "bellows-K"), (2, "anvils-Q"))
    assert state.round == 2
    assert all(won(state, p) == [] for p in range(3))
    dealt = [c for p in range(3) for c in state.zones[game.zone("hand").index][p]]
    assert len(dealt) + len(state.out_of_play) == len(state.deck_cards)
    assert game.card("deck", "anvils-Q") in dealt + state.out_of_play


def test_determinize_keeps_the_cards_the_observer_passed(game: Game) -> None:
    """Player 0 knows the three cards it gave player 1 are still in that hand; the rest of
    the hidden cards are dealt anew."""
    state = position(
        game,
        f"kind: position\ngame: cinder-tricks\nseed: 3\n{seats(PASSING_HANDS)}"
        "play: {phase: passing, leader: 1}\n",
    )
    for player in range(4):
        passes(state, player, PASSING_HANDS[player][-3:])
    for seed in range(5):
        world = game.mechanic.determinize(state, 0, random.Random(seed))
        assert hand(world, 0) == hand(state, 0)
        assert set(PASSING_HANDS[0][-3:]) <= set(hand(world, 1))
        assert [len(hand(world, p)) for p in range(4)] == [13, 13, 13, 13]
        seen = [c for p in range(4) for c in world.zones[game.zone("hand").index][p]]
        assert len(set(seen + world.out_of_play)) == len(seen) + len(world.out_of_play)


def test_determinize_hides_cards_set_aside_but_not_yet_passed(game: Game) -> None:
    state = passing(game, PASSING_HANDS, 1)
    passes(state, 1, PASSING_HANDS[1][-3:])
    world = game.mechanic.determinize(state, 0, random.Random(1))
    assert len(world.observation(1)["passing"]) == 3
    assert len(hand(world, 1)) == 10
    assert hand(world, 0) == hand(state, 0)


def test_passes_are_told_with_cards_only_to_giver_and_receiver(game: Game) -> None:
    state = passing(game, PASSING_HANDS, 0)
    before = state.clone()
    for player in range(4):
        passes(state, player, PASSING_HANDS[player][-3:])
    lines = list(narrate(game, state.log))
    assert "  player 1 passes 5 of Embers, 6 of Embers, Q of Anvils to player 2" in lines
    from toolkit.mechanics.trick_taking.machine import TrickTakingMechanic

    mechanic = game.mechanic
    assert isinstance(mechanic, TrickTakingMechanic)

    class Words:
        def deck_card(self, card: int) -> str:
            return game.deck.names[card]

    event = next(e for e in state.log if isinstance(e, Passed) and e.giver == 0)
    hidden = list(mechanic.narrate_event(event, 2, Words()) or [])
    assert hidden == ["  player 1 passes 3 cards to player 2"]
    action = pass_action(game, "tongs-A")
    assert mechanic.narrate_action(before, action, Words()) == "pass A of Tongs"


def test_taken_cards_score_penalties_at_the_end_of_the_round(game: Game) -> None:
    """Each Ember taken is 1 penalty point, the Queen of Anvils 13; banked every round."""
    hands = [["embers-3"], ["embers-K"], ["anvils-Q"]]
    state = playing(game, hands, broken=True)
    play(state, (0, "embers-3"), (1, "embers-K"), (2, "anvils-Q"))
    assert RoundScored(1, (0, 15, 0)) in state.log
    assert list(state.scores().totals) == [0, 15, 0]


def test_the_game_ends_after_the_round_someone_reaches_50_and_lowest_wins(game: Game) -> None:
    hands = [["embers-3"], ["embers-K"], ["anvils-Q"]]
    earlier = {0: "{Queen of Anvils: 52}", 2: "{Embers: 20}"}  # points of earlier rounds
    state = playing(game, hands, broken=True, points=earlier)
    play(state, (0, "embers-3"), (1, "embers-K"), (2, "anvils-Q"))
    assert state.terminal
    scores = state.scores()
    assert list(scores.totals) == [52, 15, 20]
    assert list(scores.winners) == [1]


@pytest.mark.parametrize(("players", "removed"), [(3, 1), (4, 0), (5, 2), (6, 4)])
def test_low_cards_are_set_aside_so_the_deck_deals_evenly(
    game: Game, players: int, removed: int
) -> None:
    state = game.new_state(1, players)
    assert len(state.deck_cards) == 52 - removed
    assert state.out_of_play == []
    for card in ("embers-2", "anvils-Q", "bellows-2"):
        assert game.card("deck", card) in state.deck_cards


def test_below_the_threshold_the_next_round_is_dealt(game: Game) -> None:
    hands = [["embers-3"], ["embers-K"], ["anvils-Q"]]
    state = playing(game, hands, broken=True, points={0: "{Queen of Anvils: 49}"})
    play(state, (0, "embers-3"), (1, "embers-K"), (2, "anvils-Q"))
    assert not state.terminal and state.round == 2


def test_when_nobody_holds_the_first_card_the_leader_leads_anything(game: Game) -> None:
    """At 3 players the 2 of Bellows may be the card set aside: the round's leader leads."""
    state = position(
        game,
        "kind: position\ngame: cinder-tricks\nround: 4\nremoved: [bellows-2]\nplayers:\n"
        "  - {name: P1, zones: {hand: 17}}\n  - {name: P2, zones: {hand: 17}}\n"
        f"  - {{name: P3, zones: {{hand: [anvils-4, embers-3{HIDDEN * 15}]}}}}\n"
        "play: {leader: 3}\n",
    )
    assert state.to_move() == (2,)
    own = state.zones[game.zone("hand").index][2]
    embers = game.card("deck", "embers-3")
    assert game.card("deck", "anvils-4") in state.legal_actions(2)
    assert embers not in state.legal_actions(2)  # embers are not broken yet
    assert sorted(state.legal_actions(2)) == sorted(
        c for c in own if game.deck.fields["suit"][c] != game.deck.fields["suit"][embers]
    )


def test_cards_set_aside_at_setup_stay_unknown_to_determinisation(game: Game) -> None:
    """At 3 players one card is set aside unseen: a guessed world may set another aside."""
    state = game.new_state(4, 3)
    worlds = [game.mechanic.determinize(state, 0, random.Random(seed)) for seed in range(12)]
    for world in worlds:
        assert len(world.deck_cards) == 51
        held = [c for p in range(3) for c in world.zones[game.zone("hand").index][p]]
        assert sorted(held + world.out_of_play) == sorted(world.deck_cards)
        assert hand(world, 0) == hand(state, 0)
    assert len({tuple(world.deck_cards) for world in worlds}) > 1
