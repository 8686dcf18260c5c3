"""Lamplight Wagers, one built scenario per rule, with exact expectations; and the trick-taking
vocabulary it shares with other games written as variants of it (trump named by a player,
must trump) and the structure's positioned validation errors.
"""

from __future__ import annotations

import random
import re
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from toolkit.content.game_validation import validate_game
from toolkit.content.validation_report import ValidationReport
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.errors import IllegalActionError
from toolkit.kernel.events import RoundScored
from toolkit.kernel.state import State
from toolkit.mechanics.trick_taking.codec import Bid, NameTrump
from toolkit.record.events import narrate

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "lamplight-wagers.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def variant(sets: list[tuple[str, Any]]) -> Game:
    _, compiled = load_compiled_game(str(MANIFEST), sets=sets)
    return compiled


def cards(game: Game, ids: Sequence[str]) -> list[int]:
    return [game.card("deck", c) for c in ids]


def track(state: State, name: str) -> list[int]:
    index = next(i for i, t in enumerate(state.game.tracks) if t.id == name)
    return [values[index] for values in state.track]


def bid_action(game: Game, tricks: int) -> int:
    return game.mechanic.codec.encode(Bid(tricks))


def bid(state: State, player: int, tricks: int) -> None:
    state.apply(player, bid_action(state.game, tricks))


def play(state: State, *moves: tuple[int, str]) -> None:
    for player, card in moves:
        state.apply(player, state.game.card("deck", card))


def position(
    game: Game, hands: Sequence[Sequence[str]], play: str, round_number: int = 7, head: str = ""
) -> State:
    """The state of a position with these hands (seat order) and this `play` section."""
    seats = "".join(
        f"  - {{name: P{seat + 1}, zones: {{hand: [{', '.join(ids)}]}}}}\n"
        for seat, ids in enumerate(hands)
    )
    text = (
        f"kind: position\ngame: {game.id}\nround: {round_number}\n{head}"
        f"players:\n{seats}play: {{{play}}}\n"
    )
    return state_from_text(game, text)


def bidding(
    game: Game, hands: Sequence[Sequence[str]], leader: int = 0, turned: str | None = "moths-2"
) -> State:
    """Round 7 (two cards each) at the start of the bids with these hands, `leader` to bid
    first, `turned` turned up for trump (none: no trump)."""
    trump = f", turned_up: {turned}" if turned else ""
    return position(game, hands, f"phase: bidding, leader: {leader + 1}{trump}")


HANDS = [
    ["lanterns-A", "wicks-2"],
    ["lanterns-K", "wicks-3"],
    ["mirrors-5", "moths-9"],
]


def test_a_card_turned_up_after_the_deal_names_trump(game: Game) -> None:
    """The first card left over after the deal is turned up; its suit is trump."""
    state = game.new_state(5, 4)
    view = state.observation(0)
    turned = game.card("deck", view["turned_up"])
    assert turned == state.out_of_play[0]
    suits = game.tables["suits"]
    assert view["trump"] == suits.names[suits.ids.index(game.deck.fields["suit"][turned])]
    lines = list(narrate(game, state.log))
    assert f"  {game.deck.names[turned]} is turned up: {view['trump']} are trump" in lines


def test_a_round_with_no_card_left_over_has_no_trump(game: Game) -> None:
    """Ten cards out of the game: the second round deals six players seven cards each, the
    whole deck, and nothing is left to turn up."""
    removed = [f"{suit}-{rank}" for suit in ("lanterns", "wicks") for rank in range(2, 7)]
    hands = [[f"mirrors-{rank}"] for rank in range(2, 8)]
    state = position(
        game,
        hands,
        "trick_number: 8, leader: 1, turned_up: moths-2, bids: [1, 1, 1, 1, 1, 1]",
        round_number=1,
        head=f"removed: [{', '.join(removed)}]\nto_move: [1]\n",
    )
    play(state, *((seat, ids[0]) for seat, ids in enumerate(hands)))
    assert state.round == 2
    assert state.out_of_play == [] and state.observation(0)["trump"] is None


