"""The limits an .xlsx workbook is held to before any spreadsheet library parses it.

A workbook is a zip of XML files made by whoever sent it. openpyxl reads it well but bounds
nothing: it inflates what the zip says, keeps whole parts in memory, and fills the gaps
between row numbers it is given. So the zip's directory is checked first (members, each
member's size and the sum of them, how far a member inflates), then every member is streamed
through expat in chunks, never past its declared size, refusing a document type (so no entity
can be declared, as defusedxml does) and counting what drives the reader's work: nesting,
elements, cells, shared texts, rows and their numbers, and the characters of a cell.
"""

from __future__ import annotations

import zipfile
import zlib
from typing import Any
from xml.parsers import expat

MAX_MEMBERS = 1_000
"""Files in the zip: a workbook of one sheet holds about ten."""
MAX_MEMBER_BYTES = 64 * 1024 * 1024
"""One member inflated: a sheet of 10,000 cards of 50 fields is about 30 MiB of XML."""
MAX_TOTAL_BYTES = 128 * 1024 * 1024
"""All members inflated together."""
MAX_RATIO = 200
"""How many times a member over `RATIO_FLOOR` may inflate: XML packs 5 to 20 times, a bomb
thousands of times."""
RATIO_FLOOR = 1024 * 1024
MAX_CELLS = 500_000
"""Cells (`c`) in a sheet, and texts (`si`) in the shared strings: 10,000 cards of 50 fields."""
MAX_ELEMENTS = 2 * MAX_CELLS
"""Elements in a sheet or the shared strings, which openpyxl streams: a sheet of 1,000 cards
of 200 fields is about 600,000. openpyxl keeps elements it does not know (about 500 bytes
each), so this bounds its memory."""
MAX_PART_ELEMENTS = 200_000
"""Elements in any other member, which openpyxl reads whole into objects (styles, workbook,
relationships): Excel's most cell formats, 64,000, take about three each."""
_STREAMED = ("worksheet", "sst")
MAX_DEPTH = 64
"""Nesting of elements: a sheet nests about eight deep, a drawing about twenty."""
MAX_CELL_CHARS = 32_767
"""Characters in a cell or a shared text: Excel's own limit."""
MAX_ROW = 1_048_576
"""Rows of a sheet, and the highest row number: Excel's own limit."""
_CHUNK = 1024 * 1024
_WELL_FORMED = (".xml", ".rels")
"""Members that must be XML. Others are scanned as far as they parse: a picture is not XML,
and Excel writes legacy drawings (`.vml`) that are not well-formed, so a parser stops there."""


class WorkbookError(Exception):
    """A workbook that cannot be read, at a cell (row 1, column 1 for the whole file)."""

    def __init__(
        self, message: str, row: int = 1, column: int = 1, code: str = "bad-xlsx", hint: str = ""
    ) -> None:
        super().__init__(message)
        self.message, self.row, self.column, self.code, self.hint = message, row, column, code, hint


def check_workbook(archive: zipfile.ZipFile) -> bool:
    """Refuse a workbook past any limit, or one a member of which is damaged or not XML;
    whether any member holds a formula."""
    check_directory(archive)
    formulas = False
    for info in archive.infolist():
        if not info.is_dir():
            formulas = _scan(archive, info) or formulas
    return formulas


def check_directory(archive: zipfile.ZipFile) -> None:
    """The zip's own account of its members, checked before anything is inflated."""
    members = archive.infolist()
    if len(members) > MAX_MEMBERS:
        raise WorkbookError(
            f"the workbook is a zip of {len(members):,} files; at most {MAX_MEMBERS:,} are read",
            code="xlsx-too-large",
        )
    total = 0
    for info in members:
        size = info.file_size
        total += size
        if size > MAX_MEMBER_BYTES:
            raise WorkbookError(
                f"'{info.filename}' inside the workbook unpacks to {size:,} "
                f"bytes; at most {MAX_MEMBER_BYTES:,} are read",
                code="xlsx-too-large",
            )
        if size > RATIO_FLOOR and size > MAX_RATIO * max(info.compress_size, 1):
            raise WorkbookError(
                f"'{info.filename}' inside the workbook unpacks "
                f"{size // max(info.compress_size, 1):,} times its packed size; "
                f"at most {MAX_RATIO} times is read (a zip bomb?)",
                code="xlsx-too-large",
            )
    if total > MAX_TOTAL_BYTES:
        raise WorkbookError(
            f"the workbook unpacks to {total:,} bytes; at most {MAX_TOTAL_BYTES:,} are read",
            code="xlsx-too-large",
        )


