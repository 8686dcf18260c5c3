"""Printed cards can be read: contrast of text and icons, colours told apart, no empty badges.

Each visual promise is checked on what is printed: the PDF's pages rendered to pixels, or
the warnings `print` and `validate` give through the command line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pypdfium2
import pytest
from entry_point import run_toolkit
from shipped_project import copy_project

from toolkit.content.contrast import clashes, parse, ratio, simulate


def test_wcag_ratio_and_the_issue_figures() -> None:
    assert ratio(parse("#ffffff"), parse("#000000")) == pytest.approx(21.0)
    assert ratio(parse("#ffffff"), parse("#e8b923")) == pytest.approx(1.84, abs=0.01)
    assert ratio(parse("#d98e04"), parse("#fdf8ec")) == pytest.approx(2.53, abs=0.01)


def test_colour_blind_simulation_merges_red_and_green() -> None:
    red = parse("#c0392b")
    assert simulate(red, "deuteranopia") != red
    found = clashes([("star", "#c0392b"), ("kelp", "#27864a")])
    assert found and found[0].vision == "deuteranopia"
    assert not clashes([("black", "#000000"), ("white", "#ffffff")])


def _pixels(pdf: Path, page: int, dpi: int = 50) -> object:
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        return document[page].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()


def test_shipped_games_print_without_contrast_warnings(tmp_path: Path) -> None:
    for game in ("oh-my-park", "lantern-routes"):
        result = run_toolkit("print", game, "--out", tmp_path / f"{game}.pdf")
        assert result.returncode == 0, result.stderr
        assert "0 warnings" in result.stdout and "contrast" not in result.stderr


def test_low_contrast_is_a_warning_in_print_and_validate(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "p")
    manifest = project / "rules" / "oh-my-park.yaml"
    manifest.write_text(manifest.read_text().replace("#b58f08", "#e8b923"))
    printed = run_toolkit(
        "print", "oh-my-park", "--only", "park-cards", "--out", tmp_path / "o.pdf", cwd=project
    )
    assert printed.returncode == 0
    assert "element 'number': text #ffffff on #e8b923 has contrast 1.84:1" in printed.stderr
    checked = run_toolkit("validate", "oh-my-park", cwd=project)
    assert checked.returncode == 0
    assert "warning[low-contrast]" in checked.stdout and "1.84:1" in checked.stdout
    assert run_toolkit("validate", "oh-my-park", "--strict", cwd=project).returncode == 1


def test_alike_colours_are_a_warning_naming_the_vision(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "p")
    manifest = project / "rules" / "lantern-routes.yaml"
    manifest.write_text(manifest.read_text().replace("#30a25a", "#2e8b57"))
    checked = run_toolkit("validate", "lantern-routes", cwd=project)
    assert "warning[colours-alike]" in checked.stdout
    assert "'crimson' and 'jade' are hard to tell apart with deuteranopia" in checked.stdout


def test_tide_pool_crabs_have_no_empty_badge_and_one_name(tmp_path: Path) -> None:
    out = tmp_path / "crab.pdf"
    assert (
        run_toolkit(
            "print", "tide-pool-market", "--only", "crab-1", "--profile", "print-shop", "--out", out
        ).returncode
        == 0
    )
    document = pypdfium2.PdfDocument(str(out))
    text = document[0].get_textpage().get_text_range()
    document.close()
    assert text.count("Hermit crab") == 1
    image = _pixels(out, 0, 72)
    badge = image.crop((30, 80, 150, 130))  # where the pale badge was drawn
    assert {colour for _, colour in badge.getcolors(1 << 20)} <= {image.getpixel((10, 150))}


def test_midway_coins_suit_icon_is_a_coin_not_a_ring(tmp_path: Path) -> None:
    out = tmp_path / "coins.pdf"
    assert (
        run_toolkit(
            "print", "midway-memories", "--only", "coins", "--profile", "print-shop", "--out", out
        ).returncode
        == 0
    )
    image = _pixels(out, 0, 72)
    icon = image.crop((12, 12, 38, 38))
    golden = sum(n for n, (r, _, b) in icon.getcolors(1 << 20) if r > 150 and b < 90)
    assert golden > 50  # the coin's gold face, not a white disc in a grey ring


def test_report_sources_naming_two_colours_get_colours_of_their_own() -> None:
    from toolkit.content.contrast import DISTINCT, VISIONS, difference
    from toolkit.sim.report_style import source_colours

    park = {"Blue": "#2f6fb5", "Red": "#c8372d", "Yellow": "#b58f08", "Purple": "#794794"}
    labels = ["Blue-red pairs", "Blue-purple pairs", "Yellow-purple pairs", "Blue cards"]
    fills = [colour.fill.rgb() for colour in source_colours(labels, park)]
    for i, a in enumerate(fills):
        for b in fills[i + 1 :]:
            assert difference(a, b) >= DISTINCT
            for vision in VISIONS:
                assert difference(simulate(a, vision), simulate(b, vision)) >= DISTINCT


def test_the_queen_of_anvils_is_marked_on_its_own_card(tmp_path: Path) -> None:
    out = tmp_path / "anvils.pdf"
    printed = run_toolkit(
        "print",
        "cinder-tricks",
        "--only",
        "anvils-Q,anvils-K",
        "--profile",
        "print-shop",
        "--backs",
        "none",
        "--out",
        out,
    )
    assert printed.returncode == 0, printed.stderr
    document = pypdfium2.PdfDocument(str(out))
    queen, king = (document[i].get_textpage().get_text_range() for i in range(2))
    document.close()
    assert "This card: 13 penalty points" in queen
    assert "This card" not in king


def test_print_shop_pngs_carry_their_dpi(tmp_path: Path) -> None:
    from PIL import Image

    out = tmp_path / "png"
    result = run_toolkit(
        "export",
        "oh-my-park",
        "--to",
        "png",
        "--preset",
        "thegamecrafter",
        "--only",
        "B7",
        "--out",
        out,
    )
    assert result.returncode == 0, result.stderr
    [front] = (out / "park-card").glob("B7.png")
    with Image.open(front) as image:
        assert image.size == (825, 1125)
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


@pytest.mark.parametrize("family", ["draft", "draw-and-play"])
def test_new_games_print_and_validate_without_contrast_warnings(
    tmp_path: Path, family: str
) -> None:
    assert run_toolkit("new", "night-market", "--family", family, cwd=tmp_path).returncode == 0
    checked = run_toolkit("validate", "--strict", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout
    printed = run_toolkit("print", "night-market", cwd=tmp_path)
    assert printed.returncode == 0 and "0 warnings" in printed.stdout, printed.stderr


def test_every_drawn_icon_has_its_colour_in_the_table_validate_reads() -> None:
    from toolkit.pnp import icon_specs, icons

    assert set(icons.ICONS) == set(icon_specs.DEFAULT_COLOURS)
    assert set(icons.ICONS) >= icon_specs.OUTLINED


def test_validate_and_print_find_the_same_faint_cards(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "p")
    manifest = project / "rules" / "lantern-routes.yaml"
    manifest.write_text(manifest.read_text().replace("#be7600", "#d98e04"))
    printed = run_toolkit("print", "lantern-routes", "--out", tmp_path / "o.pdf", cwd=project)
    checked = run_toolkit("validate", "lantern-routes", "--format", "json", cwd=project)
    in_print = {line.removeprefix("warning: ") for line in printed.stderr.splitlines()}
    in_validate = {d["message"] for d in json.loads(checked.stdout) if d["code"] == "low-contrast"}
    assert in_print and in_print == in_validate
    assert any("amber-pledge-1, element 'corner'" in m for m in in_validate)


def test_the_draft_templates_points_icon_stands_out_from_its_badge(tmp_path: Path) -> None:
    assert run_toolkit("new", "night-market", "--family", "draft", cwd=tmp_path).returncode == 0
    out = tmp_path / "berry.pdf"
    printed = run_toolkit(
        "print",
        "night-market",
        "--only",
        "berry-1-1",
        "--profile",
        "print-shop",
        "--backs",
        "none",
        "--out",
        out,
        cwd=tmp_path,
    )
    assert printed.returncode == 0, printed.stderr
    image = _pixels(out, 0, 72)
    badge = image.crop((30, 80, 150, 130))  # the value badge: "1" and the points icon
    colours = sorted(badge.getcolors(1 << 20), reverse=True)
    ground = tuple(c / 255 for c in colours[0][1])
    points_purple = parse("#7d3c98")
    assert ratio(ground, points_purple) >= 3.0


def test_a_new_game_beside_older_print_defaults_is_made_and_warned_about(tmp_path: Path) -> None:
    defaults = tmp_path / "print" / "shared" / "defaults.yaml"
    defaults.parent.mkdir(parents=True)
    shipped = (Path(__file__).parent.parent / "print" / "shared" / "defaults.yaml").read_text()
    defaults.write_text(shipped.replace('colour: "#5f5f5f"', 'colour: "#8a8a8a"'))
    made = run_toolkit("new", "night-market", "--family", "draft", cwd=tmp_path)
    assert made.returncode == 0
    assert "element 'card_label': text #8a8a8a" in made.stderr
    assert (tmp_path / "rules" / "night-market.yaml").is_file()


def test_pledge_corners_print_a_multiplication_sign_not_a_letter(tmp_path: Path) -> None:
    out = tmp_path / "pledge.pdf"
    printed = run_toolkit(
        "print",
        "lantern-routes",
        "--only",
        "amber-pledge-1",
        "--profile",
        "print-shop",
        "--backs",
        "none",
        "--out",
        out,
    )
    assert printed.returncode == 0, printed.stderr
    document = pypdfium2.PdfDocument(str(out))
    words = document[0].get_textpage().get_text_range().split()
    document.close()
    assert words.count("\u00d7") == 2 and "x" not in words


def test_report_sources_past_the_neutral_colours_still_differ() -> None:
    from toolkit.content.contrast import DISTINCT, difference
    from toolkit.sim.report_style import source_colours

    market = {
        "Hermit crab": "#c34c09",
        "Sea star": "#a83527",
        "Kelp": "#0b7f4e",
        "Shell": "#b28e5d",
        "Pearl": "#8994aa",
        "Oyster": "#5d6d7e",
        "Moon lantern": "#c28903",
        "Coral": "#eb662f",
        "Teal": "#138d90",
        "Sand": "#d8b26e",
    }
    labels = ["Crabs", "Most sea stars", "Kelp", "Shell sets", "Pearls in oysters"]
    labels += ["Most lanterns", "Lanterns"]
    fills = [colour.fill.rgb() for colour in source_colours(labels, market)]
    for i, a in enumerate(fills):
        for b in fills[i + 1 :]:
            assert difference(a, b) >= DISTINCT, (a, b)
