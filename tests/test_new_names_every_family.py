"""`toolkit new --help` names every family shipped, so a designer sees them all before trying."""

from __future__ import annotations

import re

from entry_point import run_toolkit

from toolkit.scaffold import families


def test_the_help_names_every_family() -> None:
    done = run_toolkit("new", "--help")
    assert done.returncode == 0
    words = set(re.findall(r"[a-z][a-z-]*[a-z]", " ".join(done.stdout.split())))
    missing = [name for name in families() if name not in words]
    assert not missing, f"`toolkit new --help` does not name: {missing}"
