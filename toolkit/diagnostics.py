"""Diagnostics: one positioned finding about a file, and the reporters that print them."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from difflib import get_close_matches
from typing import Any, Literal

Severity = Literal["error", "warning"]

_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""C0 controls but tab and newline, DEL, C1 controls, and bidi overrides and isolates: the
characters that let text move a terminal's cursor, retitle it, or reorder what a reader sees."""


def unsafe_character(text: str) -> str | None:
    """The first character of `text` that `printable` would escape, if any."""
    found = _UNSAFE.search(text)
    return found.group() if found else None


def _escape(character: str) -> str:
    code = ord(character)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, newlines: bool = True) -> str:
    """`text` safe for a terminal: control characters and bidi overrides become `\\xNN` or
    `\\uNNNN` escapes (newlines too unless `newlines`), so untrusted text is shown, never
    obeyed."""
    escaped = _UNSAFE.sub(lambda m: _escape(m.group()), text)
    return escaped if newlines else escaped.replace("\n", "\\n")


@dataclass(frozen=True, slots=True, order=True)
class Diagnostic:
    """A finding at `file:line:column` (both 1-based), with a stable code and a hint."""

    file: str
    line: int
    column: int
    severity: Severity
    code: str
    message: str
    hint: str = ""

    def render(self) -> str:
        """One line (two with a hint); content quoted in the message cannot break out of it."""
        where = printable(f"{self.file}:{self.line}:{self.column}", newlines=False)
        text = f"{where}: {self.severity}[{printable(self.code, newlines=False)}]: "
        text += printable(self.message, newlines=False)
        if self.hint:
            text += f"\n    hint: {printable(self.hint, newlines=False)}"
        return text


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """A hint naming the closest known spelling (case aside), or listing the choices when few."""
    options = sorted({str(c) for c in choices})
    folded = {option.casefold(): option for option in options}
    close = get_close_matches(str(word).casefold(), list(folded), n=1, cutoff=0.6)
    if close:
        return f"did you mean '{folded[close[0]]}'?"
    if options and len(options) <= 8:
        return "expected one of: " + ", ".join(f"'{o}'" for o in options)
    return ""


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`1 card`, `2 cards`, `0 cards`: a count with its noun in the right number."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def players_span(low: int, high: int) -> str:
    """`3-5 players`, or `4 players` when the game allows one count only (never `4-4`)."""
    return plural(low, "player") if low == high else f"{low}-{high} players"


def singular_id(word: str) -> str:
    """A plural id as one of its things (`suits` -> `suit`, `park-cards` -> `park-card`,
    `boxes` -> `box`, `berries` -> `berry`), for `1 suit`; an id already singular is kept."""
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ses", "xes", "zes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def canonical_id(word: str, choices: Iterable[str]) -> str:
    """`word` as `choices` spell it when they differ only in case (`b7` is `B7`), so an id
    typed on the command line never depends on case; otherwise `word` unchanged."""
    options = set(choices)
    if word in options:
        return word
    same = [option for option in options if option.casefold() == word.casefold()]
    return same[0] if len(same) == 1 else word


def sort_diagnostics(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return sorted(set(diagnostics), key=lambda d: (d.file, d.line, d.column, d.code, d.message))


def summary_line(diagnostics: list[Diagnostic], files_checked: int) -> str:
    errors = sum(d.severity == "error" for d in diagnostics)
    warnings = len(diagnostics) - errors
    files = f"{files_checked} file{'s' if files_checked != 1 else ''}"
    if not diagnostics:
        return f"ok: {files} checked, no problems"
    return (
        f"{errors} error{'s' if errors != 1 else ''}, "
        f"{warnings} warning{'s' if warnings != 1 else ''} in {files}"
    )


def format_text(diagnostics: list[Diagnostic]) -> str:
    return "\n".join(d.render() for d in diagnostics)


def json_text(value: Any) -> str:
    """JSON for a terminal or a pipe: it keeps every character (JSON escapes the C0 controls
    itself), and DEL, C1 and bidi controls become `\\uNNNN` too, which a JSON reader turns
    back into the same text."""
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def format_json(diagnostics: list[Diagnostic]) -> str:
    return json_text([asdict(d) for d in diagnostics])


def _github_escape(text: str, *, property_value: bool = False) -> str:
    text = printable(text).replace("%", "%25").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def format_github(diagnostics: list[Diagnostic]) -> str:
    """GitHub Actions workflow commands, so findings appear as annotations on the diff."""
    lines = []
    for d in diagnostics:
        message = d.message + (f" ({d.hint})" if d.hint else "")
        lines.append(
            f"::{d.severity} file={_github_escape(d.file, property_value=True)},"
            f"line={d.line},col={d.column},"
            f"title={_github_escape(d.code, property_value=True)}::{_github_escape(message)}"
        )
    return "\n".join(lines)


REPORTERS = {"text": format_text, "json": format_json, "github": format_github}