def test_the_turned_trump_wins_over_the_led_suit(game: Game) -> None:
    state = bidding(game, HANDS, turned="moths-2")
    for player, tricks in ((0, 1), (1, 0), (2, 0)):
        bid(state, player, tricks)
    play(state, (0, "lanterns-A"), (1, "lanterns-K"), (2, "moths-9"))
    assert state.to_move() == (2,)
    assert track(state, "taken") == [0, 0, 1]


def test_bids_go_in_turn_from_the_leader_onto_the_wager_track(game: Game) -> None:
    state = bidding(game, HANDS, leader=1)
    assert state.to_move() == (1,)
    assert state.legal_actions(1) == [bid_action(game, n) for n in (0, 1, 2)]
    bid(state, 1, 2)
    assert state.to_move() == (2,)
    bid(state, 2, 0)
    assert track(state, "wager") == [0, 2, 0]
    assert "  player 2 bids 2" in list(narrate(game, state.log))


def test_the_last_bidder_may_not_make_the_bids_add_up(game: Game) -> None:
    """The hook: two tricks in the round, bids so far 1 + 0, so the last may not bid 1."""
    state = bidding(game, HANDS)
    bid(state, 0, 1)
    bid(state, 1, 0)
    assert state.legal_actions(2) == [bid_action(game, 0), bid_action(game, 2)]
    with pytest.raises(IllegalActionError, match="bid 1 is not allowed now"):
        bid(state, 2, 1)


def test_tricks_won_are_counted_and_both_tracks_reset_at_the_deal(game: Game) -> None:
    state = bidding(game, HANDS, turned=None)
    for player, tricks in ((0, 2), (1, 0), (2, 1)):
        bid(state, player, tricks)
    assert state.observation(0)["phase"] == "play"
    play(state, (0, "lanterns-A"), (1, "lanterns-K"), (2, "mirrors-5"))
    assert track(state, "taken") == [1, 0, 0]
    play(state, (0, "wicks-2"), (1, "wicks-3"), (2, "moths-9"))
    assert state.round == 8
    assert track(state, "taken") == [0, 0, 0]
    assert track(state, "wager") == [0, 0, 0]
    assert state.observation(0)["phase"] == "bidding"


def test_bids_and_won_piles_are_public_to_determinisation(game: Game) -> None:
    state = bidding(game, HANDS)
    bid(state, 0, 1)
    world = game.mechanic.determinize(state, 1, random.Random(2))
    assert world.observation(1)["bids"] == state.observation(1)["bids"] == [1, -1, -1]
    assert track(world, "wager") == track(state, "wager")
    assert world.out_of_play[0] == game.card("deck", "moths-2")


def test_the_leader_may_name_trump() -> None:
    named = variant([("game/structure/trump", {"named_by": "leader"})])
    state = named.new_state(1, 3)
    view = state.observation(0)
    leader = state.mech.round_leader
    assert view["phase"] == "naming trump" and state.to_move() == (leader,)
    names = [named.mechanic.codec.encode(NameTrump(suit)) for suit in range(4)]
    assert state.legal_actions(leader) == names
    state.apply(leader, names[2])
    view = state.observation(0)
    assert view["trump"] == "Mirrors" and view["phase"] == "bidding"
    assert f"  player {leader + 1} names Mirrors trump" in list(narrate(named, state.log))


def test_the_highest_bidder_names_trump_after_the_bids() -> None:
    named = variant([("game/structure/trump", {"named_by": "high_bidder"})])
    state = position(named, HANDS, "phase: bidding, leader: 1")
    bid(state, 0, 1)
    bid(state, 1, 2)
    bid(state, 2, 0)
    assert state.observation(0)["phase"] == "naming trump" and state.to_move() == (1,)
    state.apply(1, named.mechanic.codec.encode(NameTrump(3)))
    view = state.observation(0)
    assert view["trump"] == "Moths" and view["phase"] == "play" and state.to_move() == (0,)


def test_a_player_who_cannot_follow_must_trump() -> None:
    strict = variant([("game/structure/must_trump", True)])
    hands = [["lanterns-A", "wicks-2"], ["moths-3", "mirrors-4"], ["lanterns-2", "moths-5"]]
    state = position(strict, hands, "leader: 1, turned_up: moths-2, bids: [1, 0, 0]")
    play(state, (0, "lanterns-A"))
    assert state.legal_actions(1) == cards(strict, ["moths-3"])
    with pytest.raises(IllegalActionError, match="must play a trump"):
        play(state, (1, "mirrors-4"))


