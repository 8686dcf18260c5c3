"""Golden transcripts: a fixed seed must replay the exact same game (`make golden` refreshes)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "golden"
spec = importlib.util.spec_from_file_location("regenerate", HERE / "regenerate.py")
assert spec is not None and spec.loader is not None
regenerate = importlib.util.module_from_spec(spec)
spec.loader.exec_module(regenerate)


@pytest.mark.parametrize("name", sorted(regenerate.GOLDEN))
def test_transcript_matches_golden(name: str) -> None:
    expected = (HERE / name).read_text(encoding="utf-8")
    assert regenerate.render(name) == expected, "run `make golden` and review the diff"
