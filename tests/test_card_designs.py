"""Cards that print the same are one design with a count; the id prints on unique cards."""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2
from entry_point import run_toolkit
from shipped_project import copy_project


def _text(pdf: Path, page: int) -> str:
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return str(document[page].get_textpage().get_text_range())
    finally:
        document.close()


def test_twins_print_no_id_and_unique_cards_do(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    assert (
        run_toolkit("print", "tide-pool-market", "--only", "crab-1", "--out", out).returncode == 0
    )
    assert "crab-1" not in _text(out, 0) and "v0.1.0" in _text(out, 0)
    assert run_toolkit("print", "oh-my-park", "--only", "b7", "--out", out).returncode == 0
    assert "b7" in _text(out, 0).lower()


def test_card_ids_always_prints_every_id(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "p")
    layout = project / "print" / "tide-pool-market" / "layout.yaml"
    layout.write_text(
        layout.read_text().replace(
            "kind: print-layout\n", "kind: print-layout\ncard_ids: always\n", 1
        )
    )
    out = tmp_path / "cards.pdf"
    assert (
        run_toolkit(
            "print", "tide-pool-market", "--only", "crab-1", "--out", out, cwd=project
        ).returncode
        == 0
    )
    assert "crab-1" in _text(out, 0)


def test_tts_export_has_one_face_per_design(tmp_path: Path) -> None:
    result = run_toolkit(
        "export", "tide-pool-market", "--to", "tts", "--out", tmp_path / "tts", "--dpi", "30"
    )
    assert result.returncode == 0, result.stderr
    assert "11 distinct cards (90 with copies)" in result.stdout
    saved = json.loads((tmp_path / "tts" / "tide-pool-market.json").read_text())
    assert len(saved["ObjectStates"][0]["ContainedObjects"]) == 90