def errors_of(tmp_path: Path, structure: str) -> list[tuple[int, str, str]]:
    """Validate Lamplight Wagers with its structure block replaced."""
    text = MANIFEST.read_text()
    shutil.copytree(ROOT / "cards" / "lamplight-wagers", tmp_path / "cards" / "lamplight-wagers")
    shutil.copytree(ROOT / "print", tmp_path / "print")
    start = text.index("structure:\n")
    found = re.search(r"\n(#|[a-z_]+:)", text[start + 1 :])
    assert found is not None
    end = start + 1 + found.start()
    text = text[:start] + structure + text[end:]
    path = tmp_path / "rules" / MANIFEST.name
    path.parent.mkdir()
    path.write_text(text)
    report = ValidationReport()
    validate_game(path, report)
    line_of = text[:start].count("\n") + 1
    return [(d.line - line_of, d.code, d.message) for d in report.diagnostics]


def test_structure_mistakes_are_positioned_errors(tmp_path: Path) -> None:
    structure = """structure:
  mechanic: trick_taking
  rounds: 2
  on_win: take_trick
  must_trump: true
  trump: {named_by: high_bidder}
  lead: {broken: lamps, first: wicks-1}
  tricks_track: tricks
"""
    found = errors_of(tmp_path, structure)
    codes = {code: line for line, code, _ in found}
    assert codes["take-without-won"] == 3
    assert codes["no-bids"] == 5
    lines = {message: line for line, _, message in found}
    assert lines["unknown suit 'lamps'"] == 6
    assert lines["unknown deck card 'wicks-1'"] == 6
    assert lines["unknown track 'tricks'"] == 7


def test_a_won_pile_nothing_fills_is_an_error(tmp_path: Path) -> None:
    structure = """structure:
  mechanic: trick_taking
  rounds: 2
  won: lamps-won
  must_trump: true
"""
    codes = {code for _, code, _ in errors_of(tmp_path, structure)}
    assert {"won-never-filled", "must-trump-without-trump"} <= codes


def test_hands_shrink_by_one_card_every_round(game: Game) -> None:
    state = game.new_state(1, 4)
    hands = state.zones[game.zone("hand").index]
    assert [len(h) for h in hands] == [8, 8, 8, 8]
    last = [["mirrors-2"], ["mirrors-3"], ["mirrors-4"], ["mirrors-5"]]
    state = position(
        game, last, "trick_number: 7, leader: 1, turned_up: moths-2, bids: [1, 1, 1, 1]",
        round_number=2, head="to_move: [1]\n",
    )  # fmt: skip
    play(state, *((seat, ids[0]) for seat, ids in enumerate(last)))
    assert state.round == 3
    hands = state.zones[game.zone("hand").index]
    assert [len(h) for h in hands] == [6, 6, 6, 6]
    assert len(state.out_of_play) == game.deck.size - 24


def test_hand_sizes_too_big_for_the_deck_are_an_error(tmp_path: Path) -> None:
    structure = """structure:
  mechanic: trick_taking
  rounds: 2
  hand_sizes: [8, 9]
"""
    found = errors_of(tmp_path, structure)
    assert (3, "hand-too-big", "6 players x 9 cards need 54; the deck has 52") in found


def test_an_exact_wager_scores_10_plus_1_per_trick_a_miss_1_per_trick_off(game: Game) -> None:
    """Player 1 wagers 1 and takes 1: 11. Player 2 wagers 0 and takes 1: -1. Player 3
    wagers 2 and takes none: -2. Banked at the end of the round."""
    state = bidding(game, HANDS, turned=None)
    for player, tricks in ((0, 1), (1, 0), (2, 2)):
        bid(state, player, tricks)
    play(state, (0, "lanterns-A"), (1, "lanterns-K"), (2, "mirrors-5"))
    play(state, (0, "wicks-2"), (1, "wicks-3"), (2, "moths-9"))
    assert RoundScored(7, (11, -1, -2)) in state.log
    assert list(state.scores().totals) == [11, -1, -2]
