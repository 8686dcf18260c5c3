"""An editor completes and checks a position file's `play` section: the position schema
describes every mechanic's `play` model (any of them, since a position names its game, not its
mechanic), resolved as the YAML language server resolves the file's `$schema` header.

The tests open `schemas/position.schema.json` by its file URI with jsonschema's `referencing`
(as `tests/test_schema_references.py` does for card kinds), offer the keys an editor would
complete under `play`, accept positions the toolkit itself saves for every shipped game, and
catch a misspelt key of the section at its place."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.exceptions import NoSuchResource

from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_save import position_text, save_position
from toolkit.mechanics.registry import MECHANICS

REPO = Path(__file__).resolve().parents[1]
SCHEMA = REPO / "schemas" / "position.schema.json"
HEADER = "# yaml-language-server: $schema=../schemas/position.schema.json\n"


def _retrieve(uri: str) -> Resource:
    if not uri.startswith("file://"):
        raise NoSuchResource(ref=uri)
    return Resource.from_contents(json.loads(Path(uri.removeprefix("file://")).read_text()))


def _validator(header: str) -> Draft202012Validator:
    """The schema a file in `positions/` names in its header, opened as an editor does."""
    path = (REPO / "positions" / header.split("=", 1)[1].strip()).resolve()
    schema = {**json.loads(path.read_text(encoding="utf-8")), "$id": path.as_uri()}
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=Registry(retrieve=_retrieve))


def _play_keys(schema: dict[str, Any]) -> dict[str, set[str]]:
    """The keys offered under `play`, by the model (definition) offering them."""
    play = schema["properties"]["play"]
    refs = [option["$ref"].removeprefix("#/$defs/") for option in play["anyOf"]]
    return {ref: set(schema["$defs"][ref]["properties"]) for ref in refs}


def test_the_play_section_offers_every_mechanics_keys() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    offered = _play_keys(schema)
    kits = [kit for kit in MECHANICS.values() if kit.position is not None]
    assert len(offered) == len(kits) == 4
    for kit in kits:
        model = kit.position().model
        assert offered[model.__name__] == set(model.model_fields), kit.name
    every = set().union(*offered.values())
    assert {"trick", "bids", "passing", "picks", "origins", "step", "known"} <= every
    described = schema["$defs"]["TrickPlay"]["properties"]["trump"]
    assert described["description"].startswith("This round's trump suit")


@pytest.mark.parametrize("game_id", ["cinder-tricks", "oh-my-park", "lantern-routes"])
def test_positions_the_toolkit_saves_pass_the_editors_schema(game_id: str) -> None:
    _, game = load_compiled_game(game_id)
    validator = _validator(HEADER)
    rng = random.Random(7)
    players = game.min_players + 1
    for stop in (3, 17):
        state = game.new_state(stop, players)
        moves = []
        while not state.terminal and len(moves) < stop:
            player = state.to_move()[0]
            action = rng.choice(state.legal_actions(player))
            state.apply(player, action)
            moves.append((player, action))
        text = position_text(save_position(game, lambda s=stop: game.new_state(s, players), moves))
        data = yaml.safe_load(text)
        assert data["play"], text  # the mechanic's section is written, and checked
        assert [e.message for e in validator.iter_errors(data)] == []


TRICK = (
    HEADER
    + """kind: position
game: cinder-tricks
to_move: [2]
players:
  - {name: Ann, zones: {hand: 3}}
  - {name: Bob, zones: {hand: 4}}
  - {name: Cy, zones: {hand: 4}}
  - {name: Di, zones: {hand: 4}}
play:
  trick: [bellows-9]
  broken: true
"""
)


def test_a_misspelt_play_key_is_caught_at_the_play_section() -> None:
    validator = _validator(HEADER)
    assert list(validator.iter_errors(yaml.safe_load(TRICK))) == []
    broken = yaml.safe_load(TRICK.replace("  broken: true", "  brokn: true"))
    errors = list(validator.iter_errors(broken))
    assert [list(error.absolute_path) for error in errors] == [["play"]]
    reasons = [str(inner.message) for error in errors for inner in error.context or []]
    assert any("brokn" in reason for reason in reasons), reasons


def test_a_value_of_the_wrong_type_in_play_is_caught() -> None:
    validator = _validator(HEADER)
    broken = yaml.safe_load(TRICK.replace("trick: [bellows-9]", "trick: bellows-9"))
    assert [list(e.absolute_path) for e in validator.iter_errors(broken)] == [["play"]]
