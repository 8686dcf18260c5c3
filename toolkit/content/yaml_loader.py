"""Safe, positioned YAML loading.

Builds plain data (dict, list, str, int, float, bool, None) straight from the parser's
events, so no tag can ever construct a Python object, and keeps the line and column of
every key and value beside the data. Everything YAML allows but a content file should not
contain (duplicate keys, merge keys, custom tags, several documents, alias bombs, deep
nesting, YAML 1.1 number forms) becomes a positioned diagnostic instead of a surprise.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate
from pathlib import Path
from typing import Any

import yaml

from toolkit.content.text_checks import control_character
from toolkit.diagnostics import Diagnostic, unsafe_character
from toolkit.files import FileRefused, read_bytes

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_DEPTH = 64
MAX_ALIAS_VALUES = 50_000
"""Values that aliases may add to a file once expanded: a billion-laughs file stops here,
while a long file written out in full loads whatever its number of values."""

Path_ = tuple[str | int, ...]

_Parser: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()


_TAGS: dict[str, str] = {}
"""Implicit tags already resolved, by text: ids and field names recur in every file."""


def _implicit_tag(text: str) -> str:
    """The tag YAML's implicit resolution gives a plain scalar (`no` -> bool)."""
    tag = _TAGS.get(text)
    if tag is None:
        tag = _RESOLVER.resolve(yaml.ScalarNode, text, (True, False))  # type: ignore[no-untyped-call]
        if len(_TAGS) < 10_000:
            _TAGS[text] = tag
    return tag


_CORE_TAGS = {
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "!",
}
_STR = "tag:yaml.org,2002:str"
_PLAIN_INT = re.compile(r"[-+]?(0|[1-9][0-9]*)")
_MOST_DIGITS = 100
"""Digits of the longest whole number read: far past every limit in `toolkit.schema.limits`,
far below the 4300 digits past which Python refuses to convert text to a number."""
_PLAIN_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?")
_SPECIAL_FLOAT = {".inf": float("inf"), "+.inf": float("inf"), "-.inf": float("-inf")}
_TRUE_WORDS = {"true", "yes", "on"}
_KEY_AT_LINE_START = re.compile(r" *(- +)*[\w$-]+")
"""A line's text before the ': ' the parser refused, when it is a lone key (an id)."""


@dataclass(frozen=True, slots=True)
class Position:
    line: int
    column: int
    file: str | None = None
    """Set when the value came from another file (a variant overlay)."""


@dataclass
class Document:
    """A loaded file: its data, and where every key and value of it stands in the file."""

    file: str
    data: dict[str, Any]
    values: dict[Path_, Position] = field(default_factory=dict)
    keys: dict[Path_, Position] = field(default_factory=dict)
    plain_text: dict[Path_, str] = field(default_factory=dict)
    """Source text of plain scalars that YAML 1.1 read as a bool or a date (`no`, `on`)."""
    quoted: set[Path_] = field(default_factory=set)
    """Paths of values written in quotes."""
    number_text: dict[Path_, str] = field(default_factory=dict)
    """Source text of plain scalars YAML read as a number (`+2`, `1e3`), for the hint to
    quote one where text is expected."""

    def file_of(self, position: Position) -> str:
        return position.file or self.file

    def position(self, path: Path_, *, key: bool = False) -> Position:
        """Position of `path`, or of its nearest ancestor present in the file."""
        probe = tuple(path)
        while True:
            if key and probe in self.keys:
                return self.keys[probe]
            if probe in self.values:
                return self.values[probe]
            if not probe:
                return Position(1, 1)
            probe = probe[:-1]


class _Abort(Exception):
    """Loading cannot go on; the diagnostic says why."""

    def __init__(self, diagnostic: Diagnostic) -> None:
        self.diagnostic = diagnostic


@dataclass(slots=True, eq=False)
class _Node:
    kind: str  # "map", "seq" or "scalar"
    line: int
    column: int
    items: list[Any] = field(default_factory=list)
    value: Any = None
    text: str = ""
    ambiguous: bool = False
    quoted: bool = False
    escaped: bool = False
    """Written in double quotes, where escapes can make any character."""
    open: bool = True
    size: int = 1
    """Values this node stands for once aliases inside it are expanded (itself included)."""
    keys: dict[str, _Node] | None = None
    """A mapping's keys by their text, so a duplicate is found in one lookup."""


