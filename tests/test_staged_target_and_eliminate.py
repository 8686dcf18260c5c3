"""Choosing another player (`target`) and putting a player out of the round (`eliminate`), as
the duel template uses them: the mover chooses among the others still in that `where` allows,
`who: target` names the chosen seat in stages, moves and checks, no candidate runs
`otherwise`, a player put out takes no more turns and is passed over by `next`, and the
mistakes are refused at their line."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from entry_point import run_toolkit

from toolkit.engine.compiled import Game
from toolkit.engine.load import load_compiled_game
from toolkit.engine.position_load import state_from_text
from toolkit.kernel.events import RoundEnded
from toolkit.kernel.state import State
from toolkit.mechanics.staged.checks import seat_of
from toolkit.mechanics.staged.events import CardsMoved
from toolkit.mechanics.staged.moves import CardMove
from toolkit.mechanics.staged.moves_ask import AskMove
from toolkit.mechanics.staged.ops import Choose
from toolkit.mechanics.staged.target_events import PlayerOut, TargetChosen
from toolkit.mechanics.staged.targets import TargetMove
from toolkit.scaffold import new_game


def made(tmp_path: Path) -> Path:
    new_game(tmp_path, "keepers", "duel")
    return tmp_path / "rules" / "keepers.yaml"


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Game:
    _, compiled = load_compiled_game(str(made(tmp_path_factory.mktemp("duel"))))
    return compiled


def waiting_rule(game: Game, state: State) -> object:
    """The move template of the decision in play (None when it is no `choose`)."""
    op = game.mechanic.program[state.mech.pc]
    return op.rules[0] if isinstance(op, Choose) else None


def zone(game: Game, state: State, name: str, player: int) -> list[int]:
    return state.zones[game.zone(name).index][player]


def played(seed: int, players: int, game: Game) -> Iterator[tuple[State, int, int]]:
    """Every decision of a seeded random game: the state before it, the mover, the action."""
    state = game.new_state(seed, players)
    rng = random.Random(seed)
    for _ in range(game.mechanic.max_actions(players)):  # the game ends within its bound
        if state.terminal:
            return
        (player,) = state.to_move()
        action = rng.choice(state.legal_actions(player))
        yield state.clone(), player, action
        state.apply(player, action)
    raise AssertionError(f"seed {seed}: the game did not end within its action bound")


def at_target(game: Game, players: int, seed: int = 1) -> tuple[State, int]:
    """The first target decision of a seeded random game, and its mover."""
    for before, player, _ in played(seed, players, game):
        if isinstance(waiting_rule(game, before), TargetMove):
            return before, player
    raise AssertionError("no target decision")


def test_random_games_end_never_act_for_a_player_out_nor_choose_whom_where_refuses(
    game: Game,
) -> None:
    targets = outs = 0
    for seed in range(200):
        players = 2 + seed % 3
        for before, player, action in played(seed, players, game):
            folded = before.mech.wager.folded
            assert not folded[player] and not before.mech.finished[player]
            rule = waiting_rule(game, before)
            if isinstance(rule, TargetMove):
                chosen = action - rule.base
                assert chosen != player and not folded[chosen]
                assert not zone(game, before, "veil", chosen)  # a veiled keeper is never chosen
                allowed = {
                    s
                    for s in range(players)
                    if s != player and not folded[s] and not zone(game, before, "veil", s)
                }
                assert {a - rule.base for a in before.legal_actions(player)} == allowed
                targets += 1
            after = before.clone()
            logged = len(after.log)
            after.apply(player, action)
            outs += sum(1 for e in after.log[logged:] if isinstance(e, PlayerOut))
    assert targets > 500 and outs > 200


def test_who_target_names_the_chosen_player_in_moves_and_narration(game: Game) -> None:
    for seed in range(40):
        state, player = at_target(game, 4, seed)
        card = state.shared[game.zone("loose").index][-1]
        if game.deck.fields["power"][card] == "seek":
            break
    rule = waiting_rule(game, state)
    assert isinstance(rule, TargetMove)
    chosen = max(a - rule.base for a in state.legal_actions(player))
    assert game.mechanic.describe_action(state, rule.base + chosen) == f"aim at player {chosen + 1}"
    logged = len(state.log)
    state.apply(player, rule.base + chosen)
    (event,) = [e for e in state.log[logged:] if isinstance(e, TargetChosen)]
    words = game.mechanic.narrate_event(event, None, None)  # type: ignore[arg-type]
    assert words is not None and list(words) == [
        f"  player {player + 1} chooses player {chosen + 1}"
    ]
    assert state.mech.target == chosen and seat_of("target", state, state.mech) == chosen
    asking = waiting_rule(game, state)
    assert isinstance(asking, AskMove)
    asked = {(a - asking.base) // asking.choices for a in state.legal_actions(player)}
    assert {(player + seat + 1) % 4 for seat in asked} == {chosen}  # only the target is asked
    words = game.mechanic.describe_action(state, state.legal_actions(player)[0])
    assert words.startswith("ask the chosen player for ")


def test_no_candidate_runs_otherwise_and_the_turn_goes_on(game: Game) -> None:
    power = game.deck.fields["power"]

    def plays_a_power(rule: object, action: int) -> bool:
        if not isinstance(rule, CardMove):
            return False
        card = (action - rule.base) // len(rule.targets)
        return power[card] not in ("veil", "dawn")

    before, player, action = next(
        (state, mover, action)
        for state, mover, action in played(3, 3, game)
        if plays_a_power(waiting_rule(game, state), action)
    )
    marsh = before.shared[game.zone("marsh").index]
    for other in range(3):  # every other keeper veiled: nobody may be chosen
        if other != player:
            zone(game, before, "veil", other).append(marsh.pop())
    logged = len(before.log)
    before.apply(player, action)
    assert not any(isinstance(e, TargetChosen) for e in before.log[logged:])
    assert before.to_move() != (player,)  # the power is lost; the next keeper plays


def test_a_player_put_out_takes_no_more_turns_and_next_passes_them_over(game: Game) -> None:
    for seed in range(60):
        state = game.new_state(seed, 4)
        rng = random.Random(seed)
        out: set[int] = set()
        while not state.terminal:
            (player,) = state.to_move()
            assert player not in out
            logged = len(state.log)
            state.apply(player, rng.choice(state.legal_actions(player)))
            events = state.log[logged:]
            if any(isinstance(e, RoundEnded) for e in events):
                out.clear()
                continue
            out |= {e.player for e in events if isinstance(e, PlayerOut)}
            if out and not state.terminal:
                after = seat_of("next", state, state.mech)
                assert after not in out
                if len(out) == 2:
                    return
    raise AssertionError("no round put two keepers out")


def test_the_out_check_reads_who_is_left(game: Game) -> None:
    for seed in range(20):
        for before, _, action in played(seed, 3, game):
            after = before.clone()
            logged = len(after.log)
            after.apply(after.to_move()[0], action)
            ended = any(isinstance(e, RoundEnded) for e in after.log[logged:])
            outs = [e.player for e in after.log[logged:] if isinstance(e, PlayerOut)]
            if ended and len(outs) + sum(before.mech.wager.folded) == 2:
                return  # two of three out: the turns ended at once
    raise AssertionError("no round ended with one keeper left")


def test_a_position_saved_at_or_after_a_choice_resumes(game: Game) -> None:
    from toolkit.engine.position_save import position_data, position_text

    state, player = at_target(game, 3)
    text = position_text(position_data(game, state, ()))
    again = state_from_text(game, text)
    assert again.legal_actions(player) == state.legal_actions(player)
    rule = waiting_rule(game, state)
    assert isinstance(rule, TargetMove)
    state.apply(player, state.legal_actions(player)[0])
    text = position_text(position_data(game, state, ()))
    assert "target:" in text
    again = state_from_text(game, text)
    assert again.mech.target == state.mech.target
    assert again.legal_actions(again.to_move()[0]) == state.legal_actions(state.to_move()[0])


def test_the_observation_says_who_is_chosen_and_who_is_out(game: Game) -> None:
    state, player = at_target(game, 3)
    state.apply(player, state.legal_actions(player)[0])
    seen = state.observation((player + 1) % 3)
    assert seen["target"] == state.mech.target
    assert seen["folded"] == state.mech.wager.folded


def replaced(tmp_path: Path, old: str, new: str) -> Path:
    manifest = made(tmp_path)
    text = manifest.read_text(encoding="utf-8")
    assert old in text
    manifest.write_text(text.replace(old, new, 1), encoding="utf-8")
    return manifest


def test_a_target_read_before_any_is_chosen_is_refused_at_its_line(tmp_path: Path) -> None:
    manifest = replaced(
        tmp_path,
        "{stage: move, from: marsh, to: hand, says:",
        "{stage: move, from: marsh, to: hand, who: target, says:",
    )
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    line = next(
        n for n, text in enumerate(manifest.read_text().splitlines(), 1) if "who: target" in text
    )
    assert f"keepers.yaml:{line}:" in result.stdout
    assert "no target can have been chosen here" in result.stdout
    assert "choose one first" in result.stdout


def test_a_where_naming_an_unknown_zone_is_refused(tmp_path: Path) -> None:
    manifest = replaced(
        tmp_path, "where: {empty: veil, who: target}", "where: {empty: vail, who: target}"
    )
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "vail" in result.stdout and "veil" in result.stdout


def test_the_rule_book_reads_a_target_and_an_eliminate_without_says() -> None:
    from toolkit.mechanics.staged.structure import Check, EliminateStage, TargetStage
    from toolkit.mechanics.staged.words import check_words, stage_lines

    chosen = TargetStage.model_validate(
        {
            "stage": "target",
            "where": {"not": {"count": "veil", "at_least": 1, "who": "target"}},
            "then": [{"stage": "eliminate", "who": "target"}],
        }
    )
    assert stage_lines([chosen], {}) == [
        "Choose another player still in for whom not (the chosen player's veil holds at least "
        "1 cards):",
        "  The chosen player is out of the round.",
    ]
    assert stage_lines([EliminateStage.model_validate({"stage": "eliminate"})], {}) == [
        "You are out of the round."
    ]
    assert check_words(Check.model_validate({"out": "all_but_one"})) == "one player is left in"


def test_the_observation_vector_says_who_is_chosen(game: Game) -> None:
    from toolkit.interop.encoding import Encoder
    from toolkit.interop.match import Match

    encoder = Encoder(Match(game, players=3))
    (offset, block) = next((at, b) for at, b in encoder.layout() if b.name == "target")
    state, player = at_target(game, 3)
    assert not encoder.encode(state, player)[offset : offset + block.size].any()
    state.apply(player, state.legal_actions(player)[0])
    for seat in range(3):
        written = encoder.encode(state, seat)[offset : offset + block.size]
        assert list(written.nonzero()[0]) == [(state.mech.target - seat) % 3]


def test_an_award_never_goes_to_a_player_out(game: Game) -> None:
    from toolkit.mechanics.staged.ops import Award

    award = next(op for op in game.mechanic.program if isinstance(op, Award))
    state = game.new_state(1, 3)
    glow = game.deck.fields["glow"]
    bright, dim = max(range(game.deck.size), key=glow.__getitem__), 0
    clearing = state.shared[game.zone("clearing").index]
    for pile in (*state.shared, *(z[p] for z in state.zones for p in range(3))):
        for card in (bright, dim):
            if card in pile:
                pile.remove(card)
    clearing[:] = [bright, dim]
    state.mech.placed_by[bright], state.mech.placed_by[dim] = 0, 1
    state.mech.wager.folded[0] = True  # the keeper of the brighter spirit is out
    award.run(game.mechanic, state, state.mech)
    assert state.mech.winner == 1


def test_a_search_bot_chooses_only_keepers_it_may_and_plays_to_the_end(game: Game) -> None:
    from toolkit.agents import make_bot

    state = game.new_state(4, 3)
    bots = [make_bot("ismcts:20", 4, game), make_bot("random", 5), make_bot("random", 6)]
    chosen = 0
    while not state.terminal:
        (player,) = state.to_move()
        action = bots[player].choose(state, player)
        assert action in state.legal_actions(player)
        chosen += isinstance(waiting_rule(game, state), TargetMove) and player == 0
        state.apply(player, action)
    assert chosen > 0


def test_terminal_play_lists_each_keeper_to_choose_by_seat(tmp_path: Path) -> None:
    from toolkit.play.session import Session
    from toolkit.play.views import Views, ordered_moves
    from toolkit.record.transcripts import LoadedGame

    loaded = LoadedGame.load(str(made(tmp_path)))
    state, player = at_target(loaded.game, 4)
    session = Session(loaded, seed=1, players=4, seat=player, bots=["random"] * 4)
    view = Views(session, plain=True)
    view.session.state = state
    rule = waiting_rule(loaded.game, state)
    assert isinstance(rule, TargetMove)
    legal = ordered_moves(state.legal_actions(player))
    assert view.move_texts(legal) == [f"aim at player {a - rule.base + 1}" for a in legal]


PAD = " " * 36
GLEAM = (
    f"{PAD}- {{stage: move, from: hand, to: clearing, who: target,"
    ' says: "the keeper shows their spirit to all,"}\n'
    f"{PAD}- {{stage: move, from: clearing, to: hand, who: target,"
    ' says: "and takes it back."}\n'
)
ROB = (
    f"{PAD}- stage: choose\n"
    f"{PAD}  moves:\n"
    f"{PAD}    - {{move: take, from: hand, from_who: target, to: hand}}\n"
    f"{PAD}- {{stage: effects, who: target,"
    " effects: [{effect: gain, resource: lanterns, amount: 1}]}\n"
)


def test_a_move_takes_from_the_target_and_effects_reach_them(tmp_path: Path) -> None:
    manifest = replaced(tmp_path, GLEAM, ROB)
    assert run_toolkit("validate", manifest).returncode == 0
    robbed = load_compiled_game(str(manifest))[1]
    lanterns = robbed.resource_index("lanterns")
    power = robbed.deck.fields["power"]
    for before, player, action in played(2, 3, robbed):
        rule = waiting_rule(robbed, before)
        if not isinstance(rule, TargetMove):
            continue
        if power[before.shared[robbed.zone("loose").index][-1]] != "gleam":
            continue
        chosen = action - rule.base
        theirs = list(zone(robbed, before, "hand", chosen))
        before.apply(player, action)
        take = waiting_rule(robbed, before)
        offered = before.legal_actions(player)
        assert [robbed.mechanic.codec.card_part(a)[0] for a in offered] == theirs  # type: ignore[index]
        held = before.res[chosen][lanterns]
        logged = len(before.log)
        before.apply(player, offered[0])
        events = before.log[logged:]
        if any(isinstance(e, RoundEnded) for e in events):
            continue  # the round's lantern would blur the count
        taken = events[0]
        assert isinstance(taken, CardsMoved) and isinstance(take, CardMove)
        assert (taken.player, taken.cards, taken.owner) == (player, (theirs[0],), player)
        assert before.res[chosen][lanterns] == held + 1
        return
    raise AssertionError("no glow-worm set loose")


def test_who_any_lets_the_chooser_choose_themselves(tmp_path: Path) -> None:
    manifest = replaced(
        tmp_path, "decision: aim_at\n", "decision: aim_at\n                          who: any\n"
    )
    anyone = load_compiled_game(str(manifest))[1]
    state, player = at_target(anyone, 3)
    rule = waiting_rule(anyone, state)
    assert isinstance(rule, TargetMove)
    assert player in [a - rule.base for a in state.legal_actions(player)]


def test_an_out_check_where_nothing_puts_a_player_out_is_refused(tmp_path: Path) -> None:
    manifest = replaced(tmp_path, '{stage: eliminate, says: "and you are out."}', "{stage: finish}")
    text = manifest.read_text(encoding="utf-8")
    for said in ('"and they are out."', '"its keeper is out."'):
        text = text.replace(f"stage: eliminate, who: target, says: {said}", "stage: finish")
    text = text.replace('{stage: eliminate, says: "its keeper is out."}', "{stage: finish}")
    manifest.write_text(text, encoding="utf-8")
    result = run_toolkit("validate", manifest)
    assert result.returncode == 1
    assert "'out' reads who is out of the round, but no stage puts a player out" in result.stdout
