"""The real command-line entry point, run as a user runs it, for tests of every command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_toolkit(*args: str, cwd: Path = ROOT, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """`python -m toolkit ARGS` in `cwd`, fed `stdin`; whatever the outcome, never a traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "toolkit", *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stdout + result.stderr
    return result
