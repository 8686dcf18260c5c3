"""The trick-taking kit's calling vocabulary, apart from any one game: the actions' codec,
trump turned from the dealer's own card, what search bots may know of a turned card kept
or picked up, and each mistake a designer can make, reported at its line by `validate`."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.content.project import load_game
from toolkit.content.semantic import check_game
from toolkit.engine.game import Game, compile_game
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.trick_taking.codec import (
    Bid,
    Call,
    Discard,
    NameTrump,
    PassCard,
    PlayCard,
    TrickCodec,
)
from toolkit.mechanics.trick_taking.machine import DISCARD

ROOT = Path(__file__).resolve().parent.parent
GAME = "twin-keepers"
RULES = f"rules/{GAME}.yaml"


def copy_game(tmp_path: Path, *edits: tuple[str, str]) -> Path:
    """A project holding Twin Keepers alone, its manifest edited (old text, new text)."""
    project = tmp_path / "project"
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / GAME, project / part / GAME)
    shutil.copytree(ROOT / "print" / "shared", project / "print" / "shared")
    (project / "rules").mkdir()
    text = (ROOT / RULES).read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    (project / RULES).write_text(text, encoding="utf-8")
    return project


def compiled(project: Path) -> Game:
    content, found = load_game(project / RULES)
    assert content is not None and not found, found
    problems = check_game(content)
    assert not problems, [d.message for d in problems]
    return compile_game(content)


def line_of(project: Path, text: str) -> int:
    lines = (project / RULES).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)


def test_every_calling_action_encodes_and_decodes_to_itself() -> None:
    codec = TrickCodec(24, bidding=True, passing=True, suits=4, calling=True)
    records = [
        PlayCard(3),
        PassCard(5),
        Bid(2),
        NameTrump(1),
        NameTrump(2, alone=True),
        Call(order=False),
        Call(order=True),
        Call(order=True, alone=True),
        Discard(0),
        Discard(23),
    ]
    actions = [codec.encode(record) for record in records]
    assert len(set(actions)) == len(actions)
    assert [codec.decode(action) for action in actions] == records
    assert max(actions) == codec.num_distinct_actions - 1
    plain = TrickCodec(24, suits=4)
    assert plain.num_distinct_actions == 3 * 24 + 1 + 4  # no calling: unchanged


TURN_DEALER = (
    ("strategies: ../cards/twin-keepers/strategies.yaml\n", ""),  # its rules discard
    ("  calling: {dealer_picks_up: true, alone: true}\n", ""),
    ("  trump: {turned_up: true}\n", "  trump: {turned_up: dealer}\n"),
    ("  - {step: deal, to: hand, count: 5}\n", "  - {step: deal, to: hand}\n"),
    ("  contract:\n", "  contract_off:\n"),
    (
        "  - {id: tricks-won, name: Tricks won, min: 0, max: 5, start: 0}\n",
        "  - {id: tricks-won, name: Tricks won, min: 0, max: 6, start: 0}\n",
    ),
)


def dealer_game(tmp_path: Path) -> Game:
    project = copy_game(tmp_path, *TURN_DEALER)
    text = (project / RULES).read_text(encoding="utf-8")
    start = text.index("  contract_off:\n")
    end = text.index("  tricks_track:")
    text = text[:start] + text[end:]
    text = text.replace(
        "round_scoring:\n  - {rule: per_unit, label: Watch points, measure: {track: watch-points}, "
        "points: 1}\n",
        "round_scoring:\n  - {rule: per_unit, label: Tricks, measure: {track: tricks-won, "
        "team: true}, points: 1}\n",
    )
    (project / RULES).write_text(text, encoding="utf-8")
    return compiled(project)


def test_trump_from_the_dealers_own_card_when_the_whole_deck_is_dealt(tmp_path: Path) -> None:
    game = dealer_game(tmp_path)
    hand = game.zone("hand").index
    for seed in range(5):
        state = game.new_state(seed, 4)
        assert not state.out_of_play  # the whole deck is dealt
        mech = state.mech
        dealer = (mech.round_leader - 1) % 4
        assert mech.turned == state.zones[hand][dealer][-1]  # the dealer's last card
        assert mech.trump == game.mechanic.suit_of[mech.turned]  # type: ignore[attr-defined]
        copy = game.mechanic.determinize(state, (dealer + 1) % 4, random.Random(seed))
        assert mech.turned in copy.zones[hand][dealer]  # face up: no bot moves it
        assert not copy.out_of_play


def test_a_picked_up_card_stays_in_the_dealers_hand_for_search_bots() -> None:
    _, game = load_compiled_game(GAME)
    codec = game.mechanic.codec  # type: ignore[attr-defined]
    hand = game.zone("hand").index
    state = game.new_state(5, 4)
    state.apply(state.mech.current, codec.encode(Call(order=True)))
    mech = state.mech
    assert mech.phase == DISCARD
    dealer = mech.current
    for seed in range(10):
        observer = (dealer + 1) % 4
        copy = game.mechanic.determinize(state, observer, random.Random(seed))
        assert mech.turned in copy.zones[hand][dealer]
        assert mech.turned not in copy.out_of_play
        assert len(copy.zones[hand][dealer]) == 6


def test_a_game_of_trump_from_the_dealer_plays_out_and_counts_team_tricks(
    tmp_path: Path,
) -> None:
    game = dealer_game(tmp_path)
    state = game.new_state(2, 4)
    rng = random.Random(2)
    while not state.terminal:
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    totals = state.scores().totals
    assert totals[0] == totals[2] and totals[1] == totals[3]
    assert totals[0] + totals[1] == 6 * state.round  # six tricks a round, one point each


@pytest.mark.parametrize(
    ("edits", "code", "key", "words"),
    [
        (
            (("  trump: {turned_up: true}\n", "  trump: stars\n"),),
            "calling-without-turned-up",
            "calling:",
            "turns none up",
        ),
        (
            (("partnerships:\n  4: [[1, 3], [2, 4]]\n", ""),),
            "alone-without-partners",
            "calling:",
            "declares no partnerships",
        ),
        (
            (
                ("  trump: {turned_up: true}\n", "  trump: {turned_up: dealer}\n"),
                ("  - {step: deal, to: hand, count: 5}\n", "  - {step: deal, to: hand}\n"),
            ),
            "invalid-value",
            "calling:",
            "nothing to pick up",
        ),
        (
            (("    suns: [suns-J, comets-J]\n", "    suns: [suns-J, comets-J, suns-J]\n"),),
            "repeated",
            "suns: [suns-J",
            "listed twice",
        ),
        (
            (("    suns: [suns-J, comets-J]\n", "    suns: [suns-J, comets-X]\n"),),
            "unknown-reference",
            "suns: [suns-J",
            "comets-X",
        ),
        (
            (
                (
                    "  - {id: watch-points, name: Watch points, min: 0, max: 4, start: 0}\n",
                    "  - {id: watch-points, name: Watch points, min: 0, max: 3, start: 0}\n",
                ),
            ),
            "out-of-range",
            "track: watch-points",
            "a round can score 4",
        ),
    ],
)
def test_a_calling_mistake_is_an_error_at_its_line(
    tmp_path: Path, edits: tuple[tuple[str, str], ...], code: str, key: str, words: str
) -> None:
    project = copy_game(tmp_path, *edits)
    result = run_toolkit("validate", project / RULES)
    out = result.stdout + result.stderr
    assert result.returncode == 1, out
    assert f"error[{code}]" in out and words in out, out
    assert f"{GAME}.yaml:" in out
    found = [line for line in out.splitlines() if f"error[{code}]" in line and words in line]
    assert found, out
    at = int(found[0].split(":")[1])
    assert at == line_of(project, key)  # at the key it is about
    assert "valid" not in out.split("error")[0]  # no summary claims play works


def test_a_contract_without_a_maker_is_an_error(tmp_path: Path) -> None:
    project = copy_game(
        tmp_path,
        ("  calling: {dealer_picks_up: true, alone: true}\n", ""),
    )
    result = run_toolkit("validate", project / RULES)
    out = result.stdout + result.stderr
    assert result.returncode == 1
    assert "error[contract-without-maker]" in out
    assert f"{GAME}.yaml:{line_of(project, '  contract:') + 1}:" in out  # its first key


def test_a_whole_deck_deal_never_turns_a_card_up_and_says_so_without_a_summary(
    tmp_path: Path,
) -> None:
    project = copy_game(
        tmp_path, ("  - {step: deal, to: hand, count: 5}\n", "  - {step: deal, to: hand}\n")
    )
    result = run_toolkit("validate", project / RULES)
    out = result.stdout + result.stderr
    assert result.returncode == 1
    assert "error[no-card-to-turn-up]" in out
    assert "{turned_up: dealer}" in out  # the hint offers the dealer's own card
    assert "(trump turned up" not in out
    assert f"{GAME}.yaml:{line_of(project, '  trump: {turned_up: true}')}:" in out


def test_search_bots_deal_nothing_to_a_partner_sitting_out_and_read_voids_by_trick() -> None:
    _, game = load_compiled_game(GAME)
    codec = game.mechanic.codec  # type: ignore[attr-defined]
    hand = game.zone("hand").index
    for seed in range(12):
        state = game.new_state(seed, 4)
        state.apply(state.mech.current, codec.encode(Call(order=True, alone=True)))
        mech = state.mech
        (partner,) = mech.sitting
        rng = random.Random(seed)
        while mech.phase != 0 or mech.trick < 3:  # into the third trick of three cards
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
        observer = next(p for p in range(4) if p != partner and p != mech.current)
        voids = game.mechanic._voids(state)  # type: ignore[attr-defined]
        suit_of = game.mechanic.suits_by_trump[mech.trump]  # type: ignore[attr-defined]
        for player in range(4):  # every void read from tricks of three is true
            assert not {suit_of[card] for card in state.zones[hand][player]} & voids[player]
        for _ in range(3):
            copy = game.mechanic.determinize(state, observer, rng)
            assert copy.zones[hand][partner] == []
            for player in range(4):
                assert len(copy.zones[hand][player]) == len(state.zones[hand][player])
                suits = game.mechanic.suits_by_trump[mech.trump]  # type: ignore[attr-defined]
                if player != observer:
                    held = {suits[card] for card in copy.zones[hand][player]}
                    assert not held & voids[player], (seed, player)


@pytest.mark.parametrize("stop", ["calling a suit", "discarding", "alone"])
def test_a_position_in_calling_or_alone_saves_loads_and_plays_on_alike(stop: str) -> None:
    from toolkit.engine.position_load import read_position
    from toolkit.engine.position_save import position_text, save_position

    _, game = load_compiled_game(GAME)
    codec = game.mechanic.codec  # type: ignore[attr-defined]
    for seed in range(40):
        state = game.new_state(seed, 4)
        rng = random.Random(seed)
        moves: list[tuple[int, int]] = []
        while not state.terminal:
            mech = state.mech
            if stop == "calling a suit" and mech.phase == 5 and mech.acted == 2:
                break
            if stop == "discarding" and mech.phase == DISCARD:
                break
            if stop == "alone" and mech.sitting and mech.trick == 2 and len(mech.plays) == 1:
                break
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            wanted = codec.encode(Call(order=True, alone=True))
            if stop == "calling a suit":
                wanted = codec.encode(Call(order=False))
            action = wanted if stop != "discarding" and wanted in legal else rng.choice(legal)
            state.apply(player, action)
            moves.append((player, action))
        else:
            continue
        text = position_text(save_position(game, lambda s=seed: game.new_state(s, 4), moves))
        assert f"phase: {stop}" in text or stop == "alone"
        _, loaded, after, problems = read_position(game, Path("p.yaml"), text=text)
        assert loaded is not None, [str(p) for p in problems]
        for player, action in after:
            loaded.apply(player, action)
        while not state.terminal:
            assert loaded.to_move() == state.to_move()
            player = state.to_move()[0]
            legal = state.legal_actions(player)
            assert loaded.legal_actions(player) == legal
            action = rng.choice(legal)
            state.apply(player, action)
            loaded.apply(player, action)
        assert loaded.scores() == state.scores()
        return
    pytest.fail(f"no game reached {stop}")
