"""Trick-taking phases before play (passing, bids, naming trump): every bot plays them with
legal choices, whole games end, and the terminal offers and shows them."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from toolkit.agents import make_bot
from toolkit.engine.load import load_compiled_game
from toolkit.errors import IllegalActionError
from toolkit.mechanics.trick_taking import words
from toolkit.mechanics.trick_taking.codec import Bid, NameTrump, PassCard, PlayCard, TrickCodec
from toolkit.mechanics.trick_taking.structure import TrickTaking
from toolkit.play.session import Session
from toolkit.play.terminal import Terminal
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent
PLAY = 0


@pytest.mark.parametrize(
    ("manifest", "sets", "players"),
    [
        ("cinder-tricks", [], 4),
        ("lamplight-wagers", [], 3),
        ("lamplight-wagers", [("game/structure/trump", {"named_by": "high_bidder"})], 5),
        ("lamplight-wagers", [("game/structure/trump", {"named_by": "leader"})], 4),
    ],
)
@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:8"])
def test_bots_act_in_every_phase(
    manifest: str, sets: list[tuple[str, object]], players: int, bot: str
) -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / f"{manifest}.yaml"), sets=sets)
    state = game.new_state(3, players)
    bots = [make_bot(bot, seed) for seed in range(players)]
    phases = set()
    steps = 0
    while not state.terminal and (state.mech.phase != PLAY or state.mech.trick < 2):
        for player in state.to_move():
            phases.add(state.mech.phase)
            action = bots[player].choose(state, player)
            assert action in state.legal_actions(player)
            state.apply(player, action)
            steps += 1
        if steps > 200:
            break
    assert len(phases) >= 2  # a phase before play, then play


@pytest.mark.parametrize("manifest", ["cinder-tricks", "lamplight-wagers"])
def test_a_whole_game_of_greedy_bots_ends(manifest: str) -> None:
    _, game = load_compiled_game(str(ROOT / "rules" / f"{manifest}.yaml"))
    state = game.new_state(1, 3)
    bots = [make_bot("greedy", seed) for seed in range(3)]
    for _ in range(game.mechanic.max_actions(3)):
        if state.terminal:
            break
        for player in state.to_move():
            state.apply(player, bots[player].choose(state, player))
    assert state.terminal


@pytest.mark.parametrize(
    ("manifest", "seen"),
    [
        ("cinder-tricks", ["Before play: passing (3 cards to player 2)", "Embers", "pass "]),
        ("lamplight-wagers", ["Before play: bidding", "Trump: ", "bid 0", "is turned up"]),
    ],
)
def test_a_whole_game_in_the_terminal(manifest: str, seen: list[str]) -> None:
    """The terminal offers passes and bids as numbered moves, shows trump and the phase,
    and its rules help tells what happens before play."""
    answers = iter(["h", *["1"] * 2000])

    def read_line(prompt: str) -> str | None:
        return next(answers, None)

    loaded = LoadedGame.load(str(ROOT / "rules" / f"{manifest}.yaml"))
    session = Session(loaded, seed=2, players=3, seat=0, bots=["human", "random", "random"])
    buffer = io.StringIO()
    console = Console(file=buffer, width=120)
    terminal = Terminal(
        session, Path("unused.jsonl"), console=console, read_line=read_line, plain=True
    )
    terminal.save = lambda: None  # type: ignore[method-assign]
    outcome = terminal.run()
    assert outcome.finished
    out = buffer.getvalue()
    assert "Final scores:" in out and "Before play" in out
    for text in seen:
        assert text in out


def test_every_action_range_round_trips() -> None:
    codec = TrickCodec(52, passing=True, bidding=True, suits=4)
    records = [PlayCard(0), PlayCard(51), PassCard(0), PassCard(51), Bid(0), Bid(52)]
    records += [NameTrump(0), NameTrump(3)]
    for record in records:
        action = codec.encode(record)
        assert 0 <= action < codec.num_distinct_actions
        assert codec.decode(action) == record
    assert codec.num_distinct_actions == 3 * 52 + 1 + 4
    assert TrickCodec(52).num_distinct_actions == 52
    with pytest.raises(IllegalActionError, match="no bidding"):
        TrickCodec(52, passing=True).encode(Bid(1))
    with pytest.raises(IllegalActionError):
        TrickCodec(52, passing=True).decode(104)


def test_the_rules_help_and_summary_tell_the_phases_before_play() -> None:
    loaded = LoadedGame.load(str(ROOT / "rules" / "lamplight-wagers.yaml"))
    structure = loaded.content.game.structure
    assert isinstance(structure, TrickTaking)
    assert words.summary(structure) == ("trick-taking, 8 rounds (bidding, trump turned up)")
    before = words.before_play_lines(structure, str.title)
    assert before[0].startswith("Turn up the first card left over after the deal")
    assert "The last bidder may not make the bids add up" in before[1]
    assert "on their Wager track" in before[1]
    play = words.play_lines(structure)
    assert play[0] == (
        "8 rounds; each deals the deck again, won cards included; "
        "cards each by round: 8, 7, 6, 5, 4, 3, 2, 1 (repeating)."
    )
    assert "unless a trump is played (the turned-up card's suit)" in play[2]
