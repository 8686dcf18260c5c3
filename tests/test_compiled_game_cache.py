"""The cache of compiled games (`toolkit.engine.cache`): a game read back from it plays exactly
as the game compiled from its files, imports no content model to do so, is never used once a
file it was made from changes, and is read only from a folder nobody else may write."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from compile_count import counting
from entry_point import run_toolkit
from shipped_project import copy_project, edit

from toolkit.agents import BUILT_IN, bot_names
from toolkit.engine import cache
from toolkit.engine.compiled import ContentColumns, Game
from toolkit.engine.load import load_compiled_game
from toolkit.scaffold import families, new_game
from toolkit.sim.runner import play_from

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted(path.stem for path in (ROOT / "rules").glob("*.yaml"))


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A cache of this test's own, empty."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("TOOLKIT_CACHE", str(folder))
    return folder


def kept_and_read_back(argument: str, cwd: Path | None = None) -> tuple[Game, Game]:
    """The game compiled from its files, and the same game written to the cache and read."""
    if cwd is not None:
        os.chdir(cwd)
    _, fresh = cache.load_compiled_game_cached(argument)  # compiles, keeps
    _, cached = cache.load_compiled_game_cached(argument)  # reads back
    assert cached is not fresh
    return fresh, cached


def first_strategy(game: Game) -> str | None:
    """The first priority strategy the game ships, if any."""
    shipped = bot_names(game)[len(BUILT_IN) :]
    return shipped[0] if shipped else None


def played(game: Game, seed: int, players: int, bots: list[str]) -> tuple[Any, list[Any]]:
    state = game.new_state(seed, players)
    record = play_from(game, state, seed, bots, record_actions=True)
    return record, state.log


def assert_plays_alike(fresh: Game, cached: Game, strategy: str | None = None) -> None:
    players = max(fresh.min_players, min(3, fresh.max_players))
    tables = [["random"] * players, ["greedy"] * players]
    if strategy is not None:
        tables.append([strategy, *["random"] * (players - 1)])
    for bots in tables:
        for seed in (1, 2, 3):
            assert played(cached, seed, players, bots) == played(fresh, seed, players, bots)
    state = fresh.new_state(5, players)
    again = cached.new_state(5, players)
    for player in range(players):
        assert cached.observe(again, player) == fresh.observe(state, player)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_shipped_game_from_the_cache_plays_as_compiled(
    game_id: str, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    compiled = counting(monkeypatch)
    fresh, cached = kept_and_read_back(game_id)
    assert compiled == [game_id]  # the second load compiled nothing
    assert_plays_alike(fresh, cached, first_strategy(fresh))
    # What tools read comes back from the files: content, and the tables' model columns.
    assert cached.content.game.id == game_id
    for kind, table in fresh.tables.items():
        again = cached.tables[kind]
        assert set(again.fields) == set(table.fields)
        for name in table.fields:
            assert again.fields[name] == table.fields[name]


@pytest.mark.parametrize("family", sorted(families()))
def test_a_new_game_of_every_family_from_the_cache_plays_as_compiled(
    family: str, tmp_path: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = tmp_path / "project"
    project.mkdir()
    monkeypatch.chdir(project)
    new_game(project, "my-game", family)
    fresh, cached = kept_and_read_back("my-game")
    strategy = first_strategy(fresh)
    assert strategy is not None
    assert_plays_alike(fresh, cached, strategy)


RUN_FROM_CACHE = """
import json, sys
from toolkit.engine.cache import load_compiled_game_cached
from toolkit.sim.runner import play_game
loaded = {}
for game_id in sys.argv[1:]:
    _, game = load_compiled_game_cached(game_id)
    n = max(game.min_players, min(3, game.max_players))
    record = play_game(game, 1, n, ["greedy"] * n)
    loaded[game_id] = list(record.totals)
