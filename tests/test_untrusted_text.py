"""Untrusted text stays text: refused in content, escaped on terminals, literal in PDFs, and
print templates rendered in a sandbox with limits."""

from __future__ import annotations

import io
import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit
from pypdf import PdfReader
from shipped_project import copy_project

from toolkit.content.yaml_loader import load_bytes
from toolkit.diagnostics import Diagnostic, format_github, format_json, format_text, printable
from toolkit.engine.load import load_valid_game
from toolkit.pnp import template_limits
from toolkit.pnp.document import PrintOptions, assemble
from toolkit.pnp.layout_load import load_layout
from toolkit.sim.report_text import format_targets, number, number_or_whole, table

REPO = Path(__file__).resolve().parent.parent

TOY = Path(__file__).parent / "games" / "harbour-lights"
BEACONS = "cards/harbour-lights/beacons.yaml"


def toy_game(tmp_path: Path) -> Path:
    for part in ("rules", "cards"):
        shutil.copytree(TOY / part, tmp_path / part)
    return tmp_path


def test_validate_refuses_control_characters_written_as_yaml_escapes(tmp_path: Path) -> None:
    project = toy_game(tmp_path)
    beacons = project / BEACONS
    text = beacons.read_text(encoding="utf-8")
    beacons.write_text(
        text.replace("name: Amber", 'name: "\\e]0;TITLE\\a\\e[2J"'), encoding="utf-8"
    )
    line = next(n for n, row in enumerate(beacons.read_text().splitlines(), 1) if "TITLE" in row)
    result = run_toolkit("validate", cwd=project)
    assert result.returncode == 1
    assert f"{BEACONS}:{line}:11: error[control-character]" in result.stdout
    assert "U+001B (escape)" in result.stdout
    assert "\x1b" not in result.stdout + result.stderr and "\x07" not in result.stdout


def test_every_kind_of_unsafe_character_is_refused_in_keys_and_values() -> None:
    for escape in ("\\x00", "\\x7f", "\\x85", "\\u202e", "\\u2066", "\\r"):
        raw = f'kind: game\nid: "a{escape}b"\n"k{escape}": 1\n'.encode()
        document, diagnostics = load_bytes(raw, "x.yaml")
        assert document is None
        assert [(d.line, d.column, d.code) for d in diagnostics] == [
            (2, 5, "control-character"),
            (3, 1, "control-character"),
        ], escape
    document, diagnostics = load_bytes(b'kind: game\nname: "tab\\there\\nnew line"\n', "x.yaml")
    assert diagnostics == [] and document is not None


def test_printable_escapes_control_characters_and_bidi_overrides() -> None:
    text = "a\x1b]0;T\x07b\u202ec\x85\x7fd\te\nf"
    assert printable(text) == "a\\x1b]0;T\\x07b\\u202ec\\x85\\x7fd\te\nf"
    assert printable("one\ntwo", newlines=False) == "one\\ntwo"
    assert printable("Ferris Wheel \u00e9 \u6f22") == "Ferris Wheel \u00e9 \u6f22"


def test_a_diagnostic_quoting_control_characters_prints_them_escaped() -> None:
    found = Diagnostic("f.yaml", 3, 5, "error", "x", "unknown id '\x1b[2J\nfake:1:1: ok'", "h\x07")
    for rendered in (format_text([found]), format_github([found])):
        assert "\x1b" not in rendered and "\x07" not in rendered
        assert "\\x1b[2J" in rendered
    assert format_text([found]).count("\n") == 1  # the message cannot forge a second finding
    as_json = format_json([Diagnostic("f", 1, 1, "error", "x", "a\u202eb\x85")])
    assert "\u202e" not in as_json and "\x85" not in as_json
    assert json.loads(as_json)[0]["message"] == "a\u202eb\x85"


