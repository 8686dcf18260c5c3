"""The README's command samples, run, so they cannot drift from what the toolkit prints.

A sample is a ```console block; each line starting with `$ toolkit` is a command and the lines
up to the next command are what it prints (stdout, then stderr). The quick samples carry the
comment `<!-- checked by tests/test_readme.py -->` on the line before the block and are run
here, in a copy of the project; the others (long simulations, ladders, interactive play) are
not. In an expected output a line `...` stands for any number of lines (an elision).
"""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

ROOT = Path(__file__).resolve().parent.parent
MARK = "<!-- checked by tests/test_readme.py -->"
BLOCK = re.compile(r"^(<!-- [^\n]* -->\n)?```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def samples(text: str) -> list[tuple[bool, str, list[str]]]:
    """(checked, command, expected lines) of every `$ toolkit` command in a console block."""
    found = []
    for match in BLOCK.finditer(text):
        checked = match.group(1) == MARK + "\n"
        command, lines = "", []
        for line in [*match.group(2).splitlines(), "$ end"]:
            if line.startswith("$ "):
                if command.startswith("toolkit "):
                    found.append((checked, command, lines))
                command, lines = line[2:], []
            else:
                lines.append(line)
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """Whether `actual` is `expected`, where a `...` line of `expected` stands for any lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[i:]) for i in range(len(actual) + 1))
    return bool(actual) and actual[0] == expected[0] and matches(expected[1:], actual[1:])


README = (ROOT / "README.md").read_text(encoding="utf-8")
CHECKED = [(command, lines) for checked, command, lines in samples(README) if checked]


def test_the_quick_samples_are_marked() -> None:
    commands = [command.split()[1] for command, _ in CHECKED]
    assert {"validate", "schema", "score", "print"} <= set(commands), commands


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = copy_project(tmp_path_factory.mktemp("readme"))
    for part in ("schemas", "examples"):
        shutil.copytree(ROOT / part, folder / part)
    return folder


@pytest.mark.parametrize(("command", "expected"), CHECKED, ids=[c for c, _ in CHECKED])
def test_a_checked_sample_prints_what_the_readme_shows(
    command: str, expected: list[str], project: Path
) -> None:
    result = run_toolkit(*shlex.split(command)[1:], cwd=project)
    actual = (result.stdout + result.stderr).splitlines()
    assert matches(expected, actual), "\n".join(["expected:", *expected, "actual:", *actual])


def test_an_elision_stands_for_any_lines() -> None:
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])
