"""Transcripts and narration of games whose round is written as stages: a recorded game
replays exactly with card names, and what a player is told hides what they may not see (a card
drawn by someone else, a pick not yet revealed)."""

from __future__ import annotations

import random
from pathlib import Path

from entry_point import run_toolkit

from toolkit.kernel.state import State
from toolkit.mechanics.staged.events import CardsMoved, Revealed
from toolkit.mechanics.staged.structure import Staged
from toolkit.mechanics.staged.words import round_lines
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent

SIMULTANEOUS = """structure:
  mechanic: staged
  rounds: 1
  round:
    - {stage: deal, to: hand, count: 4, rest: deck-pile}
    - stage: repeat
      until: {empty: hand}
      stages:
        - stage: simultaneous
          from: hand
          count: 1
          reveal: together
          then:
            - {stage: move, from: picked, to: pile, count: all}
  round_end:
    when: []
"""


PASS_FACE_DOWN = """structure:
  mechanic: staged
  rounds: 1
  round:
    - {stage: deal, to: hand, count: 4, rest: deck-pile}
    - stage: simultaneous
      from: hand
      count: 2
      reveal: none
      then:
        - {stage: move, from: picked, to: hand, count: all, to_who: left}
    - stage: repeat
      until: {empty: hand}
      stages:
        - stage: simultaneous
          from: hand
          count: 1
          then:
            - {stage: move, from: picked, to: pile, count: all}
  round_end:
    when: []
"""


def new_game(folder: Path, structure: str) -> LoadedGame:
    """A game made by `toolkit new --family staged` with its round replaced by `structure`
    and its strategy preferring picks; valid."""
    made = run_toolkit("new", "pick-game", "--family", "staged", cwd=folder)
    assert made.returncode == 0, made.stderr
    rules = folder / "rules" / "pick-game.yaml"
    text = rules.read_text(encoding="utf-8")
    start, end = text.index("structure:"), text.index("# Cards left in hand")
    rules.write_text(text[:start] + structure + text[end:], encoding="utf-8")
    strategies = folder / "cards" / "pick-game" / "strategies.yaml"
    text = strategies.read_text(encoding="utf-8")
    strategies.write_text(text.replace("moves: [play, draw]", "moves: [pick]"), encoding="utf-8")
    checked = run_toolkit("validate", "pick-game", cwd=folder)
    assert checked.returncode == 0, checked.stdout
    return LoadedGame.load(str(rules))


def random_moves(state: State, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if state.terminal:
            return
        player = state.to_move()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))


def test_a_simulated_game_replays_exactly_with_card_names(tmp_path: Path) -> None:
    transcript = tmp_path / "kite.jsonl"
    made = run_toolkit(
        "simulate", "kite-festival", "--games", "2", "--players", "3", "--bots", "random",
        "--transcript", transcript,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    replayed = run_toolkit("replay", transcript)
    assert replayed.returncode == 0, replayed.stderr
    assert f"every game of {transcript} replays exactly" in replayed.stdout
    assert replayed.stdout.count("winner: player") == 2
    assert "from the basket to the festival line" in replayed.stdout
    assert "from Hand to the festival line" in replayed.stdout


def test_a_card_drawn_by_another_player_is_told_as_a_card() -> None:
    loaded = LoadedGame.load(str(ROOT / "rules" / "kite-festival.yaml"))
    names = loaded.game.deck.names
    state = loaded.game.new_state(7, 3, {})
    random_moves(state, random.Random(7), 60)
    draws = [e for e in state.log if isinstance(e, CardsMoved) and e.hidden and e.owner >= 0]
    assert draws
    for event in draws:
        seen = list(loaded.narrator.events([event], viewer=event.owner))
        assert any(names[event.cards[0]] in line for line in seen)
        other = (event.owner + 1) % 3
        told = "\n".join(loaded.narrator.events([event], viewer=other))
        assert "a card" in told or "cards" in told
        assert not any(names[card] in told for card in event.cards)


def test_a_pick_is_hidden_until_everyone_has_picked(tmp_path: Path) -> None:
    loaded = new_game(tmp_path, SIMULTANEOUS)
    names = loaded.game.deck.names
    state = loaded.game.new_state(3, 3, {})
    assert state.to_move() == (0, 1, 2)
    mark = len(state.log)
    first = state.legal_actions(0)[0]
    state.apply(0, first)
    news = "\n".join(loaded.narrator.events(state.log[mark:], viewer=1))
    hand = [c for c in range(len(names)) if names[c] in news]
    assert not hand  # nothing of player 1's pick is told
    assert state.mech.picks[0]
    picked = names[state.mech.picks[0][0]]
    for player in (1, 2):
        state.apply(player, state.legal_actions(player)[0])
    revealed = [e for e in state.log[mark:] if isinstance(e, Revealed)]
    assert [e.player for e in revealed] == [0, 1, 2]
    told = "\n".join(loaded.narrator.events(state.log[mark:], viewer=1))
    assert f"player 1 reveals {picked}" in told

    transcript = tmp_path / "picks.jsonl"
    simulated = run_toolkit(
        "simulate", "pick-game", "--games", "1", "--bots", "random", "--transcript", transcript,
        cwd=tmp_path,
    )  # fmt: skip
    assert simulated.returncode == 0, simulated.stderr
    replayed = run_toolkit("replay", transcript, cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert "reveals" in replayed.stdout


def test_cards_passed_face_down_are_seen_by_their_picker_and_receiver_only(
    tmp_path: Path,
) -> None:
    loaded = new_game(tmp_path, PASS_FACE_DOWN)
    names = loaded.game.deck.names
    state = loaded.game.new_state(5, 3, {})
    mark = len(state.log)
    for player in (0, 1, 2):
        for _ in range(2):
            state.apply(player, state.legal_actions(player)[0])
    log = state.log[mark:]
    assert not any(isinstance(event, Revealed) for event in log)
    passes = [e for e in log if isinstance(e, CardsMoved) and e.source == "picked"]
    assert len(passes) == 3 and all(e.hidden and len(e.cards) == 2 for e in passes)
    for event in passes:
        receiver = event.owner
        bystander = next(p for p in range(3) if p not in (receiver, event.player))
        mine = "\n".join(loaded.narrator.events([event], viewer=receiver))
        assert all(names[card] in mine for card in event.cards)
        told = "\n".join(loaded.narrator.events([event], viewer=bystander))
        assert "2 cards" in told and not any(names[card] in told for card in event.cards)
    assert not any(state.mech.known)  # nobody but the two of them knows where they went
    view = loaded.game.observe(state, 2)
    assert view["known"] == [[], [], []]
    assert [len(h) if isinstance(h, list) else h for h in view["zones"]["hand"]] == [4, 4, 4]
    structure = loaded.content.game.structure
    assert isinstance(structure, Staged)
    assert "face down: nobody else sees them" in "\n".join(round_lines(structure))
