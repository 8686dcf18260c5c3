"""What `toolkit print` refuses about a layout given the game's content, `toolkit validate`
reports first, at the same place: a card kind the game lacks, a reference template reading a
value another family's games have."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.scaffold import new_game


@pytest.fixture
def project(tmp_path: Path) -> Path:
    new_game(tmp_path, "solo", "trick-taking")
    return tmp_path


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")


def _both(project: Path) -> tuple[str, str]:
    validated = run_toolkit("validate", "solo", cwd=project)
    printed = run_toolkit("print", "solo", "--out", "cards.pdf", cwd=project)
    assert validated.returncode == 1 and printed.returncode == 1
    assert not (project / "cards.pdf").exists()
    return validated.stdout, printed.stderr


def test_a_layout_naming_a_card_kind_the_game_lacks(project: Path) -> None:
    layout = project / "print" / "solo" / "layout.yaml"
    _edit(layout, "    family: suited-deck\n", "    family: cards\n    cards: suitz\n")
    said, refused = _both(project)
    expected = (
        "print/solo/layout.yaml:14:12: error[cannot-print]: the game has no card kind 'suitz'"
    )
    assert expected in said and expected in refused


def test_a_reference_template_reading_a_value_of_another_family(project: Path) -> None:
    template = project / "print" / "solo" / "reference.md.j2"
    lines = template.read_text(encoding="utf-8").count("\n")
    template.write_text(
        template.read_text(encoding="utf-8") + "{{ placements }} picks\n", encoding="utf-8"
    )  # `placements` is a drafting game's value
    said, refused = _both(project)
    expected = (
        f"print/solo/reference.md.j2:{lines + 1}:1: error[template-error]: reference: "
        "'placements' is undefined"
    )
    assert expected in said and expected in refused
    assert "play_rules" in said  # the hint lists what it can use
