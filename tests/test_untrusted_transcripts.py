"""Transcripts are untrusted: written whole or detectably not, read with bounds, every header
field checked before anything acts on it, every problem a positioned error (exit 1) or a usage
error (exit 2), never an internal error (exit 3).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.errors import UsageError
from toolkit.record.transcript_file import (
    MAX_GAME_LINES,
    MAX_LINE_BYTES,
    read_transcript,
)
from toolkit.record.transcripts import write_transcript
from toolkit.schema.limits import MAX_ISMCTS_ITERATIONS

ROOT = Path(__file__).resolve().parent.parent
Row = dict[str, object]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two games of Midway Memories by random bots, as `simulate --transcript` writes them."""
    path = tmp_path_factory.mktemp("recorded") / "run.jsonl"
    result = run_toolkit(
        "simulate", "midway-memories", "--games", "2", "--players", "3", "--seed", "4",
        "--workers", "1", "--transcript", str(path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return path


def rows_of(path: Path) -> list[Row]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def write(path: Path, rows: list[Row]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def replay(path: Path) -> tuple[int, str, str]:
    result = run_toolkit("replay", str(path))
    return result.returncode, result.stdout, result.stderr


def edited_header(recorded: Path, tmp_path: Path, **fields: object) -> Path:
    """The recorded transcript with the first header's fields replaced."""
    rows = rows_of(recorded)
    rows[0] = {**rows[0], **fields}
    return write(tmp_path / "edited.jsonl", rows)


# -- written whole or detectably not --------------------------------------------------------


def test_simulate_ends_with_a_trailer_and_headers_count_the_games(recorded: Path) -> None:
    rows = rows_of(recorded)
    headers = [row for row in rows if row["type"] == "game"]
    assert [h["games"] for h in headers] == [2, 2]
    assert rows[-1] == {"type": "trailer", "games": 2}
    code, out, _ = replay(recorded)
    assert code == 0 and f"ok: every game of {recorded} replays exactly\n" in out


def test_an_interrupted_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "run.jsonl"
    target.write_text("the previous transcript\n")

    def games() -> Iterator[list[str]]:
        yield ['{"type": "game"}']
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_transcript(target, games())
    assert target.read_text() == "the previous transcript\n"
    assert os.listdir(tmp_path) == ["run.jsonl"]


def test_a_transcript_without_its_trailer_fails(recorded: Path, tmp_path: Path) -> None:
    path = write(tmp_path / "cut.jsonl", rows_of(recorded)[:-1])
    code, out, err = replay(path)
    assert code == 1 and "replays exactly" not in out
    assert "ends without its trailer line after 2 of 2 games: it is cut short" in err


def test_fewer_games_than_the_header_says_fails(recorded: Path, tmp_path: Path) -> None:
    rows = rows_of(recorded)
    second = max(i for i, row in enumerate(rows) if row["type"] == "game")
    code, out, err = replay(write(tmp_path / "one.jsonl", rows[:second]))
    assert code == 1 and "replays exactly" not in out
    assert "after 1 of 2 games: it is cut short" in err


def test_fewer_games_than_the_trailer_says_fails(recorded: Path, tmp_path: Path) -> None:
    rows = rows_of(recorded)
    second = max(i for i, row in enumerate(rows) if row["type"] == "game")
    for row in rows[:second]:
        if row["type"] == "game":
            row.pop("games")
    path = write(tmp_path / "dropped.jsonl", [*rows[:second], rows[-1]])
    code, out, err = replay(path)
    assert code == 1 and "replays exactly" not in out
    assert "the trailer says 2 games, the file holds 1" in err


def test_a_file_cut_in_the_middle_of_a_line_fails(recorded: Path, tmp_path: Path) -> None:
    path = tmp_path / "half.jsonl"
    path.write_bytes(recorded.read_bytes()[:3000])
    code, out, err = replay(path)
    assert code == 1 and "replays exactly" not in out
    assert "the file ends in the middle of this line" in err


def test_a_transcript_from_before_the_trailer_replays_with_a_warning(
    recorded: Path, tmp_path: Path
) -> None:
    rows = [row for row in rows_of(recorded) if row["type"] != "trailer"]
    for row in rows:
        if row["type"] == "game":
            row.pop("games")
    code, out, err = replay(write(tmp_path / "old.jsonl", rows))
    assert code == 0
    assert "warning: " in err and "no trailer line (written by an older toolkit)" in err
    assert "replays exactly (no trailer: not checked for missing games)" in out


def test_simulate_refuses_an_unwritable_transcript_before_playing(tmp_path: Path) -> None:
    for target in (tmp_path, Path("/dev/null"), Path("/proc/version/x.jsonl")):
        result = run_toolkit(
            "simulate", "midway-memories", "--games", "1", "--transcript", str(target)
        )
        assert result.returncode == 2, (target, result.stderr)
        assert result.stderr.startswith("usage error: --transcript:")
        assert "midway-memories:" not in result.stdout  # no game was played


# -- read with bounds ---------------------------------------------------------------------------


def test_deep_nesting_is_a_positioned_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.jsonl"
    path.write_text('{"type": "game", "x": ' + "[" * 100_000 + "]" * 100_000 + "}\n")
    code, _, err = replay(path)
    assert code == 1
    assert f"{path}:1:54: nested more than 32 levels deep" in err


def test_a_line_too_long_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "long.jsonl"
    path.write_text('{"type": "game", "text": "' + "a" * MAX_LINE_BYTES + '"}\n')
    code, _, err = replay(path)
    assert code == 1 and f"{path}:1:1: line longer than 1,048,576 bytes" in err


def test_a_game_of_too_many_lines_is_refused(recorded: Path, tmp_path: Path) -> None:
    head = rows_of(recorded)[0]
    path = tmp_path / "many.jsonl"
    setup = '{"type": "setup", "text": ""}\n'
    path.write_text(json.dumps(head) + "\n" + setup * MAX_GAME_LINES)
    code, _, err = replay(path)
    assert code == 1
    assert f"{path}:{MAX_GAME_LINES + 1}:1: game 0 has more than 100,000 lines" in err


def test_a_number_of_thousands_of_digits_is_an_error(recorded: Path, tmp_path: Path) -> None:
    path = tmp_path / "digits.jsonl"
    path.write_text('{"type": "game", "seed": ' + "9" * 5000 + "}\n")
    code, _, err = replay(path)
    assert code == 1 and f"{path}:1:1: not JSON: Exceeds the limit" in err
    code, _, err = replay(edited_header(recorded, tmp_path, seed=2**70))
    assert code == 1 and "'seed' is larger than 2**64" in err


def test_a_fifo_is_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    code, _, err = replay(fifo)
    assert code == 2 and "is not a regular file (a named pipe)" in err
    code, _, err = replay(tmp_path)
    assert code == 2 and "is not a regular file (a folder)" in err


# -- header fields checked like content ---------------------------------------------------


def test_a_variant_that_is_a_device_is_refused(recorded: Path, tmp_path: Path) -> None:
    code, _, err = replay(edited_header(recorded, tmp_path, variants=["/dev/zero"]))
    assert code == 1
    assert "edited.jsonl:1:" in err and "the variant '/dev/zero' is outside the project" in err


def test_a_variant_outside_the_project_is_refused(recorded: Path, tmp_path: Path) -> None:
    outside = tmp_path / "variant.yaml"
    shutil.copy(ROOT / "tests/fixtures/variants/midway-design-values.yaml", outside)
    code, _, err = replay(edited_header(recorded, tmp_path, variants=[str(outside)]))
    assert code == 1 and f"the variant '{outside}' is outside the project folder" in err
    code, _, err = replay(edited_header(recorded, tmp_path, variants=["rules"]))
    assert code == 1 and "the variant 'rules' is not a regular file" in err


def test_another_projects_manifest_is_refused(recorded: Path, tmp_path: Path) -> None:
    other = tmp_path / "other" / "rules" / "midway-memories.yaml"
    other.parent.mkdir(parents=True)
    shutil.copy(ROOT / "rules" / "midway-memories.yaml", other)
    code, _, err = replay(edited_header(recorded, tmp_path, manifest=str(other)))
    assert code == 1 and f"the manifest '{other}' is outside the project folder" in err


def test_a_system_file_as_manifest_or_game_is_refused(recorded: Path, tmp_path: Path) -> None:
    code, _, err = replay(edited_header(recorded, tmp_path, manifest="/etc/passwd"))
    assert code == 1 and "the manifest '/etc/passwd' is outside the project folder" in err
    code, _, err = replay(edited_header(recorded, tmp_path, manifest="x", game="/etc/passwd"))
    assert code == 1 and "'game' must be a game id, not '/etc/passwd'" in err


def test_bots_given_as_a_string_are_refused(recorded: Path, tmp_path: Path) -> None:
    path = edited_header(recorded, tmp_path, bots="greedy")
    code, _, err = replay(path)
    assert code == 1
    column = path.read_text().index('"bots"') + 1
    assert f"edited.jsonl:1:{column}: 'game' line needs 'bots' as a list, not 'greedy'" in err


def test_a_bot_budget_is_bounded(recorded: Path, tmp_path: Path) -> None:
    code, _, err = replay(edited_header(recorded, tmp_path, bots=["ismcts:100000000"] * 3))
    assert code == 1
    assert f"'ismcts:100000000': at most {MAX_ISMCTS_ITERATIONS} iterations per decision" in err
    code, _, err = replay(edited_header(recorded, tmp_path, bots=["ismcts:²"] * 3))
    assert code == 1 and "edited.jsonl:1:" in err


@pytest.mark.parametrize("player", [-1, 3])
def test_a_player_index_out_of_range_is_refused(
    player: int, recorded: Path, tmp_path: Path
) -> None:
    rows = rows_of(recorded)
    first = next(i for i, row in enumerate(rows) if row["type"] == "action")
    rows[first]["player"] = player
    path = write(tmp_path / "player.jsonl", rows)
    code, _, err = replay(path)
    assert code == 1
    assert f"player.jsonl:{first + 1}:" in err
    assert f"player {player} does not exist: players are numbered 0-2" in err


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seed": "1"}, "'game' line needs 'seed' as a whole number, not '1'"),
        ({"players": 0}, "'players' must be 1-12"),
        ({"players": True}, "needs 'players' as a whole number, not true"),
        ({"options": {"x": {"y": 1}}}, "option 'x' must have a plain value"),
        ({"variants": [1]}, "'variants' must be file paths"),
        ({"variants": ["v" * 300]}, "'variants' must be file paths of at most 200 characters"),
        ({"variants": ["a\x00b.yaml"]}, "a variant path holds a NUL character"),
        ({"manifest": "rules/a\x00b.yaml"}, "'manifest' holds a NUL character"),
        ({"set": [["a"]]}, "'set' must hold [path, value] pairs"),
        ({"bots": ["greedy"]}, "'bots' names 1 seats for 3 players"),
        ({"index": -1}, "'index' must not be negative"),
        ({"games": 0}, "'games' is 0, not >= 1"),
    ],
)
def test_header_fields_are_type_checked(
    fields: Row, message: str, recorded: Path, tmp_path: Path
) -> None:
    code, _, err = replay(edited_header(recorded, tmp_path, **fields))
    assert code == 1 and "edited.jsonl:1:" in err and message in err


@pytest.mark.parametrize(
    "data",
    [
        b"[]\n",
        b'"game"\n',
        b"\xff\xfe\n",
        b'{"type": "trailer", "games": 1}\n',
        b'{"type": "game", "game": "midway-memories", "seed": 1, "players": 3}\n{"type": 5}\n',
        b'{"type": "game", "game": "midway-memories", "seed": NaN, "players": 3}\n',
        b'{"type": "game", "game": "midway-memories", "seed": 1, "players": 99999999}\n',
        b'{"type": "game", "game": "midway-memories", "seed": 1, "players": 3, "options": '
        b'{"nope": 1}}\n',
    ],
)
def test_garbage_is_never_an_internal_error(data: bytes, tmp_path: Path) -> None:
    path = tmp_path / "garbage.jsonl"
    path.write_bytes(data)
    code, _, err = replay(path)
    assert code == 1, err
    assert err.startswith("error: ") and "internal error" not in err
    assert run_toolkit("play", "--resume", str(path)).returncode in (1, 2)


def test_usage_errors_name_the_transcript(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such transcript"):
        read_transcript(tmp_path / "missing.jsonl")
