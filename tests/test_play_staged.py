"""`toolkit play` on a game whose round is written as stages (kite-festival), driven through
the real entry point as a person types: the screen is drawn from the player's observation and
the rules help reads the round back from the stages; save, quit, resume and replay work."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from entry_point import run_toolkit

from toolkit.mechanics.staged.structure import Staged
from toolkit.mechanics.staged.words import round_lines
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent
GAME = "kite-festival"


def play(moves: str, transcript: Path, *extra: str, cwd: Path = ROOT) -> str:
    command = ["play", GAME, "--players", "3", "--bots", "random", "--seed", "1"]
    result = run_toolkit(*command, "--transcript", transcript, *extra, stdin=moves, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return result.stdout


def copied(project: Path) -> Path:
    """The game's files in a folder of their own, where play may write its build/."""
    for folder in ("rules", "cards", "print"):
        shutil.copytree(ROOT / folder, project / folder)
    return project


def screens(output: str, name: str = "Kite Festival") -> list[str]:
    """Each position shown, from its title to its list of moves."""
    return re.findall(rf"== {re.escape(name)}: round .*?Your moves:\n", output, re.S)


def test_the_screen_shows_the_round_the_zones_and_only_the_persons_cards(
    tmp_path: Path,
) -> None:
    out = play("1\n1\n1\nq\n", tmp_path / "t.jsonl")
    first = screens(out)[0]
    assert "round 1, turn 1 - you are player 1; you to act" in first
    assert re.search(r"the basket: \d+ cards, face down", first)  # a draw pile: a count
    assert "the festival line:" in first
    hand = re.search(r"Your hand:\n(.*)\n", first)
    assert hand is not None and len(hand.group(1).split("  ")) == 7
    assert re.search(r"\| player 2 +\| +7 \|", first)  # the others' hands: counted only
    moves = out.split("Your moves:\n", 1)[1].split("move>", 1)[0]
    assert "play " in moves and "to the festival line" in moves
    assert "draw" not in moves  # a flier who can fly must: drawing is what `otherwise` does
    news = out.split("Since your last move:", 2)[2]
    for line in news.splitlines():  # a bot's draw is a card, never its name
        if line.startswith("  player 2 moves") and "from the basket" in line:
            assert "moves a card from the basket" in line


def test_help_reads_the_round_back_from_the_stages(tmp_path: Path) -> None:
    out = play("?\nq\n", tmp_path / "t.jsonl")
    help_text = out.split("move> ?", 1)[1]
    loaded = LoadedGame.load(str(ROOT / "rules" / f"{GAME}.yaml"))
    structure = loaded.content.game.structure
    assert isinstance(structure, Staged)
    lines = round_lines(structure)
    assert lines
    for line in lines:
        assert line.strip() in help_text
    assert "Fly a kite of the line's colour" in help_text  # the game's own description


def test_a_called_value_and_a_reversed_turn_order_are_on_the_screen(tmp_path: Path) -> None:
    position = tmp_path / "called.yaml"
    position.write_text(
        "kind: position\n"
        f"game: {GAME}\n"
        "to_move: [1]\n"
        "players:\n"
        "- {name: human, zones: {hand: [red-3-1, green-5-1]}}\n"
        "- {name: random, zones: {hand: [blue-4-1, gold-6-1, gold-7-1]}}\n"
        "- {name: random, zones: {hand: [blue-5-1]}}\n"
        "shared:\n"
        "  line: [gold-0, rainbow-1]\n"
        "play:\n"
        "  direction: counterclockwise\n"
        "  called: {line: {field: colour, value: green}}\n",
        encoding="utf-8",
    )
    project = copied(tmp_path / "project")
    result = run_toolkit("play", GAME, "--from", position, cwd=project, stdin="q\n")
    assert result.returncode == 0, result.stderr
    shown = screens(result.stdout)[0]
    assert "turn order reversed" in shown
    assert "colour green called" in shown
    moves = result.stdout.split("Your moves:\n", 1)[1].split("move>", 1)[0]
    assert "play Green 5" in moves and "Red 3" not in moves  # the call stands for the top
    assert re.search(r"\| player 2 +\| +3 \|", shown)


def test_a_long_pile_shows_its_top_cards(tmp_path: Path) -> None:
    out = play("1\n" * 60 + "q\n", tmp_path / "t.jsonl")
    cut = re.findall(r"the festival line: the top 6 of (\d+) cards", out)
    assert cut and int(cut[-1]) > 6


def test_a_whole_game_replays_and_a_quit_one_resumes_to_its_end(tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    out = play("1\n" * 400, whole)
    assert "Final scores:" in out and "winner: player" in out
    replayed = run_toolkit("replay", whole)
    assert replayed.returncode == 0, replayed.stderr
    assert "replays exactly" in replayed.stdout

    saved = tmp_path / "saved.jsonl"
    out = play("1\n1\nq\n", saved)
    assert f"go on with: toolkit play --resume {saved}" in out
    before = [json.loads(row) for row in saved.read_text().splitlines()]
    actions = [row for row in before if row["type"] == "action"]
    resumed = run_toolkit("play", "--resume", saved, stdin="1\n" * 400)
    assert resumed.returncode == 0, resumed.stderr
    assert "Final scores:" in resumed.stdout
    after = [json.loads(row) for row in saved.read_text().splitlines()]
    assert [row for row in after if row["type"] == "action"][: len(actions)] == actions
    assert after[-1] == {"type": "trailer", "games": 1}
    assert run_toolkit("replay", saved).returncode == 0


def test_a_saved_position_plays_on(tmp_path: Path) -> None:
    project = copied(tmp_path / "project")
    out = play("1\ns\nq\n", tmp_path / "t.jsonl", cwd=project)
    saved = project / "build" / "play" / f"{GAME}-position.yaml"
    assert f"position saved to {saved.relative_to(project)}" in out
    text = saved.read_text(encoding="utf-8")
    assert "play:\n  at: round/" in text
    last = screens(out)[-1]
    again = run_toolkit("play", GAME, "--from", saved, cwd=project, stdin="q\n")
    assert again.returncode == 0, again.stderr
    resumed = screens(again.stdout)[0]
    hand = re.search(r"Your hand:\n(.*)\n", last)
    assert hand is not None and hand.group(1) in resumed
    assert re.search(r"round 1, turn \d+ - you are player 1; you to act", resumed)


def test_a_hidden_pick_names_its_card_to_the_person_only(tmp_path: Path) -> None:
    manifest = ROOT / "tests" / "games" / "staged-cinder-tricks" / "rules"
    transcript = tmp_path / "picks.jsonl"
    result = run_toolkit(
        "play", manifest / "staged-cinder-tricks.yaml", "--players", "4", "--bots", "random",
        "--seed", "2", "--transcript", transcript, stdin="1\nq\n",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    first, second = screens(result.stdout, "Cinder Tricks (staged)")[:2]
    assert "the trick: empty" in first
    assert "passed" not in first and "finished" not in first  # nobody passes or finishes here
    menu = result.stdout.split("Your moves:\n", 1)[1].split("move>", 1)[0]
    offered = re.findall(r"^ +\d+\. (.*)$", menu, re.M)
    picked = offered[0].removeprefix("pick ")
    assert offered[0].startswith("pick ") and picked != "a card"
    assert f"Your hidden picks: {picked}" in second
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    picks = [row for row in rows if row["type"] == "action"]
    assert picks and all(row["text"] == "pick a card" for row in picks)  # the record hides it
