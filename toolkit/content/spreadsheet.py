"""Cards to and from spreadsheets: `toolkit import FILE.csv|FILE.xlsx`, and `export_csv`.

Row 1 names the columns: `id`, the kind's declared fields, and `copies` (a card repeated, its
ids numbered `<id>-1` ... `<id>-<n>`, as the shipped card files write copies; a kind that
declares a `copies` field gets that field instead). Each cell is read as its field's declared
type: numbers, yes/no, `a; b` for a list, `key: value; key: value` for a map, YAML flow
(`[...]`, `{...}`) for lists, maps, effects, scoring rules, shapes and sides. A value in a
column row 1 does not name is an error, never dropped. Cells are written and read through
`cell_text`, so text a spreadsheet would run as a formula is exported with a quote in front
and imported without it. Workbooks are read by openpyxl once `workbook_bounds` passes them.

The cards are validated exactly as `toolkit validate` would validate the file they become,
before anything is written, on a document whose positions are the sheet's cells: so every
problem is reported at `sheet:row:column`, with the validator's own words and hints.
"""

from __future__ import annotations

import csv
import io
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from toolkit.content.cell_text import guarded_row, unguarded
from toolkit.content.kind_models import CARD_LIST_KEY, KindModels
from toolkit.content.models.card_kinds import CardKind, FieldSpec, sound_declarations
from toolkit.content.project import GameContent, LoadedFile, load_game
from toolkit.content.schema_errors import diagnostics_from_error, without_failed_items
from toolkit.content.semantic import check_game
from toolkit.content.unique_ids import duplicate_card_ids
from toolkit.content.xlsx_cells import WorkbookError, read_cells
from toolkit.content.yaml_loader import (
    MAX_FILE_BYTES,
    Document,
    Position,
    display_path,
    load_bytes,
)
from toolkit.content.yaml_loader import load_file as load_yaml
from toolkit.diagnostics import (
    Diagnostic,
    canonical_id,
    did_you_mean,
    sort_diagnostics,
    unsafe_character,
)
from toolkit.errors import ContentError, UsageError
from toolkit.files import (
    FileRefused,
    check_file,
    check_output,
    confine,
    read_bytes,
    resolve,
    write_atomic,
)
from toolkit.schema.limits import MAX_CARDS, MAX_COPIES

COPIES = "copies"
"""The column that repeats a card (unless the kind declares a field of that name)."""

MAX_SHEET_BYTES = 16 * 1024 * 1024
MAX_COLUMNS = 200
SHEET_SUFFIXES = (".csv", ".xlsx")
_FLOW_TYPES = ("list", "map", "effects", "scoring", "shape", "sides")
_TRUE = {"true", "yes", "y", "1", "x"}
_FALSE = {"false", "no", "n", "0"}
_COPY_ID = re.compile(r"(.+)-([1-9][0-9]*)")
_UNREAD = object()
"""A cell that could not be read (its problem already reported): the field is left out."""


@dataclass
class Sheet:
    """A spreadsheet's rows as read: row 1 the column names; cells str, number, bool or None."""

    name: str
    rows: list[list[Any]]


@dataclass
class Imported:
    """What `import_cards` wrote."""

    path: Path
    cards: int
    rows: int
    warnings: list[Diagnostic]
    """What the validator warns of with the new cards in the game (exit 0, as validate)."""


# -- reading ------------------------------------------------------------------------------


def read_sheet(path: Path) -> Sheet:
    """The rows of a CSV (UTF-8, a BOM allowed; commas, semicolons or tabs between cells, as
    its first line shows) or the first worksheet of an xlsx workbook."""
    name = display_path(path)
    suffix = path.suffix.lower()
    check_file(path, MAX_SHEET_BYTES)  # a folder, a pipe or a device is named as such
    if suffix not in SHEET_SUFFIXES:
        raise UsageError(f"'{name}' is not a .csv or .xlsx file")
    raw = read_bytes(path, MAX_SHEET_BYTES)
    return Sheet(name, _csv_rows(raw, name) if suffix == ".csv" else _xlsx_rows(raw, name))


def _sheet_error(name: str, line: int, code: str, message: str, hint: str = "") -> ContentError:
    return ContentError([Diagnostic(name, line, 1, "error", code, message, hint)])


