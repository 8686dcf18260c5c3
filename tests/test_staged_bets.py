"""Resources spent by choice in the staged vocabulary, on Staged Chips (tests/games/): a toll
paid to the supply (folding the player who cannot pay), a chip paid onto the card on offer,
taking a zone with the chips lying on it, sealed simultaneous bids (ties by a declared rule,
hidden from the other players and from their search bots); and the semantic checks that refuse
what these stages cannot do, at their line."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit
from scenario_start import start

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.kernel.state import State
from toolkit.mechanics.staged.wagers import BidsRevealed, PotWon, Wagered

ROOT = Path(__file__).resolve().parent.parent
CHIPS = ROOT / "tests" / "games" / "staged-chips"
MANIFEST = CHIPS / "rules" / "staged-chips.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def names(game: Game, state: State, zone: str, player: int = 0) -> list[str]:
    spec = game.zone(zone)
    held = state.shared[spec.index] if spec.shared else state.zones[spec.index][player]
    return [game.deck.ids[card] for card in held]


def stack(game: Game, state: State, zone: str, cards: list[str]) -> None:
    state.shared[game.zone(zone).index] = [game.deck.index(card) for card in cards]


def act(game: Game, state: State, player: int, words: str) -> None:
    for action in state.legal_actions(player):
        if game.mechanic.describe_action(state, action) == words:
            state.apply(player, action)
            return
    legal = [game.mechanic.describe_action(state, a) for a in state.legal_actions(player)]
    raise AssertionError(f"player {player + 1} may not {words}: {legal}")


def pebbles(state: State) -> list[int]:
    return [held[0] for held in state.res]


def to_the_stall(game: Game, state: State, stall: list[str]) -> None:
    """Play the six offers out (each taken at once), with these shells left for the stall."""
    stack(game, state, "beach", [*stall, "shell-1", "shell-2", "shell-3", "shell-4", "shell-5"])
    stack(game, state, "offer", ["shell-6"])
    for _ in range(6):
        (player,) = state.to_move()
        act(game, state, player, "take every card of the offered shell")


# -- a toll, a chip onto a zone, taking it with its chips -------------------------------------


def test_a_toll_is_paid_to_the_supply_and_a_player_who_cannot_pay_folds(game: Game) -> None:
    state = start(game, 3)
    assert pebbles(state) == [3, 3, 3]
    assert state.supply[0] == 40 - 12 + 3
    assert [e for e in state.log if isinstance(e, Wagered)] == [
        Wagered(p, "pay", 1, 1, "pebbles") for p in range(3)
    ]


def test_paying_puts_a_chip_on_the_offer_and_passes_it_on(game: Game) -> None:
    state = start(game)
    act(game, state, 0, "pay 1 pebble onto the offered shell")
    assert pebbles(state) == [2, 3]
    assert state.mech.wager.chips[game.zone("offer").index] == [1]
    assert state.observation(1)["chips"] == {"offer": {"pebbles": 1}}
    assert state.to_move() == (1,)


def test_taking_the_offer_takes_the_chips_lying_on_it(game: Game) -> None:
    state = start(game)
    offered = names(game, state, "offer")
    act(game, state, 0, "pay 1 pebble onto the offered shell")
    act(game, state, 1, "pay 1 pebble onto the offered shell")
    act(game, state, 0, "take every card of the offered shell")
    assert names(game, state, "pail", 0) == offered
    assert pebbles(state) == [4, 2]
    assert PotWon(0, 2, "offer", False) in state.log
    assert state.mech.wager.chips[game.zone("offer").index] == [0]


def test_nobody_may_pay_without_a_chip(game: Game) -> None:
    state = start(game)
    state.res[0][0] = 0
    legal = [game.mechanic.describe_action(state, a) for a in state.legal_actions(0)]
    assert legal == ["take every card of the offered shell"]


def test_a_folded_player_is_passed_over_by_turns_that_skip_the_folded(game: Game) -> None:
    state = start(game, 3)
    state.mech.wager.folded[1] = True
    act(game, state, 0, "pay 1 pebble onto the offered shell")
    assert state.to_move() == (2,)


# -- sealed bids ------------------------------------------------------------------------------


def test_sealed_bids_are_asked_of_everyone_at_once_up_to_what_each_holds(game: Game) -> None:
    state = start(game, 3)
    state.res[2][0] = 1
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    assert names(game, state, "stall") == ["shell-7", "shell-9", "shell-12"]
    assert state.to_move() == (0, 1, 2)
    words = [game.mechanic.describe_action(state, a) for a in state.legal_actions(2)]
    assert words == ["bid 0 pebbles", "bid 1 pebble"]


def test_the_highest_sealed_bid_pays_and_takes_the_best_lot(game: Game) -> None:
    state = start(game, 3)
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    before = pebbles(state)
    act(game, state, 0, "bid 2 pebbles")
    assert state.to_move() == (1, 2)
    seen = state.observation(1)
    assert seen["bid"] == -1 and "2" not in str(seen["stakes"])  # player 1's bid is hidden
    assert state.observation(0)["bid"] == 2
    act(game, state, 1, "bid 1 pebble")
    act(game, state, 2, "bid 0 pebbles")
    assert BidsRevealed((2, 1, 0), 0, "pebbles") in state.log
    assert pebbles(state) == [before[0] - 2, before[1], before[2]]
    assert "shell-12" in names(game, state, "pail", 0)
    assert state.to_move() == (0, 1, 2)  # the next sealed bid, for what is left


def test_a_tie_for_the_highest_bid_wins_nothing_with_ties_none(game: Game) -> None:
    state = start(game)
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    before = pebbles(state)
    act(game, state, 0, "bid 1 pebble")
    act(game, state, 1, "bid 1 pebble")
    assert BidsRevealed((1, 1), -1, "pebbles") in state.log
    assert pebbles(state) == before
    assert len(names(game, state, "stall")) == 3


def test_a_tie_goes_to_the_first_in_turn_order_with_ties_first(tmp_path: Path) -> None:
    copy = tmp_path / "staged-chips"
    shutil.copytree(CHIPS, copy)
    manifest = copy / "rules" / "staged-chips.yaml"
    manifest.write_text(manifest.read_text().replace("ties: none", "ties: first"))
    _, game = load_compiled_game(str(manifest))
    state = start(game)
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    acting = state.mech.acting
    for player in (0, 1):
        act(game, state, player, "bid 1 pebble")
    assert BidsRevealed((1, 1), acting, "pebbles") in state.log


def test_search_bots_guess_the_sealed_bids_they_cannot_see(game: Game) -> None:
    state = start(game)
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    act(game, state, 0, "bid 3 pebbles")
    rng = random.Random(5)
    guesses = {game.mechanic.determinize(state, 1, rng).mech.wager.bids[0] for _ in range(40)}
    assert len(guesses) > 1 and guesses <= set(range(pebbles(state)[0] + 1))
    assert game.mechanic.determinize(state, 0, rng).mech.wager.bids[0] == 3  # their own


def test_bots_play_the_toy_to_the_end() -> None:
    result = run_toolkit(
        "simulate", MANIFEST, "--games", "3", "--players", "3",
        "--bots", "ismcts:6,greedy,random", "--seed", "3",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "3 games" in result.stdout and "stopped" not in result.stdout


# -- semantic checks ---------------------------------------------------------------------------


def broken(tmp_path: Path, old: str, new: str) -> tuple[int, str]:
    copy = tmp_path / "staged-chips"
    shutil.copytree(CHIPS, copy)
    manifest = copy / "rules" / "staged-chips.yaml"
    text = manifest.read_text()
    assert old in text
    manifest.write_text(text.replace(old, new, 1))
    result = run_toolkit("validate", manifest)
    return result.returncode, result.stdout


def test_an_unknown_resource_is_refused_at_its_line(tmp_path: Path) -> None:
    code, out = broken(tmp_path, "{move: pay, resource: pebbles", "{move: pay, resource: pebble")
    assert code == 1
    assert "rules/staged-chips.yaml:61:41:" in out and "unknown resource 'pebble'" in out


def test_chips_go_onto_a_shared_zone_only(tmp_path: Path) -> None:
    code, out = broken(tmp_path, "resource: pebbles, to: offer}", "resource: pebbles, to: pail}")
    assert code == 1
    assert "'pail' is a player zone; this needs a shared zone" in out


def test_the_best_lot_needs_the_field_that_ranks_the_lots(tmp_path: Path) -> None:
    code, out = broken(tmp_path, "take: highest, by: points,", "take: highest,")
    assert code == 1
    assert "taking the highest lot needs 'by'" in out


def test_moving_the_highest_card_needs_the_field_that_ranks_them(tmp_path: Path) -> None:
    code, out = broken(
        tmp_path,
        "{stage: move, from: beach, to: stall, count: 3,",
        "{stage: move, from: beach, to: stall, count: 3, which: highest,",
    )
    assert code == 1
    assert "moving the highest card needs 'by'" in out


def test_a_sealed_bid_has_a_bounded_highest_amount(tmp_path: Path) -> None:
    code, out = broken(tmp_path, "most: 6,", "most: 1000,")
    assert code == 1
    assert "rules/staged-chips.yaml:68:56:" in out
    assert "less than or equal to 100" in out


def test_the_rules_read_the_toll_the_chip_and_the_sealed_bid_in_words() -> None:
    from toolkit.content.project import load_game
    from toolkit.mechanics.staged.words import round_lines

    content, _ = load_game(MANIFEST)
    assert content is not None
    lines = round_lines(content.game.structure)
    assert "      - pay 1 pebble onto offer" in lines
    assert lines[-1] == (
        "  Everyone bids 0 to 6 pebbles at once, hidden; the highest bidder pays and takes "
        "the highest points of stall into their pail; nobody wins a tie."
    )


def test_raise_amounts_without_a_cap_are_refused(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "thistle-stakes", project / part / "thistle-stakes")
    shutil.copytree(ROOT / "print" / "shared", project / "print" / "shared")
    manifest = project / "rules" / "thistle-stakes.yaml"
    text = (ROOT / "rules" / "thistle-stakes.yaml").read_text()
    manifest.write_text(text.replace("raise: [2]\n      cap: 2", "raise: [2]\n      cap: 0", 1))
    result = run_toolkit("validate", "thistle-stakes", cwd=project)
    assert result.returncode == 1
    assert "rules/thistle-stakes.yaml:85:12:" in result.stdout
    assert "'raise' amounts are given but 'cap' is 0" in result.stdout


def test_past_its_most_bids_an_auction_leaves_the_others_to_drop_out_in_turn(
    tmp_path: Path,
) -> None:
    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "saltmarsh-deeds", project / part / "saltmarsh-deeds")
    shutil.copytree(ROOT / "print" / "shared", project / "print" / "shared")
    manifest = project / "rules" / "saltmarsh-deeds.yaml"
    text = (ROOT / "rules" / "saltmarsh-deeds.yaml").read_text()
    manifest.write_text(text.replace("last: highest\n", "last: highest\n          max: 2\n", 1))
    _, game = load_compiled_game(str(manifest))
    state = start(game, 3)
    state.shared[game.zone("quay").index] = [game.deck.index(f"deed-{v}") for v in (5, 9, 14)]
    act(game, state, 0, "bid 1 shell more")
    act(game, state, 1, "bid 2 shells more")  # the second bid: player 2 leads
    dropped = [e.player for e in state.log if isinstance(e, Wagered) and e.what == "drop"]
    assert dropped == [2, 0]  # player 3, then player 1
    assert names(game, state, "deeds", 2) == ["deed-5"]
    assert names(game, state, "deeds", 0) == ["deed-9"]
    assert names(game, state, "deeds", 1) == ["deed-14"]


# -- positions ---------------------------------------------------------------------------------


def round_trip(game: Game, state: State) -> State:
    from toolkit.engine.position_load import state_from_text
    from toolkit.engine.position_save import position_data, position_text

    return state_from_text(game, position_text(position_data(game, state, [], [])))


def test_a_position_in_a_betting_round_keeps_the_pot_the_stakes_and_the_folds() -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / "thistle-stakes.yaml"))
    state = start(game, 3)
    act(game, state, 1, "bet 2 thistles")
    act(game, state, 2, "fold")
    act(game, state, 0, "raise by 2 thistles")
    again = round_trip(game, state)
    assert again.mech.wager.chips == state.mech.wager.chips
    assert again.mech.wager.stake == [4, 2, 0]
    assert again.mech.wager.folded == [False, False, True]
    assert again.mech.wager.raises == 1
    assert again.res == state.res and again.supply == state.supply
    assert again.to_move() == (1,)
    assert sorted(again.legal_actions(1)) == sorted(state.legal_actions(1))
    act(game, again, 1, "call")
    assert again.mech.wager.stake == [0, 0, 0]  # settled: the second round of wagers


def test_a_position_in_a_sealed_bid_keeps_each_bid_made(game: Game) -> None:
    state = start(game, 3)
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    act(game, state, 1, "bid 2 pebbles")
    again = round_trip(game, state)
    assert again.mech.wager.bids == [-1, 2, -1]
    assert again.to_move() == (0, 2)


def test_a_one_step_lookahead_never_reads_the_others_hidden_bids(game: Game) -> None:
    state = start(game)
    to_the_stall(game, state, ["shell-12", "shell-9", "shell-7"])
    act(game, state, 0, "bid 2 pebbles")
    bid_three = next(
        a
        for a in state.legal_actions(1)
        if game.mechanic.describe_action(state, a) == "bid 3 pebbles"
    )
    after = game.mechanic.preview(state, 1, bid_three)
    assert after.mech.wager.bids == [-1, 3]  # player 1's bid taken back: nothing resolved
    assert "shell-12" in names(game, after, "stall")
    assert state.mech.wager.bids == [2, -1]  # the game itself is untouched


def test_a_one_step_lookahead_never_reads_the_others_hidden_picks() -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / "saltmarsh-deeds.yaml"))
    state = start(game)
    state.shared[game.zone("deed-pile").index] = []
    state.shared[game.zone("quay").index] = [game.deck.index(d) for d in ("deed-20", "deed-3")]
    act(game, state, 0, "drop out")  # the last auction: the sales begin
    state.apply(
        0,
        next(
            a
            for a in state.legal_actions(0)
            if game.mechanic.describe_action(state, a) == "pick deed-3"
        ),
    )
    offer = next(
        a for a in state.legal_actions(1) if "deed-20" in game.mechanic.describe_action(state, a)
    )
    after = game.mechanic.preview(state, 1, offer)
    assert names(game, after, "sold") == []  # nothing revealed
    assert "deed-3" in names(game, after, "deeds", 0)
    assert after.to_move() == (0,)


# -- variants of the shipped games' stages ----------------------------------------------------


def variant(tmp_path: Path, game_id: str, old: str, new: str) -> Game:
    """A shipped game with one piece of its rules rewritten, compiled."""
    project = tmp_path / "project"
    (project / "rules").mkdir(parents=True)
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / game_id, project / part / game_id)
    shutil.copytree(ROOT / "print" / "shared", project / "print" / "shared")
    manifest = project / "rules" / f"{game_id}.yaml"
    text = (ROOT / "rules" / f"{game_id}.yaml").read_text()
    assert old in text
    manifest.write_text(text.replace(old, new, 1))
    _, game = load_compiled_game(str(manifest))
    return game


def showdown_of(game: Game, hands: list[str], shared: str) -> State:
    """Two wagerers check through both betting rounds with these beasts and this shared one."""
    state = start(game)
    hand = game.zone("hand").index
    for player, card in enumerate(hands):
        state.zones[hand][player] = [game.deck.index(card)]
    heath = [c for c in game.deck.ids if c not in (*hands, shared)][:2]
    state.shared[game.zone("heath").index] = [game.deck.index(c) for c in (*heath, shared)]
    for player in (1, 0, 1, 0):
        act(game, state, player, "check")
    return state


@pytest.mark.parametrize(
    ("rank", "winner"),
    [
        ("{lowest: strength}", 1),  # the wren: the shared stag counts for both
        ("{sum: strength}", 0),  # stag + hare beats stag + wren
        ("{highest: strength}", 0),  # both hold the shared stag: the hare then beats the wren
    ],
)
def test_a_showdown_compares_hands_by_its_rank_keys(tmp_path: Path, rank: str, winner: int) -> None:
    game = variant(
        tmp_path,
        "thistle-stakes",
        "        - {most_alike: beast}\n        - {highest: strength}",
        f"        - {rank}",
    )
    state = showdown_of(game, ["hare-dawn", "wren-dusk"], "stag-dawn")
    assert PotWon(winner, 2, "thistle-pot", True) in state.log


def test_a_tie_leaves_the_pot_for_the_next_round_with_ties_stays(tmp_path: Path) -> None:
    game = variant(tmp_path, "thistle-stakes", "      rank:\n", "      ties: stays\n      rank:\n")
    state = showdown_of(game, ["hare-dawn", "hare-dusk"], "stag-dawn")
    assert PotWon(-1, 0, "thistle-pot", True) in state.log
    assert state.mech.wager.chips[game.zone("thistle-pot").index] == [2 + 2]  # and 2 antes


def test_an_auction_may_refund_a_whole_bid_and_leave_every_lot_to_the_last(
    tmp_path: Path,
) -> None:
    game = variant(
        tmp_path,
        "saltmarsh-deeds",
        "drop: {takes: lowest, refund: half}\n          last: highest",
        "drop: {takes: none, refund: all}\n          last: all",
    )
    state = start(game)
    quay = [game.deck.index(f"deed-{v}") for v in (5, 9)]
    state.shared[game.zone("quay").index] = quay
    act(game, state, 0, "bid 3 shells more")
    act(game, state, 1, "bid 1 shell more")
    act(game, state, 0, "drop out")  # all 3 back, no deed
    assert Wagered(0, "drop", -3, 3, "shells") in state.log
    assert names(game, state, "deeds", 0) == []
    assert names(game, state, "deeds", 1) == ["deed-5", "deed-9"]
    assert pebbles(state) == [15, 11]
