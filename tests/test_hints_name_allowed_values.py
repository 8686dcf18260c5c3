"""A hint that shows YAML to write shows YAML that validates: the won pile's example zone."""

from __future__ import annotations

import re
from pathlib import Path

import yaml
from entry_point import run_toolkit

from toolkit.content.models.manifest import Zone
from toolkit.scaffold import new_game


def test_the_won_pile_hint_declares_a_zone_that_validates(tmp_path: Path) -> None:
    new_game(tmp_path, "solo", "trick-taking")
    manifest = tmp_path / "rules" / "solo.yaml"
    text = manifest.read_text(encoding="utf-8").replace("won: taken", "won: hand")
    manifest.write_text(text, encoding="utf-8")
    result = run_toolkit("validate", "solo", cwd=tmp_path)
    assert result.returncode == 1
    assert "error[won-is-hand]" in result.stdout
    example = re.search(r"e\.g\. (\{.*\})", result.stdout)
    assert example is not None, result.stdout
    Zone.model_validate(yaml.safe_load(example.group(1)))  # raises on a value not allowed
