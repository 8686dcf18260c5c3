"""The committed JSON Schemas and the pydantic models must tell designers the same thing.

Editors validate content files against `schemas/*.schema.json` while people type (through
the `yaml-language-server` header line), while `toolkit validate` uses the pydantic models.
If the two disagree, a designer sees a green editor and a red CI, or the other way round.
These tests check that every shipped file points at the right schema, that schema and model
accept every shipped file and reject the same broken ones, that every schema property is
documented (editors show the description on hover), and that `toolkit schema --check`
catches a schema that no longer matches the models.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from entry_point import run_toolkit
from jsonschema import Draft202012Validator
from pydantic import ValidationError
from referencing import Registry, Resource

from toolkit.content.schema_export import SHARED_SCHEMA, schema_models
from toolkit.content.yaml_loader import load_file

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
SHIPPED = sorted([*REPO.glob("rules/*.yaml"), *REPO.glob("cards/**/*.yaml")])
SCHEMA_FILES = sorted(SCHEMAS.rglob("*.schema.json"))
MODELS = schema_models(REPO)
LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
HEADER = re.compile(r"# yaml-language-server: \$schema=(?P<path>\S+)")


def read_yaml(path: Path) -> Any:
    """The file's data, parsed by libyaml where installed: the same data as
    `yaml.safe_load`, several times faster over the shipped files this module reads."""
    return yaml.load(path.read_text(encoding="utf-8"), Loader=LOADER)


def rel(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def kind_of(path: Path) -> str:
    """The schema a shipped file is checked against: `<game>/<kind>` for a declared card kind."""
    kind = read_yaml(path)["kind"]
    assert isinstance(kind, str)
    declared = f"{path.parent.name}/{kind}"
    return declared if f"{declared}.schema.json" in MODELS else kind


@cache
def schema_registry() -> Registry:
    """Every committed schema at its file URI, so references between them resolve as an
    editor resolves them (relative to the referring schema's file)."""
    return Registry().with_resources(
        (path.as_uri(), Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
        for path in SCHEMA_FILES
    )


@cache
def schema_validator(kind: str) -> Draft202012Validator:
    """One validator per kind for the whole module: checking the schema and building its
    registry cost more than validating a file."""
    path = SCHEMAS / f"{kind}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator({**schema, "$id": path.as_uri()}, registry=schema_registry())


def pydantic_errors(path: Path, kind: str) -> list[str]:
    """Why the model rejects the file (loaded the way `toolkit validate` loads it), or []."""
    document, diagnostics = load_file(path)
    assert document is not None, [d.render() for d in diagnostics]
    try:
        MODELS[f"{kind}.schema.json"].model_validate(document.data)
    except ValidationError as error:
        return [str(e["msg"]) for e in error.errors()]
    return []


def schema_errors(path: Path, kind: str) -> list[str]:
    data = read_yaml(path)
    return [error.message for error in schema_validator(kind).iter_errors(data)]


def test_every_kind_is_shipped_and_has_a_schema() -> None:
    assert len(SHIPPED) >= 8
    assert {p.relative_to(SCHEMAS).as_posix() for p in SCHEMA_FILES} == {*MODELS, SHARED_SCHEMA}
    assert "midway-memories/attractions.schema.json" in MODELS


# -- the editor header ----------------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=rel)
def test_file_starts_with_a_schema_header_for_its_kind(path: Path) -> None:
    first_line = path.read_text(encoding="utf-8").splitlines()[0]
    header = HEADER.fullmatch(first_line)
    assert header, f"{rel(path)}: first line is {first_line!r}, not a yaml-language-server header"
    target = (path.parent / header["path"]).resolve()
    assert target.is_file(), f"{rel(path)}: schema {header['path']} does not exist"
    assert target == SCHEMAS / f"{kind_of(path)}.schema.json"


# -- shipped content: both accept -------------------------------------------------------


@pytest.mark.parametrize("path", SHIPPED, ids=rel)
def test_shipped_file_is_valid_for_schema_and_model(path: Path) -> None:
    kind = kind_of(path)
    assert schema_errors(path, kind) == []
    assert pydantic_errors(path, kind) == []


# -- broken content: both reject --------------------------------------------------------

Mutation = Callable[[dict[str, Any]], None]


def set_at(keys: tuple[str | int, ...], value: Any) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return mutate


def delete_at(keys: tuple[str | int, ...]) -> Mutation:
    def mutate(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return mutate


BAD_DATA = [
    pytest.param("rules/oh-my-park.yaml", set_at(("autor",), "me"), id="unknown top key"),
    pytest.param(
        "cards/oh-my-park/park-cards.yaml", set_at(("cards", 0, "rank"), 3), id="unknown card key"
    ),
    pytest.param(
        "cards/midway-memories/attractions.yaml",
        set_at(("cards", 0, "cost"), "two"),
        id="text for a number",
    ),
    pytest.param("rules/midway-memories.yaml", set_at(("players", "min"), "2"), id="quoted number"),
    pytest.param(
        "cards/oh-my-park/park-cards.yaml",
        set_at(("cards", 0, "ticket"), "yes"),
        id="text for a yes/no",
    ),
    pytest.param(
        "cards/oh-my-park/project-plans.yaml",
        set_at(("cards", 0, "shape"), 3),
        id="number for a list",
    ),
    pytest.param(
        "cards/midway-memories/suits.yaml",
        set_at(("cards", 0, "action", 0, "effect"), "by_rnak"),
        id="misspelt effect",
    ),
    pytest.param(
        "cards/oh-my-park/bonus-cards.yaml",
        set_at(("cards", 0, "rules", 0, "rule"), "treshold"),
        id="misspelt scoring rule",
    ),
    pytest.param(
        "rules/oh-my-park.yaml",
        set_at(("structure", "mechanic"), "drafting"),
        id="misspelt mechanic",
    ),
    pytest.param(
        "cards/oh-my-park/scoring-cards.yaml", set_at(("kind",), "scoring-card"), id="misspelt kind"
    ),
    pytest.param(
        "cards/midway-memories/attractions.yaml",
        delete_at(("cards", 0, "name")),
        id="missing name",
    ),
    pytest.param("rules/midway-memories.yaml", delete_at(("deck",)), id="missing deck"),
    pytest.param("cards/oh-my-park/project-plans.yaml", delete_at(("kind",)), id="missing kind"),
    pytest.param(
        "cards/midway-memories/suits.yaml",
        delete_at(("cards", 0, "action", 0, "effect")),
        id="missing effect tag",
    ),
]


def dump_to(folder: Path, shipped: str, mutate: Mutation | None = None) -> Path:
    """The shipped file, mutated and written back with yaml.safe_dump."""
    data = read_yaml(REPO / shipped)
    if mutate is not None:
        mutate(data)
    path = folder / Path(shipped).name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("path", SHIPPED, ids=rel)
def test_dumped_shipped_file_stays_valid(path: Path, tmp_path: Path) -> None:
    """The control for the test below: the YAML round trip alone breaks nothing."""
    kind = kind_of(path)
    dumped = dump_to(tmp_path, rel(path))
    assert schema_errors(dumped, kind) == []
    assert pydantic_errors(dumped, kind) == []


@pytest.mark.parametrize(("shipped", "mutate"), BAD_DATA)
def test_schema_and_model_both_reject_broken_file(
    shipped: str, mutate: Mutation, tmp_path: Path
) -> None:
    kind = kind_of(REPO / shipped)
    broken = dump_to(tmp_path, shipped, mutate)
    assert schema_errors(broken, kind), "the JSON Schema accepts it"
    assert pydantic_errors(broken, kind), "the model accepts it"


# -- descriptions -------------------------------------------------------------------------


def property_descriptions(schema: dict[str, Any]) -> dict[str, str]:
    """`Owner.property` to its description, for the root and every `$defs` entry."""
    owners = {"(root)": schema, **schema.get("$defs", {})}
    return {
        f"{owner}.{name}": str(prop.get("description", "")).strip()
        for owner, node in owners.items()
        for name, prop in node.get("properties", {}).items()
    }


def is_tag(schema: dict[str, Any], dotted: str) -> bool:
    """A discriminator such as `kind: game` or `effect: gain`: a property with one `const`."""
    owner, name = dotted.split(".", 1)
    node = schema if owner == "(root)" else schema["$defs"][owner]
    return "const" in node["properties"][name]


def load_schema(path: Path) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return schema


@pytest.mark.parametrize("path", SCHEMA_FILES, ids=lambda p: p.name)
def test_every_schema_property_has_a_description(path: Path) -> None:
    undocumented = [k for k, text in property_descriptions(load_schema(path)).items() if not text]
    assert undocumented == []


# -- toolkit schema / --check ---------------------------------------------------------------


def test_schema_check_passes_on_the_repository() -> None:
    result = run_toolkit("schema", "--check")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("ok:")


@pytest.fixture
def schemas_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "schemas"
    shutil.copytree(SCHEMAS, folder)
    return folder


def test_schema_check_names_an_edited_schema(schemas_copy: Path) -> None:
    edited = schemas_copy / "midway-memories" / "suits.schema.json"
    schema = load_schema(edited)
    schema["description"] += " Edited by hand."
    edited.write_text(json.dumps(schema, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    result = run_toolkit("schema", "--check", "--out", schemas_copy)
    assert result.returncode == 1
    assert "suits.schema.json" in result.stderr
    assert "game.schema.json" not in result.stderr


def test_schema_check_names_a_stray_schema(schemas_copy: Path) -> None:
    (schemas_copy / "retired.schema.json").write_text("{}\n")
    result = run_toolkit("schema", "--check", "--out", schemas_copy)
    assert result.returncode == 1
    assert "retired.schema.json: describes nothing; run 'toolkit schema'" in result.stderr


def test_schema_check_says_a_schema_not_written_yet_is_missing(schemas_copy: Path) -> None:
    (schemas_copy / "oh-my-park" / "park-cards.schema.json").unlink()
    result = run_toolkit("schema", "--check", "--out", schemas_copy)
    assert result.returncode == 1
    assert result.stderr == (
        f"{schemas_copy / 'oh-my-park' / 'park-cards.schema.json'}: missing; run 'toolkit schema'\n"
    )


def test_schema_rewrites_an_edited_schema(schemas_copy: Path) -> None:
    edited = schemas_copy / "oh-my-park" / "park-cards.schema.json"
    edited.write_text(edited.read_text(encoding="utf-8") + "\n")
    assert run_toolkit("schema", "--out", schemas_copy).returncode == 0
    assert run_toolkit("schema", "--check", "--out", schemas_copy).returncode == 0


def test_schema_writes_every_schema_into_an_empty_folder(tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_toolkit("schema", "--out", out).returncode == 0
    assert run_toolkit("schema", "--check", "--out", out).returncode == 0
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.schema.json"))
    assert written == sorted(p.relative_to(SCHEMAS).as_posix() for p in SCHEMA_FILES)