models = sorted(m for m in sys.modules if m.startswith(("pydantic", "toolkit.content.models")))
print(json.dumps({"totals": loaded, "models": models}))
"""


def test_games_from_the_cache_play_without_importing_a_content_model(
    cache_folder: Path, tmp_path: Path
) -> None:
    """Every shipped game, and a new game of every family, compiled by one process and played
    by the next from the cache."""
    templates = tmp_path / "templates"
    templates.mkdir()
    for family in sorted(families()):
        new_game(templates, f"a-{family}", family)
    games = [*SHIPPED, *(str(path) for path in sorted((templates / "rules").glob("*.yaml")))]
    env = {**os.environ, "TOOLKIT_CACHE": str(cache_folder)}
    runs = []
    for _ in range(2):  # the first keeps every game, the second reads them back
        done = subprocess.run(
            [sys.executable, "-c", RUN_FROM_CACHE, *games],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True, timeout=300,
        )  # fmt: skip
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert runs[0]["models"]  # compiling reads the content models
    assert runs[1]["models"] == []
    assert runs[1]["totals"] == runs[0]["totals"]
    assert len(list((cache_folder / "games").glob("*" + cache.SUFFIX))) == len(games)


@pytest.fixture
def project(tmp_path: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped project, worked in."""
    copied = copy_project(tmp_path / "project")
    monkeypatch.chdir(copied)
    return copied


def test_an_edited_file_compiles_the_game_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    _, first = cache.load_compiled_game_cached("midway-memories")
    cache.load_compiled_game_cached("midway-memories")
    assert compiled == ["midway-memories"]
    edit(project / "cards/midway-memories/attractions.yaml", "points: 3", "points: 6")
    _, edited = cache.load_compiled_game_cached("midway-memories")
    assert compiled == ["midway-memories"] * 2
    assert (
        edited.tables["attractions"].fields["points"]
        != first.tables["attractions"].fields["points"]
    )
    edit(project / "rules/midway-memories.yaml", "name: Midway Memories", "name: Midway Nights")
    _, renamed = cache.load_compiled_game_cached("midway-memories")
    assert renamed.name == "Midway Nights"
    assert compiled == ["midway-memories"] * 3


def test_a_file_added_or_removed_beside_the_game_compiles_it_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    cache.load_compiled_game_cached("midway-memories")
    (project / "cards/midway-memories/notes.txt").write_text("playtest notes\n")
    cache.load_compiled_game_cached("midway-memories")
    (project / "cards/midway-memories/notes.txt").unlink()
    cache.load_compiled_game_cached("midway-memories")
    cache.load_compiled_game_cached("midway-memories")
    assert compiled == ["midway-memories"] * 3
    # A picture the checks looked at, and the print layout they read, count too.
    (project / "cards/midway-memories/art/carousel.svg").unlink()
    failed = run_toolkit("simulate", "midway-memories", "--games", "1", cwd=project)
    assert failed.returncode == 1 and "carousel.svg" in failed.stderr, failed.stderr
    shutil.copy(
        ROOT / "cards/midway-memories/art/carousel.svg", project / "cards/midway-memories/art"
    )
    cache.load_compiled_game_cached("midway-memories")
    edit(project / "print/midway-memories/layout.yaml", "\n", "\n# a note\n")
    cache.load_compiled_game_cached("midway-memories")
    assert compiled == ["midway-memories"] * 5


def test_a_broken_file_is_reported_not_read_from_the_cache(project: Path) -> None:
    cache.load_compiled_game_cached("midway-memories")
    edit(project / "cards/midway-memories/attractions.yaml", "points: 3", "points: [3")
    failed = run_toolkit("simulate", "midway-memories", "--games", "1", cwd=project)
    assert failed.returncode == 1
    assert "attractions.yaml:" in failed.stderr


def test_variants_and_set_values_are_kept_apart(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)

    def cost(game: Game) -> int:
        table = game.tables["attractions"]
        return int(table.fields["cost"][table.index("carousel")])

    sets: list[tuple[str, Any]] = [("attractions/carousel/cost", 2)]
    _, plain = cache.load_compiled_game_cached("midway-memories")
    _, changed = cache.load_compiled_game_cached("midway-memories", None, sets)
    assert (cost(plain), cost(changed)) == (4, 2)
    _, plain_again = cache.load_compiled_game_cached("midway-memories")
    _, changed_again = cache.load_compiled_game_cached("midway-memories", None, sets)
    assert (cost(plain_again), cost(changed_again)) == (4, 2)
    assert compiled == ["midway-memories"] * 2


