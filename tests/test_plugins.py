"""Installed packages extend the toolkit through entry points, with no fork and no file of it
changed; clashes and broken plugins are refused in one line, and a project cannot bring one.

The small packages under `tests/plugins/` are installed as a developer installs a plugin
being written (its package folder and the metadata setuptools builds from its own
`pyproject.toml`, both on Python's path), into a temporary folder named by `PYTHONPATH` for
the real `python -m toolkit` processes: offline, and the shared environment is never changed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project, edit

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = Path(__file__).parent / "plugins"
SUITS = Path("cards/midway-memories/suits.yaml")
MANIFEST = Path("rules/midway-memories.yaml")
ROUTES = Path("rules/lantern-routes.yaml")
GAIN_ONE = "effects: [{effect: gain, resource: coins, amount: 1}]"
EXAMPLE = [
    "plugin toolkit-example-plugin 0.3.0 (toolkit.mechanics: toolkit_example_plugin.mechanic:KIT)"
    ": mechanic 'open_routes'",
    "plugin toolkit-example-plugin 0.3.0 (toolkit.primitives: toolkit_example_plugin.primitives)"
    ": effect 'windfall', scoring rule 'most_of'",
]
"""What `toolkit --version --verbose` says of the example plugin, one line per entry point."""


BUILD = """
import os, sys
from setuptools import setup

for folder in sys.argv[1:]:
    os.chdir(folder)
    setup(script_args=["-q", "egg_info"])
