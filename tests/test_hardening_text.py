"""Untrusted text stays text: refused in content, escaped on terminals, literal in PDFs, and
print templates rendered in a sandbox with limits."""

from __future__ import annotations

import shutil
from pathlib import Path

from entry_point import run_toolkit

from toolkit.content.yaml_loader import load_bytes

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
