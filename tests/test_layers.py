"""The layers stay one-way and generic: a back-arrow fails `lint-imports` (run by `make test`),
and nothing below the content layer names a shipped game's kinds, zones, tracks or events."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[1]
BELOW_CONTENT = ["kernel", "schema", "rules", "mechanics", "errors.py", "diagnostics.py"]
GENERIC = {"hand", "deck", "suits", "row"}
"""Words the toolkit itself defines (a player's hand, the play deck, a suited deck's suits, a
grid's row), which games reuse as ids."""


@cache
def shipped_names() -> frozenset[str]:
    """Every id a shipped manifest gives its card kinds, zones, resources, tracks and slots
    (read once: each module's test compares against the same set)."""
    names: set[str] = set()
    for manifest in sorted((REPO / "rules").glob("*.yaml")):
        data = yaml.safe_load(manifest.read_text(encoding="utf-8"))
        names |= set(data["card_kinds"])
        for key in ("zones", "resources", "tracks"):
            names |= {item["id"] for item in data.get(key, [])}
        names |= set(data.get("slots", []))
    return frozenset(names - GENERIC)


def low_modules() -> list[Path]:
    found: list[Path] = []
    for part in BELOW_CONTENT:
        path = REPO / "toolkit" / part
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def string_constants(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


def test_the_shipped_names_are_read_from_the_manifests() -> None:
    names = shipped_names()
    assert {"attractions", "park-cards", "display", "park", "fame", "coins"} <= names


@pytest.mark.parametrize("path", low_modules(), ids=lambda p: str(p.relative_to(REPO)))
def test_no_shipped_game_name_below_the_content_layer(path: Path) -> None:
    assert string_constants(path) & shipped_names() == set()


def test_event_names_are_generic() -> None:
    """Log events are named for what happened (`shown`, `play`), never for a game's zone."""
    from toolkit.kernel.events import CORE_EVENTS
    from toolkit.mechanics.registry import MECHANICS

    declared = [*CORE_EVENTS, *(event for kit in MECHANICS.values() for event in kit.events())]
    events = {event.kind for event in declared}
    assert len(events) > len(CORE_EVENTS), "no mechanic declares events: the scan is broken"
    assert events & shipped_names() == set()


def test_the_layer_contract_holds() -> None:
    lint = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(lint)], cwd=REPO, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 kept, 0 broken" in result.stdout
