"""`toolkit play` never loses a game: what is not a move asks again; the end of input, Ctrl-C
(piped input too), SIGTERM, SIGHUP and unexpected errors save the transcript first, and the
saved game goes on with `play --resume`; a transcript path that cannot be written is refused
before the game starts.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from entry_point import run_toolkit
from rich.console import Console

from toolkit.play.session import Session
from toolkit.play.terminal import Terminal
from toolkit.play.views import Views
from toolkit.record.transcripts import LoadedGame

ROOT = Path(__file__).resolve().parent.parent
GAME = ["midway-memories", "--players", "3", "--bots", "random", "--seed", "5"]


def play(moves: str | bytes, transcript: Path, game: str = "midway-memories") -> tuple[int, str]:
    """The entry point fed `moves` through a pipe; (exit code, standard output). Text is fed in
    this process (`run_toolkit`); raw bytes, which only a process's standard input carries
    undecoded, to a real `python -m toolkit`."""
    if isinstance(moves, str):
        done = run_toolkit("play", game, *GAME[1:], "--transcript", transcript, stdin=moves)
        return done.returncode, done.stdout
    command = [sys.executable, "-m", "toolkit", "play", game, *GAME[1:]]
    result = subprocess.run(
        [*command, "--transcript", str(transcript)],
        cwd=ROOT,
        input=moves,
        capture_output=True,
        check=False,
        timeout=120,
    )
    out, err = result.stdout.decode(errors="replace"), result.stderr.decode(errors="replace")
    assert "Traceback" not in out + err, out + err
    return result.returncode, out


def person_moves(path: Path) -> list[int]:
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert rows[-1] == {"type": "trailer", "games": 1}
    return [row["action"] for row in rows if row["type"] == "action" and row["player"] == 0]


def resumes(path: Path, moves: int) -> None:
    """The saved game goes on with `play --resume`, its moves as saved."""
    before = person_moves(path)
    assert len(before) == moves
    result = run_toolkit("play", "--resume", str(path), stdin="1\nq\n")
    assert result.returncode == 0, result.stderr
    assert "Since your last move:" in result.stdout
    assert person_moves(path)[:moves] == before and len(person_moves(path)) == moves + 1


# -- what is not a move asks again ---------------------------------------------------------------


BAD_INPUT = {
    "²": "no move ²: choose 1-",  # isdigit() says yes, int() says no
    "9" * 5000: "no move 999999999999...: choose 1-",  # past int()'s digit limit
    "": "type a move number (1-",
    "abc": "type a move number (1-",
    "0": "no move 0: choose 1-",
}


def test_bad_input_asks_again(tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    code, out = play("".join(f"{typed}\n" for typed in BAD_INPUT) + "1\nq\n", transcript)
    assert code == 0
    for said in BAD_INPUT.values():
        assert said in out
    assert out.count("move> ") == len(BAD_INPUT) + 2
    resumes(transcript, 1)


def test_bad_input_at_the_placement_prompt_goes_back(tmp_path: Path) -> None:
    loaded = LoadedGame.load(str(ROOT / "rules" / "oh-my-park.yaml"))
    session = Session(loaded, seed=5, players=3, seat=0, bots=["human", "random", "random"])
    session.run_bots()
    moves = Views(session, plain=True).position().moves
    card = loaded.game.deck.ids[loaded.game.mechanic.codec.decode(moves[0]).card]
    transcript = tmp_path / "park.jsonl"
    typed = f"{card}\n²\n{card}\n99999999999\n{card}\n1\nq\n"
    code, out = play(typed, transcript, game="oh-my-park")
    assert code == 0 and out.count("back to the moves") == 2
    assert out.count("place> ") == 3
    resumes(transcript, 1)


def test_a_line_too_long_or_not_utf8_asks_again(tmp_path: Path) -> None:
    transcript = tmp_path / "game.jsonl"
    code, out = play(b"7" * 1_000_000 + b"\n\xff\xfe\n1\nq\n", transcript)
    assert code == 0 and "no move 777777777777...: choose 1-" in out
    assert "type a move number (1-" in out  # the bytes that are not UTF-8
    resumes(transcript, 1)


# -- the end of input, signals and errors save first ------------------------------------------


def test_end_of_input_saves_a_game_that_resumes(tmp_path: Path) -> None:
    transcript = tmp_path / "eof.jsonl"
    code, out = play("1\n", transcript)
    assert code == 0 and "move> (end of input)" in out
    assert f"quit after 1 move of yours; transcript saved to {transcript}" in out
    resumes(transcript, 1)


def wait_for(process: subprocess.Popen[bytes], text: bytes, count: int) -> bytes:
    """Standard output until `text` was seen `count` times (the game then waits for input)."""
    assert process.stdout is not None
    seen, deadline = b"", time.monotonic() + 60
    while seen.count(text) < count:
        ready, _, _ = select.select([process.stdout], [], [], max(0, deadline - time.monotonic()))
        chunk = os.read(process.stdout.fileno(), 65536) if ready else b""
        assert chunk, f"no more output; so far: {seen.decode(errors='replace')}"
        seen += chunk
    return seen


@contextlib.contextmanager
def playing(transcript: Path) -> Iterator[subprocess.Popen[bytes]]:
    """`toolkit play` in a real process, fed and read through pipes; killed if a test fails."""
    process = subprocess.Popen(
        [sys.executable, "-m", "toolkit", "play", *GAME, "--transcript", str(transcript)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    ("signals", "codes"),
    [
        ([signal.SIGINT], {130}),
        ([signal.SIGTERM], {143}),
        ([signal.SIGHUP], {129}),
        # Impatient: a Ctrl-C right after a kill must not cut the save short; the exit code is
        # that of whichever signal Python handles first.
        ([signal.SIGTERM, signal.SIGINT], {130, 143}),
    ],
    ids=["ctrl-c-piped", "sigterm", "sighup", "a-second-signal"],
)
def test_a_signal_saves_the_game_first(
    signals: list[signal.Signals], codes: set[int], tmp_path: Path
) -> None:
    transcript = tmp_path / "signal.jsonl"
    with playing(transcript) as process:
        assert process.stdin is not None
        process.stdin.write(b"1\n1\n")
        process.stdin.flush()
        wait_for(process, b"Your moves", 3)  # two moves played, the third asked for
        time.sleep(0.2)
        for signum in signals:
            process.send_signal(signum)
        _, err = process.communicate(timeout=60)
    assert process.returncode in codes
    message = err.decode()
    assert "Traceback" not in message
    assert f"interrupted after 2 moves of yours; transcript saved to {transcript}" in message
    resumes(transcript, 2)


def test_a_closed_output_saves_the_game_and_ends_quietly(tmp_path: Path) -> None:
    transcript = tmp_path / "closed.jsonl"
    with playing(transcript) as process:
        assert process.stdin is not None and process.stdout is not None
        wait_for(process, b"Your moves", 1)
        process.stdout.close()  # as `toolkit play ... | head` does once it has its lines
        _, err = process.communicate(b"1\n" * 40, timeout=60)
    assert process.returncode == 141
    message = err.decode()
    assert "Traceback" not in message and "internal error" not in message
    assert f"transcript saved to {transcript}" in message
    assert transcript.read_text().rstrip().endswith('{"type": "trailer", "games": 1}')


def test_an_unexpected_error_saves_the_game_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    loaded = LoadedGame.load(str(ROOT / "rules" / "midway-memories.yaml"))
    session = Session(loaded, seed=5, players=3, seat=0, bots=["human", "random", "random"])
    answers = iter(["1"])

    def read_line(prompt: str) -> str | None:
        answer = next(answers, None)
        if answer is None:
            raise RuntimeError("a bug while reading")
        return answer

    transcript = tmp_path / "error.jsonl"
    console = Console(file=open(os.devnull, "w"), width=100)  # noqa: SIM115
    terminal = Terminal(session, transcript, console=console, read_line=read_line, plain=True)
    with pytest.raises(RuntimeError, match="a bug while reading"):
        terminal.run()
    console.file.close()
    said = capsys.readouterr().err
    assert f"stopped by an error; transcript saved to {transcript}" in said
    resumes(transcript, 1)


# -- an unwritable transcript is refused before the game ----------------------------------


@pytest.mark.parametrize("where", ["folder", "device", "under-a-file"])
def test_an_unwritable_transcript_is_refused_before_the_game(where: str, tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    target = {"folder": tmp_path, "device": Path("/dev/full"),
              "under-a-file": tmp_path / "file" / "game.jsonl"}[where]  # fmt: skip
    result = run_toolkit("play", *GAME, "--transcript", str(target), stdin="1\nq\n")
    assert result.returncode == 2
    assert result.stderr.startswith("usage error: --transcript:")
    assert "Type a move's number" not in result.stdout  # the game never started


def test_an_unwritable_transcript_is_refused_before_resuming(tmp_path: Path) -> None:
    saved = tmp_path / "saved.jsonl"
    play("1\nq\n", saved)
    result = run_toolkit("play", "--resume", str(saved), "--transcript", str(tmp_path))
    assert result.returncode == 2 and result.stderr.startswith("usage error: --transcript:")


def test_a_seed_too_large_for_a_transcript_is_refused(tmp_path: Path) -> None:
    command = ["play", "midway-memories", "--seed", str(2**70)]
    result = run_toolkit(*command, "--transcript", str(tmp_path / "t.jsonl"))
    assert result.returncode == 2 and "from 0 to 2**64-1" in result.stderr


def test_a_saved_game_cut_short_does_not_resume(tmp_path: Path) -> None:
    saved = tmp_path / "saved.jsonl"
    play("1\nq\n", saved)
    rows = saved.read_text().splitlines()
    saved.write_text("\n".join(rows[:-3]) + "\n")  # the last move, the end and the trailer lost
    result = run_toolkit("play", "--resume", str(saved), stdin="q\n")
    assert result.returncode == 1 and "it is cut short" in result.stderr


def test_a_game_saved_before_the_trailer_resumes_with_a_warning(tmp_path: Path) -> None:
    saved = tmp_path / "saved.jsonl"
    play("1\nq\n", saved)
    rows = [json.loads(line) for line in saved.read_text().splitlines()][:-1]
    rows[0].pop("games")
    saved.write_text("".join(json.dumps(row) + "\n" for row in rows))
    result = run_toolkit("play", "--resume", str(saved), stdin="1\nq\n")
    assert result.returncode == 0, result.stderr
    assert "warning: " in result.stderr and "no trailer line" in result.stderr
    assert len(person_moves(saved)) == 2  # saved again, now with its trailer
