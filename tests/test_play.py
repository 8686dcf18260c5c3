"""`toolkit play` driven through a pipe, as a person would type: move numbers, `u`, `h`, `q`.

Every game here ends (or is quit) and leaves a transcript that `toolkit replay` re-runs.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from entry_point import run_toolkit
from rich.console import Console

from toolkit.play import bot_seats
from toolkit.play.session import Session
from toolkit.play.terminal import Terminal
from toolkit.play.views import Views
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent


def toolkit(*args: str, moves: str = "") -> subprocess.CompletedProcess[str]:
    """The real entry point, fed `moves` on standard input; never a traceback."""
    return run_toolkit(*args, stdin=moves)


def play(
    game: str, moves: str, *extra: str, transcript: Path, seat: int = 1
) -> subprocess.CompletedProcess[str]:
    command = ["play", game, "--players", "3", "--seat", str(seat), "--bots", "random"]
    command += ["--seed", "5", "--transcript", str(transcript)]
    return toolkit(*command, *extra, moves=moves)


def replay(path: Path) -> subprocess.CompletedProcess[str]:
    return toolkit("replay", str(path))


def move_lists(output: str) -> list[str]:
    """Each 'Your moves' block offered, in order."""
    return re.findall(r"Your moves[^\n]*:\n((?:  .*\n)+)", output)


@pytest.mark.parametrize(
    ("game", "seen"),
    [
        ("midway-memories", ["Trick:", "Your hand:", "Coins", "Fame", "wins the trick with"]),
        ("oh-my-park", ["Your hand:", "price", "hands pass left", "(you)", "+-----"]),
    ],
)
def test_a_whole_game_through_a_pipe(game: str, seen: list[str], tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    result = play(game, "1\n" * 400, transcript=transcript)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Final scores:" in out and "winner: player" in out
    assert "transcript saved to" in out
    assert "Since your last move:" in out and "  player 2 " in out  # what the bots did
    for text in seen:
        assert text in out
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert rows[0]["bots"] == ["human", "random", "random"]
    assert rows[-2]["type"] == "scores" and rows[-1] == {"type": "trailer", "games": 1}
    replayed = replay(transcript)
    assert replayed.returncode == 0, replayed.stderr
    final = [line for line in out.splitlines() if line.startswith("  player ") and ": " in line]
    assert replayed.stdout.count("winner:") == 1
    for line in final[-3:]:
        assert line.strip() in replayed.stdout


@pytest.mark.parametrize("game", ["midway-memories", "oh-my-park"])
def test_undo_offers_the_same_moves_again(game: str, tmp_path: Path) -> None:
    result = play(game, "2\nu\n1\nu\nq\n", transcript=tmp_path / "t.jsonl", seat=2)
    assert result.returncode == 0, result.stderr
    offered = move_lists(result.stdout)
    assert len(offered) == 5
    assert offered[0] == offered[2] == offered[4]  # back where the first move was chosen
    assert result.stdout.count("took back your last move") == 2
    rows = [json.loads(line) for line in (tmp_path / "t.jsonl").read_text().splitlines()]
    assert not any(row["type"] == "action" and row["player"] == 1 for row in rows)


def test_undo_with_nothing_to_undo_says_so(tmp_path: Path) -> None:
    result = play("midway-memories", "u\nq\n", transcript=tmp_path / "t.jsonl")
    assert "nothing to undo yet" in result.stdout


def test_help_is_made_from_the_data(tmp_path: Path) -> None:
    loaded = LoadedGame.load(str(ROOT / "rules" / "oh-my-park.yaml"))
    shops = [c.action_text for c in loaded.content.cards("park-cards") if c.action_text]
    result = play("oh-my-park", "h\nq\n", transcript=tmp_path / "t.jsonl")
    assert result.returncode == 0
    for text in shops:
        assert " ".join(text.split()) in result.stdout
    for heading in ("Placement rules", "Project plan in play", "Scoring at the end", "Ties"):
        assert heading in result.stdout

    loaded = LoadedGame.load(str(ROOT / "rules" / "midway-memories.yaml"))
    session = Session(loaded, seed=5, players=3, seat=0, bots=["human", "random", "random"])
    display = [loaded.game.tables["attractions"].names[c] for c in session.state.shared[0]]
    result = play("midway-memories", "h\nq\n", transcript=tmp_path / "t.jsonl")
    help_text = result.stdout.split("move> h", 1)[1]
    for name in display:
        assert f"{name}: level " in help_text
    assert "Suit actions" in help_text and "Tracks and milestones" in help_text
    assert "Fame 0-12: at 4: 2 VP" in help_text


@pytest.mark.parametrize("game", ["midway-memories", "oh-my-park"])
def test_quit_saves_a_transcript_that_replays(game: str, tmp_path: Path) -> None:
    transcript = tmp_path / "quit.jsonl"
    result = play(game, "1\n1\nq\n", transcript=transcript)
    assert result.returncode == 0
    assert f"transcript saved to {transcript}" in result.stdout
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert rows[-2] == {"type": "end", "finished": False}
    assert rows[-1] == {"type": "trailer", "games": 1}
    replayed = replay(transcript)
    assert replayed.returncode == 0, replayed.stderr
    assert "left unfinished after action" in replayed.stdout


def resume(path: Path, moves: str, *extra: str) -> subprocess.CompletedProcess[str]:
    return toolkit("play", "--resume", str(path), *extra, moves=moves)


def actions_of(path: Path) -> list[tuple[int, int]]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    return [(row["player"], row["action"]) for row in rows if row["type"] == "action"]


@pytest.mark.parametrize("game", ["midway-memories", "oh-my-park"])
def test_a_quit_game_resumes_to_its_end(game: str, tmp_path: Path) -> None:
    transcript = tmp_path / "saved.jsonl"
    first = play(game, "1\n1\nq\n", transcript=transcript)
    assert f"go on with: toolkit play --resume {transcript}" in first.stdout
    saved = actions_of(transcript)
    assert sum(1 for player, _ in saved if player == 0) == 2

    second = resume(transcript, "1\nq\n")
    assert second.returncode == 0, second.stderr
    assert "seed 5, 3 players, you are player 1" in second.stdout
    assert "Since your last move:" in second.stdout  # the news before the pause, again
    later = actions_of(transcript)
    assert later[: len(saved)] == saved
    assert sum(1 for player, _ in later if player == 0) == 3

    last = resume(transcript, "1\n" * 400)
    assert last.returncode == 0, last.stderr
    assert "Final scores:" in last.stdout
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert rows[-2]["type"] == "scores" and rows[-1] == {"type": "trailer", "games": 1}
    assert actions_of(transcript)[: len(later)] == later
    assert replay(transcript).returncode == 0


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path: Path) -> None:
    saved = tmp_path / "saved.jsonl"
    play("oh-my-park", "1\nq\n", transcript=saved)

    clash = resume(saved, "q\n", "--seed", "3", "--players", "4")
    assert clash.returncode == 2
    assert "--resume takes the game as saved; drop --players, --seed" in clash.stderr

    over = tmp_path / "over.jsonl"
    play("oh-my-park", "1\n" * 400, transcript=over)
    finished = resume(over, "q\n")
    assert finished.returncode == 2 and "is over; watch it with: toolkit replay" in finished.stderr

    simulated = tmp_path / "simulated.jsonl"
    made = toolkit(
        "simulate", "oh-my-park", "--games", "1", "--bots", "random",
        "--transcript", str(simulated),
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    not_played = resume(simulated, "q\n")
    assert not_played.returncode == 2 and "is not a game saved by play" in not_played.stderr

    rows = saved.read_text().splitlines()
    edited = tmp_path / "edited.jsonl"
    first_action = next(i for i, row in enumerate(rows) if '"type": "action"' in row)
    rows[first_action] = rows[first_action].replace('"action": ', '"action": 1', 1)
    edited.write_text("\n".join(rows) + "\n")
    diverged = resume(edited, "q\n")
    assert diverged.returncode == 1
    assert "replay diverges in game 0, action 1" in diverged.stderr


def test_end_of_input_quits_and_saves(tmp_path: Path) -> None:
    transcript = tmp_path / "eof.jsonl"
    result = play("oh-my-park", "", transcript=transcript)
    assert result.returncode == 0
    assert "(end of input)" in result.stdout and transcript.is_file()


def test_a_draft_pick_in_two_steps(tmp_path: Path) -> None:
    loaded = LoadedGame.load(str(ROOT / "rules" / "oh-my-park.yaml"))
    session = Session(loaded, seed=5, players=3, seat=0, bots=["human", "random", "random"])
    session.run_bots()
    moves = Views(session, plain=True).position().moves
    codec = loaded.game.mechanic.codec
    card = max(codec.decode(move).card for move in moves)
    card_id = loaded.game.deck.ids[card]
    wanted = [move for move in moves if codec.decode(move).card == card][-1]
    count = sum(1 for move in moves if codec.decode(move).card == card)
    transcript = tmp_path / "two.jsonl"
    result = play("oh-my-park", f"{card_id.lower()}\n{count}\nq\n", transcript=transcript)
    assert f"Places for {card_id} (" in result.stdout
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    first = next(row for row in rows if row["type"] == "action" and row["player"] == 0)
    assert first["action"] == wanted
    assert first["text"].startswith(f"place {card_id} (")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "--seat must be 1-3"),
        (["--bots", "random,random,random"], "--bots names 3 bots for 2 bot seats"),
        (["--bots", "randon"], "unknown bot 'randon'"),
    ],
)
def test_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    result = run_toolkit("play", "midway-memories", "--players", "3", *args, stdin="q\n")
    assert result.returncode == 2
    assert message in result.stderr


def test_bot_seats() -> None:
    assert bot_seats(["greedy"], 3, 1) == ["greedy", "human", "greedy"]
    assert bot_seats(["a", "b"], 3, 0) == ["human", "a", "b"]
    assert bot_seats(["a", "human", "b"], 3, 1) == ["a", "human", "b"]


def test_undo_replays_instead_of_copying() -> None:
    """Undo rebuilds from the seed: the position and the moves offered are as before."""
    loaded = LoadedGame.load(str(ROOT / "rules" / "midway-memories.yaml"))
    session = Session(loaded, seed=9, players=3, seat=1, bots=["random", "human", "random"])
    session.run_bots()
    before = (session.legal(), session.game.observe(session.state, 1), len(session.state.log))
    session.play(session.legal()[0])
    session.play(session.legal()[0])
    assert session.undo() and session.undo()
    after = (session.legal(), session.game.observe(session.state, 1), len(session.state.log))
    assert after == before
    assert not session.undo()


def test_a_terminal_draws_in_colour() -> None:
    """On a terminal the same loop uses colours from the data (suits, park-card colours)."""
    for game in ("midway-memories", "oh-my-park"):
        answers = iter(["1"] * 400)

        def read_line(prompt: str, answers: Iterator[str] = answers) -> str | None:
            return next(answers, None)

        loaded = LoadedGame.load(str(ROOT / "rules" / f"{game}.yaml"))
        session = Session(loaded, seed=2, players=3, seat=0, bots=["human", "random", "random"])
        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=True, color_system="truecolor", width=120)
        terminal = Terminal(
            session,
            Path("unused.jsonl"),
            console=console,
            read_line=read_line,
            plain=False,
        )
        terminal.save = lambda: None  # type: ignore[method-assign]
        outcome = terminal.run()
        assert outcome.finished
        out = buffer.getvalue()
        assert "\x1b[" in out and "Final scores:" in out
        colour = "38;2;198;55;39" if game == "midway-memories" else "48;2;47;111;181"
        assert colour in out  # Tickets red / blue park cards, from the YAML
