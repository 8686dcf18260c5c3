"""Every file content names stays inside the project, is a regular file, and is checked first.

A manifest, a print layout, a variant or a card names other files: card files, layouts it
extends, templates, fonts, images. Content comes from people the toolkit must not trust, so a
path that leaves the project (`..`, an absolute path, a symlink out), a pipe, a device, a
symlink loop or a file that is not what it claims is a positioned error (file:line:col of the
value naming it, a hint, exit 1) for `validate` and `print` alike, and no byte of a file
outside the project reaches a PDF. A `--variant` given on the command line may live anywhere,
but must be a regular file (exit 2 otherwise).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
import reportlab
from entry_point import run_toolkit
from shipped_project import copy_project, edit

GAME = "midway-memories"
SECRET = "TOP-SECRET-0xC0FFEE"
MANIFEST = f"rules/{GAME}.yaml"
LAYOUT = f"print/{GAME}/layout.yaml"
DEFAULTS = "print/shared/defaults.yaml"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the shipped project in `tmp_path/game`, beside a secret file outside it."""
    folder = copy_project(tmp_path / "game")
    (tmp_path / "secret.txt").write_text(f"{SECRET}\n", encoding="utf-8")
    (tmp_path / "secret.yaml").write_text(f"kind: suits\ncards: [{{id: {SECRET}}}]\n")
    return folder


def replace(project: Path, relative: str, old: str, new: str) -> str:
    """Change one text in a project file; returns 'file:line:' of the changed line."""
    return f"{relative}:{edit(project / relative, old, new)}:"


def check_both(project: Path, code: str, where: str, *, variant: Path | None = None) -> str:
    """`validate` (`simulate` with a variant) and `print` both fail with `code` at `where`;
    no PDF carries the secret."""
    extra = ("--variant", str(variant)) if variant is not None else ()
    check = ("simulate", GAME, "--games", "1") if variant is not None else ("validate", GAME)
    validated = run_toolkit(*check, *extra, cwd=project)
    out = project / "out.pdf"
    printed = run_toolkit("print", GAME, "--out", str(out), *extra, cwd=project)
    for result in (validated, printed):
        text = result.stdout + result.stderr
        assert result.returncode == 1, text
        assert f"error[{code}]" in text, text
        assert where in text, text
        assert "hint:" in text, text
        assert SECRET not in text
    assert not out.exists() or SECRET.encode() not in out.read_bytes()
    return validated.stdout + validated.stderr


# -- paths a manifest names ---------------------------------------------------------------


def test_a_content_path_climbing_out_of_the_project_is_refused(project: Path) -> None:
    old = "file: ../cards/midway-memories/suits.yaml"
    where = replace(project, MANIFEST, old, "file: ../../secret.yaml")
    shown = check_both(project, "outside-project", where)
    assert "content file '../../secret.yaml' is outside the project folder" in shown


def test_an_absolute_content_path_is_refused(project: Path) -> None:
    secret = project.parent / "secret.yaml"
    old = "file: ../cards/midway-memories/suits.yaml"
    where = replace(project, MANIFEST, old, f"file: {secret}")
    check_both(project, "outside-project", where)


def test_a_content_symlink_leaving_the_project_is_refused(project: Path) -> None:
    suits = project / "cards" / GAME / "suits.yaml"
    suits.unlink()
    suits.symlink_to(project.parent / "secret.yaml")
    where = replace(project, MANIFEST, "suits.yaml", "suits.yaml")
    check_both(project, "outside-project", where)


def test_a_content_path_to_a_named_pipe_is_not_a_regular_file(project: Path) -> None:
    os.mkfifo(project / "cards" / GAME / "pipe.yaml")
    old = "file: ../cards/midway-memories/suits.yaml"
    where = replace(project, MANIFEST, old, "file: ../cards/midway-memories/pipe.yaml")
    shown = check_both(project, "not-a-file", where)
    assert "is not a regular file (a named pipe)" in shown


def test_a_content_path_to_dev_zero_is_refused_without_reading(project: Path) -> None:
    zero = project / "cards" / GAME / "zero.yaml"
    zero.symlink_to("/dev/zero")
    old = "file: ../cards/midway-memories/suits.yaml"
    where = replace(project, MANIFEST, old, "file: ../cards/midway-memories/zero.yaml")
    shown = check_both(project, "outside-project", where)
    assert "does not exist" not in shown


def test_a_content_symlink_loop_is_a_positioned_error(project: Path) -> None:
    loop = project / "cards" / GAME / "loop.yaml"
    loop.symlink_to("loop.yaml")
    old = "file: ../cards/midway-memories/suits.yaml"
    where = replace(project, MANIFEST, old, "file: ../cards/midway-memories/loop.yaml")
    shown = check_both(project, "file-unreadable", where)
    assert "cannot be resolved" in shown