def test_the_same_run_from_the_cache_prints_the_same_report(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    args = ("simulate", "oh-my-park", "--games", "20", "--workers", "1", "--format", "json")
    first = run_toolkit(*args, cwd=project)
    second = run_toolkit(*args, cwd=project)
    assert first.returncode == second.returncode == 0, first.stderr + second.stderr
    assert first.stdout == second.stdout
    assert compiled == ["oh-my-park"]
    with_transcript = run_toolkit(
        "simulate", "oh-my-park", "--games", "2", "--transcript", "games.jsonl", cwd=project
    )
    assert with_transcript.returncode == 0, with_transcript.stderr
    assert compiled == ["oh-my-park"]  # the narration read the content again, uncompiled
    assert "replays exactly" in run_toolkit("replay", "games.jsonl", cwd=project).stdout


def test_the_cache_can_be_turned_off(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TOOLKIT_CACHE", "off")
    compiled = counting(monkeypatch)
    cache.load_compiled_game_cached("midway-memories")
    cache.load_compiled_game_cached("midway-memories")
    assert compiled == ["midway-memories"] * 2
    assert cache.cache_folder() is None


def test_a_folder_or_entry_others_may_write_is_never_read(
    project: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    cache.load_compiled_game_cached("midway-memories")
    games = cache_folder / "games"
    (entry,) = games.glob("*" + cache.SUFFIX)
    assert entry.stat().st_mode & 0o777 == 0o600
    assert games.stat().st_mode & 0o777 == 0o700

    entry.chmod(0o622)  # others may write it
    cache.load_compiled_game_cached("midway-memories")
    assert len(compiled) == 2  # compiled again, and kept anew
    assert entry.stat().st_mode & 0o777 == 0o600

    games.chmod(0o777)
    assert cache.cache_folder() is None
    cache.load_compiled_game_cached("midway-memories")
    assert len(compiled) == 3
    games.chmod(0o700)

    elsewhere = project.parent / "elsewhere.pickle"
    shutil.copy(entry, elsewhere)
    entry.unlink()
    entry.symlink_to(elsewhere)  # a link in the cache is never followed
    cache.load_compiled_game_cached("midway-memories")
    assert len(compiled) == 4


def test_an_entry_that_is_not_an_entry_is_compiled_over(
    project: Path, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    cache.load_compiled_game_cached("midway-memories")
    (entry,) = (cache_folder / "games").glob("*" + cache.SUFFIX)
    for junk in (b"", b"\x80\x05junk", pickle.dumps(("a tuple", "of the wrong shape"))):
        entry.write_bytes(junk)
        _, game = cache.load_compiled_game_cached("midway-memories")
        assert game.name == "Midway Memories"
    # An outer layer naming code is refused before anything is run.
    entry.write_bytes(pickle.dumps(os.getcwd))
    assert cache.cached_game(project / "rules/midway-memories.yaml") is None
    assert len(compiled) == 4


class _Outside:
    """A stand-in for a plugin's code: not the toolkit's, not Python's own."""

    __module__ = "some_plugin.effects"

    def __call__(self, state: Any) -> None:
        return None


def test_a_game_holding_code_from_outside_the_toolkit_is_not_kept(
    project: Path, cache_folder: Path
) -> None:
    from dataclasses import replace

    manifest, game = load_compiled_game("midway-memories")
    with_plugin = replace(game, setup_steps=(*game.setup_steps, _Outside()))
    assert not cache.keep(with_plugin, manifest, None, None, ((), ()))
    assert not list((cache_folder / "games").glob("*" + cache.SUFFIX))
    assert cache.keep(game, manifest, None, None, ((), ()))


def test_model_columns_are_read_from_the_content_only_when_asked(project: Path) -> None:
    cache.load_compiled_game_cached("midway-memories")
    _, cached = cache.load_compiled_game_cached("midway-memories")
    suits = cached.tables["suits"].fields
    assert isinstance(suits, ContentColumns)
    assert cached.source._content is None  # nothing loaded yet
    assert "action" in suits and len(suits) == len(dict(suits.items()))
    assert cached.source._content is not None  # loaded for the column
    assert suits["action"][0][0].effect == "by_rank"


def test_old_entries_are_removed_and_nothing_else(
    cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(cache, "KEPT_ENTRIES", 2)
    games = cache_folder / "games"
    games.mkdir(parents=True, mode=0o700)
    theirs = games / ("0" * 64 + ".pickle")  # not named as an entry is
    theirs.write_bytes(b"someone's")
    for game_id in ("cinder-tricks", "midway-memories", "oh-my-park"):
        cache.load_compiled_game_cached(game_id)
    assert len(list(games.glob("*" + cache.SUFFIX))) == 2
    assert theirs.read_bytes() == b"someone's"
    _, newest = cache.load_compiled_game_cached("oh-my-park")
    assert newest.id == "oh-my-park"


def test_a_variant_file_outside_the_project_is_followed_too(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    variant = tmp_path / "elsewhere" / "cheap-carousel.yaml"
    variant.parent.mkdir()
    variant.write_text(
        "kind: variant\ngame: midway-memories\nname: Cheap carousel\n"
        "set:\n  - {path: attractions/carousel/cost, value: 2}\n"
    )
    _, first = cache.load_compiled_game_cached("midway-memories", [variant])
    cache.load_compiled_game_cached("midway-memories", [variant])
    assert compiled == ["midway-memories"]
    variant.write_text(variant.read_text().replace("value: 2", "value: 3"))
    _, edited = cache.load_compiled_game_cached("midway-memories", [variant])
    assert compiled == ["midway-memories"] * 2
    carousel = first.tables["attractions"].index("carousel")
    assert first.tables["attractions"].fields["cost"][carousel] == 2
    assert edited.tables["attractions"].fields["cost"][carousel] == 3


@pytest.mark.parametrize("setting", ["", "a-file"])
def test_a_cache_folder_that_cannot_be_had_means_no_cache(
    setting: str, project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if setting:  # the setting names a file, where a folder should be
        (tmp_path / setting).write_text("not a folder\n")
        monkeypatch.setenv("TOOLKIT_CACHE", str(tmp_path / setting))
    else:  # neither a setting nor a home folder to find one in
        monkeypatch.delenv("TOOLKIT_CACHE")
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
        monkeypatch.delenv("HOME")
        monkeypatch.setattr(Path, "home", lambda: (_ for _ in ()).throw(RuntimeError("no home")))
    assert cache.cache_folder() is None
    compiled = counting(monkeypatch)
    cache.load_compiled_game_cached("midway-memories")
    cache.load_compiled_game_cached("midway-memories")
    assert compiled == ["midway-memories"] * 2


VARIANT = ROOT / "tests/fixtures/variants/midway-design-values.yaml"
COMMANDS = {
    "simulate": ("simulate", "oh-my-park", "--games", "12", "--format", "json"),
    "simulate, two workers": (
        "simulate", "tidewrack", "--games", "12", "--workers", "2", "--format", "json",
    ),
    "simulate, a strategy": (
        "simulate", "midway-memories", "--games", "6", "--players", "2",
        "--bots", "coaster-fan,random", "--format", "json",
    ),
    "compare": (
        "compare", "midway-memories", "--variant", str(VARIANT), "--games", "6", "--format", "json",
    ),
    "sweep": ("sweep", "kite-festival", "--set", "kites/red-5-1/points=4,5", "--games", "4"),
    "report": ("report", "thistle-stakes", "--games", "6", "--format", "json"),
    "ladder": ("ladder", "cinder-tricks", "--bots", "random,greedy", "--games", "3"),
}  # fmt: skip


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_that_plays_reads_its_game_back_and_says_the_same(
    command: str, cache_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = counting(monkeypatch)
    first = run_toolkit(*COMMANDS[command])
    assert first.returncode == 0, first.stderr
    made = len(compiled)
    assert made >= 1
    again = run_toolkit(*COMMANDS[command])
    assert again.returncode == 0, again.stderr
    assert again.stdout == first.stdout
    assert len(compiled) == made  # every game it played came from the cache