def test_play_prints_names_literally_and_escapes_what_is_typed(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    suits = project / "cards" / "midway-memories" / "suits.yaml"
    text = suits.read_text(encoding="utf-8")
    suits.write_text(text.replace("name: Coins", 'name: "[bold]Coins[/bold] :smile:"'))
    moves = "\x1b]0;TITLE\x07\x1b[2J\n" + "1\n" * 6 + "q\n"
    command = ["play", "midway-memories", "--players", "3", "--bots", "random", "--seed", "5"]
    result = run_toolkit(*command, "--transcript", "t.jsonl", cwd=project, stdin=moves)
    assert result.returncode == 0, result.stderr
    assert "[bold]Coins[/bold] :smile:" in result.stdout
    assert "\x1b" not in result.stdout and "\x07" not in result.stdout
    assert "move> \\x1b]0;TITLE" in result.stdout  # (rich drops the bell itself)


def test_replay_escapes_what_an_edited_transcript_says(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    command = ["play", "oh-my-park", "--players", "2", "--bots", "random", "--seed", "3"]
    played = run_toolkit(*command, "--transcript", "t.jsonl", cwd=project, stdin="1\n1\nq\n")
    assert played.returncode == 0, played.stderr
    transcript = project / "t.jsonl"
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    rows[0]["bots"] = ["human", "random\x1b[2J\u202e"]
    transcript.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    result = run_toolkit("replay", "t.jsonl", cwd=project)
    assert result.returncode == 0, result.stderr
    assert "random\\x1b[2J\\u202e" in result.stdout
    action = next(row for row in rows if row["type"] == "action")
    action["text"] = "\x1b]0;pwned\x07"
    transcript.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    result = run_toolkit("replay", "t.jsonl", cwd=project)
    assert result.returncode == 1
    assert "the move was '\\x1b]0;pwned\\x07'" in result.stderr
    assert "\x1b" not in result.stdout + result.stderr and "\u202e" not in result.stdout
    action["text"] = "\x9b2J\u202e"  # a C1 control and a bidi override, in JSON output
    transcript.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    result = run_toolkit("replay", "t.jsonl", "--format", "json", cwd=project)
    assert result.returncode == 1
    assert "\x9b" not in result.stdout and "\u202e" not in result.stdout
    assert "\x9b2J\u202e" in json.dumps(json.loads(result.stdout), ensure_ascii=False)


def print_with_names(tmp_path: Path, names: dict[str, str], game: str = "midway-memories") -> Any:
    """Print a copy of a shipped game whose attractions were renamed; the result and its
    pages' text."""
    project = copy_project(tmp_path)
    attractions = project / "cards" / "midway-memories" / "attractions.yaml"
    text = attractions.read_text(encoding="utf-8")
    for old, new in names.items():
        text = text.replace(f"name: {old}\n", f"name: {json.dumps(new)}\n")
    attractions.write_text(text, encoding="utf-8")
    manifest, content = load_valid_game(str(project / "rules" / f"{game}.yaml"))
    layout, problems = load_layout(manifest, content)
    assert layout is not None, [p.render() for p in problems]
    only = ("carousel", "kiddie-coaster", "swan-boats")
    result = assemble(content, layout, PrintOptions(only=only))
    pages = PdfReader(io.BytesIO(result.pdf)).pages
    return result, "\n".join(page.extract_text() for page in pages)


def test_pdf_prints_content_text_literally(tmp_path: Path) -> None:
    names = {"Carousel": "**x**", "Kiddie Coaster": "{{ 7*7 }}", "Swan Boats": "# <b>R&D</b> \\*"}
    result, text = print_with_names(tmp_path, names)
    assert "**x**" in text
    assert "{{ 7*7 }}" in text
    assert "# <b>R&D</b> \\*" in text
    assert not [w for w in result.warnings if "icon" in w], result.warnings


def test_report_paragraphs_print_names_and_paths_as_written() -> None:
    from reportlab.lib.styles import getSampleStyleSheet

    from toolkit.sim.report_pdf import _paragraph

    paragraph = _paragraph("variants R&D.yaml, <b>bold</b>", getSampleStyleSheet()["Normal"])
    assert paragraph.getPlainText() == "variants R&D.yaml, <b>bold</b>"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("{{ 'a' * 1000000000 }}", "would make 1,000,000,000 characters"),
        ("{% for i in range(99999) %}{% for j in range(99999) %}{{ j }}{% endfor %}{% endfor %}",
         "output passes 100,000 characters"),
        ("{% for i in range(99999) %}{% for j in range(99999) %}{% endfor %}{% endfor %}",
         "ran longer than"),
        ("{% set s = 'x' * 90000 %}{{ (s ~ s) | length }}", "joining texts with '~'"),
        ("{{ '%1000000000d' % 1 }}", "format width"),
        ("{{ 'x' | center(1000000000) }}", "would make 1,000,000,000 characters"),
        ("{{ ('a'.encode() * 100000000) | length }}", "would make 100,000,000 characters"),
        ("{{ ['a' * 99999] * 99999 }}", "repeating a text or list would make"),
        ("{% set s = 'a' * 99999 %}{{ [s, s, s] }}", "printing a value would make"),
    ],
)  # fmt: skip
def test_print_templates_end_with_a_positioned_error_past_their_limits(
    tmp_path: Path, body: str, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if message == "ran longer than":  # stopped by the same timer after 1 s, not the 3 s allowed
        monkeypatch.setattr(template_limits, "MAX_SECONDS", 1.0)
    project = copy_project(tmp_path)
    reference = project / "print" / "midway-memories" / "reference.md.j2"
    lines = reference.read_text(encoding="utf-8").splitlines()
    lines.insert(2, body)
    reference.write_text("\n".join(lines) + "\n", encoding="utf-8")
    started = time.monotonic()
    result = run_toolkit(
        "print", "midway-memories", "--only", "reference", "--out", "x.pdf", cwd=project
    )
    assert time.monotonic() - started < 60
    assert result.returncode == 1, result.stderr
    assert "print/midway-memories/reference.md.j2:3:1: error[template-error]" in result.stderr
    assert message in result.stderr


def test_characters_the_font_lacks_are_a_warning_naming_the_card(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    attractions = project / "cards" / "midway-memories" / "attractions.yaml"
    text = attractions.read_text(encoding="utf-8")
    attractions.write_text(
        text.replace("name: Carousel\n", 'name: "Carousel \U0001f3a0 \u05e9 \u6f22"\n')
    )
    result = run_toolkit(
        "print", "midway-memories", "--only", "carousel", "--out", "x.pdf", cwd=project
    )
    assert result.returncode == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert any(
        "carousel" in line and "U+1F3A0" in line and "U+05E9" in line and "U+6F22" in line
        for line in warnings
    ), result.stderr
    assert "1 warning" in result.stdout


def test_whole_numbers_print_as_whole_numbers_however_large() -> None:
    """Content numbers are bounded now, but sums, products and bounds given on the command
    line are not: an int prints exactly, never as '1e+20' or through a float."""
    assert number(10**20) == "100000000000000000000"
    assert number(-(10**20)) == "-100000000000000000000"
    assert number(2.5) == "2.50" and number(2.5, 1) == "2.5"
    assert number(float(10**20) / 3) == "3.33333333333333e+19"  # no digits of float noise
    assert number_or_whole(10**20) == "100000000000000000000" and number_or_whole(0.45) == "0.45"
    assert table(["", "a"], [["total", 10**20]]).endswith("total  100000000000000000000")
    target = {"target": "mean score", "value": 1e20 / 3, "at_least": 10**20, "at_most": None}
    text = format_targets([{**target, "passed": False, "detail": ""}])
    assert ">= 100000000000000000000" in text and "3.33333333333333e+19" in text
    assert not re.search(r"\d{17,}\.\d", text)


def test_set_values_recorded_in_a_transcript_are_checked_like_content(tmp_path: Path) -> None:
    project = copy_project(tmp_path)
    command = ["play", "midway-memories", "--players", "3", "--bots", "random", "--seed", "5"]
    played = run_toolkit(*command, "--transcript", "t.jsonl", cwd=project, stdin="1\nq\n")
    assert played.returncode == 0, played.stderr
    transcript = project / "t.jsonl"
    rows = [json.loads(line) for line in transcript.read_text().splitlines()]
    rows[0]["set"] = [["attractions/carousel/name", "\x1b]0;X\x07"]]
    transcript.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    result = run_toolkit("replay", "t.jsonl", cwd=project)
    assert result.returncode == 1
    assert "--set:1:1: error[control-character]" in result.stderr
    assert "\x1b" not in result.stdout + result.stderr
