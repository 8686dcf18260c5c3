"""`toolkit import` of workbooks and files it cannot read: zip bombs refused from the zip's
directory with little memory, malformed workbooks and unsaved formulas as errors at their cell
(exit 1), values under no column refused, and a pipe, folder or device named for what it is."""

from __future__ import annotations

import datetime
import os
import struct
import sys
import tracemalloc
import zlib
from pathlib import Path

import openpyxl
import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

from toolkit.content.spreadsheet import import_cards, read_sheet
from toolkit.errors import ContentError

FINDS = "cards/tide-pool-market/finds.yaml"
HEADER = ["id", "name", "family", "hue", "value", "text"]
_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PARTS = {
    "[Content_Types].xml": '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org'
    '/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.'
    'openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" '
    f'ContentType="{_TYPE}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" '
    f'ContentType="{_TYPE}.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" '
    f'ContentType="{_TYPE}.sharedStrings+xml"/></Types>',
    "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
    f'relationships"><Relationship Id="r1" Type="{_RELS}/officeDocument" '
    'Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml": f'<workbook xmlns="{_MAIN}" xmlns:r="{_RELS}"><sheets><sheet name="S" '
    'sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/'
    f'package/2006/relationships"><Relationship Id="rId1" Type="{_RELS}/worksheet" '
    f'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{_RELS}/sharedStrings" '
    'Target="sharedStrings.xml"/></Relationships>',
}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    return copy_project(tmp_path)


def _deflated(prefix: bytes, repeat: bytes, times: int, suffix: bytes) -> tuple[bytes, int, int]:
    """`prefix + repeat * times + suffix` deflated without ever holding it: `repeat` is packed
    once after a full flush and its packed bytes repeated. Returns data, CRC and size."""
    head = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = head.compress(prefix) + head.flush(zlib.Z_FULL_FLUSH)
    middle = zlib.compressobj(9, zlib.DEFLATED, -15)
    block = middle.compress(repeat) + middle.flush(zlib.Z_FULL_FLUSH)
    tail = zlib.compressobj(9, zlib.DEFLATED, -15)
    end = tail.compress(suffix) + tail.flush(zlib.Z_FINISH)
    crc = zlib.crc32(prefix)
    for _ in range(times):
        crc = zlib.crc32(repeat, crc)
    crc = zlib.crc32(suffix, crc)
    return packed + block * times + end, crc, len(prefix) + len(repeat) * times + len(suffix)


def _zip(members: dict[str, tuple[bytes, int, int]]) -> bytes:
    """A zip archive of deflated members (data, CRC, size), written by hand so a member can
    unpack to more than the test ever holds in memory."""
    body, directory = b"", b""
    for name, (data, crc, size) in members.items():
        encoded = name.encode()
        fields = (20, 0, 8, 0, 0x21, crc, len(data), size, len(encoded), 0)
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, *fields, 0, 0, 0, 0,
                                 len(body)) + encoded  # fmt: skip
        body += struct.pack("<IHHHHHIIIHH", 0x04034B50, *fields) + encoded + data
    count = len(members)
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, count, count, len(directory), len(body), 0)
    return body + directory + end


def _plain(text: str) -> tuple[bytes, int, int]:
    return _deflated(text.encode(), b"", 0, b"")


def workbook(sheet: str, strings: str = "<sst/>", **more: tuple[bytes, int, int]) -> bytes:
    """A minimal workbook whose first sheet's `<sheetData>` holds `sheet`."""
    members = {name: _plain(text) for name, text in _PARTS.items()}
    members["xl/worksheets/sheet1.xml"] = _plain(f'<worksheet xmlns="{_MAIN}"><sheetData>'
                                                 f"{sheet}</sheetData></worksheet>")  # fmt: skip
    members["xl/sharedStrings.xml"] = _plain(strings.replace("<sst", f'<sst xmlns="{_MAIN}"', 1))
    members.update(more)
    return _zip(members)


def header_row() -> str:
    cells = "".join(
        f'<c r="{chr(65 + i)}1" t="inlineStr"><is><t>{name}</t></is></c>'
        for i, name in enumerate(HEADER)
    )
    return f'<row r="1">{cells}</row>'