class _Counts:
    """What one member holds so far, refused as soon as it passes a limit."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.depth = self.elements = self.cells = self.texts = self.rows = 0
        self.most = MAX_PART_ELEMENTS
        self.formulas = False
        self.row = 0
        """The row being read (the last row number seen), to place an error."""
        self.chars = 0
        self.in_text = False

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        self.elements += 1
        self.in_text = False
        if self.depth > MAX_DEPTH:
            self.refuse(f"nests elements more than {MAX_DEPTH} deep")
        name = tag.rpartition(":")[2]
        if self.elements == 1 and name in _STREAMED:
            self.most = MAX_ELEMENTS
        if self.elements > self.most:
            self.refuse(f"holds more than {self.most:,} elements")
        if name == "row":
            self.rows += 1
            self.row = self.row_number(attributes.get("r"))
        elif name == "c":
            self.cells, self.chars = self.cells + 1, 0
            if self.cells > MAX_CELLS:
                raise WorkbookError(
                    f"row {self.row:,}: the sheet holds more than {MAX_CELLS:,} cells",
                    min(max(self.row, 1), MAX_ROW),
                    code="sheet-too-large",
                )
        elif name == "si":
            self.texts, self.chars = self.texts + 1, 0
            if self.texts > MAX_CELLS:
                self.refuse(f"holds more than {MAX_CELLS:,} texts")
        elif name in ("t", "v"):
            self.in_text = True
        elif name == "f":
            self.formulas = True

    def end(self, _tag: str) -> None:
        self.depth -= 1
        self.in_text = False

    def text(self, data: str) -> None:
        if self.in_text:
            self.chars += len(data)
            if self.chars <= MAX_CELL_CHARS:
                return
            if self.texts:
                raise WorkbookError(
                    f"shared text {self.texts:,} of the workbook is longer than "
                    f"{MAX_CELL_CHARS:,} characters",
                    code="cell-too-long",
                )
            raise WorkbookError(
                f"row {self.row:,}: a cell is longer than {MAX_CELL_CHARS:,} characters",
                max(self.row, 1),
                code="cell-too-long",
            )

    def row_number(self, written: str | None) -> int:
        """A row's number (the one after the last when it names none), which must be a
        whole number 1 to `MAX_ROW`: the reader fills the rows it skips."""
        if self.rows > MAX_ROW:
            self.refuse(f"holds more than {MAX_ROW:,} rows")
        if written is None:
            return self.row + 1
        try:
            number = float(written)
        except ValueError:
            number = 0.0
        if not (number.is_integer() and 1 <= number <= MAX_ROW):
            raise WorkbookError(
                f"row {min(self.row + 1, MAX_ROW)}: the row number '{written[:20]}' is not one "
                f"of 1 to {MAX_ROW:,}",
                min(self.row + 1, MAX_ROW),
                hint="save the workbook again from a spreadsheet",
            )
        return int(number)

    def refuse(self, what: str) -> None:
        raise WorkbookError(f"'{self.name}' inside the workbook {what}", code="xlsx-too-large")


def _scan(archive: zipfile.ZipFile, info: zipfile.ZipInfo) -> bool:
    """Stream one member through expat with `_Counts`; a document type, a damaged member or
    (in a member that must be XML) bad XML is a `WorkbookError`. Whether it holds a formula."""
    name = info.filename
    counts = _Counts(name)
    parser = expat.ParserCreate()
    parser.buffer_text = True
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse_doctype(*_: Any) -> None:
        raise WorkbookError(
            f"'{name}' inside the workbook declares a document type, which a "
            "workbook never needs; it is not read"
        )

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_doctype
    parser.StartElementHandler = counts.start
    parser.EndElementHandler = counts.end
    parser.CharacterDataHandler = counts.text
    read = 0
    try:
        with archive.open(info) as stream:
            while chunk := stream.read(_CHUNK):
                read += len(chunk)
                if read > info.file_size:  # the archive module stops there; so does this
                    counts.refuse(f"unpacks past its declared {info.file_size:,} bytes")
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except expat.ExpatError as error:
        if name.lower().endswith(_WELL_FORMED):
            raise WorkbookError(
                f"'{name}' inside the workbook is not valid XML "
                f"({expat.ErrorString(error.code)} at its line {error.lineno})"
            ) from None
    except (
        zipfile.BadZipFile,
        zlib.error,
        EOFError,
        OSError,
        NotImplementedError,
        RuntimeError,
    ) as error:
        raise WorkbookError(f"'{name}' inside the workbook is damaged ({error})") from None
    return counts.formulas
