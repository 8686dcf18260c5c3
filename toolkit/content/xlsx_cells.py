"""The cells of an .xlsx workbook's first worksheet, read with bounds set before any parsing.

A workbook is a zip of XML files made by whoever sent it, so it is read as untrusted: the zip's
directory is checked first (members, each member's size and the sum of them, how far a member
inflates), and the archive module never hands out more than a member's declared size; the XML is
parsed as a stream by expat with no document type allowed (so no entity can be declared, as
defusedxml does), and every cell and string is counted and measured while it is read. What a
workbook holds that cannot be read (a damaged member, a broken cell reference, a shared string
that does not exist, a formula whose result the spreadsheet never saved, an error value) is a
`WorkbookError` at the cell's row and column, never a crash and never a silently empty cell.

Only what cards need is read: numbers, text (shared, inline or a formula's saved text), and
yes/no. Styles are not read, so a date is its serial number.
"""

from __future__ import annotations

import io
import posixpath
import re
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
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
"""Cells with a value: 10,000 cards of 50 fields."""
MAX_CELL_CHARS = 32_767
"""Characters in a cell: Excel's own limit."""
_CHUNK = 1024 * 1024
_MAX_ROW = 1_048_576
_REFERENCE = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,6})")
_INDEX = re.compile(r"[0-9]{1,9}")
_INT = re.compile(r"[+-]?[0-9]{1,18}")
_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")


class WorkbookError(Exception):
    """A workbook that cannot be read, at a cell (row 1, column 1 for the whole file)."""

    def __init__(
        self, message: str, row: int = 1, column: int = 1, code: str = "bad-xlsx", hint: str = ""
    ) -> None:
        super().__init__(message)
        self.message, self.row, self.column, self.code, self.hint = message, row, column, code, hint


def cell_name(row: int, column: int) -> str:
    """`B3` for row 3, column 2."""
    letters = ""
    while column:
        column, rest = divmod(column - 1, 26)
        letters = chr(65 + rest) + letters
    return f"{letters}{row}"


def read_cells(raw: bytes, most_rows: int, most_columns: int) -> list[list[Any]]:
    """The first worksheet's rows (row 1 first), each a list of str, int, float, bool or
    None; at most `most_rows` rows and `most_columns` columns (`sheet-too-large` beyond)."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as error:
        raise WorkbookError(
            f"not an xlsx workbook (not a zip archive: {error})", code="not-xlsx"
        ) from None
    with archive:
        _check_directory(archive)
        names = {info.filename for info in archive.infolist()}
        book = _office_document(archive, names)
        sheet, strings_name = _first_sheet(archive, names, book)
        strings = _shared_strings(archive, strings_name) if strings_name else []
        return _Sheet(strings, most_rows, most_columns).read(archive, sheet)


def _check_directory(archive: zipfile.ZipFile) -> None:
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


def _local(name: str) -> str:
    return name.rpartition(":")[2]


def _parse(
    archive: zipfile.ZipFile,
    name: str,
    start: Callable[[str, dict[str, str]], None],
    end: Callable[[str], None] | None = None,
    text: Callable[[str], None] | None = None,
) -> None:
    """Stream member `name` through expat with the handlers given (element names without
    their prefix); a document type, a damaged member or bad XML is a `WorkbookError`."""
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
    parser.StartElementHandler = lambda tag, attributes: start(_local(tag), attributes)
    if end is not None:
        parser.EndElementHandler = lambda tag: end(_local(tag))
    if text is not None:
        parser.CharacterDataHandler = text
    read = 0
    try:
        with archive.open(name) as stream:
            while chunk := stream.read(_CHUNK):
                read += len(chunk)
                if read > MAX_MEMBER_BYTES:
                    raise WorkbookError(
                        f"'{name}' inside the workbook unpacks past {MAX_MEMBER_BYTES:,} bytes",
                        code="xlsx-too-large",
                    )
                parser.Parse(chunk, False)
            parser.Parse(b"", True)
    except expat.ExpatError as error:
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


def _relations(archive: zipfile.ZipFile, names: set[str], part: str) -> dict[str, tuple[str, str]]:
    """The relationships of `part`: id -> (type, target as a member name)."""
    folder, base = posixpath.split(part)
    rels = posixpath.join(folder, "_rels", f"{base}.rels")
    found: dict[str, tuple[str, str]] = {}
    if rels not in names:
        return found

    def start(tag: str, attributes: dict[str, str]) -> None:
        if tag == "Relationship" and "Id" in attributes and "Target" in attributes:
            target = attributes["Target"]
            member = (
                target.lstrip("/")
                if target.startswith("/")
                else posixpath.normpath(posixpath.join(folder, target))
            )
            found[attributes["Id"]] = (attributes.get("Type", ""), member)

    _parse(archive, rels, start)
    return found


def _office_document(archive: zipfile.ZipFile, names: set[str]) -> str:
    for kind, target in _relations(archive, names, "").values():
        if kind.endswith("/officeDocument") and target in names:
            return target
    if "xl/workbook.xml" in names:
        return "xl/workbook.xml"
    raise WorkbookError("not an xlsx workbook (no workbook inside the zip)", code="not-xlsx")


def _first_sheet(archive: zipfile.ZipFile, names: set[str], book: str) -> tuple[str, str | None]:
    """The member of the workbook's first worksheet, and of its shared strings if any."""
    sheets: list[str] = []

    def start(tag: str, attributes: dict[str, str]) -> None:
        if tag == "sheet":
            sheets.extend(value for key, value in attributes.items() if _local(key) == "id")

    _parse(archive, book, start)
    relations = _relations(archive, names, book)
    strings = next(
        (
            target
            for kind, target in relations.values()
            if kind.endswith("/sharedStrings") and target in names
        ),
        None,
    )
    if sheets and sheets[0] in relations and relations[sheets[0]][1] in names:
        return relations[sheets[0]][1], strings
    if "xl/worksheets/sheet1.xml" in names:
        return "xl/worksheets/sheet1.xml", strings
    raise WorkbookError("the workbook has no worksheet", code="not-xlsx")


