"""Staged structures a designer gets wrong, refused by `toolkit validate` at their line and
column with a hint (exit 1, never a traceback): loops nothing ends, stages nothing reaches,
filters no card matches, `stop` and `break` outside their loop, a fragment that uses itself,
unknown names with the closest spelling, a player zone where a shared one is needed, and a
key the vocabulary does not have. Each case is Staged Orchard (tests/games/) with its round
written anew."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit

TOY = Path(__file__).parent / "games" / "staged-orchard"
DEAL = "    - {stage: deal, to: hand, count: 3, rest: deck}\n"


def validate(tmp_path: Path, round_: str, defines: str = "") -> tuple[int, str, list[str]]:
    """`toolkit validate` of the toy with this `round` (YAML lines under `round:`): the exit
    code, the output and the manifest's lines (to find where a diagnostic should point)."""
    shutil.copytree(TOY, tmp_path / "toy")
    manifest = tmp_path / "toy" / "rules" / "staged-orchard.yaml"
    text = manifest.read_text()
    head, rest = text.split("structure:\n", 1)
    tail = rest[rest.index("round_scoring:") :]
    structure = "structure:\n  mechanic: staged\n  round:\n" + DEAL + round_
    if defines:
        structure += "  defines:\n" + defines
    text = head + structure + "\n" + tail
    manifest.write_text(text)
    result = run_toolkit("validate", manifest)
    return result.returncode, result.stdout + result.stderr, text.splitlines()


def at(lines: list[str], needle: str, column_of: str | None = None) -> str:
    """`file:line:col` of the first line holding `needle` (the column of `column_of`, or of
    the item after the line's dash), as a diagnostic writes it."""
    for number, line in enumerate(lines, 1):
        if needle in line:
            if column_of:
                where = line.index(column_of)
            else:  # the item a list's dash introduces
                where = len(line) - len(line.lstrip().removeprefix("- "))
            return f"staged-orchard.yaml:{number}:{where + 1}:"
    raise AssertionError(f"{needle!r} not in the manifest")


def refused(
    tmp_path: Path, round_: str, code: str, needle: str, column_of: str | None = None, **more: str
) -> str:
    exit_code, output, lines = validate(tmp_path, round_, **more)
    assert exit_code == 1, output
    place = at(lines, needle, column_of)
    matching = [line for line in output.splitlines() if place in line and f"[{code}]" in line]
    assert matching, (place, code, output)
    assert "hint:" in output
    return output


RACE = """\
    - stage: turns
      turn:
        - stage: choose
          moves:
            - {move: play, from: hand, to: cart}
            - {move: draw, from: deck, to: hand}
"""


def test_turns_that_nothing_ends_are_refused_at_the_stage(tmp_path: Path) -> None:
    output = refused(tmp_path, RACE, "loop-never-ends", "stage: turns")
    assert "until" in output


def test_the_same_turns_ended_by_until_are_accepted(tmp_path: Path) -> None:
    exit_code, output, _ = validate(tmp_path, RACE, "")
    assert exit_code == 1  # the bare round has nothing ending its turns ...
    shutil.rmtree(tmp_path / "toy")
    ended = RACE.replace("      turn:\n", "      until: {empty: hand, who: any}\n      turn:\n")
    exit_code, output, _ = validate(tmp_path, ended)
    assert exit_code == 0, output  # ... and `until` ends them


def test_a_repeat_that_nothing_ends_is_refused(tmp_path: Path) -> None:
    round_ = """\
    - stage: repeat
      stages:
        - {stage: move, from: deck, to: market}
"""
    output = refused(tmp_path, round_, "loop-never-ends", "stage: repeat")
    assert "stop" in output


def test_a_stage_after_a_break_is_unreachable(tmp_path: Path) -> None:
    round_ = """\
    - stage: repeat
      max: 3
      stages:
        - {stage: break, out_of: repeat}
        - {stage: move, from: deck, to: market}
"""
    refused(tmp_path, round_, "unreachable-stage", "{stage: move, from: deck, to: market}")


def test_a_filter_no_card_matches_is_refused(tmp_path: Path) -> None:
    round_ = "    - {stage: move, from: deck, to: cart, where: {colour: purple}}\n"
    refused(tmp_path, round_, "no-matching-card", "colour: purple", "{colour")


def test_stop_outside_a_repeat_is_refused(tmp_path: Path) -> None:
    round_ = RACE.replace(
        "            - {move: draw, from: deck, to: hand}\n",
        "            - {move: draw, from: deck, to: hand}\n            - {move: stop}\n",
    ).replace("      turn:\n", "      once: true\n      turn:\n")
    output = refused(tmp_path, round_, "invalid-value", "{move: stop}")
    assert "repeat" in output


@pytest.mark.parametrize("loop", ["repeat", "turns"])
def test_a_break_out_of_a_loop_not_around_it_is_refused(tmp_path: Path, loop: str) -> None:
    round_ = f"    - {{stage: break, out_of: {loop}}}\n"
    output = refused(tmp_path, round_, "invalid-value", f"out_of: {loop}", loop)
    assert "not around it" in output


def test_a_fragment_that_uses_itself_is_refused(tmp_path: Path) -> None:
    round_ = "    - {stage: use, name: tidy}\n"
    defines = """\
    tidy:
      - {stage: move, from: market, to: compost, count: all}
      - {stage: use, name: again}
    again:
      - {stage: use, name: tidy}
"""
    output = refused(
        tmp_path, round_, "invalid-value", "from: market, to: compost", "-", defines=defines
    )
    assert "uses itself" in output


def test_an_unknown_zone_is_named_with_the_closest_spelling(tmp_path: Path) -> None:
    round_ = "    - {stage: move, from: deck, to: markte}\n"
    output = refused(tmp_path, round_, "unknown-reference", "markte", "markte")
    assert "market" in output


def test_an_unknown_field_is_named_with_the_closest_spelling(tmp_path: Path) -> None:
    round_ = RACE.replace("to: cart}", "to: cart, match: {same: [colur]}}").replace(
        "      turn:\n", "      once: true\n      turn:\n"
    )
    output = refused(tmp_path, round_, "unknown-reference", "colur", "colur")
    assert "colour" in output


def test_a_player_zone_where_a_shared_one_is_needed_is_refused(tmp_path: Path) -> None:
    round_ = "    - {stage: award, zone: hand, best: {field: rank}}\n"
    output = refused(tmp_path, round_, "invalid-value", "zone: hand", "hand")
    assert "needs a shared zone" in output


def test_a_key_the_vocabulary_does_not_have_is_refused(tmp_path: Path) -> None:
    round_ = RACE.replace(
        "{move: play, from: hand, to: cart}", "{move: play, from: hand, to: cart, bet: 3}"
    )
    output = refused(tmp_path, round_, "unknown-key", "bet: 3", "bet")
    assert "unknown key 'bet'" in output and "Traceback" not in output
