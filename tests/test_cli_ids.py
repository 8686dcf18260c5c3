"""Ids typed on the command line: any case finds the id (the exact spelling first), and an
unknown one is a usage error (exit 2) with the closest spelling and the choices, in every
command that takes one (in process, through the real entry point; few games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from entry_point import ROOT, run_toolkit

from toolkit.agents import GreedyBot, check_bot_name, make_bot
from toolkit.agents.priority import PriorityBot
from toolkit.content.locate import resolve_path_or_game
from toolkit.errors import OptionError, UsageError, choose_id
from toolkit.play import resumed
from toolkit.serve.project_state import ProjectState

QUICK = ["--games", "2", "--players", "2", "--workers", "1"]


def test_choose_id_prefers_the_exact_spelling_then_any_case() -> None:
    assert choose_id("Greedy", ["random", "greedy"], "bot") == "greedy"
    assert choose_id("ab", ["AB", "ab"], "bot") == "ab"  # exact first
    with pytest.raises(OptionError, match="did you mean 'greedy'"):
        choose_id("gredy", ["random", "greedy"], "bot", OptionError)


def test_ids_differing_only_in_case_are_an_error_naming_both() -> None:
    with pytest.raises(UsageError) as caught:
        choose_id("Ab", ["AB", "ab", "x"], "bot")
    assert "'AB' and 'ab'" in str(caught.value) and "differ only in case" in str(caught.value)


def test_games_differing_only_in_case_are_both_named(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    rules.mkdir()
    text = (ROOT / "rules" / "oh-my-park.yaml").read_text(encoding="utf-8")
    for name in ("oh-my-park", "Oh-My-Park"):
        (rules / f"{name}.yaml").write_text(text, encoding="utf-8")
    assert resolve_path_or_game("Oh-My-Park", tmp_path) == rules / "Oh-My-Park.yaml"
    with pytest.raises(UsageError) as caught:
        resolve_path_or_game("OH-MY-PARK", tmp_path)
    assert "game 'OH-MY-PARK' could be 'Oh-My-Park' and 'oh-my-park'" in str(caught.value)
    with pytest.raises(UsageError, match="no such file, folder or game: 'oh-my-pork'"):
        resolve_path_or_game("oh-my-pork", tmp_path)


@pytest.mark.parametrize(
    ("args", "seen"),
    [
        (["simulate", "midway-memories", *QUICK, "--bots", "COASTER-FAN,Greedy"], "coaster-fan"),
        (["simulate", "oh-my-park", *QUICK, "--option", "Scoring-Side=Blue"], '"blue"'),
        (["simulate", "midway-memories", *QUICK, "--executor", "LOCAL"], '"games": 2'),
        (
            [
                "ladder",
                "midway-memories",
                "--games",
                "1",
                "--players",
                "2",
                "--workers",
                "1",
                "--bots",
                "Random,Steady-Saver",
            ],
            "steady-saver",
        ),
        (["validate", "Midway-Memories"], "midway-memories"),
    ],
    ids=["simulate-strategy", "option", "executor", "ladder", "validate-game"],
)
def test_ids_are_found_in_any_case(args: list[str], seen: str) -> None:
    json_out = ["--format", "JSON"] if args[0] in ("simulate", "ladder") else []
    result = run_toolkit(*args, *json_out)
    assert result.returncode == 0, result.stderr
    assert seen in result.stdout


@pytest.mark.parametrize(
    ("executor", "scheduler", "said"),
    [
        ("LOCAL", "local:1", "--scheduler goes with --executor dask"),
        ("DASK", "nonsense", "--scheduler 'nonsense': give tcp://HOST:8786 or local:N"),
    ],
    ids=["local", "dask"],
)
def test_the_executor_typed_in_any_case_is_the_one_chosen(
    executor: str, scheduler: str, said: str
) -> None:
    """What each executor makes of a --scheduler shows which one the id chose (no game runs)."""
    args = ["simulate", "midway-memories", *QUICK, "--executor", executor, "--scheduler", scheduler]
    result = run_toolkit(*args)
    assert result.returncode == 2, result.stderr
    assert said in result.stderr


def test_play_takes_bots_and_human_in_any_case(tmp_path: Path) -> None:
    saved = tmp_path / "game.jsonl"
    result = run_toolkit("play", "midway-memories", "--players", "2", "--bots",
                         "HUMAN,Steady-Saver", "--seed", "3", "--transcript", str(saved),
                         stdin="q\n")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(saved.read_text().splitlines()[0])["bots"] == ["human", "steady-saver"]
    again = run_toolkit("play", "Midway-Memories", "--resume", str(saved), stdin="q\n")
    assert again.returncode == 0, again.stderr


def test_resume_and_make_bot_take_bot_names_in_any_case(tmp_path: Path) -> None:
    """A saved header naming `Steady-Saver` resumes with the strategy, and make_bot takes any
    case itself, so no caller that skips check_bot_name meets an unknown bot."""
    saved = tmp_path / "game.jsonl"
    made = run_toolkit("play", "midway-memories", "--players", "2", "--bots", "steady-saver",
                       "--seed", "3", "--transcript", str(saved), stdin="q\n")  # fmt: skip
    assert made.returncode == 0, made.stderr
    text = saved.read_text(encoding="utf-8")
    saved.write_text(text.replace('"steady-saver"', '"Steady-Saver"', 1), encoding="utf-8")
    session = resumed(saved, None)
    assert session.bots == ["human", "steady-saver"]
    assert isinstance(make_bot("Steady-Saver", 1, session.game), PriorityBot)
    assert isinstance(make_bot("Greedy", 1), GreedyBot)


def test_a_bad_ismcts_budget_is_quoted_as_typed() -> None:
    with pytest.raises(UsageError, match="'ISMCTS:ABC' needs a budget per decision"):
        check_bot_name("ISMCTS:ABC")


def test_print_choices_in_any_case(tmp_path: Path) -> None:
    out = tmp_path / "b7.pdf"
    result = run_toolkit("print", "oh-my-park", "--only", "b7", "--paper", "A4", "--profile",
                         "Print-Shop", "--backs", "NONE", "--out", str(out))  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "(print-shop, a4, backs none)" in result.stdout


def test_export_format_in_any_case(tmp_path: Path) -> None:
    result = run_toolkit("export", "midway-memories", "--to", "CSV", "--out", str(tmp_path / "x"))
    assert result.returncode == 0, result.stderr
    assert "(csv)" in result.stdout and (tmp_path / "x" / "suits.csv").is_file()


def test_new_family_in_any_case(tmp_path: Path) -> None:
    result = run_toolkit("new", "my-game", "--family", "Draft", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "rules" / "my-game.yaml").is_file()


def test_the_workbench_finds_games_in_any_case() -> None:
    assert list(ProjectState(ROOT, ["Midway-Memories"]).games) == ["midway-memories"]
    with pytest.raises(UsageError, match="did you mean 'midway-memories'"):
        ProjectState(ROOT, ["midway-memory"])


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["simulate", "midway-memories", *QUICK, "--bots", "coaster-fn"], "'coaster-fan'"),
        (
            [
                "compare",
                "midway-memories",
                *QUICK,
                "--variant",
                "examples/variants/midway-memories-tuned.yaml",
                "--bots",
                "Stedy-Saver",
            ],
            "'steady-saver'",
        ),
        (["ladder", "midway-memories", "--games", "1", "--bots", "random,gredy"], "'greedy'"),
        (["play", "midway-memories", "--bots", "trick-shrk"], "'trick-shark'"),
        (["simulate", "oh-my-park", *QUICK, "--option", "scoring-sid=blue"], "'scoring-side'"),
        (["play", "oh-my-park", "--option", "bonus-card=yes"], "'bonus-cards'"),
        (["simulate", "midway-memories", *QUICK, "--executor", "locl"], "'local'"),
        (["simulate", "midway-memories", *QUICK, "--format", "jsn"], "'json'"),
        (["validate", "--format", "githb"], "'github'"),
        (["print", "oh-my-park", "--paper", "leter"], "'letter'"),
        (["print", "oh-my-park", "--backs", "duplx"], "'duplex'"),
        (["export", "oh-my-park", "--to", "ttx"], "'tts'"),
        (["export", "oh-my-park", "--to", "png", "--preset", "trimed"], "'trimmed'"),
        (["new", "my-game", "--family", "drafts"], "'draft'"),
        (["tune", "oh-my-park", "--space", "x.yaml", "--sampler", "tp"], "'tpe'"),
        (["serve", "midway-memory"], "'midway-memories'"),
    ],
    ids=[
        "simulate-bot",
        "compare-bot",
        "ladder-bot",
        "play-bot",
        "simulate-option",
        "play-option",
        "executor",
        "format",
        "validate-format",
        "paper",
        "backs",
        "export-to",
        "preset",
        "family",
        "sampler",
        "serve-game",
    ],
)
def test_an_unknown_id_is_a_usage_error_with_the_closest_and_the_choices(
    args: list[str], said: str, tmp_path: Path
) -> None:
    cwd = tmp_path if args[0] == "new" else ROOT
    result = run_toolkit(*args, cwd=cwd)
    assert result.returncode == 2, result.stdout + result.stderr
    assert f"did you mean {said}?" in result.stderr
    assert "choices: " in result.stderr and said.strip("'") in result.stderr.split("choices: ")[1]
    assert result.stdout == ""
    assert "Value error" not in result.stderr  # the message alone, as every usage error