"""
"""Each plugin's own build backend writing its metadata (`*.egg-info`) beside its package,
for every package in one process."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every plugin package of `tests/plugins/`, each installed in a folder of its own."""
    site = tmp_path_factory.mktemp("site")
    packages = sorted(PLUGINS.iterdir())
    for package in packages:
        shutil.copytree(package, site / package.name)
    subprocess.run(
        [sys.executable, "-W", "ignore", "-c", BUILD, *(str(site / p.name) for p in packages)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return site


def toolkit(
    *args: str | Path, cwd: Path, site: Path | None = None, plugins: tuple[str, ...] = ()
) -> subprocess.CompletedProcess[str]:
    """`python -m toolkit ARGS` in `cwd` with these plugins installed; never a traceback."""
    path = [str(site / f"toolkit-{name}-plugin") for name in plugins if site is not None]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*path, str(ROOT)])}
    result = subprocess.run(
        [sys.executable, "-m", "toolkit", *map(str, args)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in result.stdout + result.stderr, result.stderr
    return result


def midway_with_plugin(folder: Path, effect: str, rule: str) -> tuple[Path, int, int]:
    """The shipped project, its Midway Memories' lowest coins tier playing `effect` and its
    end scoring counting `rule` first; with the lines of both."""
    project = copy_project(folder)
    effect_line = edit(project / SUITS, GAIN_ONE, f"effects: [{effect}]")
    rule_line = 1 + edit(project / MANIFEST, "scoring:\n", f"scoring:\n  - {rule}\n")
    return project, effect_line, rule_line


WINDFALL = "{effect: windfall, resource: coins, amount: 1}"
RICHEST = "{rule: most_of, label: Richest, resource: coins, points: 3}"


def test_a_plugins_effect_and_scoring_rule_are_validated_simulated_and_told(
    tmp_path: Path, site: Path
) -> None:
    project, _, _ = midway_with_plugin(tmp_path, WINDFALL, RICHEST)
    plugin = ("example",)
    checked = toolkit("validate", MANIFEST, cwd=project, site=site, plugins=plugin)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "6 scoring steps: valid" in checked.stdout
    played = toolkit(
        *("simulate", "midway-memories", "--games", "6", "--players", "3", "--seed", "2"),
        *("--format", "json", "--transcript", "runs.jsonl"),
        cwd=project,
        site=site,
        plugins=plugin,
    )
    assert played.returncode == 0, played.stderr
    seats = json.loads(played.stdout)["seats"]
    assert all("Richest" in seat["score_by_source"] for seat in seats)
    assert sum(seat["score_by_source"]["Richest"] for seat in seats) > 0
    told = toolkit("replay", "runs.jsonl", cwd=project, site=site, plugins=plugin)
    assert told.returncode == 0, told.stderr
    assert "brings a windfall: everyone +1 Coins" in told.stdout


def test_a_plugins_misspelt_parameters_are_reported_at_their_lines(
    tmp_path: Path, site: Path
) -> None:
    project, effect_line, rule_line = midway_with_plugin(
        tmp_path,
        "{effect: windfall, resource: coins, amout: 1}",
        "{rule: most_of, label: Richest, resource: coinz, points: 3}",
    )
    result = toolkit("validate", MANIFEST, cwd=project, site=site, plugins=("example",))
    assert result.returncode == 1, result.stdout + result.stderr
    out = result.stdout + result.stderr
    assert f"{SUITS}:{effect_line}:" in out and "unknown key 'amout'" in out, out
    assert "did you mean 'amount'?" in out
    assert f"{MANIFEST}:{rule_line}:" in out and "unknown resource 'coinz'" in out, out


def test_a_plugins_mechanic_kit_plays_a_game_that_names_it(tmp_path: Path, site: Path) -> None:
    project = copy_project(tmp_path)
    line = edit(project / ROUTES, "  mechanic: draw_and_play\n", "  mechanic: open_routes\n")
    unknown = run_toolkit("validate", ROUTES, cwd=project)
    assert unknown.returncode == 1
    assert f"{ROUTES}:{line}:13: error[unknown-primitive]: unknown mechanic 'open_routes'" in (
        unknown.stdout
    )
    plugin = ("example",)
    checked = toolkit("validate", ROUTES, cwd=project, site=site, plugins=plugin)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    played = toolkit(
        *("simulate", "lantern-routes", "--games", "4", "--seed", "1", "--format", "json"),
        cwd=project,
        site=site,
        plugins=plugin,
    )
    assert played.returncode == 0, played.stderr
    assert sum(seat["wins"] for seat in json.loads(played.stdout)["seats"]) == 4


def test_version_verbose_lists_each_plugin_and_what_it_registered(site: Path) -> None:
    alone = run_toolkit("--version", "--verbose")
    assert alone.returncode == 0, alone.stderr
    assert alone.stdout.splitlines()[1].startswith("no plugins")
    listed = toolkit("--version", "--verbose", cwd=ROOT, site=site, plugins=("example",))
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[1:] == EXAMPLE
    plain = toolkit("--version", cwd=ROOT, site=site, plugins=("example",))
    assert plain.stdout.count("\n") == 1


def test_two_plugins_registering_one_effect_are_refused_naming_both(site: Path) -> None:
    both = ("example", "rival")
    result = toolkit("validate", cwd=ROOT, site=site, plugins=both)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stdout == "" and result.stderr.count("\n") == 1, result.stderr
    assert "two effects are called 'windfall'" in result.stderr
    for source in (
        "toolkit_example_plugin.primitives.Windfall of plugin toolkit-example-plugin 0.3.0",
        "toolkit_rival_plugin.Windfall of plugin toolkit-rival-plugin 0.1.0",
    ):
        assert source in result.stderr
    listed = toolkit("--version", "--verbose", cwd=ROOT, site=site, plugins=both)
    assert listed.returncode == 2
    assert listed.stdout.splitlines()[1:] == [
        *EXAMPLE,
        "plugin toolkit-rival-plugin 0.1.0 (toolkit.primitives: toolkit_rival_plugin): not loaded",
    ]
    assert "two effects are called 'windfall'" in listed.stderr


def test_a_mechanic_kit_taking_a_shipped_name_is_refused_naming_both(site: Path) -> None:
    result = toolkit("validate", cwd=ROOT, site=site, plugins=("tricks",))
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr == (
        "usage error: two mechanics are called 'trick_taking': toolkit.mechanics.trick_taking "
        "and toolkit_tricks_plugin:KIT of plugin toolkit-tricks-plugin 0.2.0\n"
    )


def test_a_mechanic_kits_effect_taking_an_effects_name_is_refused_naming_both(
    site: Path,
) -> None:
    result = toolkit("validate", cwd=ROOT, site=site, plugins=("gain",))
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr == (
        "usage error: plugin toolkit-gain-plugin 0.1.0 (toolkit.mechanics: "
        "toolkit_gain_plugin:KIT): two effects are called 'gain': "
        "toolkit.rules.effects.gain.Gain and toolkit_gain_plugin.Gain of mechanic 'gainful'\n"
    )


def test_a_mechanic_entry_point_that_is_not_a_kit_is_refused(site: Path) -> None:
    refusal = (
        "usage error: plugin toolkit-stray-plugin 0.1.0 (toolkit.mechanics: "
        "toolkit_stray_plugin:KIT): toolkit_stray_plugin:KIT is a str, not a MechanicKit\n"
    )
    result = toolkit("validate", cwd=ROOT, site=site, plugins=("stray",))
    assert (result.returncode, result.stderr) == (2, refusal)
    listed = toolkit("--version", "--verbose", cwd=ROOT, site=site, plugins=("stray",))
    assert listed.returncode == 2 and listed.stderr == refusal
    assert listed.stdout.splitlines()[1].endswith(
        "(toolkit.mechanics: toolkit_stray_plugin:KIT): not loaded"
    )


def test_a_plugin_that_fails_to_import_is_one_line_naming_it(
    site: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The game compiled and kept before the plugin came: an installed plugin is still loaded
    # (the cache of compiled games is not used while one is installed).
    monkeypatch.setenv("TOOLKIT_CACHE", str(tmp_path / "cache"))
    kept = toolkit("simulate", "midway-memories", "--games", "2", cwd=ROOT, site=site)
    assert kept.returncode == 0, kept.stderr
    for args in (["validate"], ["simulate", "midway-memories", "--games", "2"]):
        result = toolkit(*args, cwd=ROOT, site=site, plugins=("broken",))
        assert result.returncode == 2, result.stdout + result.stderr
        assert result.stderr == (
            "usage error: plugin toolkit-broken-plugin 0.1.0 (toolkit.primitives: "
            "toolkit_broken_plugin) failed to load: ModuleNotFoundError: No module named "
            "'toolkit_broken_dependency'\n"
        )
    version = toolkit("--version", cwd=ROOT, site=site, plugins=("broken",))
    assert (version.returncode, version.stderr) == (0, ""), "no registry read, no plugin loaded"


def test_a_project_folder_cannot_bring_a_plugin_and_content_cannot_name_a_module(
    tmp_path: Path, site: Path
) -> None:
    """The plugin, installed in the project folder itself (which `python -m` puts on
    Python's path), is not loaded: its effect is unknown, and so is a module's name."""
    project, line, _ = midway_with_plugin(
        tmp_path, WINDFALL, "{rule: sum_field, label: Again, zone: ridden, field: points}"
    )
    for part in ("toolkit_example_plugin", "toolkit_example_plugin.egg-info"):
        shutil.copytree(site / "toolkit-example-plugin" / part, project / part)
    listed = toolkit("--version", "--verbose", cwd=project)
    assert listed.stdout.splitlines()[1].startswith("no plugins"), listed.stdout
    result = toolkit("validate", MANIFEST, cwd=project)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{SUITS}:{line}:32: error[unknown-primitive]: unknown effect 'windfall'" in (
        result.stdout
    )
    edit(project / SUITS, "effect: windfall", "effect: toolkit_example_plugin.primitives:Windfall")
    named = toolkit("validate", MANIFEST, cwd=project)
    assert named.returncode == 1, named.stdout + named.stderr
    assert "unknown effect 'toolkit_example_plugin.primitives:Windfall'" in named.stdout
