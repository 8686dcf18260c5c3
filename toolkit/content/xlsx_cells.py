"""The cells of an .xlsx workbook's first worksheet, read by openpyxl once the workbook has
passed `workbook_bounds`.

openpyxl streams the sheet for the values the spreadsheet saved and, when the workbook holds
formulas, a second time beside it to see which cells hold one: a formula whose result was
never saved (a workbook written by a program, not a spreadsheet) reads as an empty cell and
would drop the card's value without a word. What cannot be read (a damaged part, a broken
cell, a formula without its result, an error value) is a `WorkbookError` at its cell, or just
below the last row read when openpyxl does not say where: never a crash, never a silently
empty cell.

Values are text, numbers and yes/no; a date is its serial number, as the sheet stores it.
"""

from __future__ import annotations

import datetime
import io
import warnings
import zipfile
from collections.abc import Iterator
from typing import Any

from toolkit.content.workbook_bounds import WorkbookError, check_workbook
from toolkit.errors import UsageError

_DATES = (datetime.datetime, datetime.date, datetime.time, datetime.timedelta)
_AGAIN = "save the workbook again from a spreadsheet"


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
        formulas = check_workbook(archive)
    try:
        import openpyxl
    except ImportError:
        raise UsageError(
            "reading .xlsx needs the 'sheets' extra: pip install 'toolkit[sheets]' "
            "(or save the sheet as CSV)"
        ) from None
    reader = _Reader(most_rows, most_columns)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl warns of what it skips (styles, links)
        try:
            books = [
                openpyxl.load_workbook(io.BytesIO(raw), read_only=True, data_only=saved)
                for saved in ((True, False) if formulas else (True,))
            ]
        # openpyxl, zipfile and the XML parsers raise many types (ValueError, KeyError,
        # IndexError, TypeError, OSError, ParseError...) for a malformed workbook; each is
        # the workbook's problem, not the toolkit's, so all of them are caught here.
        except Exception as error:
            raise WorkbookError(f"the workbook cannot be read ({_reason(error)})",
                                hint=_AGAIN) from None  # fmt: skip
        try:
            return reader.read(*books)
        finally:
            for book in books:
                book.close()


def _reason(error: BaseException) -> str:
    """The first line of the innermost cause: openpyxl wraps a parser's error in a message
    that names the file object."""
    while error.__cause__ is not None:
        error = error.__cause__
    text = str(error).strip().splitlines()
    return (text[0][:120] if text else "") or type(error).__name__


class _Reader:
    """Rows gathered as openpyxl streams them, with the row being read kept to place an error."""

    def __init__(self, most_rows: int, most_columns: int) -> None:
        self.most_rows, self.most_columns = most_rows, most_columns
        self.row = 0

    def read(self, values: Any, formulas: Any = None) -> list[list[Any]]:
        """The rows of `values` (a workbook read for saved values), checked against the same
        workbook read for formulas when it holds any."""
        if not values.worksheets:
            raise WorkbookError("the workbook has no worksheet", code="not-xlsx")
        epoch = values.epoch
        sheets = [book.worksheets[0] for book in (values, formulas) if book is not None]
        rows: list[list[Any]] = []
        for cells in self._rows(*sheets):
            row = [self._value(cell, formula, epoch) for cell, formula in cells]
            while row and row[-1] is None:
                row.pop()
            if row:
                rows.extend([] for _ in range(self.row - 1 - len(rows)))
                rows.append(row)
        return rows

    def _rows(self, values: Any, formulas: Any = None) -> Iterator[list[tuple[Any, Any]]]:
        """Each row's cells, the saved value beside the cell as written; a row is as wide as
        its last cell (the sheet's own claim of its size is not trusted)."""
        values.reset_dimensions()
        if formulas is None:
            pairs: Iterator[tuple[Any, Any]] = ((row, row) for row in values.iter_rows())
        else:
            formulas.reset_dimensions()
            pairs = zip(values.iter_rows(), formulas.iter_rows(), strict=True)
        while True:
            try:
                saved, written = next(pairs)
            except StopIteration:
                return
            except Exception as error:  # openpyxl fails in many ways: see `read_cells`
                raise self.lost(error) from None
            self.row += 1
            yield list(zip(saved, written, strict=True))

    def _value(self, cell: Any, formula: Any, epoch: Any) -> Any:
        value = cell.value
        if value is None and formula.data_type == "f" and cell.data_type != "str":
            raise self._error(
                formula.column,
                "a formula whose result the workbook does not hold",
                "formula-cell",
                "open the workbook in a spreadsheet and save it (which stores "
                "each formula's result), or type the value",
            )
        if value is None or value == "":
            return None  # an empty formula text result too
        if self.row > self.most_rows or cell.column > self.most_columns:
            raise self._error(
                cell.column,
                f"a sheet holds at most {self.most_rows - 1:,} rows of cards and "
                f"{self.most_columns} columns",
                "sheet-too-large",
            )
        if cell.data_type == "e":
            raise self._error(cell.column, f"the cell holds the error {str(value)[:20]}",
                              "formula-cell", "fix the formula, or type the value")  # fmt: skip
        if isinstance(value, _DATES):
            from openpyxl.utils.datetime import to_excel

            return to_excel(value, epoch)
        return value

    def _error(self, column: int, message: str, code: str, hint: str = "") -> WorkbookError:
        from openpyxl.utils import get_column_letter

        name = f"{get_column_letter(column)}{self.row}"
        return WorkbookError(f"cell {name}: {message}", self.row, column, code, hint)

    def lost(self, error: Exception) -> WorkbookError:
        """openpyxl failed while reading a row below the last it gave (how far below it
        does not say): the error just below that row."""
        past = f" past row {self.row:,}" if self.row else ""
        return WorkbookError(
            f"the sheet cannot be read{past} ({_reason(error)})", self.row + 1, hint=_AGAIN
        )


__all__ = ["WorkbookError", "read_cells"]
