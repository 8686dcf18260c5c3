"""Outputs never replace a designer's file: not content, layouts or templates, not a file the
toolkit did not write, not a folder without the toolkit's mark; a default transcript never
replaces an earlier game's; `new` refuses names a common file system cannot hold. Each
refusal is exit 2 naming the option, before any work, with the file untouched; what a
designer legitimately does (an `--out` of their own, running a command again over its own
output) still works."""

from __future__ import annotations

from pathlib import Path

import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

from toolkit.files import OUTPUT_MARK

GAME = "midway-memories"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = copy_project(tmp_path / "project")
    (root / "space.yaml").write_text("kind: tune-space\n", encoding="utf-8")
    (root / "README.md").write_text("# my notes\n", encoding="utf-8")
    return root


def files_of(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


REFUSED = {
    "print over the manifest": (["print", GAME, "--out", f"rules/{GAME}.yaml"], "--out"),
    "print over the layout": (["print", GAME, "--out", f"print/{GAME}/layout.yaml"], "--out"),
    "print over a designer's file": (["print", GAME, "--out", "README.md"], "--out"),
    "print into rules/": (["print", GAME, "--out", "rules/cards.pdf"], "--out"),
    "sweep over a template": (
        ["sweep", GAME, "--set", "rounds=4,5", "--out", f"print/{GAME}/reference.md.j2"],
        "--out",
    ),
    "simulate over a card file": (
        ["simulate", GAME, "--transcript", f"cards/{GAME}/suits.yaml"],
        "--transcript",
    ),
    "simulate over a designer's file": (
        ["simulate", GAME, "--transcript", "README.md"],
        "--transcript",
    ),
    "play over the manifest": (
        ["play", GAME, "--seed", "7", "--transcript", f"rules/{GAME}.yaml"],
        "--transcript",
    ),
    "report over a designer's PDF": (["report", GAME, "--out", "rulebook.pdf"], "--out"),
    "report over a designer's JSON": (["report", GAME, "--out", "notes.json"], "--out"),
    "print over a designer's PDF": (["print", GAME, "--out", "rulebook.pdf"], "--out"),
    "tune into the project": (["tune", GAME, "--space", "space.yaml", "--out", "."], "--out"),
    "tune into a card folder": (
        ["tune", GAME, "--space", "space.yaml", "--out", f"cards/{GAME}"],
        "--out",
    ),
    "tune into a folder of the designer's": (
        ["tune", GAME, "--space", "space.yaml", "--out", "examples"],
        "--out",
    ),
    "build into the project": (["build", GAME, "--out", "."], "--out"),
    "build over a designer's README": (["build", GAME, "--out", "examples"], "--out"),
    "export into a folder with only a build.json": (
        ["export", GAME, "--to", "csv", "--out", "legacy"],
        "--out",
    ),
    "export into print/": (["export", GAME, "--to", "csv", "--out", "print/cards"], "--out"),
    "schema into cards/": (["schema", "--out", f"cards/{GAME}/schemas"], "--out"),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_an_output_never_replaces_a_designers_file(project: Path, case: str) -> None:
    (project / "examples").mkdir()
    (project / "examples" / "README.txt").write_text("my examples\n", encoding="utf-8")
    (project / "legacy").mkdir()
    (project / "legacy" / "build.json").write_text("{}\n", encoding="utf-8")
    (project / "legacy" / "keep.txt").write_text("mine\n", encoding="utf-8")
    (project / "cards" / GAME / "schemas").mkdir()
    (project / "rulebook.pdf").write_bytes(b"%PDF-1.7\n% the designer's rulebook\n")
    (project / "notes.json").write_text('{\n  "seats": "mine"\n}\n', encoding="utf-8")
    command, option = REFUSED[case]
    before = files_of(project)
    result = run_toolkit(*command, cwd=project, stdin="q\n")
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr.startswith(f"usage error: {option}: "), result.stderr
    assert files_of(project) == before
    assert not (project / "build").exists(), "refused before any work"


def test_a_default_transcript_never_replaces_an_earlier_game(project: Path) -> None:
    first = run_toolkit("play", GAME, "--seed", "7", cwd=project, stdin="1\nq\n")
    assert first.returncode == 0, first.stderr
    saved = project / "build" / "play" / f"{GAME}-seed-7.jsonl"
    earlier = saved.read_bytes()
    second = run_toolkit("play", GAME, "--seed", "7", cwd=project, stdin="q\n")
    assert second.returncode == 0, second.stderr
    fresh = saved.with_name(f"{GAME}-seed-7-2.jsonl")
    assert f"transcript saved to {Path('build') / 'play' / fresh.name}" in second.stdout
    assert saved.read_bytes() == earlier
    assert fresh.read_bytes().startswith(b'{"type": "game"') and fresh.read_bytes() != earlier
    again = run_toolkit("play", "--resume", fresh, cwd=project, stdin="q\n")
    assert again.returncode == 0, again.stderr  # a named file is the player's: saved in place
    assert sorted(p.name for p in saved.parent.iterdir()) == sorted([saved.name, fresh.name])


@pytest.mark.parametrize("name", ["con", "nul", "aux", "prn", "com1", "lpt9", "CON", "Nul"])
def test_new_refuses_a_name_a_common_file_system_cannot_hold(project: Path, name: str) -> None:
    before = files_of(project)
    result = run_toolkit("new", name, "--family", "draft", cwd=project)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "usage error: game id" in result.stderr and "device" in result.stderr
    assert files_of(project) == before


def test_outputs_of_the_users_choosing_and_runs_over_the_toolkits_own_output_work(
    project: Path, tmp_path: Path
) -> None:
    """An --out folder or file outside the project, a run again over it, and the same for the
    default paths inside the project."""
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    for _ in range(2):
        printed = run_toolkit("print", GAME, "--only", "attractions", "--out",
                              outside / "cards.pdf", cwd=project)  # fmt: skip
        assert printed.returncode == 0, printed.stderr
        exported = run_toolkit("export", GAME, "--to", "csv", "--out", outside / "csv",
                               cwd=project)  # fmt: skip
        assert exported.returncode == 0, exported.stderr
        assert (outside / "csv" / OUTPUT_MARK).is_file()
        by_default = run_toolkit("export", GAME, "--to", "csv", cwd=project)
        assert by_default.returncode == 0, by_default.stderr
        simulated = run_toolkit("simulate", GAME, "--games", "2", "--transcript",
                                outside / "run.jsonl", cwd=project)  # fmt: skip
        assert simulated.returncode == 0, simulated.stderr
    assert (outside / "cards.pdf").read_bytes().startswith(b"%PDF-")
    assert sorted(p.name for p in (project / "build").iterdir()) == [f"{GAME}-csv"]


def test_a_saved_position_is_yaml_yet_never_lands_in_the_games_folders_or_on_a_designers_file(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A position is YAML by nature, so its name may end in `.yaml`; what protects a designer's
    file is the start a position the toolkit wrote has, and `rules/`, `cards/` and `print/`
    stay refused."""
    from toolkit.engine.position_save import MADE
    from toolkit.files import FileRefused, check_output

    monkeypatch.chdir(project)
    (project / "build").mkdir()
    check_output(Path("build/p.yaml"), made=MADE, yaml=True)  # new: fine
    (project / "build" / "mine.yaml").write_text("my: notes\n", encoding="utf-8")
    for path in (f"cards/{GAME}/p.yaml", "rules/p.yaml", "build/mine.yaml"):
        with pytest.raises(FileRefused):
            check_output(Path(path), made=MADE, yaml=True)
    with pytest.raises(FileRefused):  # an output that is no YAML keeps the suffix rule
        check_output(Path("build/p.yaml"), made=MADE)
