"""The staged `ask` move: ids bounded by the seats and the declared values, every match handed
over face up, a value asked for kept as known for the search bots' determinisation until the
asker is seen to part with it, and its mistakes refused at their line."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from entry_point import run_toolkit
from scenario_start import start

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.kernel.state import State

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "rules" / "tidewater-kin.yaml"


@pytest.fixture(scope="module")
def game() -> Game:
    _, compiled = load_compiled_game(str(MANIFEST))
    return compiled


def copy_game(tmp_path: Path, old: str = "", new: str = "") -> Path:
    """Tidewater Kin in a project of its own, with one text of its rules replaced."""
    (tmp_path / "rules").mkdir()
    text = MANIFEST.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "rules" / "tidewater-kin.yaml").write_text(text.replace(old, new, 1))
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "tidewater-kin", tmp_path / part / "tidewater-kin")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    return tmp_path / "rules" / "tidewater-kin.yaml"


def table(
    game: Game, state: State, hands: Sequence[Sequence[str]], shallows: Sequence[str]
) -> None:
    """Set every hand and the shallows (the last card on top); other cards leave play."""
    hand = game.zone("hand").index
    placed: list[int] = []
    for player, held in enumerate(hands):
        state.zones[hand][player] = [game.deck.index(card) for card in held]
        placed += state.zones[hand][player]
    state.shared[game.zone("shallows").index] = [game.deck.index(card) for card in shallows]
    placed += state.shared[game.zone("shallows").index]
    for held in state.zones[game.zone("home").index]:
        held.clear()
    state.out_of_play = [c for c in range(game.deck.size) if c not in placed]


def ask(game: Game, seat: int, choice: int) -> int:
    rule = game.mechanic.codec.rules[0]
    return rule.base + (seat - 1) * rule.choices + choice


def family(game: Game, cards: list[int]) -> list[str]:
    return [game.deck.fields["family"][card] for card in cards]


def everything(state: State) -> Counter[int]:
    found = Counter(c for zone in state.zones for cards in zone for c in cards)
    found.update(c for cards in state.shared for c in cards)
    found.update(state.out_of_play)
    return found


def test_the_ids_are_one_per_other_seat_and_value_of_the_declared_field(
    game: Game, tmp_path: Path
) -> None:
    rule = game.mechanic.codec.rules[0]
    assert rule.size == (5 - 1) * 28  # a named card: four other seats at most, 28 kin
    _, by_value = load_compiled_game(str(copy_game(tmp_path, "for: card", "for: value")))
    assert by_value.mechanic.codec.rules[0].size == (5 - 1) * 7  # seven families


def test_after_an_ask_every_determinised_world_gives_the_asker_a_card_of_that_value(
    game: Game,
) -> None:
    state = start(game, 3)
    many = ["otter-elder", "otter-mother", "crab-elder", "crab-mother", "seal-elder"]
    table(
        game,
        state,
        [["heron-elder", "gull-little"], ["gull-elder", *many], ["eel-elder", "eel-mother"]],
        ["seal-mother", "kingfisher-elder", "kingfisher-mother", "otter-father", "crab-father"],
    )
    state.apply(0, ask(game, 2, game.deck.index("heron-little")))  # a miss: fishes the crab
    assert state.to_move() == (1,)
    herons = {game.deck.index(c) for c in game.deck.ids if c.startswith("heron-")}
    rng = random.Random(4)
    where: Counter[int] = Counter()
    for _ in range(200):
        world = game.mechanic.determinize(state, 1, rng)
        theirs = world.zones[game.zone("hand").index][0]
        assert herons & set(theirs), "the asker holds a heron in every world"
        assert everything(world) == everything(state)  # no card made or lost
        assert world.zones[game.zone("hand").index][1] == state.zones[game.zone("hand").index][1]
        where.update(card for card in theirs if card in herons)
    assert len(where) >= 3  # any unseen heron, not always the true one
    # without the ask, most worlds give the asker no heron at all
    state.mech.claims[0].clear()
    plain = sum(
        bool(herons & set(game.mechanic.determinize(state, 1, rng).zones[0][0])) for _ in range(200)
    )
    assert plain < 120


def test_what_asking_showed_is_forgotten_once_play_makes_it_unsure(game: Game) -> None:
    state = start(game, 2)
    table(
        game,
        state,
        [["heron-elder", "gull-little"], ["gull-elder", "otter-elder"]],
        ["seal-mother", "crab-father", "eel-little"],
    )
    index = game.deck.index
    herons = frozenset(index(c) for c in game.deck.ids if c.startswith("heron-"))
    gulls = frozenset(index(c) for c in game.deck.ids if c.startswith("gull-"))
    hand = game.zone("hand").index
    state.apply(0, ask(game, 1, index("heron-little")))  # a miss: fishes the eel
    assert state.mech.claims[0] == [(hand, herons, True)]  # player 1 holds a heron
    assert state.mech.claims[1] == [(hand, frozenset({index("heron-little")}), False)]
    state.apply(1, ask(game, 1, index("gull-mother")))  # a miss: fishes the crab, unseen
    assert state.mech.claims[1] == [(hand, gulls, True)]  # the crab arrived unseen
    assert state.mech.claims[0] == [
        (hand, herons, True),
        (hand, frozenset({index("gull-mother")}), False),
    ]
    state.apply(0, ask(game, 1, index("gull-elder")))  # handed over in sight
    assert state.mech.claims[1] == []  # seen handing over their gull: unsure now
    assert state.mech.claims[0] == [
        (hand, herons, True),
        (hand, frozenset({index("gull-mother")}), False),
        (hand, gulls, True),
    ]


def test_a_player_asked_for_a_value_holds_none_of_it_in_every_world(tmp_path: Path) -> None:
    _, by_value = load_compiled_game(str(copy_game(tmp_path, "for: card", "for: value")))
    state = start(by_value, 3)
    table(
        by_value,
        state,
        [
            ["heron-elder", "gull-little"],
            ["gull-elder", "otter-elder", "crab-elder", "crab-mother", "seal-elder"],
            ["eel-elder", "eel-mother", "heron-mother", "heron-father"],
        ],
        ["seal-mother", "kingfisher-elder", "heron-little", "otter-father", "crab-father"],
    )
    rule = by_value.mechanic.codec.rules[0]
    state.apply(0, rule.base + rule.choices + rule.labels.index("heron"))  # player 3 gives 2
    state.apply(0, rule.base + rule.labels.index("gull"))  # player 2 gives theirs
    state.apply(0, rule.base + rule.choices + rule.labels.index("gull"))  # none: fishes
    assert state.to_move() == (1,)
    herons = {by_value.deck.index(c) for c in by_value.deck.ids if c.startswith("heron-")}
    rng = random.Random(2)
    for _ in range(100):
        world = by_value.mechanic.determinize(state, 1, rng)
        assert not herons & set(world.zones[by_value.zone("hand").index][2])
        assert everything(world) == everything(state)


def test_asking_for_a_value_takes_every_card_of_it_from_the_player_asked(tmp_path: Path) -> None:
    _, by_value = load_compiled_game(str(copy_game(tmp_path, "for: card", "for: value")))
    state = start(by_value, 2)
    table(
        by_value,
        state,
        [["heron-elder"], ["heron-mother", "heron-little", "gull-elder"]],
        ["seal-mother"],
    )
    rule = by_value.mechanic.codec.rules[0]
    legal = state.legal_actions(0)
    assert legal == [rule.base + rule.labels.index("heron")]  # only a family held
    state.apply(0, legal[0])
    hand = state.zones[by_value.zone("hand").index]
    assert family(by_value, hand[0]) == ["heron"] * 3
    assert family(by_value, hand[1]) == ["gull"]
    assert state.mech.got and state.to_move() == (0,)


def test_an_ask_naming_a_field_no_card_fills_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = copy_game(
        tmp_path, "                  field: family\n", "                  field: famliy\n"
    )
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "rules/tidewater-kin.yaml:" in result.stdout
    assert "famliy" in result.stdout and "did you mean 'family'?" in result.stdout


def test_an_ask_from_a_shared_zone_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = copy_game(
        tmp_path,
        "                  from: hand\n                  to: hand\n",
        "                  from: shallows\n                  to: hand\n",
    )
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "'shallows' is a shared zone; this needs a player zone" in result.stdout


def test_a_game_set_up_as_a_position_tracks_what_is_asked_from_then_on(game: Game) -> None:
    text = """\