def display_path(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def load_file(path: Path) -> tuple[Document | None, list[Diagnostic]]:
    """Load one content file; never raises for anything inside the file."""
    name = display_path(path)
    try:
        raw = read_bytes(path, MAX_FILE_BYTES)
    except FileRefused as refused:
        if refused.code == "file-too-large":
            return None, [_too_large(name, _size_of(path))]
        return None, [_diag(name, 1, 1, refused.code, refused.reason, refused.hint)]
    return load_bytes(raw, name)


def _size_of(path: Path) -> int | None:
    try:
        return path.stat().st_size
    except OSError:
        return None


def _too_large(name: str, size: int | None) -> Diagnostic:
    """The refusal of a file past MAX_FILE_BYTES, with both sizes in units a person reads."""
    limit = _human_size(MAX_FILE_BYTES)
    if size is None or size <= MAX_FILE_BYTES:  # it grew while being read
        message = f"the file grew past the limit of {limit} while being read"
    else:
        message = f"the file is {_human_size(size)}; content files are limited to {limit}"
    return _diag(name, 1, 1, "file-too-large", message, "split it into smaller files")


def _human_size(size: int) -> str:
    """`3.1 MiB (3,250,000 bytes)`; exact bytes too, so sizes close to the limit differ."""
    for unit, scale in (("MiB", 1024**2), ("KiB", 1024)):
        if size >= scale:
            shown = f"{size / scale:.1f}".removesuffix(".0")
            return f"{shown} {unit} ({size:,} bytes)"
    return f"{size:,} bytes"


def load_bytes(raw: bytes, name: str) -> tuple[Document | None, list[Diagnostic]]:
    try:
        text = _decode(raw, name)
        return _Builder(name, text).build()
    except _Abort as stop:
        return None, [stop.diagnostic]


def _short_tag(tag: str | None) -> str:
    return (tag or "").replace("tag:yaml.org,2002:", "!!")


def _diag(file: str, line: int, column: int, code: str, message: str, hint: str = "") -> Diagnostic:
    return Diagnostic(file, line, column, "error", code, message, hint)


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _decode(raw: bytes, name: str) -> str:
    if len(raw) > MAX_FILE_BYTES:
        raise _Abort(_too_large(name, len(raw)))
    nul = raw.find(b"\x00")
    if nul >= 0:
        before = raw[:nul].decode("utf-8-sig", "replace")
        line, col = _line_col(before, len(before))
        raise _Abort(
            _diag(
                name,
                line,
                col,
                "file-nul-byte",
                "file contains a NUL byte; it is not a text file",
                "save the file as UTF-8 text",
            )
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        good = raw[: exc.start].decode("utf-8-sig", "replace")
        line, col = _line_col(good, len(good))
        raise _Abort(
            _diag(
                name,
                line,
                col,
                "file-encoding",
                f"byte 0x{raw[exc.start]:02x} is not valid UTF-8",
                "save the file as UTF-8 text",
            )
        ) from None
    return text


class _Builder:
    """Turns parser events into nodes, then nodes into plain data with positions."""

    def __init__(self, name: str, text: str) -> None:
        self.name = name
        self.text = text
        # Editors count lines by '\n' only; YAML also breaks lines at U+0085, U+2028 and
        # U+2029, so positions are recomputed from the parser's character index.
        self.line_starts = [0, *accumulate(len(line) + 1 for line in text.split("\n")[:-1])]
        # Plain and single-quoted text is a piece of the file: when the file holds no control
        # character, only double-quoted text (escapes) can, and only it is searched.
        self.check_all = unsafe_character(text) is not None
        self.errors: list[Diagnostic] = []
        self.anchors: dict[str, _Node] = {}
        self.alias_budget = MAX_ALIAS_VALUES

    def where(self, mark: Any) -> tuple[int, int]:
        """Editor (line, column), 1-based, of a parser mark."""
        if mark is None:
            return 1, 1
        index = min(mark.index, len(self.text))
        line = bisect_right(self.line_starts, index)
        return line, index - self.line_starts[line - 1] + 1

    def error(self, line: int, column: int, code: str, message: str, hint: str = "") -> None:
        self.errors.append(_diag(self.name, line, column, code, message, hint))

    def check_text(self, value: Any, line: int, column: int) -> None:
        if isinstance(value, str) and (found := control_character(self.name, line, column, value)):
            self.errors.append(found)

    def build(self) -> tuple[Document | None, list[Diagnostic]]:
        root = self._compose()
        if root is None:
            raise _Abort(
                _diag(
                    self.name,
                    1,
                    1,
                    "file-empty",
                    "file is empty",
                    "a content file is a mapping that starts with 'kind:'",
                )
            )
        if root.kind != "map":
            raise _Abort(
                _diag(
                    self.name,
                    root.line,
                    root.column,
                    "yaml-root-not-mapping",
                    f"the file's top level is a {_kind_name(root)}, not a mapping",
                    "a content file is a mapping of keys such as 'kind:' and 'id:'",
                )
            )
        document = Document(self.name, {})
        document.data = self._materialise(root, (), document, 0)
        if self.errors:
            return None, self.errors
        return document, []

    # -- events to nodes ------------------------------------------------------------

    def _compose(self) -> _Node | None:
        stack: list[_Node] = []
        pending_keys: list[_Node | None] = []
        root: _Node | None = None
        documents = 0
        parser = None
        line_starts, length = self.line_starts, len(self.text)
        try:
            # inside the try: the pure-Python reader checks characters as it is created
            parser = _Parser(self.text)
            while (event := parser.get_event()) is not None:
                kind = type(event)
                # self.where(event.start_mark), inlined: it runs for every event
                index = min(event.start_mark.index, length)
                line = bisect_right(line_starts, index)
                col = index - line_starts[line - 1] + 1
                if kind is yaml.ScalarEvent:
                    node = self._scalar(event, line, col)
                elif kind is yaml.MappingStartEvent or kind is yaml.SequenceStartEvent:
                    if len(stack) >= MAX_DEPTH:
                        raise _Abort(
                            _diag(
                                self.name,
                                line,
                                col,
                                "yaml-too-deep",
                                f"nesting deeper than {MAX_DEPTH} levels",
                                "flatten the structure",
                            )
                        )
                    node = _Node("map" if kind is yaml.MappingStartEvent else "seq", line, col)
                    self._check_tag(event.tag, node.kind, line, col)
                    self._anchor(event.anchor, node)
                    self._attach(stack, pending_keys, node)
                    stack.append(node)
                    pending_keys.append(None)
                    if root is None:
                        root = node
                    continue
                elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                    closed = stack.pop()
                    closed.open = False
                    closed.size = 1 + sum(_size(item) for item in closed.items)
                    pending_keys.pop()
                    continue
                elif kind is yaml.AliasEvent:
                    node = self._alias(event, line, col)
                elif kind is yaml.DocumentStartEvent:
                    documents += 1
                    if documents > 1:
                        raise _Abort(
                            _diag(
                                self.name,
                                line,
                                col,
                                "yaml-multi-document",
                                "file holds several YAML documents",
                                "keep one document per file; remove the '---' separator",
                            )
                        )
                    continue
                else:
                    if kind is yaml.StreamEndEvent:
                        break
                    continue
                if not stack:
                    root = node
                else:
                    self._attach(stack, pending_keys, node)
        except yaml.MarkedYAMLError as exc:
            raise _Abort(self._syntax(exc)) from None
        except yaml.reader.ReaderError as exc:
            index = self.text.find(chr(exc.character)) if isinstance(exc.character, int) else 0
            line, col = _line_col(self.text, max(index, 0))
            raise _Abort(
                _diag(
                    self.name,
                    line,
                    col,
                    "file-control-character",
                    f"control character U+{int(exc.character):04X} is not allowed in YAML",
                    "remove it, or write it as an escape inside a double-quoted string",
                )
            ) from None
        except yaml.YAMLError as exc:
            raise _Abort(_diag(self.name, 1, 1, "yaml-syntax", str(exc))) from None
        finally:
            if parser is not None:
                parser.dispose()
        return root

    def _syntax(self, exc: yaml.MarkedYAMLError) -> Diagnostic:
        mark = exc.problem_mark or exc.context_mark
        line, col = self.where(mark)
        index = mark.index if mark is not None else -1
        if 0 <= index < len(self.text) and self.text[index] == "\t":
            return _diag(
                self.name,
                line,
                col,
                "yaml-tab",
                "tab character where YAML expects spaces",
                "YAML indents with spaces only; replace the tab with spaces",
            )
        problem = (exc.problem or "syntax error").replace("\t", "\\t")
        indentation = self._indentation(problem, exc, line, col)
        if indentation is not None:
            return indentation
        hint = ""
        if exc.context and exc.context_mark:
            opened_line, opened_col = self.where(exc.context_mark)
            hint = f"{exc.context}, started at line {opened_line}, column {opened_col}"
            if "quoted" in exc.context:
                hint += "; is a closing quote missing?"
            elif "flow" in exc.context:
                hint += "; is a closing bracket or a comma missing?"
        elif exc.context:
            hint = exc.context
        if "mapping values are not allowed" in problem:
            hint = hint or "a value containing ': ' must be quoted"
        return _diag(self.name, line, col, "yaml-syntax", problem, hint)

    def _indentation(
        self, problem: str, exc: yaml.MarkedYAMLError, line: int, col: int
    ) -> Diagnostic | None:
        """A line indented deeper or shallower than its neighbours, told apart from an
        unquoted ': ' inside a value (which the parser reports with the same words)."""
        text = self.text[self.line_starts[line - 1] : self.line_starts[line - 1] + col - 1]
        if "mapping values are not allowed" in problem:
            # `name: Ferris: wheel` or wrapped prose holding ': ' needs quotes; a line that
            # starts with a lone key continues the value above it: it is indented too deep.
            if not _KEY_AT_LINE_START.fullmatch(text):
                return None
            above = self._line_above(line)
            return _diag(
                self.name,
                line,
                col,
                "yaml-indentation",
                f"line {line} is indented deeper than the key above it (line {above})",
                f"YAML reads it as the rest of line {above}'s value; indent it like the keys "
                "beside it, or quote the value if ': ' belongs to the text",
            )
        block = exc.context or ""
        at_line_start = not text.strip()
        if problem.startswith("did not find expected") and "block" in block and at_line_start:
            opened_line, opened_col = self.where(exc.context_mark)
            what = "list" if "collection" in block else "mapping"
            if what == "list" and col == opened_col:
                dedented = self._key_at_a_list_column(line, col, opened_line, opened_col)
                if dedented is not None:
                    return dedented
            return _diag(
                self.name,
                line,
                col,
                "yaml-indentation",
                f"line {line} is indented like none of the keys or list entries above it",
                f"indent it exactly like the entries it belongs with (the {what} started at "
                f"line {opened_line}, column {opened_col})",
            )
        return None

    def _line_text(self, line: int) -> str:
        start = self.line_starts[line - 1]
        end = self.line_starts[line] if line < len(self.line_starts) else len(self.text)
        return self.text[start:end].rstrip("\r\n")

    def _key_at_a_list_column(
        self, line: int, col: int, opened_line: int, opened_col: int
    ) -> Diagnostic | None:
        """A key written at the column of its list's dashes: it has left the entry above
        it, whose keys stand after the dash, so the fix is that column (or a new entry)."""
        if self._line_text(line)[col - 1 :].startswith("-"):
            return None
        entry = self._line_text(opened_line)[opened_col - 1 :]
        after_dash = len(entry) - len(entry[1:].lstrip(" ")) if entry.startswith("-") else 0
        if not after_dash:
            return None
        keys_col = opened_col + after_dash
        return _diag(
            self.name,
            line,
            col,
            "yaml-indentation",
            f"line {line} stands at column {col}, the column of the list's '-' (line "
            f"{opened_line}), so it belongs to no entry",
            f"indent it to column {keys_col} like the keys of the entry above it, or start a "
            "new entry with '- '",
        )

    def _line_above(self, line: int) -> int:
        """The nearest line above `line` holding more than blanks or a comment."""
        for above in range(line - 1, 0, -1):
            start = self.line_starts[above - 1]
            end = self.line_starts[above] if above < len(self.line_starts) else len(self.text)
            stripped = self.text[start:end].strip()
            if stripped and not stripped.startswith("#"):
                return above
        return 1

    def _attach(self, stack: list[_Node], pending_keys: list[_Node | None], node: _Node) -> None:
        if not stack:
            return
        parent = stack[-1]
        if parent.kind == "seq":
            parent.items.append(node)
            return
        key = pending_keys[-1]
        if key is None:
            pending_keys[-1] = node
            return
        pending_keys[-1] = None
        self._add_pair(parent, key, node)

    def _add_pair(self, mapping: _Node, key: _Node, value: _Node) -> None:
        if key.kind != "scalar":
            self.error(
                key.line,
                key.column,
                "yaml-complex-key",
                "a mapping key must be plain text",
                "write the key as a word",
            )
            return
        if key.text == "<<" and not key.ambiguous and key.value == "<<":
            self.error(
                key.line,
                key.column,
                "yaml-merge-key",
                "merge keys ('<<') are not supported",
                "write the keys out in full; merging hides where a value comes from",
            )
            return
        if mapping.keys is None:
            mapping.keys = {}
        existing = mapping.keys.get(key.text)
        if existing is not None:
            self.error(
                key.line,
                key.column,
                "yaml-duplicate-key",
                f"duplicate key '{key.text}' (first defined at line {existing.line})",
                f"remove one of the two '{key.text}' entries (lines {existing.line} "
                f"and {key.line})",
            )
            return
        mapping.keys[key.text] = key
        mapping.items.append((key, value))

    def _anchor(self, anchor: str | None, node: _Node) -> None:
        if anchor is not None:
            self.anchors[anchor] = node

    def _alias(self, event: yaml.AliasEvent, line: int, col: int) -> _Node:
        target = self.anchors.get(event.anchor or "")
        if target is None:
            raise _Abort(
                _diag(
                    self.name,
                    line,
                    col,
                    "yaml-undefined-alias",
                    f"alias '*{event.anchor}' names no anchor defined before it",
                    "define '&name' on a value earlier in the file",
                )
            )
        if target.open:
            raise _Abort(
                _diag(
                    self.name,
                    line,
                    col,
                    "yaml-recursive-alias",
                    f"alias '*{event.anchor}' refers to a value that contains it",
                    "an alias cannot point into its own enclosing value",
                )
            )
        # Counted here, before anything is built: a bomb stops at its first costly alias.
        self.alias_budget -= target.size
        if self.alias_budget < 0:
            raise _Abort(
                _diag(
                    self.name,
                    line,
                    col,
                    "yaml-alias-budget",
                    f"aliases expand to more than {MAX_ALIAS_VALUES:,} values",
                    "this looks like an alias bomb; write the values out or use fewer aliases",
                )
            )
        return target

    def _check_tag(self, tag: str | None, kind: str, line: int, col: int) -> None:
        if tag is None or tag in _CORE_TAGS:
            expected = {"map": "tag:yaml.org,2002:map", "seq": "tag:yaml.org,2002:seq"}.get(kind)
            if tag is None or tag == "!" or kind == "scalar" or tag == expected:
                return
        self.error(
            line,
            col,
            "yaml-tag",
            f"tag '{_short_tag(tag)}' is not allowed",
            "content files use plain YAML values; remove the '!' tag",
        )

    def _scalar(self, event: yaml.ScalarEvent, line: int, col: int) -> _Node:
        text = event.value
        node = _Node("scalar", line, col, text=text, open=False)
        self._anchor(event.anchor, node)
        style = event.style
        if style is not None:  # before the tag check: a refused tag keeps its string's checks
            node.quoted = style in ("'", '"')
            node.escaped = style == '"'
        tag = event.tag
        if tag is not None and tag not in _CORE_TAGS:
            self.error(
                line,
                col,
                "yaml-tag",
                f"tag '{_short_tag(tag)}' is not allowed",
                "content files use plain YAML values; remove the '!' tag",
            )
            node.value = text
            return node
        plain = event.implicit[0] and tag is None
        if not plain:
            node.value = self._explicit(tag, text, line, col)
            return node
        resolved = _implicit_tag(text)
        node.value = self._plain(resolved, text, node, line, col)
        return node

    def _explicit(self, tag: str | None, text: str, line: int, col: int) -> Any:
        if tag in (None, "!", "tag:yaml.org,2002:str"):
            return text
        resolved = _implicit_tag(text)
        if resolved != tag:
            self.error(
                line,
                col,
                "yaml-tag",
                f"'{text}' cannot be read as {_short_tag(tag)}",
                "remove the tag",
            )
            return text
        return self._plain(resolved, text, _Node("scalar", line, col), line, col)

    def _plain(self, tag: str, text: str, node: _Node, line: int, col: int) -> Any:
        if tag == _STR:
            return text
        kind = tag.rsplit(":", 1)[-1]
        if kind == "null":
            return None
        if kind == "bool":
            node.ambiguous = text.lower() not in ("true", "false")
            return text.lower() in _TRUE_WORDS
        if kind == "int":
            if _PLAIN_INT.fullmatch(text) and len(text) > _MOST_DIGITS:
                self.error(
                    line,
                    col,
                    "out-of-range",
                    f"a number of {len(text.lstrip('+-')):,} digits is past every limit",
                    "the toolkit's limits on numbers are in toolkit/schema/limits.py",
                )
                return text
            if _PLAIN_INT.fullmatch(text):
                return int(text)
            self._ambiguous_number(text, line, col)
            return text
        if kind == "float":
            lowered = text.lower()
            if lowered in _SPECIAL_FLOAT:
                return _SPECIAL_FLOAT[lowered]
            if lowered == ".nan":
                return float("nan")
            if _PLAIN_FLOAT.fullmatch(text):
                return float(text)
            self._ambiguous_number(text, line, col)
            return text
        if kind == "timestamp":
            node.ambiguous = True
        return text

    def _ambiguous_number(self, text: str, line: int, col: int) -> None:
        self.error(
            line,
            col,
            "yaml-ambiguous-number",
            f"'{text}' is read differently by different YAML versions "
            "(octal, sexagesimal, hexadecimal or underscored number)",
            f"write a plain decimal number, or quote it as text: '{text}'",
        )

    # -- nodes to data -------------------------------------------------------------

    def _materialise(self, node: _Node, path: Path_, document: Document, depth: int) -> Any:
        if depth > MAX_DEPTH:
            raise _Abort(
                _diag(
                    self.name,
                    node.line,
                    node.column,
                    "yaml-too-deep",
                    f"nesting deeper than {MAX_DEPTH} levels once aliases are expanded",
                    "flatten the structure",
                )
            )
        document.values[path] = Position(node.line, node.column)
        if node.kind == "scalar":
            if self.check_all or node.escaped:
                self.check_text(node.value, node.line, node.column)
            if node.ambiguous:
                document.plain_text[path] = node.text
            if node.quoted:
                document.quoted.add(path)
            elif isinstance(node.value, int | float) and not isinstance(node.value, bool):
                document.number_text[path] = node.text
            return node.value
        if node.kind == "seq":
            return [
                self._materialise(item, (*path, index), document, depth + 1)
                for index, item in enumerate(node.items)
            ]
        result: dict[str, Any] = {}
        for key, value in node.items:
            child = (*path, key.text)
            if self.check_all or key.escaped:
                self.check_text(key.text, key.line, key.column)
            document.keys[child] = Position(key.line, key.column)
            result[key.text] = self._materialise(value, child, document, depth + 1)
        return result


def _size(item: _Node | tuple[_Node, _Node]) -> int:
    """Values an item of a list or a mapping stands for (a key and its value: both)."""
    if isinstance(item, tuple):
        return item[0].size + item[1].size
    return item.size


def _kind_name(node: _Node) -> str:
    if node.kind == "seq":
        return "list"
    value = node.value
    if value is None:
        return "empty value"
    if isinstance(value, bool):
        return "yes/no value"
    if isinstance(value, int | float):
        return "number"
    return "text value"
