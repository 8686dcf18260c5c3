"""Broken content must give diagnostics, never a crash: property tests on mutated files.

Designers save half-typed files all the time, and an editor may save any bytes at all. The
validator promises a positioned diagnostic for every problem and no traceback, whatever the
input. Hypothesis breaks the shipped files in two ways, (a) byte by byte (YAML punctuation,
NUL and non-UTF-8 bytes, tabs, anchors, aliases, tags, random text) and (b) structure by
structure (valid YAML with a value of the wrong type, a missing key, a misspelt key), and
checks that:

* in process, `validate_paths` returns a report for the broken file alone and for every game
  (so the cross-file checks see it too), each diagnostic with a code and a 1-based position
  inside the file it names;
* through the real command line (fewer examples; a subprocess costs ~0.4 s), the exit code is
  0 or 1 and no traceback is printed.

The runs are derandomized so CI sees the same examples every time.
"""

from __future__ import annotations

import copy
import functools
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import yaml
from entry_point import run_toolkit
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.content.validate import validate_paths
from toolkit.diagnostics import Diagnostic

REPO = Path(__file__).resolve().parents[1]
SHIPPED = sorted(
    p.relative_to(REPO).as_posix()
    for p in [*REPO.glob("rules/*.yaml"), *REPO.glob("cards/**/*.yaml")]
)
ORIGINAL = {rel: (REPO / rel).read_bytes() for rel in SHIPPED}


@functools.cache
def parsed(rel: str) -> Any:
    """A shipped file as YAML data, parsed when a mutation first draws it (not all 52 files
    at import, in every worker that collects this module)."""
    return yaml.safe_load(ORIGINAL[rel])


# 25 examples per property (derandomized, so every run checks the same ones): each validates
# the broken file alone, then the game that reads it; 50 made these the slowest tests of the
# suite (raise it locally for a longer search).
IN_PROCESS = settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
THROUGH_CLI = settings(IN_PROCESS, max_examples=4)


# -- strategies -------------------------------------------------------------------------

YAML_BYTES = [b"\x00", b"\xff", b"\t", b":", b"-", b"[", b"&", b"*", b"!", b"\n", b" ", b"{"]
YAML_BYTES += [b'"', b"'", b"#", b"|", b">", b"%", b"@", b"?", b",", b"]", b"}", b"\r"]
pieces = st.sampled_from(YAML_BYTES) | st.text(min_size=1, max_size=3).map(str.encode)


@st.composite
def byte_mutations(draw: st.DrawFn) -> tuple[str, bytes]:
    """A shipped file with a few bytes inserted, deleted or overwritten."""
    rel = draw(st.sampled_from(SHIPPED))
    data = bytearray(ORIGINAL[rel])
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(data)))
        operation = draw(st.sampled_from(["insert", "delete", "replace"]))
        if operation == "insert":
            data[at:at] = draw(pieces)
        elif operation == "delete":
            del data[at : at + draw(st.integers(1, 8))]
        else:
            piece = draw(pieces)
            data[at : at + len(piece)] = piece
    return rel, bytes(data)


# Integers stay small and texts short so that examples stay readable; huge rank ranges and
# overlong file names have tests of their own (below and in test_cli.py).
scalars = st.none() | st.booleans() | st.integers(-1000, 1000) | st.text(max_size=30)
values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=12), inner),
    max_leaves=8,
)