def refused(project: Path, data: bytes, name: str = "finds.xlsx") -> tuple[str, int]:
    """The first line of stderr and the exit code of importing `data`; the card file is
    left as it was."""
    (project / name).write_bytes(data)
    before = (project / FINDS).read_bytes()
    result = run_toolkit("import", name, "--kind", "finds", "--into", FINDS, cwd=project)
    assert (project / FINDS).read_bytes() == before
    return result.stderr.splitlines()[0] if result.stderr else "", result.returncode


def test_a_workbook_reads_shared_inline_and_formula_text(project: Path) -> None:
    row = ('<row r="2"><c r="A2" t="s"><v>0</v></c><c r="B2" t="inlineStr"><is><r><t>Ke</t></r>'
           '<r><t>lp</t></r></is></c><c r="C2" t="str"><f>"kelp"</f><v>kelp</v></c>'
           '<c r="E2"><f>1+1</f><v>2</v></c><c r="F2" t="s"><v>1</v></c></row>')  # fmt: skip
    strings = "<sst><si><t>kelp-x</t></si><si><r><t>Kelp</t></r><r><t>.</t></r></si></sst>"
    (project / "finds.xlsx").write_bytes(workbook(header_row() + row, strings))
    assert read_sheet(project / "finds.xlsx").rows == [
        HEADER,
        ["kelp-x", "Kelp", "kelp", None, 2, "Kelp."],
    ]


def test_a_one_gibibyte_cell_is_refused_quickly_with_little_memory(project: Path) -> None:
    cell = _deflated(
        b'<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>',
        b"A" * 2**20,
        1024,
        b"</t></is></c></row></sheetData></worksheet>",
    )
    data = workbook("", **{"xl/worksheets/sheet1.xml": cell})
    assert len(data) < 2 * 2**20
    (project / "bomb.xlsx").write_bytes(data)
    tracemalloc.start()
    with pytest.raises(ContentError) as raised:
        import_cards(project / "bomb.xlsx", "finds", project / FINDS, project)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 32 * 2**20
    [problem] = raised.value.diagnostics
    assert problem.code == "xlsx-too-large"
    assert (
        "'xl/worksheets/sheet1.xml' inside the workbook unpacks to 1,073,741,9" in problem.message
    )
    message, code = refused(project, data)
    assert code == 1 and message.startswith("finds.xlsx:1:1: error[xlsx-too-large]")


def test_a_huge_shared_strings_part_is_refused(project: Path) -> None:
    item = b"<si><t>" + b"B" * 1017 + b"</t></si>"
    strings = _deflated(b"<sst>", item * 1000, 1500, b"</sst>")
    assert strings[2] > 1_500_000_000
    data = workbook(header_row(), **{"xl/sharedStrings.xml": strings})
    tracemalloc.start()
    (project / "strings.xlsx").write_bytes(data)
    with pytest.raises(ContentError) as raised:
        import_cards(project / "strings.xlsx", "finds", project / FINDS, project)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 32 * 2**20
    assert "'xl/sharedStrings.xml' inside the workbook unpacks to 1,5" in (
        raised.value.diagnostics[0].message
    )


def test_a_member_that_inflates_too_far_is_refused(project: Path) -> None:
    padding = _deflated(b"<sst>", b" " * 2**20, 8, b"</sst>")  # 8 MiB from a few KiB
    message, code = refused(project, workbook(header_row(), **{"xl/sharedStrings.xml": padding}))
    assert code == 1
    assert "unpacks" in message and "times its packed size" in message


