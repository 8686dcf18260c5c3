"""`toolkit` as designers and CI run it: a real subprocess through `python -m toolkit`.

The command line is a contract: exit code 0 for clean content, 1 for content errors, 2 for
usage errors, 3 for an internal error, and never a Python traceback. Scripts and CI parse
the output, so `--format json` must be exactly reproducible. Every run below goes through
`run_toolkit`, which fails the test if a traceback appears on either stream.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

REPO = Path(__file__).resolve().parents[1]
GAMES = sorted(p.stem for p in (REPO / "rules").glob("*.yaml"))


def test_help_lists_the_commands() -> None:
    result = run_toolkit("--help")
    assert result.returncode == 0
    assert "validate" in result.stdout
    assert "schema" in result.stdout


def test_validate_without_arguments_checks_every_game() -> None:
    result = run_toolkit("validate")
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert {"midway-memories", "oh-my-park"} <= set(GAMES)
    assert [line.split(" ", 1)[0] for line in lines[:-1]] == GAMES
    assert all(line.endswith(": valid") for line in lines[:-1])
    assert lines[-1].startswith("ok:")


@pytest.mark.parametrize(
    "target",
    ["rules/oh-my-park.yaml", "cards/oh-my-park/park-cards.yaml", "cards/"],
    ids=["manifest", "content file alone", "folder"],
)
def test_validate_a_path(target: str) -> None:
    result = run_toolkit("validate", target)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1].startswith("ok:")


def test_strict_is_accepted_on_clean_content() -> None:
    result = run_toolkit("validate", "--strict")
    assert result.returncode == 0, result.stdout + result.stderr


def test_json_on_clean_content_is_an_empty_list() -> None:
    result = run_toolkit("validate", "--format", "json")
    assert result.returncode == 0
    assert result.stdout.strip() == "[]"
    assert json.loads(result.stdout) == []


def test_json_is_byte_identical_across_runs() -> None:
    runs = [run_toolkit("validate", "--format", "json").stdout for _ in range(2)]
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["validate", "--no-such-option"], "No such option"),
        (["validate", "--format", "xml"], "xml"),
        (["validate", "rules/no-such-game.yaml"], "no-such-game.yaml"),
        (["frobnicate"], "frobnicate"),
    ],
    ids=["unknown option", "unknown format", "missing path", "unknown command"],
)
def test_usage_errors_exit_2(args: list[str], says: str) -> None:
    result = run_toolkit(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert says in result.stderr


def test_validate_without_rules_folder_is_a_usage_error(tmp_path: Path) -> None:
    result = run_toolkit("validate", cwd=tmp_path)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "no game manifests" in result.stderr


def test_content_error_exits_1_with_its_position(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    suits = project / "cards/midway-memories/suits.yaml"
    lines = suits.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if "effect: gain" in line)
    lines[number] = lines[number].replace("effect: gain", "effect: gian", 1)
    suits.write_text("".join(lines), encoding="utf-8")
    column = lines[number].index("gian") + 1

    text = run_toolkit("validate", cwd=project)
    assert text.returncode == 1
    expected = f"cards/midway-memories/suits.yaml:{number + 1}:{column}: error[unknown-primitive]"
    assert expected in text.stdout
    assert text.stdout.splitlines()[-1].startswith("1 error")

    report = json.loads(run_toolkit("validate", "--format", "json", cwd=project).stdout)
    assert [(d["line"], d["column"], d["code"]) for d in report] == [
        (number + 1, column, "unknown-primitive")
    ]


# -- paths the system refuses ---------------------------------------------------------


def test_overlong_path_is_a_usage_error() -> None:
    result = run_toolkit("validate", "x" * 300 + ".yaml")
    assert result.returncode == 2, result.stderr


def test_overlong_content_path_is_a_content_error(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    manifest = project / "rules/oh-my-park.yaml"
    text = manifest.read_text(encoding="utf-8")
    long_name = "../cards/oh-my-park/" + "x" * 300 + ".yaml"
    manifest.write_text(text.replace("../cards/oh-my-park/bonus-cards.yaml", long_name, 1))
    result = run_toolkit("validate", cwd=project)
    assert result.returncode == 1, result.stderr
    assert "missing-file" in result.stdout
