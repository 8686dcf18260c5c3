"""A check's number may be compared with a measure of the same player instead of a written
number (`above: {measure: {track: kiln-level}}`): a kiln cracks above its own potter's level,
which rises with each firing. Played on the push-your-luck template so rewritten; a bound
naming a track the game lacks is refused at its line with the closest spelling."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.mechanics.staged.events import CardsMoved
from toolkit.mechanics.staged.structure import Check
from toolkit.mechanics.staged.words import check_words
from toolkit.scaffold import new_game

TRACK = "  - {id: perfect-firings, name: Perfect firings, min: 0, max: 10, start: 0}\n"
LEVEL = "  - {id: kiln-level, name: Kiln level, min: 0, max: 40, start: 12}\n"
BUST = "when: {sum: {zone: kiln, field: heat}, above: 12}"
BUST_AT_LEVEL = "when: {sum: {zone: kiln, field: heat}, above: {measure: {track: kiln-level}}}"
FIRED = "        - {stage: move, from: kiln, to: shelf, count: all,"
RISES = "        - {stage: effects, effects: [{effect: advance, track: kiln-level, amount: 2}]}\n"


def levelled_game(folder: Path, level: str = "kiln-level") -> Path:
    """The push-your-luck template, its kiln cracking above its potter's own level, which
    rises by 2 with every firing."""
    new_game(folder, "kilns", "push-your-luck")
    manifest = folder / "rules" / "kilns.yaml"
    text = manifest.read_text(encoding="utf-8")
    assert TRACK in text and BUST in text and FIRED in text
    text = text.replace(TRACK, TRACK + LEVEL).replace(
        BUST, BUST_AT_LEVEL.replace("kiln-level", level)
    )
    text = text.replace(FIRED, RISES + FIRED, 1)
    manifest.write_text(text, encoding="utf-8")
    return manifest


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    return load_compiled_game(str(levelled_game(tmp_path_factory.mktemp("kilns"))))[1]


def test_a_kiln_cracks_above_its_own_potters_level(game: Game) -> None:
    heat = game.deck.fields["heat"]
    kiln, level = game.zone("kiln").index, [t.id for t in game.tracks].index("kiln-level")
    cracked = {"below 14": 0, "at 14 or more": 0}
    held = 0
    for seed in range(1, 11):
        state = game.new_state(seed, 3)
        rng = random.Random(seed)
        while not state.terminal:
            (player,) = state.to_move()
            action = rng.choice(state.legal_actions(player))
            before_heat = sum(heat[card] for card in state.zones[kiln][player])
            before_level = state.track[player][level]
            logged = len(state.log)
            state.apply(player, action)
            drawn = [
                e for e in state.log[logged:] if isinstance(e, CardsMoved) and e.target == "kiln"
            ]
            if not drawn:
                continue
            total = before_heat + sum(heat[card] for card in drawn[0].cards)
            crack = any(
                isinstance(e, CardsMoved) and e.target == "shard-heap" for e in state.log[logged:]
            )
            assert crack == (total > before_level), (seed, total, before_level)
            if crack:
                cracked["below 14" if before_level < 14 else "at 14 or more"] += 1
            else:
                held += 1
    assert all(cracked.values()) and held, (cracked, held)


def test_the_rule_reads_the_measure_it_compares_with() -> None:
    check = Check.model_validate(
        {"sum": {"zone": "kiln", "field": "heat"}, "above": {"measure": {"track": "kiln-level"}}}
    )
    assert check_words(check) == "the heat of your kiln adds up to above your kiln-level"


def test_a_bound_naming_an_unknown_track_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = levelled_game(tmp_path, level="kiln-levl")
    lines = manifest.read_text(encoding="utf-8").splitlines()
    line = 1 + next(i for i, text in enumerate(lines) if "kiln-levl" in text)
    result = run_toolkit("validate", str(manifest), cwd=tmp_path)
    assert result.returncode == 1
    assert f"kilns.yaml:{line}:" in result.stdout
    assert "kiln-levl" in result.stdout and "did you mean 'kiln-level'" in result.stdout