def _csv_rows(raw: bytes, name: str) -> list[list[Any]]:
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        raise _sheet_error(
            name, line, "not-utf8", "the file is not UTF-8 text", "save it as 'CSV UTF-8'"
        ) from None
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)  # Excel in some languages writes ';'; ties: ','
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        return [list(row) for row in reader]
    except csv.Error as error:
        raise _sheet_error(name, reader.line_num, "csv-syntax", f"not valid CSV: {error}") from None


def _xlsx_rows(raw: bytes, name: str) -> list[list[Any]]:
    """The first worksheet's values (a formula's saved result), read by openpyxl within
    bounds (`xlsx_cells`); what cannot be read is an error at its cell or row."""
    try:
        return read_cells(raw, MAX_CARDS + 1, MAX_COLUMNS)
    except WorkbookError as error:
        at = (error.row, error.column)
        found = Diagnostic(name, *at, "error", error.code, error.message, error.hint)
        raise ContentError([found]) from None


def cell_name(row: int, column: int) -> str:
    """A cell as a spreadsheet names it: row 4, column 5 is `E4`; column 27 is `AA`."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{row}"


def at_cell(problem: Diagnostic, sheet: str) -> Diagnostic:
    """A problem in the sheet names its cell as the spreadsheet shows it (`cell E4: ...`);
    `sheet:row:column` stays in front for editors and CI."""
    if problem.file != sheet or problem.line < 1 or problem.column < 1:
        return problem
    return replace(problem, message=f"cell {cell_name(problem.line, problem.column)}: "
                   f"{problem.message}")  # fmt: skip


# -- which kind ---------------------------------------------------------------------------


@dataclass
class _Target:
    manifest: Path
    kind: str
    declaration: CardKind


def _find_kind(project: Path, kind: str, into: Path) -> _Target:
    """The game whose manifest lists `into` as the card file of `kind`. A file no manifest
    lists for the kind is refused (its cards would belong to no game), and so is a file a
    game uses as something else (another kind's cards, its strategies, a manifest): the
    import would replace it."""
    known: list[str] = []
    declared: list[Path] = []
    found: _Target | None = None
    taken: str | None = None
    for manifest in sorted((project / "rules").glob("*.y*ml")):
        document, _ = load_yaml(manifest)
        if document is None or document.data.get("kind") != "game":
            continue
        declarations = sound_declarations(document.data)
        known.extend(declarations)
        taken = taken or _other_use(manifest, document.data, declarations, kind, into)
        declaration = declarations.get(kind)
        if declaration is None:
            continue
        declared.append(manifest.parent / declaration.file)
        if found is None and _same(declared[-1], into):
            found = _Target(manifest, kind, declaration)
    if not declared:
        same = [other for other in dict.fromkeys(known) if other.casefold() == kind.casefold()]
        if len(same) == 1:  # a kind typed in another case: ids match in any case
            return _find_kind(project, same[0], into)
        hint = did_you_mean(kind, known)
        raise UsageError(
            f"no game in '{display_path(project / 'rules')}' declares card kind '{kind}'"
            + (f"; {hint}" if hint else "; declare it under 'card_kinds' in a manifest")
        )
    if taken is not None:
        raise UsageError(
            f"'{display_path(into)}' is {taken}, not a '{kind}' card file; name the card "
            f"file of kind '{kind}' with --into"
        )
    if found is None:
        files = ", ".join(display_path(path) for path in declared)
        raise UsageError(
            f"no manifest lists '{display_path(into)}' as the card file of kind '{kind}', so "
            f"its cards would belong to no game; name the declared file with --into: {files}"
        )
    return found


def _other_use(
    manifest: Path, data: Any, declarations: dict[str, CardKind], kind: str, into: Path
) -> str | None:
    """What else the game of `manifest` uses `into` for, in words; None if nothing."""
    if _same(manifest, into):
        return f"the manifest file of {manifest.stem}"
    strategies = data.get("strategies")
    if isinstance(strategies, str) and _same(manifest.parent / strategies, into):
        return f"the strategies file of {manifest.stem}"
    for other, declaration in declarations.items():
        if other != kind and _same(manifest.parent / declaration.file, into):
            return f"the {other} file of {manifest.stem}"
    return None


def _same(one: Path, other: Path) -> bool:
    try:
        return resolve(one) == resolve(other)
    except FileRefused:
        return False


# -- cells to cards -----------------------------------------------------------------------


@dataclass
class _Cells:
    """The cards read from a sheet and where each value came from."""

    cards: list[dict[str, Any]]
    document: Document
    problems: list[Diagnostic]
    rows: int


def _text(value: Any) -> str:
    """A cell as text, spaces around it left out and the quote an export puts before text a
    spreadsheet would run taken off (`cell_text`)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    text: str = unguarded(str(value).strip())
    return text


def _number(value: Any) -> Any:
    """A whole number when the cell holds one; else the text, for the model to refuse."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = _text(value)
    # `'-3`: a number a spreadsheet was told to keep as text is still the number
    digits = text[1:] if text.startswith("'") else text
    return int(digits) if re.fullmatch(r"[+-]?[0-9]{1,18}", digits) else text


def _yes_no(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    text = _text(value).lower()
    return True if text in _TRUE else False if text in _FALSE else _text(value)


class _Reader:
    """Converts one sheet's cells by their fields' declared types."""

    def __init__(self, sheet: Sheet, kind: str, declaration: CardKind) -> None:
        self.sheet = sheet
        self.kind = kind
        self.fields = declaration.fields
        self.repeat = COPIES not in self.fields
        self.problems: list[Diagnostic] = []

    def error(self, row: int, column: int, code: str, message: str, hint: str = "") -> None:
        self.problems.append(Diagnostic(self.sheet.name, row, column, "error", code, message, hint))

    def columns(self, header: Sequence[Any]) -> dict[int, str]:
        """Column number -> field name, for the columns row 1 names; problems reported."""
        names = ["id", *self.fields, *([COPIES] if self.repeat else [])]
        named: dict[int, str] = {}
        for column, cell in enumerate(header, start=1):
            name = canonical_id(_text(cell), names)  # `ID`, `Name`: headers in any case
            if not name:
                continue
            if name not in names:
                hint = did_you_mean(name, names)
                self.error(1, column, "unknown-column", f"unknown column '{name}'", hint)
            elif name in named.values():
                first = next(c for c, n in named.items() if n == name)
                self.error(1, column, "duplicate-column", f"column '{name}' again (first in "
                           f"column {first})", "keep one column per field")  # fmt: skip
            else:
                named[column] = name
        end = max(len(header), 1)
        for name in names:
            spec = self.fields.get(name)
            required = name == "id" or (spec is not None and spec.required)
            if required and name not in named.values():
                self.error(1, end, "missing-column", f"no column '{name}' (every card needs it)",
                           f"add a column named '{name}' to row 1")  # fmt: skip
        return named

    def unheaded(self, cells: Sequence[Any], headed: set[int], row: int) -> None:
        """A value in a column row 1 names nothing for is an error, not a value dropped."""
        for column, cell in enumerate(cells, start=1):
            if column not in headed and (_text(cell) or isinstance(cell, bool)):
                shown = _text(cell)
                self.error(row, column, "cell-without-column", f"it holds "
                           f"'{shown[:40]}{'...' if len(shown) > 40 else ''}' but row 1 "
                           "names no column above it",
                           "name the column in row 1, or clear the cell")  # fmt: skip

    def value(self, cell: Any, spec: FieldSpec, row: int, column: int) -> Any:
        """The cell as its field's type: best effort, the model refuses what is still wrong."""
        kind = spec.type
        if kind == "int":
            return _number(cell)
        if kind == "bool":
            return _yes_no(cell)
        text = _text(cell)
        if kind not in _FLOW_TYPES:
            return text
        if text[:1] in ("[", "{"):
            return self.flow(text, row, column)
        if kind in ("list", "shape"):
            items = spec.items or FieldSpec(type="text")
            return [self.value(part.strip(), items, row, column) for part in text.split(";")]
        if kind == "map" and spec.keys is not None and spec.values is not None:
            mapping: dict[Any, Any] = {}
            for part in text.split(";"):
                key, colon, item = part.partition(":")
                if not colon:
                    self.error(row, column, "bad-map", f"'{part.strip()}' is not 'key: value'",
                               "write a map as 'key: value; key: value'")  # fmt: skip
                    continue
                key_value = self.value(key.strip(), spec.keys, row, column)
                mapping[key_value] = self.value(item.strip(), spec.values, row, column)
            return mapping
        self.error(row, column, "bad-cell", f"a '{kind}' field is written as YAML flow",
                   "like [{effect: gain, resource: coins, amount: 1}]")  # fmt: skip
        return _UNREAD

    def flow(self, text: str, row: int, column: int) -> Any:
        """A cell in YAML flow style, read by the toolkit's own safe loader."""
        document, problems = load_bytes(f"value: {text}\n".encode(), self.sheet.name)
        if document is None or problems:
            why = problems[0].message if problems else "it cannot be read"
            self.error(row, column, "bad-cell", f"not valid YAML flow: {why}",
                       "check the brackets and quotes of the cell")  # fmt: skip
            return _UNREAD
        return document.data.get("value")

    def copies(self, cell: Any, row: int, column: int) -> int:
        count = _number(cell) if _text(cell) else 1
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COPIES:
            self.error(row, column, "bad-copies", f"copies must be a whole number 1-{MAX_COPIES}, "
                       f"not '{_text(cell)}'", "leave it empty for one card")  # fmt: skip
            return 1
        return count

    def read(self) -> _Cells:
        rows = self.sheet.rows
        document = Document(self.sheet.name, {"kind": self.kind, CARD_LIST_KEY: []})
        if not rows:
            self.error(1, 1, "empty-sheet", "the sheet is empty",
                       "row 1 names the columns: id and the kind's fields")  # fmt: skip
            return _Cells([], document, self.problems, 0)
        if len(rows) > MAX_CARDS + 1 or any(len(row) > MAX_COLUMNS for row in rows):
            self.error(1, 1, "sheet-too-large", f"a sheet holds at most {MAX_CARDS} rows of "
                       f"cards and {MAX_COLUMNS} columns")  # fmt: skip
            return _Cells([], document, self.problems, 0)
        named = self.columns(rows[0])
        headed = {column for column, cell in enumerate(rows[0], start=1) if _text(cell)}
        cards: list[dict[str, Any]] = document.data[CARD_LIST_KEY]
        used = 0
        for row, cells in enumerate(rows[1:], start=2):
            if not any(_text(cell) for cell in cells):
                continue
            self.unheaded(cells, headed, row)
            used += 1
            card: dict[str, Any] = {}
            where: dict[str, Position] = {}
            count = 1
            for column, name in named.items():
                cell = cells[column - 1] if column <= len(cells) else None
                if name == COPIES and self.repeat:
                    count = self.copies(cell, row, column)
                    continue
                if not _text(cell) and not isinstance(cell, bool):
                    if name == "id" or self.fields[name].required:
                        self.error(row, column, "missing-value", f"'{name}' is empty",
                                   "every card needs it")  # fmt: skip
                    continue
                unsafe = unsafe_character(_text(cell))
                if unsafe is not None:
                    self.error(row, column, "control-character", "it holds the control "
                               f"character U+{ord(unsafe):04X}", "delete it")  # fmt: skip
                    continue
                spec = self.fields.get(name, FieldSpec(type="id"))
                value = self.value(cell, spec, row, column)
                if value is not _UNREAD:
                    card[name] = value
                    where[name] = Position(row, column)
            if len(cards) + count > MAX_CARDS:
                self.error(row, 1, "too-many-cards", f"the rows down to this one make more "
                           f"than {MAX_CARDS} cards", "split the kind's cards over fewer "
                           "copies, or keep the sheet to one file's cards")  # fmt: skip
                break
            for number in range(1, count + 1):
                copy = dict(card)
                if count > 1 and isinstance(copy.get("id"), str):
                    copy["id"] = f"{copy['id']}-{number}"
                at = (CARD_LIST_KEY, len(cards))
                document.values[at] = Position(row, 1)
                for name, position in where.items():
                    document.values[(*at, name)] = position
                    document.keys[(*at, name)] = position
                cards.append(copy)
        if not cards and not self.problems:
            self.error(2, 1, "no-cards", "the sheet has no card rows below row 1")
        return _Cells(cards, document, self.problems, used)


# -- validating and writing ---------------------------------------------------------------


def _models(content: GameContent | None, closed: bool) -> KindModels:
    """Card models with the game's vocabularies: closed (a value outside one is refused by
    the model, with did-you-mean) or open, as `load_game` builds them for the game's checks."""
    vocabularies = (
        {(v.kind, v.field): [x.id for x in v.values] for v in content.game.vocabularies}
        if content is not None
        else {}
    )
    return KindModels(vocabularies, close_vocabularies=closed)


def _schema_problems(
    model: type[BaseModel], document: Document, into: Path
) -> tuple[LoadedFile | None, list[Diagnostic]]:
    """The cards validated by `model`: the file (the cards that passed) and the problems.

    A required field left out is the reader's to report (an empty cell, a missing column),
    so the model's `missing-key` at a card is left out."""
    try:
        return LoadedFile(into, document, model.model_validate(document.data)), []
    except ValidationError as error:
        found = [
            d
            for d in diagnostics_from_error(document, model, error)
            if not (d.code == "missing-key" and d.column == 1)
        ]
        partial = without_failed_items(model, document.data, error, CARD_LIST_KEY)
        return (LoadedFile(into, document, *partial) if partial else None), found


def _validate(target: _Target, cells: _Cells, into: Path, whole: bool) -> list[Diagnostic]:
    """Every problem the validator finds with the cards as the file `into`, positioned at
    the sheet's cells. The cards alone first (types, ranges, vocabularies, unique ids); when
    they and every cell pass (`whole`), the game with them, leaving out the problems the game
    had before the import."""
    content, loaded_problems = load_game(target.manifest)
    document = cells.document
    closed = _models(content, closed=True).file_model(target.kind, target.declaration)
    loaded, found = _schema_problems(closed, document, into)
    found += duplicate_card_ids(loaded) if loaded is not None else []
    if found or not whole or content is None:
        return found
    model = _models(content, closed=False).file_model(target.kind, target.declaration)
    loaded, found = _schema_problems(model, document, into)
    if loaded is None:
        return found
    before = set(check_game(content)) | set(loaded_problems)
    content.files[target.kind] = loaded
    shown = display_path(into)
    return [*found, *(d for d in check_game(content) if d not in before and d.file != shown)]


def card_file_text(kind: str, cards: list[dict[str, Any]], header: Sequence[str]) -> str:
    """A card file, one card per line in flow style, as the shipped card files are written."""
    lines = [f"# {line}" for line in header]
    lines += [f"kind: {kind}", f"{CARD_LIST_KEY}:"]
    for card in cards:
        flow = yaml.safe_dump(
            card, default_flow_style=True, sort_keys=False, allow_unicode=True, width=2**16
        )
        lines.append(f"  - {flow.strip()}")
    return "\n".join(lines) + "\n"


def import_cards(sheet_path: Path, kind: str, into: Path, project: Path) -> Imported:
    """Read a sheet, validate its cards as the file `into` (a card file of `kind` inside
    `project`), and write that file atomically; ContentError with every problem at once."""
    if into.suffix not in (".yaml", ".yml"):
        raise UsageError(f"--into '{into}' must name a .yaml file")
    real_into = confine(into, project)
    check_output(into, source=True)  # a card file: content is what import writes
    sheet = read_sheet(sheet_path)
    target = _find_kind(project, kind, real_into)
    kind = target.kind  # as the game spells it
    reader = _Reader(sheet, kind, target.declaration)
    cells = reader.read()
    found = [*cells.problems, *_validate(target, cells, real_into, not cells.problems)]
    found = [at_cell(problem, sheet.name) for problem in found]
    if any(problem.severity == "error" for problem in found):
        raise ContentError(sort_diagnostics(found))
    game = target.manifest.stem
    schema = Path(os.path.relpath(project / "schemas" / game, real_into.parent))
    text = card_file_text(
        kind,
        cells.cards,
        [
            f"yaml-language-server: $schema={schema.as_posix()}/{kind}.schema.json",
            f"Imported from {Path(sheet.name).name} by `toolkit import`: edit the sheet and "
            "import it again, or edit this file.",
        ],
    )
    if len(text.encode()) > MAX_FILE_BYTES:
        raise _sheet_error(
            sheet.name,
            1,
            "file-too-large",
            f"the card file would pass the limit of {MAX_FILE_BYTES:,} bytes of a content file",
            "split the cards over several sheets and kinds",
        )
    written, unreadable = load_bytes(text.encode(), display_path(into))
    if written is None or unreadable:
        raise ContentError(unreadable)
    if written.data != {"kind": kind, CARD_LIST_KEY: cells.cards}:
        raise RuntimeError("the card file written would not read back as the sheet's cards")
    model = _models(None, closed=True).file_model(kind, target.declaration)
    try:
        model.model_validate(written.data)
    except ValidationError as error:
        raise ContentError(diagnostics_from_error(written, model, error)) from None
    write_atomic(real_into, text)
    return Imported(into, len(cells.cards), cells.rows, sort_diagnostics(found))


# -- cards to rows ------------------------------------------------------------------------


def _plain(value: Any) -> bool:
    return isinstance(value, str | int | float | bool) and not (
        isinstance(value, str) and (not value or value[:1] in "[{" or re.search(r"[;:]", value))
    )


def _cell(value: Any) -> str:
    """A card value as a cell `toolkit import` reads back as the same value."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and value and all(_plain(item) for item in value):
        return "; ".join(_cell(item) for item in value)
    if isinstance(value, dict) and value and all(_plain(k) and _plain(v) for k, v in value.items()):
        return "; ".join(f"{_cell(k)}: {_cell(v)}" for k, v in value.items())
    if isinstance(value, list | dict):
        flow = yaml.safe_dump(
            value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=2**16
        )
        return flow.strip()
    return str(value)


def _collapsed(cards: list[dict[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """Runs of cards `<id>-1` ... `<id>-<n>` (n > 1) alike in every other field, as one card
    and its number of copies; other cards as themselves."""
    out: list[tuple[dict[str, Any], int]] = []
    index = 0
    while index < len(cards):
        card = cards[index]
        match = _COPY_ID.fullmatch(str(card.get("id", "")))
        run = 1
        if match and match.group(2) == "1":
            rest = {k: v for k, v in card.items() if k != "id"}
            while index + run < len(cards):
                other = cards[index + run]
                same = {k: v for k, v in other.items() if k != "id"} == rest
                if not same or other.get("id") != f"{match.group(1)}-{run + 1}":
                    break
                run += 1
        if run > 1 and match:
            out.append(({**card, "id": match.group(1)}, run))
        else:
            out.append((card, 1))
        index += run
    return out


def export_csv(content: GameContent, kind: str, *, copies: bool = True) -> str:
    """A kind's cards as CSV text `toolkit import` reads back to the same cards: row 1 the
    columns (`id`, the declared fields, `copies` when cards repeat), then a row per card as
    the card file writes it. With `copies`, runs of `<id>-1` ... `<id>-<n>` alike in every
    other field become one row."""
    declaration = content.game.card_kinds.get(kind)
    loaded = content.files.get(kind)
    if declaration is None or loaded is None:
        hint = did_you_mean(kind, content.game.card_kinds)
        raise UsageError(
            f"{content.game.id} has no card kind '{kind}'" + (f"; {hint}" if hint else "")
        )
    raw = loaded.document.data.get(CARD_LIST_KEY)
    cards = [card for card in raw if isinstance(card, dict)] if isinstance(raw, list) else []
    repeat = copies and COPIES not in declaration.fields
    rows = _collapsed(cards) if repeat else [(card, 1) for card in cards]
    with_copies = any(count > 1 for _, count in rows)
    columns = ["id", *declaration.fields, *([COPIES] if with_copies else [])]
    buffer = io.StringIO(newline="")
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(guarded_row(columns))
    for card, count in rows:
        cells = [_cell(card.get(name)) for name in columns if name != COPIES]
        copies_cell = [str(count) if count > 1 else ""] if with_copies else []
        writer.writerow(guarded_row([*cells, *copies_cell]))
    return buffer.getvalue()


__all__ = ["Imported", "Sheet", "card_file_text", "export_csv", "import_cards", "read_sheet"]