@dataclass
class _Text:
    """Text gathered from `<t>` elements, outside phonetic runs, with a length bound."""

    parts: list[str] = field(default_factory=list)
    length: int = 0
    inside: bool = False
    phonetic: int = 0

    def add(self, data: str, where: Callable[[], WorkbookError]) -> None:
        if self.inside and not self.phonetic:
            self.length += len(data)
            if self.length > MAX_CELL_CHARS:
                raise where()
            self.parts.append(data)

    def take(self) -> str:
        text = "".join(self.parts)
        self.parts, self.length = [], 0
        return text


def _shared_strings(archive: zipfile.ZipFile, name: str) -> list[str]:
    strings: list[str] = []
    text = _Text()

    def too_long() -> WorkbookError:
        return WorkbookError(
            f"shared text {len(strings) + 1:,} of the workbook is longer than "
            f"{MAX_CELL_CHARS:,} characters",
            code="cell-too-long",
        )

    def start(tag: str, attributes: dict[str, str]) -> None:
        if tag == "t":
            text.inside = True
        elif tag == "rPh":
            text.phonetic += 1

    def end(tag: str) -> None:
        if tag == "t":
            text.inside = False
        elif tag == "rPh":
            text.phonetic -= 1
        elif tag == "si":
            strings.append(text.take())
            if len(strings) > MAX_CELLS:
                raise WorkbookError(
                    f"the workbook holds more than {MAX_CELLS:,} texts", code="xlsx-too-large"
                )

    _parse(archive, name, start, end, lambda data: text.add(data, too_long))
    return strings


