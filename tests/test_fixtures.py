"""Fixture-driven tests of `toolkit validate` on bad input, and on tricky but good input.

Every folder under `fixtures/invalid/` and `fixtures/valid/` is one case: input files plus an
`expected.yaml` naming the `args` to validate (relative to the folder) and, for invalid cases,
the `diagnostics` that must be reported. A diagnostic matches on file, line and code, plus the
column and a piece of the message or hint when the case gives them. `only: true` means nothing
else may be reported.

The real entry point runs in a subprocess, so these tests see exactly what a designer sees:
every case as JSON (which carries every field), and a few kinds of finding as text and as
GitHub annotations, which render the same diagnostics.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from entry_point import run_toolkit

FIXTURES = Path(__file__).parent / "fixtures"
KEYS = {"file", "line", "column", "severity", "code", "message", "hint"}
TEXT_LINE = re.compile(  # file:line:col: error[code]: message
    r"(?P<file>[^:\s]+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>[\w-]+)\]: \S"
)

Result = subprocess.CompletedProcess[str]


def cases(kind: str) -> list[Any]:
    params = []
    for folder in sorted(p for p in (FIXTURES / kind).iterdir() if p.is_dir()):
        expected = yaml.safe_load((folder / "expected.yaml").read_text(encoding="utf-8"))
        params.append(pytest.param(folder, expected, id=folder.name))
    return params


def run(folder: Path, args: list[str], output_format: str) -> Result:
    return run_toolkit("validate", *args, "--format", output_format, cwd=folder)


def run_formats(folder: Path, args: list[str], *formats: str) -> list[Result]:
    return [run(folder, args, output_format) for output_format in formats]


def json_diagnostics(result: Result) -> list[dict[str, Any]]:
    found = json.loads(result.stdout)
    assert isinstance(found, list), result.stdout
    for item in found:
        assert set(item) == KEYS, item
    return found


def matches(want: dict[str, Any], got: dict[str, Any]) -> bool:
    exact = ("file", "line", "code", "column")
    return all(got[key] == want[key] for key in exact if key in want) and all(
        want[key] in got[key] for key in ("message", "hint") if key in want
    )


@pytest.mark.parametrize(("folder", "expected"), cases("invalid"))
def test_invalid(folder: Path, expected: dict[str, Any]) -> None:
    as_json = run(folder, expected["args"], "json")
    wanted = expected["diagnostics"]

    assert as_json.returncode == 1, as_json.stdout + as_json.stderr
    found = json_diagnostics(as_json)
    shown = json.dumps(found, indent=2, ensure_ascii=False)
    for want in wanted:
        assert any(matches(want, got) for got in found), f"missing {want} in:\n{shown}"
    if expected.get("only"):
        extra = [got for got in found if not any(matches(want, got) for want in wanted)]
        assert not extra, f"unexpected diagnostics:\n{json.dumps(extra, indent=2)}"


OTHER_FORMAT_CASES = (
    "yaml-tab-indent",
    "unknown-key-typo",
    "infeasible-deal",
    "missing-content-file",
)
"""A syntax error, a schema error, a game-level check and a missing file: the text and GitHub
formats render the same diagnostics as JSON, so a few kinds of finding show they work."""


@pytest.mark.parametrize(
    ("folder", "expected"), [case for case in cases("invalid") if case.id in OTHER_FORMAT_CASES]
)
def test_invalid_as_text_and_github_annotations(folder: Path, expected: dict[str, Any]) -> None:
    text, github = run_formats(folder, expected["args"], "text", "github")
    assert text.returncode == 1
    shaped = [m.groupdict() for m in map(TEXT_LINE.match, text.stdout.splitlines()) if m]
    for want in expected["diagnostics"]:
        line = {"file": want["file"], "line": str(want["line"]), "code": want["code"]}
        assert any(line.items() <= got.items() for got in shaped), f"{line} in:\n{text.stdout}"
    assert github.returncode == 1
    annotations = [line for line in github.stdout.splitlines() if line.startswith("::error ")]
    for want in expected["diagnostics"]:
        where = f"file={want['file']},line={want['line']}"
        assert any(where in line for line in annotations), f"{where} in:\n{github.stdout}"


@pytest.mark.parametrize(("folder", "expected"), cases("valid"))
def test_valid(folder: Path, expected: dict[str, Any]) -> None:
    result = run(folder, expected["args"], "json")
    assert result.returncode == 0, result.stdout + result.stderr
    assert json_diagnostics(result) == []


def test_file_too_large(tmp_path: Path) -> None:
    filler = "# " + "x" * 97 + "\n"
    (tmp_path / "big.yaml").write_text("kind: attractions\n" + filler * 21_000)
    assert (tmp_path / "big.yaml").stat().st_size > 2 * 1024 * 1024
    result = run(tmp_path, ["big.yaml"], "json")
    assert result.returncode == 1
    want = {"file": "big.yaml", "line": 1, "code": "file-too-large"}
    assert any(matches(want, got) for got in json_diagnostics(result))
