"""Diagnostics: one positioned finding about a file, and the reporters that print them."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from difflib import get_close_matches
from typing import Literal

Severity = Literal["error", "warning"]


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
        text = (
            f"{self.file}:{self.line}:{self.column}: {self.severity}[{self.code}]: {self.message}"
        )
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """A hint naming the closest known spelling, or listing the choices when few."""
    options = sorted({str(c) for c in choices})
    close = get_close_matches(str(word), options, n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    if options and len(options) <= 8:
        return "expected one of: " + ", ".join(f"'{o}'" for o in options)
    return ""


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


def format_json(diagnostics: list[Diagnostic]) -> str:
    return json.dumps([asdict(d) for d in diagnostics], indent=2, ensure_ascii=False)


def _github_escape(text: str, *, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
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
