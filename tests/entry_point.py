"""The real command-line entry point, run as a user runs it, for tests of every command.

`run_toolkit` calls `toolkit.cli.main` in this process with the arguments, working folder and
standard input a user's shell would give it, and returns what a process would: the exit code,
stdout and stderr. It is the same code path as `python -m toolkit` from argument parsing on,
without the ~0.8 s interpreter start and imports of a new process for each call (the suite
makes hundreds). `run_toolkit_process` starts a real `python -m toolkit` process, for what
only a process shows: the module entry point, signals, closed pipes, terminals.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _no_traceback(result: subprocess.CompletedProcess[str]) -> subprocess.CompletedProcess[str]:
    output = result.stdout + result.stderr
    assert "Traceback" not in output, output
    return result


class _Stdin(io.StringIO):
    """Standard input from a pipe, as a shell gives it to a process (never a terminal)."""

    def isatty(self) -> bool:
        return False


def run_toolkit(
    *args: str | Path, cwd: Path = ROOT, stdin: str = ""
) -> subprocess.CompletedProcess[str]:
    """`toolkit ARGS` in `cwd`, fed `stdin`, in this process; whatever the outcome, never a
    traceback. Caches that outlive a command in a process (compiled games) are cleared after."""
    from toolkit import cli
    from toolkit.sim import sources

    argv = ["toolkit", *map(str, args)]
    out, err = io.StringIO(), io.StringIO()
    saved = (sys.argv, sys.stdin, sys.stdout, sys.stderr, Path.cwd())
    code: int = 0
    try:
        os.chdir(cwd)
        sys.argv, sys.stdin, sys.stdout, sys.stderr = argv, _Stdin(stdin), out, err
        try:
            cli.main()
        except SystemExit as exit_:
            if isinstance(exit_.code, str):  # sys.exit("message"): printed, status 1
                err.write(exit_.code + "\n")
                code = 1
            else:
                code = exit_.code or 0
    finally:
        sys.argv, sys.stdin, sys.stdout, sys.stderr = saved[:4]
        os.chdir(saved[4])
        sources._compiled_from_paths.cache_clear()  # files may change between two commands
        sources._compiled_from_bundle.cache_clear()
    return _no_traceback(subprocess.CompletedProcess(argv, code, out.getvalue(), err.getvalue()))


def run_toolkit_process(
    *args: str | Path, cwd: Path = ROOT, stdin: str = "", timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    """`python -m toolkit ARGS` as a new process in `cwd`, fed `stdin`; never a traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "toolkit", *map(str, args)],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
    )
    return _no_traceback(result)


def run_script_with_modules(
    script: str, *args: str | Path, cwd: Path, modules: Path
) -> tuple[dict[str, Any], str]:
    """`python -c SCRIPT ARGS` in `cwd` with the folder `modules` first on the path (a
    designer's own primitive in a temporary module), never a traceback. The script ends by
    printing one JSON object; returns it and everything else the process printed."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(modules), str(ROOT)])}
    result = subprocess.run(
        [sys.executable, "-c", script, *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stderr, result.stderr
    lines = result.stdout.strip().splitlines()
    report: dict[str, Any] = json.loads(lines[-1])
    return report, result.stdout + result.stderr


_REPORT_MODULES = """
import json, sys
from toolkit.cli import main
sys.argv = ["toolkit", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    print(json.dumps({"exit": done.code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def modules_imported(
    *args: str, cwd: Path = ROOT, timeout: float = 120
) -> tuple[int | None, str, list[str]]:
    """`toolkit ARGS` in a new process (a fresh `sys.modules`): its exit code, stdout and
    every module it imported, for tests of what a command pays for."""
    result = subprocess.run(
        [sys.executable, "-c", _REPORT_MODULES, *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    report = json.loads(result.stderr.strip().splitlines()[-1])
    return report["exit"], result.stdout, report["modules"]