@pytest.mark.parametrize(
    ("sheet", "strings", "expected"),
    [
        (
            '<row r="x1"><c r="A1"><v>1</v></c></row>',
            "<sst/>",
            ":1:1: error[bad-xlsx]: row 1: the row number 'x1' is not one of 1 to 1,048,576",
        ),
        (
            '<row r="1"><c r="A1" t="inlineStr"><is><t>&bogus;</t></is></c></row>',
            "<sst/>",
            ":1:1: error[bad-xlsx]: 'xl/worksheets/sheet1.xml' inside the workbook is not "
            "valid XML (undefined entity at its line 1)",
        ),
        (
            '<row r="1"><c r="A1"><v>1</v></c></row>',
            '<!DOCTYPE s [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><sst><si><t>&b;</t>'
            "</si></sst>",
            ":1:1: error[bad-xlsx]: 'xl/sharedStrings.xml' inside the workbook "
            "declares a document type",
        ),
        (
            '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="B2" t="s"><v>99</v></c></row>',
            "<sst><si><t>a</t></si></sst>",
            ":2:1: error[bad-xlsx]: the sheet cannot be read past row 1 (list index out of range)",
        ),
        (
            '<row r="1"><c r="A1"><v>1</v></c><c r="1B"><v>2</v></c></row>',
            "<sst/>",
            ":1:1: error[bad-xlsx]: the sheet cannot be read (invalid literal for int() with "
            "base 10: '1B')",
        ),
        (
            '<row r="1"><c r="A1"><v>1x</v></c></row>',
            "<sst/>",
            ":1:1: error[bad-xlsx]: the sheet cannot be read (invalid literal for int() with "
            "base 10: '1x')",
        ),
        (
            '<row r="1"><c r="A1" t="e"><v>#REF!</v></c></row>',
            "<sst/>",
            ":1:1: error[formula-cell]: cell A1: the cell holds the error #REF!",
        ),
        (
            '<row r="1"><c r="A1"><v>1</v></c></row><row r="99999999999"><c><v>2</v></c></row>',
            "<sst/>",
            ":2:1: error[bad-xlsx]: row 2: the row number '99999999999' is not one of 1 to "
            "1,048,576",
        ),
        (
            "<row>" + "<x>" * 70 + "</x>" * 70 + "</row>",
            "<sst/>",
            ":1:1: error[xlsx-too-large]: 'xl/worksheets/sheet1.xml' inside the workbook nests "
            "elements more than 64 deep",
        ),
        (
            '<row r="1"><c r="A1" t="inlineStr"><is><r><t>'
            + "A" * 20_000
            + "</t></r><r><t>"
            + "B" * 20_000
            + "</t></r></is></c></row>",
            "<sst/>",
            ":1:1: error[cell-too-long]: row 1: a cell is longer than 32,767 characters",
        ),
        (
            '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
            "<sst><si><t>" + "C" * 40_000 + "</t></si></sst>",
            ":1:1: error[cell-too-long]: shared text 1 of the workbook is longer than 32,767 "
            "characters",
        ),
        (
            '<row r="3"><c r="B3"><f>1/0</f><v>#DIV/0!</v></c></row>'.replace("<c ", '<c t="e" '),
            "<sst/>",
            ":3:2: error[formula-cell]: cell B3: the cell holds the error #DIV/0!",
        ),
        (
            '<row r="1"><c r="ZZ1"><v>1</v></c></row>',
            "<sst/>",
            ":1:702: error[sheet-too-large]: cell ZZ1: a sheet holds at most 1,000 rows of cards "
            "and 200 columns",
        ),
    ],
)
def test_a_malformed_workbook_is_an_error_at_its_cell_or_row(
    sheet: str, strings: str, expected: str, project: Path
) -> None:
    message, code = refused(project, workbook(sheet, strings))
    assert code == 1
    assert message.startswith("finds.xlsx" + expected), message


def test_an_empty_formula_text_a_date_and_yes_no_read_as_a_spreadsheet_shows_them(
    project: Path,
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["id", "when", "ok"])
    sheet.append(["kelp", datetime.date(2024, 5, 1), True])
    book.save(project / "dates.xlsx")
    assert read_sheet(project / "dates.xlsx").rows == [["id", "when", "ok"], ["kelp", 45413, True]]
    row = '<row r="2"><c r="A2" t="str"><f>""</f><v></v></c><c r="B2"><v>3.5</v></c></row>'
    (project / "empty.xlsx").write_bytes(workbook(header_row() + row))
    assert read_sheet(project / "empty.xlsx").rows == [HEADER, [None, 3.5]]


def test_legacy_drawings_and_pictures_are_not_held_to_xml(project: Path) -> None:
    """Excel writes comments' and buttons' drawings (`.vml`) with unclosed `<br>`: a workbook
    holding one reads; a part that must be XML and is not is refused."""
    drawing = "<xml><v:shape><div>two<br>lines</div></v:shape></xml>"
    picture = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    parts = {
        "xl/drawings/vmlDrawing1.vml": _plain(drawing),
        "xl/media/image1.png": _deflated(picture, b"", 0, b""),
    }
    data = workbook(header_row(), **parts)
    (project / "drawn.xlsx").write_bytes(data)
    assert read_sheet(project / "drawn.xlsx").rows == [HEADER]
    broken = workbook(
        header_row(), **{"docProps/core.xml": _plain("<coreProperties><br></coreProperties>")}
    )
    message, code = refused(project, broken)
    assert code == 1
    assert message.startswith("finds.xlsx:1:1: error[bad-xlsx]: 'docProps/core.xml' inside the "
                              "workbook is not valid XML (mismatched tag")  # fmt: skip


