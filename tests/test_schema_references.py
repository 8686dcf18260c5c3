"""Card kinds' schemas refer to the primitives' shared schema, and editors can still follow them.

Every rules primitive is defined once, in `schemas/primitives.schema.json`; a card kind's
schema refers to it (`../primitives.schema.json#/$defs/ScoringRule`). An editor (the YAML
language server) opens the card file's schema by its path and fetches what it refers to
relative to that file. These tests do the same with jsonschema's `referencing`: the card
kind's schema is the only one given, every other is retrieved by its URI on demand, and a
shipped card file passes while a misspelt primitive in it is caught at its place.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource

REPO = Path(__file__).resolve().parents[1]
SCHEMAS = REPO / "schemas"
SCORING_CARDS = REPO / "cards" / "oh-my-park" / "scoring-cards.yaml"
SCORING_SCHEMA = SCHEMAS / "oh-my-park" / "scoring-cards.schema.json"


def load_json(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def retrieve(uri: str) -> Resource:
    """What an editor does with a reference: read the file the URI names."""
    if not uri.startswith("file://"):
        raise NoSuchResource(ref=uri)
    return Resource.from_contents(load_json(Path(uri.removeprefix("file://"))))


def card_kind_validator(schema_path: Path, fetched: list[str]) -> Draft202012Validator:
    """A validator for one schema file, fetching the files it refers to as asked."""

    def counted(uri: str) -> Resource:
        fetched.append(uri)
        return retrieve(uri)

    schema = {**load_json(schema_path), "$id": schema_path.as_uri()}
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=Registry(retrieve=counted))


def test_a_card_kind_schema_refers_to_the_shared_primitives_instead_of_copying_them() -> None:
    text = SCORING_SCHEMA.read_text(encoding="utf-8")
    assert "../primitives.schema.json#/$defs/ScoringRule" in text
    assert "ScoringRule.per_card" not in text and "Effect.gain" not in text
    shared = load_json(SCHEMAS / "primitives.schema.json")["$defs"]
    # One tag per family names each definition, so a condition and a scoring rule that share
    # a tag (`compare`) are told apart.
    assert shared["Condition.compare"] != shared["ScoringRule.compare"]
    assert shared["ScoringRule.compare"]["properties"]["rule"]["const"] == "compare"


def test_a_shipped_card_file_validates_through_the_resolved_references() -> None:
    fetched: list[str] = []
    validator = card_kind_validator(SCORING_SCHEMA, fetched)
    cards = yaml.safe_load(SCORING_CARDS.read_text(encoding="utf-8"))
    assert list(validator.iter_errors(cards)) == []
    assert (SCHEMAS / "primitives.schema.json").as_uri() in fetched


def test_a_misspelt_primitive_is_caught_through_the_resolved_references() -> None:
    validator = card_kind_validator(SCORING_SCHEMA, [])
    cards = yaml.safe_load(SCORING_CARDS.read_text(encoding="utf-8"))
    cards["cards"][0]["sides"][0]["rules"][1]["rule"] = "per_crad"
    errors = list(validator.iter_errors(cards))
    assert errors, "the misspelt rule passed"
    assert [list(e.absolute_path) for e in errors] == [["cards", 0, "sides", 0, "rules", 1]]
    assert "per_crad" in errors[0].message


def test_a_misspelt_parameter_of_a_primitive_is_caught_with_its_allowed_keys() -> None:
    validator = card_kind_validator(SCORING_SCHEMA, [])
    cards = yaml.safe_load(SCORING_CARDS.read_text(encoding="utf-8"))
    rule = cards["cards"][0]["sides"][0]["rules"][1]
    rule["zoen"] = rule.pop("zone")
    messages = [e.message for e in validator.iter_errors(cards)]
    assert any("zoen" in m for m in messages), messages