kind: position
game: tidewater-kin
to_move: [1]
players:
  - {name: A, zones: {hand: [heron-elder, gull-little]}}
  - {name: B, zones: {hand: [gull-elder, otter-elder]}}
shared: {shallows: [seal-mother, crab-father]}
unseen: []
"""
    state = state_from_text(game, text)
    state.apply(0, ask(game, 1, game.deck.index("heron-little")))  # a miss: the crab
    (claim,) = state.mech.claims[0]
    assert family(game, sorted(claim[1])) == ["heron"] * 4 and claim[2]
    assert state.to_move() == (1,)


def test_the_rule_book_reads_an_ask_a_capture_and_complete_sets_without_says() -> None:
    from toolkit.mechanics.staged.structure import AskPlayer, CaptureBySum, Check, MoveStage
    from toolkit.mechanics.staged.words import check_words, move_words, stage_lines

    asked = AskPlayer.model_validate({"move": "ask", "field": "rank", "from": "hand", "to": "hand"})
    assert move_words(asked) == (
        "ask another player for a rank you hold: they give you every such card from their "
        "hand into your hand"
    )
    netted = CaptureBySum.model_validate(
        {"move": "capture", "from": "hand", "table": "pond", "to": "catch", "field": "weight"}
    )
    assert move_words(netted) == (
        "play a card from your hand and take cards of pond whose weight adds up to its own, "
        "into your catch; a card that takes nothing is laid on pond"
    )
    assert check_words(Check.model_validate({"got": False})) == "the ask or capture got nothing"
    laid = MoveStage.model_validate(
        {
            "stage": "move",
            "from": "hand",
            "to": "home",
            "count": "all",
            "sets": {"same": "family", "size": 4},
        }
    )
    assert stage_lines([laid], {}) == [
        "Move every card of a complete family (4 cards) from hand to home."
    ]


def test_a_saved_position_keeps_what_asking_showed(game: Game) -> None:
    from toolkit.engine.position_save import position_data, position_text

    state = start(game, 2)
    table(
        game,
        state,
        [["heron-elder", "gull-little"], ["gull-elder", "otter-elder"]],
        ["seal-mother", "crab-father", "eel-little"],
    )
    state.apply(0, ask(game, 1, game.deck.index("heron-little")))  # a miss
    text = position_text(position_data(game, state, ()))
    assert "asked:" in text and "holds: some" in text and "holds: none" in text
    again = state_from_text(game, text)
    assert again.mech.claims == state.mech.claims
    assert again.mech.got == state.mech.got


def test_every_player_sees_what_asking_showed(game: Game) -> None:
    state = start(game, 2)
    table(game, state, [["heron-elder"], ["gull-elder"]], ["seal-mother"])
    state.apply(0, ask(game, 1, game.deck.index("heron-little")))  # a miss
    herons = [c for c in game.deck.ids if c.startswith("heron-")]  # in deck order
    for viewer in (0, 1):
        asked = state.observation(viewer)["asked"]
        assert asked[0] == [{"zone": "hand", "holds": "some", "cards": herons}]
        assert asked[1] == [{"zone": "hand", "holds": "none", "cards": ["heron-little"]}]


def test_a_got_check_in_a_game_without_ask_or_capture_is_refused_at_its_line(
    tmp_path: Path,
) -> None:
    (tmp_path / "rules").mkdir()
    for part in ("cards", "print"):
        shutil.copytree(ROOT / part / "firefly-jars", tmp_path / part / "firefly-jars")
    shutil.copytree(ROOT / "print" / "shared", tmp_path / "print" / "shared")
    text = (ROOT / "rules" / "firefly-jars.yaml").read_text(encoding="utf-8")
    old = "when: {repeats: {zone: jar, field: glow}}"
    assert old in text
    (tmp_path / "rules" / "firefly-jars.yaml").write_text(text.replace(old, "when: {got: true}"))
    result = run_toolkit("validate", tmp_path / "rules" / "firefly-jars.yaml")
    assert result.returncode == 1
    assert "rules/firefly-jars.yaml:" in result.stdout
    assert "'got' reads the last ask or capture" in result.stdout