class _Sheet:
    """One worksheet's cells, gathered as the XML streams by."""

    def __init__(self, strings: list[str], most_rows: int, most_columns: int) -> None:
        self.strings = strings
        self.most_rows, self.most_columns = most_rows, most_columns
        self.cells: dict[int, dict[int, Any]] = {}
        self.count = 0
        self.row = 0
        self.column = 0
        self.kind = ""
        self.formula = False
        self.value: str | None = None
        self.text = _Text()
        self.in_value = False
        self.inline = False

    def error(self, message: str, code: str = "bad-xlsx", hint: str = "") -> WorkbookError:
        """An error at the cell (or row) being read, named in the message."""
        row, column = max(self.row, 1), max(self.column, 1)
        where = f"cell {cell_name(row, column)}" if self.column else f"row {row}"
        return WorkbookError(f"{where}: {message}", row, column, code, hint)

    def read(self, archive: zipfile.ZipFile, name: str) -> list[list[Any]]:
        _parse(archive, name, self.start, self.end, self.data)
        rows: list[list[Any]] = []
        for number in range(1, max(self.cells, default=0) + 1):
            cells = self.cells.get(number, {})
            row: list[Any] = [None] * max(cells, default=0)
            for column, value in cells.items():
                row[column - 1] = value
            rows.append(row)
        return rows

    def start(self, tag: str, attributes: dict[str, str]) -> None:
        if tag == "row":
            self.row = self._number(attributes.get("r"), self.row + 1, "row")
            self.column = 0
            self._bound()
        elif tag == "c":
            self._reference(attributes.get("r"))
            self.kind = attributes.get("t", "n")
            self.formula, self.value, self.inline = False, None, False
            self.text.take()
        elif tag == "f":
            self.formula = True
        elif tag == "v":
            self.in_value, self.value = True, ""
        elif tag == "is":
            self.inline = True
        elif tag == "t" and self.inline:
            self.text.inside = True
        elif tag == "rPh":
            self.text.phonetic += 1

    def data(self, data: str) -> None:
        if self.in_value:
            self.value = (self.value or "") + data
            if len(self.value) > MAX_CELL_CHARS:
                raise self.error(f"longer than {MAX_CELL_CHARS:,} characters", "cell-too-long")
        else:
            self.text.add(
                data,
                lambda: self.error(f"longer than {MAX_CELL_CHARS:,} characters", "cell-too-long"),
            )

    def end(self, tag: str) -> None:
        if tag == "v":
            self.in_value = False
        elif tag == "t":
            self.text.inside = False
        elif tag == "rPh":
            self.text.phonetic -= 1
        elif tag == "c":
            value = self._value()
            if value is not None and value != "":
                self.count += 1
                if self.count > MAX_CELLS:
                    raise self.error(
                        f"the sheet holds more than {MAX_CELLS:,} cells", "sheet-too-large"
                    )
                self.cells.setdefault(self.row, {})[self.column] = value

    def _number(self, text: str | None, default: int, what: str) -> int:
        if text is None:
            return default
        if not _INDEX.fullmatch(text) or not 1 <= int(text) <= _MAX_ROW:
            self.row, self.column = min(default, _MAX_ROW), 0
            raise self.error(
                f"the {what} number '{text[:20]}' is not one",
                hint="save the workbook again from a spreadsheet",
            )
        return int(text)

    def _reference(self, reference: str | None) -> None:
        if reference is None:
            self.column += 1
        else:
            match = _REFERENCE.fullmatch(reference)
            if match is None or int(match.group(2)) > _MAX_ROW:
                self.column += 1
                raise self.error(
                    f"'{reference[:20]}' is not a cell reference",
                    hint="save the workbook again from a spreadsheet",
                )
            letters, digits = match.groups()
            self.column = 0
            for letter in letters:
                self.column = self.column * 26 + ord(letter) - 64
            self.row = int(digits)
        self._bound()

    def _bound(self) -> None:
        if self.row > self.most_rows or self.column > self.most_columns:
            raise self.error(
                f"a sheet holds at most {self.most_rows - 1:,} rows of cards and "
                f"{self.most_columns} columns",
                "sheet-too-large",
            )

    def _value(self) -> Any:
        kind, value = self.kind, self.value
        unsaved = value is None or (value == "" and kind != "str")  # "" is a text result
        if self.formula and unsaved and kind != "inlineStr":
            raise self.error(
                "a formula whose result the workbook does not hold",
                "formula-cell",
                "open the workbook in a spreadsheet and save it (which stores "
                "each formula's result), or type the value",
            )
        if kind == "inlineStr":
            return self.text.take()
        if value is None:
            return None
        if kind == "s":
            index = int(value) if _INDEX.fullmatch(value.strip()) else -1
            if not 0 <= index < len(self.strings):
                raise self.error(
                    f"shared text {value[:20]!r} does not exist in the workbook",
                    hint="save the workbook again from a spreadsheet",
                )
            return self.strings[index]
        if kind in ("str", "d"):
            return value
        if kind == "b":
            if value.strip() not in ("0", "1"):
                raise self.error(f"'{value[:20]}' is not a yes/no value")
            return value.strip() == "1"
        if kind == "e":
            raise self.error(
                f"the cell holds the error {value[:20]}",
                "formula-cell",
                "fix the formula, or type the value",
            )
        text = value.strip()
        if _INT.fullmatch(text):
            return int(text)
        if _FLOAT.fullmatch(text):
            return float(text)
        raise self.error(f"'{text[:20]}' is not a number")
