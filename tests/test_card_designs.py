"""Cards that print the same are one design with a count; the id prints on unique cards."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pypdfium2
import pytest
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


def test_workbench_counts_designs_and_cards(tmp_path: Path) -> None:
    pytest.importorskip("starlette")
    with warnings.catch_warnings():  # Starlette would rather have httpx2; httpx works the same
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from toolkit.serve.app import create_app
    from toolkit.serve.images import ImageCache
    from toolkit.serve.project_state import ProjectState

    state = ProjectState(copy_project(tmp_path), ["tide-pool-market"], ImageCache())
    with TestClient(create_app(state, watch=False), base_url="http://127.0.0.1") as client:
        page = client.get("/game/tide-pool-market")
    assert page.status_code == 200
    assert "(11 designs, 90 cards)" in page.text
    assert page.text.count('class="card"') == 11
    assert "Hermit crab \u00d714" in page.text