def slots(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every key and list item in the nested data."""
    children = node.items() if isinstance(node, dict) else enumerate(node)
    for key, child in children:
        yield (*path, key)
        if isinstance(child, dict | list):
            yield from slots(child, (*path, key))


@st.composite
def structure_mutations(draw: st.DrawFn) -> tuple[str, bytes]:
    """A shipped file, loaded, with one value replaced, one key deleted or one key renamed."""
    rel = draw(st.sampled_from(SHIPPED))
    data = copy.deepcopy(parsed(rel))
    *parent_path, key = draw(st.sampled_from(list(slots(data))))
    parent = data
    for step in parent_path:
        parent = parent[step]
    operations = (
        ["replace", "delete", "rename"] if isinstance(parent, dict) else ["replace", "delete"]
    )
    operation = draw(st.sampled_from(operations))
    if operation == "replace":
        parent[key] = draw(values)
    elif operation == "delete":
        del parent[key]
    else:
        name = str(key)
        misspelt = [name + "s", name[:-1], name.upper(), name.replace("_", "-")]
        new_key = draw(st.sampled_from(misspelt) | st.text(max_size=12))
        renamed = [(new_key if k == key else k, v) for k, v in parent.items()]
        parent.clear()
        parent.update(renamed)
    return rel, yaml.safe_dump(data, sort_keys=False, allow_unicode=True).encode("utf-8")


mutations = byte_mutations() | structure_mutations()


# -- helpers ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of rules/ and cards/, so the manifests' relative references still work."""
    root = tmp_path_factory.mktemp("project")
    for part in ("rules", "cards", "print"):
        if (REPO / part).exists():
            shutil.copytree(REPO / part, root / part)
    return root


@contextmanager
def mutated(project: Path, rel: str, content: bytes) -> Iterator[Path]:
    """Write the broken file into the project copy; put the shipped one back afterwards."""
    target = project / rel
    target.write_bytes(content)
    try:
        yield target
    finally:
        target.write_bytes(ORIGINAL[rel])


LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")


def assert_positioned(diagnostic: Diagnostic) -> None:
    """A code, and a 1-based position no further than one line past the end of its file."""
    assert diagnostic.code, diagnostic
    assert diagnostic.line >= 1, diagnostic
    assert diagnostic.column >= 1, diagnostic
    text = Path(diagnostic.file).read_bytes().decode("utf-8", "replace")
    assert diagnostic.line <= len(LINE_BREAK.split(text)) + 1, diagnostic


def reading_game(project: Path, target: Path) -> Path:
    """The manifest of the game that reads a shipped file: itself, or the game its card folder
    is named after (no other game reads it, so validating the others would only repeat work)."""
    rel = target.relative_to(project)
    game = rel.stem if rel.parts[0] == "rules" else rel.parts[1]
    return project / "rules" / f"{game}.yaml"


def validate_in_process(project: Path, target: Path) -> None:
    for paths in ([target], [reading_game(project, target)]):
        report = validate_paths(paths)
        for diagnostic in report.diagnostics:
            assert_positioned(diagnostic)


def validate_through_cli(project: Path, output_format: str) -> None:
    result = run_toolkit("validate", "rules", "cards", "--format", output_format, cwd=project)
    output = result.stdout + result.stderr
    assert result.returncode in (0, 1), output
    if output_format == "json":
        for item in json.loads(result.stdout):
            assert_positioned(Diagnostic(**{**item, "file": str(project / item["file"])}))


# -- the properties ----------------------------------------------------------------------


@IN_PROCESS
@given(mutation=byte_mutations())
def test_byte_mutations_give_diagnostics(project: Path, mutation: tuple[str, bytes]) -> None:
    rel, content = mutation
    with mutated(project, rel, content) as target:
        validate_in_process(project, target)


@IN_PROCESS
@given(mutation=structure_mutations())
def test_structure_mutations_give_diagnostics(project: Path, mutation: tuple[str, bytes]) -> None:
    rel, content = mutation
    with mutated(project, rel, content) as target:
        validate_in_process(project, target)


@THROUGH_CLI
@given(mutation=mutations, output_format=st.sampled_from(["text", "json", "github"]))
def test_cli_exits_0_or_1_on_mutations(
    project: Path, mutation: tuple[str, bytes], output_format: str
) -> None:
    rel, content = mutation
    with mutated(project, rel, content):
        validate_through_cli(project, output_format)


def test_shipped_content_is_clean(project: Path) -> None:
    """The baseline the mutations start from."""
    assert validate_paths([project / "rules", project / "cards"]).diagnostics == []


# -- bugs the mutations once found -------------------------------------------------------


def test_huge_rank_range_is_a_content_error(project: Path) -> None:
    resource = pytest.importorskip("resource")
    rel = "cards/midway-memories/suits.yaml"
    huge = ORIGINAL[rel].replace(b"{low: 14, high: 14}", b"{low: 14, high: 100000000000}", 1)
    assert huge != ORIGINAL[rel]

    def limit_memory() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))

    with mutated(project, rel, huge):
        result = subprocess.run(
            [sys.executable, "-m", "toolkit", "validate"],
            cwd=project,
            capture_output=True,
            text=True,
            timeout=120,
            preexec_fn=limit_memory,
        )
    assert result.returncode == 1, result.stderr
