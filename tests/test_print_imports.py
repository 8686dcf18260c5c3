"""`toolkit print` loads what drawing a checked game needs and nothing of playing: no
engine compile step, no kernel runtime (`State`), no mechanic's machine, no bots, no
simulating, recording or serving. Whole-process time is measured by `benchmarks/startup.py`
and `benchmarks/print_speed.py`; this keeps the imports from creeping back."""

from __future__ import annotations

import re
from pathlib import Path

from entry_point import modules_imported

NOT_FOR_PRINT = re.compile(
    r"(numpy|dask|distributed|optuna|starlette|openpyxl|multiprocessing|concurrent\.futures"
    r"|toolkit\.(engine\.(?!load$)\w+|agents|record|sim|play|serve|interop|scaffold)"
    r"|toolkit\.kernel\.(?!events$)\w+"
    r"|toolkit\.mechanics\.\w+\.(machine|codec|narration|screen|events|shop))(\.|$)"
)


def test_print_imports_drawing_and_nothing_of_playing(tmp_path: Path) -> None:
    out = tmp_path / "cards.pdf"
    code, printed, modules = modules_imported(
        "print", "midway-memories", "--out", str(out), timeout=180
    )
    assert code in (0, None), printed
    assert out.read_bytes().startswith(b"%PDF")
    assert "reportlab.pdfgen.canvas" in modules
    assert [name for name in modules if NOT_FOR_PRINT.match(name)] == []