def test_a_card_file_checked_alone_beside_a_symlink_loop_does_not_crash(project: Path) -> None:
    (project / "cards" / GAME / "loop.yaml").symlink_to("loop.yaml")
    (project / "rules" / "loop.yaml").symlink_to("loop.yaml")
    old = "file: ../cards/midway-memories/suits.yaml"
    replace(project, MANIFEST, old, "file: ../cards/midway-memories/loop.yaml")
    result = run_toolkit("validate", f"cards/{GAME}/attractions.yaml", cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_print_layout_outside_the_project_is_refused(project: Path) -> None:
    old = "  - ../print/midway-memories/layout.yaml"
    where = replace(project, MANIFEST, old, "  - ../../secret.txt")
    check_both(project, "outside-project", where)


def test_an_image_field_outside_the_project_is_refused(project: Path) -> None:
    replace(
        project,
        MANIFEST,
        "      flavour: {type: text, description: A line of flavour text for the card.}",
        "      flavour: {type: text, description: A line of flavour text for the card.}\n"
        "      art: {type: image, optional: true, description: The ride's picture.}",
    )
    attractions = f"cards/{GAME}/attractions.yaml"
    where = replace(
        project,
        attractions,
        "    name: Carousel\n",
        "    name: Carousel\n    art: ../../../secret.txt\n",
    )
    line = int(where.split(":")[1]) + 1
    shown = check_both(project, "outside-project", f"{attractions}:{line}:")
    assert "image '../../../secret.txt' is outside the project folder" in shown


# -- paths a print layout names ------------------------------------------------------------


def test_an_absolute_template_path_is_refused(project: Path) -> None:
    secret = project.parent / "secret.txt"
    where = replace(project, LAYOUT, "template: reference.md.j2", f"template: {secret}")
    shown = check_both(project, "outside-project", where)
    assert "template file" in shown


def test_a_template_path_climbing_out_of_the_project_is_refused(project: Path) -> None:
    where = replace(project, LAYOUT, "template: reference.md.j2", "template: ../../../secret.txt")
    check_both(project, "outside-project", where)


def test_a_template_symlink_leaving_the_project_is_refused(project: Path) -> None:
    (project / "print" / GAME / "link.md.j2").symlink_to(project.parent / "secret.txt")
    where = replace(project, LAYOUT, "template: reference.md.j2", "template: link.md.j2")
    check_both(project, "outside-project", where)


def test_a_template_path_to_a_named_pipe_is_not_a_regular_file(project: Path) -> None:
    os.mkfifo(project / "print" / GAME / "pipe.md.j2")
    where = replace(project, LAYOUT, "template: reference.md.j2", "template: pipe.md.j2")
    check_both(project, "not-a-file", where)


def test_an_extended_layout_outside_the_project_is_refused(project: Path) -> None:
    where = replace(project, LAYOUT, "extends: [../shared/defaults.yaml]", "extends: [/etc/passwd]")
    shown = check_both(project, "outside-project", where)
    assert "extended layout '/etc/passwd' is outside the project folder" in shown


def test_a_font_outside_the_project_is_refused(project: Path) -> None:
    shutil.copy(
        Path(reportlab.__file__).parent / "fonts" / "Vera.ttf", project.parent / "Outside.ttf"
    )
    where = replace(project, DEFAULTS, "regular: Vera.ttf", "regular: ../../../Outside.ttf")
    check_both(project, "outside-project", where)


def test_a_font_of_random_bytes_is_a_positioned_error(project: Path) -> None:
    (project / "print" / "shared" / "Fake.ttf").write_bytes(os.urandom(4096))
    where = replace(project, DEFAULTS, "regular: Vera.ttf", "regular: Fake.ttf")
    shown = check_both(project, "bad-font", where)
    assert "font 'Fake.ttf' is not a usable TrueType font" in shown


def test_a_template_syntax_error_points_at_the_template_line(project: Path) -> None:
    template = project / "print" / GAME / "reference.md.j2"
    lines = template.read_text(encoding="utf-8").splitlines()
    lines.insert(4, "{% for step in %}")
    template.write_text("\n".join(lines) + "\n", encoding="utf-8")
    shown = check_both(project, "template-syntax", f"print/{GAME}/reference.md.j2:5:")
    assert "template does not compile" in shown


# -- variants ------------------------------------------------------------------------------


def test_a_variant_that_is_a_device_is_a_usage_error() -> None:
    for command in (["print", GAME, "--out", "/dev/null"], ["simulate", GAME, "--games", "1"]):
        result = run_toolkit(*command, "--variant", "/dev/zero")
        assert result.returncode == 2, result.stdout + result.stderr
        assert "not a regular file (a device)" in result.stderr


def test_a_path_set_by_a_variant_is_confined_and_reported_at_the_variant(
    project: Path,
) -> None:
    variant = project.parent / "sneaky.yaml"  # outside the project: the user's own choice
    variant.write_text(
        "kind: variant\ngame: midway-memories\nname: sneaky\nset:\n"
        "  - path: game/card_kinds/suits/file\n    value: ../../secret.yaml\n",
        encoding="utf-8",
    )
    shown = check_both(project, "outside-project", "sneaky.yaml:6:12:", variant=variant)
    assert "content file '../../secret.yaml'" in shown


def test_a_variant_outside_the_project_is_the_users_choice(project: Path) -> None:
    variant = project.parent / "cheaper.yaml"
    variant.write_text(
        "kind: variant\ngame: midway-memories\nname: cheaper\nset:\n"
        "  - path: attractions/carousel/cost\n    value: 3\n",
        encoding="utf-8",
    )
    result = run_toolkit("validate", GAME, cwd=project)
    assert result.returncode == 0, result.stdout
    result = run_toolkit("simulate", GAME, "--games", "1", "--variant", str(variant), cwd=project)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_font_saved_again_is_parsed_again(tmp_path: Path) -> None:
    """`validate --watch` checks layouts again in the same process: a font that was good
    and is now broken is reported, not remembered as good."""
    from toolkit.pnp import fonts

    font = tmp_path / "Changing.ttf"
    font.write_bytes((Path(reportlab.__file__).parent / "fonts" / "Vera.ttf").read_bytes())
    assert fonts.register(font) == fonts.register(font)
    font.write_bytes(b"not a font at all")
    with pytest.raises(fonts.FontError):
        fonts.register(font)
