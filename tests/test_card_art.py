"""The designer's pictures on cards: each attraction's own SVG, PNG pictures, the designer's
icon set, colour-blind marks, and broken or missing pictures as positioned errors."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit
from PIL import Image
from pypdf import PdfReader
from shipped_project import copy_project, edit

from toolkit.engine.load import load_valid_game
from toolkit.errors import ContentError
from toolkit.pnp.document import PrintOptions, PrintResult, assemble
from toolkit.pnp.layout_load import load_layout

ATTRACTIONS = "cards/midway-memories/attractions.yaml"


def render(root: Path, game: str, **options: Any) -> PrintResult:
    manifest, content = load_valid_game(str(root / "rules" / f"{game}.yaml"))
    layout, diagnostics = load_layout(manifest, content)
    if layout is None:
        raise ContentError(diagnostics)
    return assemble(content, layout, PrintOptions(**options))


def forms_by_page(result: PrintResult) -> list[set[str]]:
    """The picture forms each page draws (`/FormXob.pictureN`), from the PDF itself."""
    found = []
    for page in PdfReader(io.BytesIO(result.pdf)).pages:
        objects = page["/Resources"].get("/XObject", {})
        found.append({str(name) for name in objects if "picture" in str(name)})
    return found


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_project(tmp_path_factory.mktemp("art"))


def test_every_attraction_prints_its_own_picture(project: Path) -> None:
    result = render(project, "midway-memories", only=("attractions",), backs="none")
    fronts = [p for p in result.pages if p.role == "front"]
    drawn = set().union(*forms_by_page(result))
    assert sum(len(p.placements) for p in fronts) == 13
    assert len(drawn) == 13  # one PDF form per picture ...
    streams = set()
    for page in PdfReader(io.BytesIO(result.pdf)).pages:
        for name, form in page["/Resources"].get("/XObject", {}).items():
            if "picture" in str(name):
                streams.add(form.get_object().get_data())
    assert len(streams) == 13  # ... and thirteen different drawings
    pdf_bytes = result.pdf
    assert b"/Helvetica" not in pdf_bytes  # pictures start in the embedded font


def test_a_missing_picture_is_a_positioned_error_in_validate(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    line = edit(root / ATTRACTIONS, "art/carousel.svg", "art/carousell.svg")
    result = run_toolkit("validate", str(root / "rules" / "midway-memories.yaml"))
    assert result.returncode == 1
    assert re.search(rf"attractions\.yaml:{line}:\d+: error\[missing-file\]", result.stdout)
    assert "carousel.svg" in result.stdout  # did you mean


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("not a picture", "not a well-formed SVG"),
        ('<svg xmlns="http://www.w3.org/2000/svg"/>', "without a size"),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">'
            '<image href="/etc/passwd"/></svg>',
            "embedded or linked image",
        ),
        ('<!DOCTYPE svg [<!ENTITY a "b">]><svg viewBox="0 0 1 1"/>', "document type"),
    ],
    ids=["garbage", "no-size", "external-image", "entities"],
)
def test_a_broken_picture_is_an_error_at_the_card_value(
    tmp_path: Path, content: str, said: str
) -> None:
    root = copy_project(tmp_path)
    (root / "cards/midway-memories/art/carousel.svg").write_text(content, encoding="utf-8")
    line = edit(root / ATTRACTIONS, "art/carousel.svg", "art/carousel.svg")
    with pytest.raises(ContentError) as raised:
        load_valid_game(str(root / "rules" / "midway-memories.yaml"))
    found = [d for d in raised.value.diagnostics if d.code == "bad-picture"]
    assert len(found) == 1 and found[0].line == line and said in found[0].message


def test_a_picture_outside_the_project_is_refused(tmp_path: Path) -> None:
    root = copy_project(tmp_path / "project")
    (tmp_path / "outside.svg").write_text('<svg viewBox="0 0 1 1"/>', encoding="utf-8")
    edit(root / ATTRACTIONS, "art/carousel.svg", "../../../outside.svg")
    with pytest.raises(ContentError) as raised:
        load_valid_game(str(root / "rules" / "midway-memories.yaml"))
    assert [d.code for d in raised.value.diagnostics] == ["outside-project"]


def test_a_png_picture_is_drawn(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    buffer = io.BytesIO()
    Image.new("RGB", (8, 8), (200, 40, 40)).save(buffer, "PNG")
    (root / "cards/midway-memories/art/carousel.png").write_bytes(buffer.getvalue())
    edit(root / ATTRACTIONS, "art/carousel.svg", "art/carousel.png")
    result = render(root, "midway-memories", only=("carousel",), backs="none")
    objects = PdfReader(io.BytesIO(result.pdf)).pages[0]["/Resources"]["/XObject"]
    images = [o for o in objects.values() if o.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 1 and result.warnings == []


def test_the_designers_icons_draw_in_text_and_unknown_files_are_errors(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    layout = root / "print/midway-memories/layout.yaml"
    edit(
        layout,
        "icons:\n",
        "icon_files:\n  ride: ../../cards/midway-memories/art/zipper.svg\nicons:\n",
    )
    edit(layout, 'text: "cost", size: 6.5pt', 'text: ":ride: cost", size: 6.5pt')
    result = render(root, "midway-memories", only=("carousel",), backs="none")
    assert result.warnings == []  # ':ride:' is known
    assert len(forms_by_page(result)[0]) == 2  # the carousel and the designer's icon
    edit(layout, "art/zipper.svg", "art/zipperr.svg")
    line = next(n for n, text in enumerate(layout.read_text().splitlines(), 1) if "zipperr" in text)
    manifest, content = load_valid_game(str(root / "rules" / "midway-memories.yaml"))
    _, diagnostics = load_layout(manifest, content)
    assert [(d.code, d.line) for d in diagnostics] == [("bad-picture", line)]


def test_park_colours_carry_distinct_marks_drawn_on_the_cards(tmp_path: Path) -> None:
    root = copy_project(tmp_path)
    _, content = load_valid_game(str(root / "rules" / "oh-my-park.yaml"))
    colours = next(v for v in content.game.vocabularies if v.field == "colour")
    marks = [value.mark for value in colours.values]
    assert None not in marks and len(set(marks)) == len(marks)
    assert render(root, "oh-my-park", only=("B1",), backs="none").warnings == []
    edit(root / "rules/oh-my-park.yaml", "mark: circle", "mark: blob")  # B1 is blue
    warnings = render(root, "oh-my-park", only=("B1",), backs="none").warnings
    assert warnings == ["park-card B1, element 'colour_mark': unknown icon 'blob'"]
