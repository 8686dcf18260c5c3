"""The mechanic kit: mechanics are packages found through the registry, and every mechanic's
actions are typed records numbered by one codec whose range the compiled game declares."""

from __future__ import annotations

import ast
import functools
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from toolkit.agents import make_bot
from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.errors import ActionSpaceError, IllegalActionError
from toolkit.mechanics.draft.codec import (
    MAX_ACTIONS,
    DraftCodec,
    HandSwap,
    OpponentSwap,
    Pick,
)
from toolkit.mechanics.draft.events import Picked, Placed
from toolkit.mechanics.registry import MECHANICS, mechanic_kit
from toolkit.mechanics.trick_taking.codec import PlayCard, TrickCodec

ROOT = Path(__file__).resolve().parent.parent
TOOLKIT = ROOT / "toolkit"


# -- the registry and the package boundary ------------------------------------------------------


@functools.cache
def _modules() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package, parsed once for the tests that read them (none changes a
    tree)."""
    return tuple((path, ast.parse(path.read_text())) for path in sorted(TOOLKIT.rglob("*.py")))


def _imports(tree: ast.Module) -> set[str]:
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_every_shipped_structure_names_a_registered_mechanic() -> None:
    for manifest in (ROOT / "rules").glob("*.yaml"):
        name = yaml.safe_load(manifest.read_text())["structure"]["mechanic"]
        assert mechanic_kit(name).name == name


def test_no_module_outside_a_mechanic_imports_it_but_the_registry() -> None:
    for path, tree in _modules():
        relative = path.relative_to(TOOLKIT).as_posix()
        imported = _imports(tree)
        for name in MECHANICS:
            package = f"toolkit.mechanics.{name}"
            if relative.startswith(f"mechanics/{name}/") or relative == "mechanics/registry.py":
                continue
            used = {i for i in imported if i == package or i.startswith(f"{package}.")}
            assert not used, f"{relative} imports {sorted(used)}"


def _mechanic_classes() -> set[str]:
    """Every class a mechanic package defines (structure, machine, records, effects)."""
    return {
        node.name
        for name in MECHANICS
        for path in (TOOLKIT / "mechanics" / name).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.ClassDef)
    }


def test_no_isinstance_on_a_mechanic_class_outside_its_package() -> None:
    classes = _mechanic_classes()
    assert {"TrickTakingMechanic", "DraftMechanic", "TrickTaking", "Draft"} <= classes
    for path, tree in _modules():
        relative = path.relative_to(TOOLKIT).as_posix()
        if any(relative.startswith(f"mechanics/{name}/") for name in MECHANICS):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "isinstance":
                named = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                named |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
                assert not named & classes, f"{relative}:{node.lineno}"


def test_rules_never_import_mechanics() -> None:
    """Rules are the lower layer: mechanic effects join the union in the content layer."""
    for path, tree in _modules():
        if path.parent.name == "rules":
            assert not [i for i in _imports(tree) if i.startswith("toolkit.mechanics")], path


# -- codecs -----------------------------------------------------------------------------------

spans = st.integers(min_value=0, max_value=6)


@st.composite
def draft_cases(draw: st.DrawFn) -> tuple[DraftCodec, Pick | HandSwap | OpponentSwap]:
    codec = DraftCodec.for_game(
        draw(st.integers(1, 200)), draw(spans), draw(spans), draw(st.integers(1, 12))
    )
    rows = st.integers(-codec.row_span, codec.row_span)
    columns = st.integers(-codec.column_span, codec.column_span)
    cells = st.tuples(rows, columns)
    cards = st.integers(0, codec.deck_size - 1)
    record = draw(
        st.one_of(
            st.builds(Pick, cards, cells, st.booleans()),
            st.builds(HandSwap, cells, cards),
            st.builds(OpponentSwap, cells, st.integers(0, codec.players - 1), cells),
        )
    )
    return codec, record


@given(draft_cases())
def test_every_draft_record_round_trips(case: tuple[DraftCodec, Any]) -> None:
    codec, record = case
    action = codec.encode(record)
    assert 0 <= action < codec.num_distinct_actions
    assert codec.decode(action) == record


@given(st.integers(1, 300), st.data())
def test_every_trick_play_round_trips(deck: int, data: st.DataObject) -> None:
    codec = TrickCodec(deck)
    card = data.draw(st.integers(0, deck - 1))
    assert codec.decode(codec.encode(PlayCard(card))) == PlayCard(card)


@pytest.mark.parametrize("shape", [(1, 0, 0, 1), (52, 2, 4, 5), (130, 3, 3, 12)])
def test_the_declared_range_is_the_largest_id_plus_one(shape: tuple[int, int, int, int]) -> None:
    codec = DraftCodec.for_game(*shape)
    largest = codec.encode(
        OpponentSwap(
            (codec.row_span, codec.column_span),
            codec.players - 1,
            (codec.row_span, codec.column_span),
        )
    )
    assert codec.num_distinct_actions == largest + 1
    ids = set()
    for action in range(codec.num_distinct_actions):
        ids.add(codec.encode(codec.decode(action)))
    assert ids == set(range(codec.num_distinct_actions))
    with pytest.raises(IllegalActionError):
        codec.decode(codec.num_distinct_actions)
    with pytest.raises(IllegalActionError):
        codec.decode(-1)


def test_records_outside_the_data_are_refused_not_wrapped() -> None:
    codec = DraftCodec.for_game(70, 2, 2, 12)
    with pytest.raises(IllegalActionError, match="card 70"):
        codec.encode(Pick(70, (0, 0), False))
    with pytest.raises(IllegalActionError, match="player 12"):
        codec.encode(OpponentSwap((0, 0), 12, (0, 0)))
    with pytest.raises(IllegalActionError, match="outside every shape the grid may take"):
        codec.encode(HandSwap((3, 0), 1))


def test_data_too_large_for_the_codec_fails_naming_the_limit() -> None:
    with pytest.raises(ActionSpaceError, match="draft actions") as raised:
        DraftCodec.for_game(100_000, 40, 40, 12)
    assert raised.value.allowed == MAX_ACTIONS


# -- a compiled toy draft: 130 cards, 12 players ------------------------------------------------


@pytest.fixture(scope="module")
def big_draft(tmp_path_factory: pytest.TempPathFactory) -> Game:
    """Oh my park! with 10 colours of 13 cards and up to 12 players."""
    root = tmp_path_factory.mktemp("big-draft")
    shutil.copytree(ROOT / "cards" / "oh-my-park", root / "cards" / "oh-my-park")
    (root / "rules").mkdir()
    manifest = yaml.safe_load((ROOT / "rules" / "oh-my-park.yaml").read_text())
    manifest["players"]["max"] = 12
    manifest["print_layouts"] = []
    manifest["resources"][0]["supply"] = [{"value": 1, "count": 400}]
    colours = manifest["vocabularies"][0]["values"]
    extra = [f"c{index}" for index in range(5, 11)]
    colours += [{"id": c, "name": c.upper()} for c in extra]
    (root / "rules" / "oh-my-park.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False))
    cards_path = root / "cards" / "oh-my-park" / "park-cards.yaml"
    cards = yaml.safe_load(cards_path.read_text())
    blue = [card for card in cards["cards"] if card["colour"] == "blue"]
    for colour in extra:
        for card in blue:
            copy = {**card, "id": f"{colour}-{card['number']}", "colour": colour}
            copy.pop("action", None)
            copy.pop("action_text", None)
            cards["cards"].append(copy)
    cards_path.write_text(yaml.safe_dump(cards, sort_keys=False))
    return load_compiled_game(str(root / "rules" / "oh-my-park.yaml"))[1]


def test_a_big_draft_declares_its_range_from_the_data(big_draft: Game) -> None:
    assert big_draft.deck.size == 130
    codec = big_draft.mechanic.codec
    assert isinstance(codec, DraftCodec)
    assert (codec.deck_size, codec.players) == (130, 12)
    assert big_draft.num_distinct_actions == codec.num_distinct_actions


def test_a_big_draft_at_twelve_players_decodes_every_action_exactly(big_draft: Game) -> None:
    codec = big_draft.mechanic.codec
    for seed in range(3):
        state = big_draft.new_state(seed, 12)
        bots = [make_bot("random", seed * 100 + p) for p in range(12)]
        rng = random.Random(seed)
        while not state.is_terminal():
            for player in state.to_move():
                legal = state.legal_actions(player)
                hand = set(state.zones[big_draft.zone("hand").index][player])
                for action in legal:
                    if action < 0:
                        continue
                    record = codec.decode(action)
                    assert codec.encode(record) == action
                    if isinstance(record, Pick):
                        assert record.card in hand
                    elif isinstance(record, OpponentSwap):
                        assert record.other != player and 0 <= record.other < 12
                choice = bots[player].choose(state, player) if rng.random() < 0.9 else legal[-1]
                state.apply(player, choice)
                if state.is_terminal():
                    break
        picks = sorted(
            (event.player, *(lambda p: (p.card, p.cell, p.face_down))(codec.decode(event.action)))
            for event in state.log
            if isinstance(event, Picked)
        )
        places = sorted(
            (event.player, event.card, event.cell, event.face_down)
            for event in state.log
            if isinstance(event, Placed)
        )
        assert picks == places
        assert any(card >= 64 for _, card, _, _ in places)
