"""The whole game on a virtual table: boards, the supply in bags or stacks, each player's
pieces in their colour, laid out for `--players`, read back from the files `toolkit export`
wrote: every picture named is in the export, no two pieces overlap, and the counts are the
rules' supply and the layout's markers per player."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from entry_point import run_toolkit
from PIL import Image
from shipped_project import copy_project

from toolkit.engine.load import load_valid_game
from toolkit.files import OUTPUT_MARK
from toolkit.pnp.export.table_layout import GAP, Item, Place, lay_out, overlapping
from toolkit.pnp.export.tts_pieces import BAG_MM, UNIT_MM

GAME = "midway-memories"
DPI = "20"


@cache
def supply() -> dict[str, int]:
    """What the rules put in the supply: each coin's name and count."""
    _, content = load_valid_game(GAME)
    return {
        f"{resource.name} {denomination.value}": denomination.count
        for resource in content.game.resources
        for denomination in resource.supply or ()
    }


@pytest.fixture(scope="module")
def tts(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("tts") / "table"
    result = run_toolkit(
        "export", GAME, "--to", "tts", "--players", "3", "--dpi", DPI, "--out", out
    )
    assert result.returncode == 0, result.stderr
    return out, result.stdout


@pytest.fixture(scope="module")
def ttp(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("ttp") / "package"
    result = run_toolkit(
        "export", GAME, "--to", "tabletop-playground", "--players", "2", "--dpi", DPI,
        "--out", out,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    return out, result.stdout


def _file(url: str, folder: Path) -> Path:
    path = Path(unquote(urlparse(url).path))
    assert path.parent == folder.resolve(), url
    assert path.is_file(), url
    return path


def _urls(state: object) -> list[str]:
    """Every image URL anywhere in a saved object."""
    if isinstance(state, dict):
        found = [v for k, v in state.items() if k.endswith("URL") and isinstance(v, str) and v]
        return found + [url for value in state.values() for url in _urls(value)]
    if isinstance(state, list):
        return [url for value in state for url in _urls(value)]
    return []


def _tts_footprint(state: dict, folder: Path) -> tuple[float, float]:
    """An object's size on the table in millimetres, from the save and its images."""
    scale = state["Transform"]
    if state["Name"] == "Custom_Board":
        image = Image.open(_file(state["CustomImage"]["ImageURL"], folder))
        longest = scale["scaleX"] * UNIT_MM
        ratio = image.height / image.width
        return (longest, longest * ratio) if ratio <= 1 else (longest / ratio, longest)
    if state["Name"] == "Bag":
        return BAG_MM, BAG_MM
    deck = next(iter(state["CustomDeck"].values()))
    sheet = Image.open(_file(deck["FaceURL"], folder))
    cell = sheet.width / deck["NumWidth"], sheet.height / deck["NumHeight"]
    return cell[0] / int(DPI) * 25.4, cell[1] / int(DPI) * 25.4


def test_tts_table_holds_the_board_the_supply_and_each_players_markers(
    tts: tuple[Path, str],
) -> None:
    folder, stdout = tts
    assert "4 decks, 1 board, 40 tokens in the supply, 27 player pieces for 3 players" in stdout
    save = json.loads((folder / f"{GAME}.json").read_text(encoding="utf-8"))
    assert save["SaveName"] == "Midway Memories, 3 players"
    objects = save["ObjectStates"]
    assert [o["Name"] for o in objects] == ["DeckCustom"] * 4 + ["Custom_Board"] + ["Bag"] * 6
    board = objects[4]
    assert board["Nickname"] == "Midway Memories \u2014 tracks"
    bags = {bag["Nickname"]: bag for bag in objects[5:]}
    coins = {name: len(bag["ContainedObjects"]) for name, bag in bags.items() if "Coins" in name}
    assert coins == {f"{name} \u00d7 {count}": count for name, count in supply().items()}
    markers = [bag for name, bag in bags.items() if name.startswith("Player")]
    assert [bag["Nickname"] for bag in markers] == [
        f"Player {n} marker \u00d7 9" for n in (1, 2, 3)
    ]  # the layout's markers_per_player, for the 3 players chosen (the game has up to 5)
    tints = [tuple(bag["ColorDiffuse"].values()) for bag in markers]
    assert tints[0] == pytest.approx((0xC0 / 255, 0x39 / 255, 0x2B / 255), abs=1e-3)
    assert len(set(tints)) == 3
    every = [token for bag in bags.values() for token in bag["ContainedObjects"]]
    assert {token["Name"] for token in every} == {"Custom_Token"}
    assert len({token["GUID"] for token in every}) == len(every) == 40 + 27
    coin = next(t for t in bags["Coins 1 \u00d7 25"]["ContainedObjects"])
    assert coin["Transform"]["scaleX"] == pytest.approx(18 / UNIT_MM, abs=1e-3)  # 18 mm


def test_tts_every_picture_named_is_in_the_export_and_cut_to_its_token(
    tts: tuple[Path, str],
) -> None:
    folder, _ = tts
    save = json.loads((folder / f"{GAME}.json").read_text(encoding="utf-8"))
    urls = _urls(save["ObjectStates"])
    files = {_file(url, folder).name for url in urls}
    written = {p.name for p in folder.iterdir() if p.name not in (OUTPUT_MARK, f"{GAME}.json")}
    assert files == written  # nothing named that is missing, nothing written unnamed
    coin = Image.open(folder / "token-coins-1.png")
    assert coin.mode == "RGBA"
    assert coin.getpixel((0, 0))[3] == 0  # transparent outside the coin: cut out round
    assert coin.getpixel((coin.width // 2, coin.height // 4))[3] == 255
    board = Image.open(folder / "board-track-board.png")
    assert board.mode == "RGB"
    assert board.width / board.height == pytest.approx(362.4 / 112.4, rel=0.02)


def test_tts_pieces_do_not_overlap(tts: tuple[Path, str]) -> None:
    folder, _ = tts
    save = json.loads((folder / f"{GAME}.json").read_text(encoding="utf-8"))
    places = []
    for index, state in enumerate(save["ObjectStates"]):
        width, depth = _tts_footprint(state, folder)
        move = state["Transform"]
        x, y = move["posX"] * UNIT_MM, move["posZ"] * UNIT_MM
        places.append(Place(f"{index} {state['Nickname']}", x, y, width, depth))
    assert overlapping(places) == []
    players = [p for p in places if "Player" in p.key]
    board = next(p for p in places if "tracks" in p.key)
    assert all(p.y < board.y for p in players)  # the players' places on the near side
    assert [p.x for p in players] == sorted(p.x for p in players)  # player 1 at the left


def test_tabletop_playground_templates_and_table_script(ttp: tuple[Path, str]) -> None:
    folder, stdout = ttp
    assert "Scripts/table.js lays out the table for 2 players" in stdout
    templates = {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in (folder / "Templates" / GAME).glob("*.json")
    }
    for template in templates.values():
        for key in ("FrontTexture", "BackTexture"):
            if template[key]:
                assert (folder / "Textures" / template[key]).is_file(), template[key]
    board = templates["board-track-board"]
    assert (board["Model"], board["CanStack"], board["Indices"]) == ("Square", False, [0])
    assert (board["Width"], board["Height"]) == pytest.approx((36.24, 11.24), abs=0.01)
    stacks = {t["CardNames"]["0"]: t for name, t in templates.items() if name.startswith("token")}
    assert {n: len(t["Indices"]) for n, t in stacks.items() if "Coins" in n} == supply()
    assert stacks["Coins 1"]["Model"] == "Round" and stacks["Coins 1"]["Width"] == 1.8
    markers = {n: t for n, t in stacks.items() if n.startswith("Player")}
    assert sorted(markers) == ["Player 1 marker", "Player 2 marker"]
    assert markers["Player 2 marker"]["PrimaryColor"] == {"R": 0x2E, "G": 0x6F, "B": 0xA7}
    assert all(len(t["Indices"]) == 9 and t["Model"] == "Square" for t in markers.values())
    script = (folder / "Scripts" / "table.js").read_text(encoding="utf-8")
    pieces = json.loads(script.split("const PIECES = ", 1)[1].split(";\n", 1)[0])
    ids = {t["GUID"]: t for t in templates.values()}
    assert {p["template"] for p in pieces} == set(ids)  # every template, each once
    places = [
        Place(p["name"], p["y"] * 10, p["x"] * 10, ids[p["template"]]["Width"] * 10,
              ids[p["template"]]["Height"] * 10)
        for p in pieces
    ]  # fmt: skip
    assert overlapping(places) == []
    assert [p["faceDown"] for p in pieces].count(True) == 4  # the four decks


def test_players_outside_the_game_or_for_a_format_without_a_table_are_usage_errors(
    tmp_path: Path,
) -> None:
    out = tmp_path / "table"
    result = run_toolkit("export", GAME, "--to", "tts", "--players", "6", "--out", out)
    assert result.returncode == 2
    assert "--players 6: Midway Memories is for 2 to 5 players" in result.stderr
    assert not out.exists()
    result = run_toolkit("export", GAME, "--to", "png", "--players", "3", "--out", out)
    assert result.returncode == 2
    assert "--players lays out a table: it is for tts and tabletop-playground" in result.stderr
    assert not out.exists()
    result = run_toolkit("export", GAME, "--to", "tts", "--dpi", "1200", "--out", out)
    assert result.returncode == 2  # the board at 1200 dpi: 17121 x 5310 px
    assert "a picture may have at most 24,000,000 pixels (memory): use --dpi 616" in result.stderr
    assert not out.exists()


def test_a_game_whose_layout_prints_no_board_gets_its_decks_and_a_note(
    tmp_path: Path,
) -> None:
    """A game that keeps tracks in its rules but whose layout draws no board (Lamplight
    Wagers without its `track-board` and `tokens` components): the table has its decks, and
    the export says what a `track-board` component would add."""
    project = copy_project(tmp_path / "project")
    layout = project / "print" / "lamplight-wagers" / "layout.yaml"
    text = layout.read_text(encoding="utf-8")
    layout.write_text(text[: text.index("  # The wager and tricks-taken tracks")], "utf-8")
    out = tmp_path / "table"
    result = run_toolkit(
        "export", project / "rules" / "lamplight-wagers.yaml", "--to", "tts", "--players", "4",
        "--dpi", "10", "--out", out,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "2 decks; copy lamplight-wagers.json" in result.stdout
    assert (
        "the rules have tracks (Wager, Tricks taken) but the print layout draws no board: a "
        "'track-board' component puts them on paper and on the table" in result.stdout
    )
    save = json.loads((out / "lamplight-wagers.json").read_text(encoding="utf-8"))
    assert [o["Name"] for o in save["ObjectStates"]] == ["DeckCustom"] * 2


def test_lamplight_wagers_table_has_its_track_board_and_a_marker_per_track(
    tmp_path: Path,
) -> None:
    out = tmp_path / "table"
    result = run_toolkit(
        "export", "lamplight-wagers", "--to", "tts", "--players", "4", "--dpi", "10",
        "--out", out,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "draws no board" not in result.stdout
    save = json.loads((out / "lamplight-wagers.json").read_text(encoding="utf-8"))
    names = [o["Name"] for o in save["ObjectStates"]]
    assert names.count("Custom_Board") == 1
    bags = [o for o in save["ObjectStates"] if o["Name"] == "Bag"]
    assert len(bags) == 4
    assert all(len(bag["ContainedObjects"]) == 2 for bag in bags)


def test_layout_rows_never_overlap_whatever_the_sizes() -> None:
    decks = [Item(f"deck {n}", 63.5 + n, 88.9) for n in range(7)]
    boards = [Item("wide", 900, 120), Item("square", 300, 300)]
    supply = [Item(f"coin {n}", 80, 80) for n in range(5)]
    players = [[Item(f"p{p} {k}", 40 + 30 * k, 60) for k in range(p % 3 + 1)] for p in range(6)]
    places = lay_out(decks, boards, supply, players)
    assert len(places) == 7 + 2 + 5 + sum(len(p) for p in players)
    assert overlapping(places) == []
    by_key = {p.key: p for p in places}
    assert by_key["deck 0"].y > by_key["wide"].y > by_key["square"].y > by_key["coin 0"].y
    near = max(by_key["p0 0"].box[3], by_key["p5 2"].box[3])
    assert near + GAP <= by_key["coin 0"].box[1] + 1e-9  # the players' row below the supply


def test_players_start_with_the_coins_the_rules_give_them_from_the_supply(
    tmp_path: Path,
) -> None:
    """Oh my park! gives each player 15 of its 84 coins: three players take 45."""
    out = tmp_path / "tts"
    result = run_toolkit(
        "export", "oh-my-park", "--to", "tts", "--players", "3", "--dpi", "10", "--out", out
    )
    assert result.returncode == 0, result.stderr
    assert "39 tokens in the supply, 45 player pieces for 3 players" in result.stdout
    save = json.loads((out / "oh-my-park.json").read_text(encoding="utf-8"))
    bags = {o["Nickname"]: len(o["ContainedObjects"]) for o in save["ObjectStates"][5:]}
    assert bags == {
        "Coins 1 \u00d7 39": 39,
        "Player 1: Coins 1 \u00d7 15": 15,
        "Player 2: Coins 1 \u00d7 15": 15,
        "Player 3: Coins 1 \u00d7 15": 15,
    }
    ttp = tmp_path / "ttp"
    result = run_toolkit(
        "export", "oh-my-park", "--to", "tabletop-playground", "--players", "2", "--dpi", "10",
        "--out", ttp,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    templates = ttp / "Templates" / "oh-my-park"
    supply = json.loads((templates / "token-coins-1.json").read_text(encoding="utf-8"))
    start = json.loads((templates / "token-coins-1-start.json").read_text(encoding="utf-8"))
    assert (len(supply["Indices"]), len(start["Indices"])) == (84 - 2 * 15, 15)
    script = (ttp / "Scripts" / "table.js").read_text(encoding="utf-8")
    pieces = json.loads(script.split("const PIECES = ", 1)[1].split(";\n", 1)[0])
    starts = [p["name"] for p in pieces if p["template"] == start["GUID"]]
    assert starts == ["token-coins-1-start, player 1", "token-coins-1-start, player 2"]
