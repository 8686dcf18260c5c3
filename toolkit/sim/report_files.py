"""What `toolkit report --out FILE` writes, chosen by FILE's suffix: the PDF report, its tables
as JSON (what `--format json` writes beside a PDF), or the text `simulate` prints. A suffix
that names none of them is a usage error before any game is played."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from toolkit.diagnostics import plural
from toolkit.errors import UsageError
from toolkit.files import PDF, TABLES, FileRefused, check_output, ensure_folder, write_atomic
from toolkit.sim.report_tables import write_tables_json
from toolkit.sim.report_text import format_simulation

if TYPE_CHECKING:
    from toolkit.sim.report_pdf import ReportRun

REPORT_SUFFIXES = {".pdf": "the PDF report", ".json": "its tables as JSON", ".txt": "text"}
"""Every suffix `--out` may end in, with what it writes."""


def report_suffix(out: Path) -> str:
    """The suffix of `out` that chooses the report's format (any case: `.PDF` is `.pdf`)."""
    suffix = out.suffix.casefold()
    if suffix not in REPORT_SUFFIXES:
        choices = ", ".join(f"{key} ({what})" for key, what in REPORT_SUFFIXES.items())
        written = f"ends in '{out.suffix}'" if out.suffix else "has no suffix"
        raise UsageError(f"--out '{out}' {written}; the report is written as one of: {choices}")
    return suffix


MADE = {".pdf": PDF, ".json": TABLES, ".txt": None}
"""How each report begins, so an existing file is replaced only when it is a report."""


def check_report_output(target: Path, option: str, tables: str | None) -> None:
    """Refuse, before any game is played, a report path that must not be written (see
    `files.check_output`), and the tables' JSON file beside a PDF. The default's folders
    (`build/report/`) are made first; a named file's folder must exist."""
    suffix = report_suffix(target)
    try:
        if option != "--out":
            ensure_folder(target.parent)
        check_output(target, made=MADE[suffix])
        if tables == "json":
            check_output(target.with_suffix(".json"), made=TABLES)
    except FileRefused as error:
        hint = f"; {error.hint}" if error.hint else ""
        raise UsageError(f"{option}: {error.reason}{hint}") from None


def write_report(runs: Sequence[ReportRun], out: Path) -> str:
    """Write the report of the runs (one per player count) in the format `out`'s suffix
    names; returns what was written, for the command's one line (`3 pages`)."""
    suffix = report_suffix(out)
    summaries = [summary for summary, _ in runs]
    if suffix == ".pdf":
        from toolkit.sim.report_pdf import render_report  # ReportLab: loaded for a PDF only

        return plural(render_report(runs, out), "page")
    ensure_folder(out.parent)
    if suffix == ".json":  # the tables `--format json` writes beside a PDF, in this very file
        write_tables_json(summaries, out)
        return "tables as JSON"
    write_atomic(out, "\n\n".join(format_simulation(summary) for summary in summaries) + "\n")
    return "text"
