"""Time and peak memory of reading the worst workbooks `toolkit import` still accepts.

Run from the project root: `python benchmarks/xlsx_worst_cases.py`. Each case is a workbook
just inside the limits of `toolkit.content.workbook_bounds`, read by `read_cells` in its own
process (so each peak is its own): a sheet and a shared-strings part full of elements openpyxl
keeps but does not use, a styles part of as many cell formats as are read, each with and
without a formula (which makes openpyxl read the workbook twice), and a sheet of 1,000 cards
of 50 fields. Nothing is asserted: the figures are for reading.
"""

from __future__ import annotations

import io
import random
import resource
import subprocess
import sys
import time
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
CASES = ("junk-sheet", "junk-strings", "styles", "styles+formula", "cards")


def _junk(count: int) -> str:
    """Elements openpyxl does not know, with attributes that do not pack well (so the zip's
    inflation limit lets them through)."""
    draw = random.Random(1).randrange
    return "".join(f'<x a="{draw(10**9)}"/>' for _ in range(count))


def workbook(case: str) -> bytes:
    from toolkit.content.workbook_bounds import MAX_ELEMENTS, MAX_PART_ELEMENTS

    header = '<row r="1"><c r="A1" t="inlineStr"><is><t>id</t></is></c></row>'
    rows, extra, strings, styles = header, "", "", ""
    if case == "junk-sheet":
        extra = _junk(MAX_ELEMENTS - 10)
    elif case == "junk-strings":
        strings = _junk(MAX_ELEMENTS - 10)
    elif case.startswith("styles"):
        draw = random.Random(2).randrange
        styles = "".join(f'<xf numFmtId="{draw(10**6)}" fontId="{draw(10**6)}"/>'
                         for _ in range(MAX_PART_ELEMENTS - 10))  # fmt: skip
    if case.endswith("formula"):
        rows += '<row r="2"><c r="A2"><f>1+1</f><v>2</v></c></row>'
    if case == "cards":
        rows += "".join(
            f'<row r="{r}">'
            + "".join(f'<c r="{_column(c)}{r}"><v>{r * c}</v></c>' for c in range(1, 51))
            + "</row>"
            for r in range(2, 1002)
        )
    parts = {
        "[Content_Types].xml": '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats'
        f'-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="'
        f'{TYPE}.sheet.main+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="'
        f'{TYPE}.sharedStrings+xml"/><Override PartName="/xl/styles.xml" ContentType="'
        f'{TYPE}.styles+xml"/></Types>',
        "_rels/.rels": '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
        f'relationships"><Relationship Id="r1" Type="{RELS}/officeDocument" '
        'Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{RELS}"><sheets><sheet name="S" '
        'sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": '<Relationships xmlns="http://schemas.openxmlformats.org'
        f'/package/2006/relationships"><Relationship Id="rId1" Type="{RELS}/worksheet" '
        f'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{RELS}/styles" '
        'Target="styles.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{MAIN}"><sheetData>{rows}</sheetData>'
        f"{extra}</worksheet>",
        "xl/sharedStrings.xml": f'<sst xmlns="{MAIN}">{strings}</sst>',
        "xl/styles.xml": f'<styleSheet xmlns="{MAIN}"><cellXfs>{styles}</cellXfs></styleSheet>',
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in parts.items():
            archive.writestr(name, text)
    return buffer.getvalue()


def _column(number: int) -> str:
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def measure(case: str) -> None:
    """One case, in this process: what `read_cells` gives, in how long, at what peak."""
    from toolkit.content.xlsx_cells import WorkbookError, read_cells

    data = workbook(case)
    start = time.perf_counter()
    try:
        outcome = f"{len(read_cells(data, 1001, 200))} rows"
    except WorkbookError as error:
        outcome = f"refused: {error.message}"
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"{case:16} {len(data) / 2**20:6.1f} MiB packed {seconds:6.1f} s {peak:5} MiB  {outcome}")


if __name__ == "__main__":
    if len(sys.argv) > 1:
        measure(sys.argv[1])
    else:
        for name in CASES:
            subprocess.run([sys.executable, __file__, name], check=True)
