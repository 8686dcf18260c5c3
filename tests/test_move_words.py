"""No two legal moves read the same: moves with cards of one name say what tells them apart.

Every game in the repository (the shipped games, the toy games and a new game of every family
`toolkit new` makes) is played at random, at its fewest and most players; at every decision,
each mover's moves as the terminal and the page word them (`Views.move_texts`) must all
differ, and so must the transcripts' words (`Narrator.action`) of every move whose words name
its card (a hidden pick's words name no card, and stay alike so as to show nothing).
"""

from __future__ import annotations

import json
import random
from functools import cache
from pathlib import Path

import pytest
import yaml
from entry_point import run_toolkit

from toolkit.play.session import Session
from toolkit.play.views import Views, ordered_moves
from toolkit.record.transcripts import LoadedGame
from toolkit.scaffold import families, new_game

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "rules").glob("*.yaml")) + sorted(
    (ROOT / "tests" / "games").glob("*/rules/*.yaml")
)
SEEDS = (5, 11)
MOVES_SEEN = 60
"""Decisions looked at per game and player count: enough to meet every kind of decision of
these games (picks, plays, discards, passes, bids), few enough to stay quick."""


@cache
def loaded(manifest: Path) -> LoadedGame:
    return LoadedGame.load(str(manifest))


def player_counts(manifest: Path) -> tuple[int, int]:
    players = yaml.safe_load(manifest.read_text(encoding="utf-8"))["players"]
    return players["min"], players["max"]


def assert_moves_read_apart(game: LoadedGame, players: int, seed: int) -> int:
    """Play one random game, checking the words of every mover's moves; returns how many
    decisions offered moves with cards of one name."""
    views = []
    for seat in range(players):
        session = Session(game, seed=seed, players=players, seat=seat, bots=["random"] * players)
        views.append(Views(session, plain=True))
    state = game.game.new_state(seed, players)
    rng = random.Random(seed)
    tested = alike_names = 0
    while not state.is_terminal() and tested < MOVES_SEEN:
        for mover in state.to_move():
            view = views[mover]
            view.session.state = state
            legal = ordered_moves(state.legal_actions(mover))
            seen = view.move_texts(legal)
            assert len(set(seen)) == len(seen), f"moves read alike: {seen}"
            said = game.narrator.actions(state, mover, legal)
            twins = [a for a, words in zip(legal, said, strict=True) if "(" in words][:2]
            for action in twins:  # one move's words as a transcript writes them
                assert game.narrator.action(state, action) == said[legal.index(action)]
            for action, words in zip(legal, said, strict=True):
                part = game.game.mechanic.codec.card_part(action) if action >= 0 else None
                if part is not None and game.narrator.deck_card(part[0]) in words:
                    assert said.count(words) == 1, f"transcript words alike: {words}"
            cards = [game.game.mechanic.codec.card_part(a) for a in legal if a >= 0]
            names = [game.game.deck.names[part[0]] for part in cards if part is not None]
            alike_names += len(set(names)) < len(names)
            tested += 1
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    assert tested, "no decision was looked at"
    return alike_names


@pytest.mark.parametrize("manifest", GAMES, ids=[m.stem for m in GAMES])
def test_no_two_moves_of_a_repository_game_read_the_same(manifest: Path) -> None:
    game = loaded(manifest)
    for players, seed in zip(player_counts(manifest), SEEDS, strict=True):
        assert_moves_read_apart(game, players, seed)


@pytest.mark.parametrize("family", sorted(families()))
def test_no_two_moves_of_a_new_game_read_the_same(family: str, tmp_path: Path) -> None:
    new_game(tmp_path, "new-game", family)
    manifest = tmp_path / "rules" / "new-game.yaml"
    game = LoadedGame.load(str(manifest))
    low, high = player_counts(manifest)
    for players in (low, high):
        assert_moves_read_apart(game, players, SEEDS[0])


def test_cards_of_one_name_say_their_differing_value_then_their_place(tmp_path: Path) -> None:
    """A new draft's hand holds berries worth 2 and 1 and twin gems: the berries say their
    values, the twin berries and gems where they lie, as a transcript and the page word them."""
    new_game(tmp_path, "berries", "draft")
    game = LoadedGame.load(str(tmp_path / "rules" / "berries.yaml"))
    state = game.game.new_state(26, 2)
    legal = ordered_moves(state.legal_actions(0))
    assert sorted(game.narrator.actions(state, 0, legal)) == [
        "take Berry (value 1, 4th in Hand)",
        "take Berry (value 1, 8th in Hand)",
        "take Berry (value 2)",
        "take Berry (value 3)",
        "take Crown",
        "take Ruby gem (1st in Hand)",
        "take Ruby gem (3rd in Hand)",
        "take Topaz gem",
    ]
    session = Session(game, seed=26, players=2, seat=0, bots=["random"] * 2)
    assert Views(session, plain=True).move_texts(legal) == game.narrator.actions(state, 0, legal)


def test_a_transcript_with_the_words_before_moves_were_told_apart_still_replays(
    tmp_path: Path,
) -> None:
    """Tide Pool Market's transcripts say which of two twin crabs was taken; one written
    with the plain words (`take Hermit crab`) replays as well, and one with other words
    does not."""
    path = tmp_path / "run.jsonl"
    made = run_toolkit(
        "simulate", "tide-pool-market", "--games", "1", "--players", "3", "--seed", "11",
        "--bots", "random", "--workers", "1", "--transcript", path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    told = [row for row in rows if row["type"] == "action" and " in Hand)" in str(row["text"])]
    assert told
    for row in told:
        row["text"] = str(row["text"]).split(" (")[0]
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    replayed = run_toolkit("replay", path)
    assert replayed.returncode == 0, replayed.stderr
    assert "replays exactly" in replayed.stdout
    told[0]["text"] = "take a sea monster"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    diverged = run_toolkit("replay", path)
    assert diverged.returncode == 1 and "now it is 'take " in diverged.stdout + diverged.stderr