def test_a_part_read_whole_with_too_many_elements_is_refused(project: Path) -> None:
    styles = _plain("<styleSheet>" + "<x/>" * 200_001 + "</styleSheet>")
    message, code = refused(project, workbook(header_row(), **{"xl/styles.xml": styles}))
    assert code == 1
    assert message == (
        "finds.xlsx:1:1: error[xlsx-too-large]: 'xl/styles.xml' inside the workbook holds more "
        "than 200,000 elements"
    )


def test_a_zip_that_holds_no_workbook_is_an_error(project: Path) -> None:
    members = {name: _plain(text) for name, text in _PARTS.items()}
    members["[Content_Types].xml"] = _plain('<Types xmlns="http://schemas.openxmlformats.org/'
                                            'package/2006/content-types"/>')  # fmt: skip
    message, code = refused(project, _zip(members))
    assert code == 1
    assert message == (
        "finds.xlsx:1:1: error[bad-xlsx]: the workbook cannot be read (File contains no valid "
        "workbook part)"
    )


def test_without_the_sheets_extra_a_workbook_is_a_usage_error(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "openpyxl", None)  # as if it were not installed
    message, code = refused(project, workbook(header_row()))
    assert code == 2
    assert "reading .xlsx needs the 'sheets' extra" in message


def test_a_damaged_or_foreign_file_is_an_error_not_a_crash(project: Path) -> None:
    message, code = refused(project, b"id,name\n")
    assert code == 1 and message.startswith("finds.xlsx:1:1: error[not-xlsx]: not an xlsx")
    data = bytearray(workbook(header_row()))
    at = data.index(b"worksheets/sheet1.xml") + len("worksheets/sheet1.xml") + 2
    data[at] ^= 0xFF  # a byte of the packed sheet
    message, code = refused(project, bytes(data))
    assert code == 1 and message.startswith("finds.xlsx:1:1: error[bad-xlsx]: 'xl/worksheets/")


def test_a_formula_without_a_saved_result_names_its_cell(project: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER)
    sheet.append(["kelp-9", "Kelp", "kelp", None, "=1+1", "Kelp."])
    book.save(project / "finds.xlsx")
    result = run_toolkit("import", "finds.xlsx", "--kind", "finds", "--into", FINDS, cwd=project)
    assert result.returncode == 1
    assert result.stderr.startswith(
        "finds.xlsx:2:5: error[formula-cell]: cell E2: a formula whose result the workbook "
        "does not hold"
    )


def test_a_value_under_no_column_is_an_error_at_its_cell(project: Path) -> None:
    (project / "finds.csv").write_text(
        "id,name,family,hue,value,text,,\nkelp-9,Kelp,kelp,,2,Kelp.,,lost\n", encoding="utf-8"
    )
    result = run_toolkit("import", "finds.csv", "--kind", "finds", "--into", FINDS, cwd=project)
    assert result.returncode == 1
    assert result.stderr.startswith(
        "finds.csv:2:8: error[cell-without-column]: cell H2: it holds 'lost' but row 1 names no "
        "column above it"
    )


@pytest.mark.parametrize(
    ("make", "what"),
    [
        (lambda path: os.mkfifo(path), "a named pipe"),
        (lambda path: path.mkdir(), "a folder"),
        (lambda path: path.symlink_to("/dev/zero"), "a device"),
    ],
)
def test_a_sheet_that_is_no_file_is_named_for_what_it_is(
    make: object, what: str, project: Path
) -> None:
    path = project / "finds.csv"
    make(path)  # type: ignore[operator]
    result = run_toolkit("import", "finds.csv", "--kind", "finds", "--into", FINDS, cwd=project)
    assert result.returncode == 2
    assert f"'finds.csv' is not a regular file ({what})" in result.stderr
    missing = run_toolkit("import", "gone.csv", "--kind", "finds", "--into", FINDS, cwd=project)
    assert missing.returncode == 2 and "'gone.csv' does not exist" in missing.stderr
