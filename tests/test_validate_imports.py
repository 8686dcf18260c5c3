"""`toolkit validate` loads only what checking needs: no drawing (ReportLab, Pillow), no
playing (engine, bots, the kernel's State, the mechanics' machines, events and effects at play
time), no simulating or serving. Effects, setup steps and mechanics import the kernel's
runtime where they compile, which validation never does; the one kernel module validation
loads is `toolkit.kernel.events` (plain frozen dataclasses), because a primitive declares the
events it logs beside itself. Whole-process speed
is measured by `benchmarks/validate_speed.py`; this keeps the imports that cost most from
creeping back."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import reportlab

from toolkit.pnp import fonts

ROOT = Path(__file__).resolve().parent.parent

_RUN_VALIDATE = """
import json, sys
from toolkit.cli import main
sys.argv = ["toolkit", "validate"]
try:
    main()
except SystemExit as done:
    print(json.dumps({"exit": done.code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

NOT_FOR_VALIDATE = re.compile(
    r"(reportlab|PIL|rich|numpy|dask|distributed|optuna|starlette|openpyxl"
    r"|toolkit\.(engine|agents|record|sim|play|serve|interop|scaffold)"
    r"|toolkit\.kernel\.(?!events$)\w+"
    r"|toolkit\.mechanics\.\w+\.(machine|codec|narration|screen|events|shop))(\.|$)"
)


def test_validate_of_the_shipped_games_imports_no_drawing_playing_or_simulating() -> None:
    result = subprocess.run(
        [sys.executable, "-c", _RUN_VALIDATE],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    report = json.loads(result.stderr.strip().splitlines()[-1])
    assert report["exit"] == 0, result.stdout + result.stderr
    assert "ok:" in result.stdout
    assert [name for name in report["modules"] if NOT_FOR_VALIDATE.match(name)] == []


def test_every_font_reportlab_ships_parses() -> None:
    """Layout checks trust ReportLab's own fonts without parsing them (so `validate` never
    imports ReportLab); each of them must therefore parse, as a designer's font is checked."""
    shipped = sorted((Path(reportlab.__file__).parent / "fonts").glob("*.ttf"))
    assert shipped
    for path in shipped:
        fonts.register(path)
