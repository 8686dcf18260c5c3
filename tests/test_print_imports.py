"""`toolkit print` loads what drawing a checked game needs and nothing of playing: no
engine compile step, no kernel runtime (`State`), no mechanic's machine, no bots, no
simulating, recording or serving. Whole-process time is measured by `benchmarks/startup.py`
and `benchmarks/print_speed.py`; this keeps the imports from creeping back."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_RUN = """
import json, sys
from toolkit.cli import main
sys.argv = ["toolkit", *sys.argv[1:]]
try:
    main()
except SystemExit as done:
    print(json.dumps({"exit": done.code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""

NOT_FOR_PRINT = re.compile(
    r"(numpy|dask|distributed|optuna|starlette|openpyxl|multiprocessing|concurrent\.futures"
    r"|toolkit\.(engine\.(?!load$)\w+|agents|record|sim|play|serve|interop|scaffold)"
    r"|toolkit\.kernel\.(?!events$)\w+"
    r"|toolkit\.mechanics\.\w+\.(machine|codec|narration|screen|events|shop))(\.|$)"
)


def test_print_imports_drawing_and_nothing_of_playing(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    result = subprocess.run(
        [sys.executable, "-c", _RUN, "print", "midway-memories", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    report = json.loads(result.stderr.strip().splitlines()[-1])
    assert report["exit"] in (0, None), result.stdout + result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert "reportlab.pdfgen.canvas" in report["modules"]
    assert [name for name in report["modules"] if NOT_FOR_PRINT.match(name)] == []
