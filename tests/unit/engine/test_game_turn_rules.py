"""Games under issue 26's turn rules (engine/game.py playing model/turns.after_roll roll by
roll): hand-worked turns for each rule on the tiny boards of tests/unit/model/test_turns.py
(an 8-square board, a 3-face die, a ladder 2→5 and a chute 7→3 unless told), their words in
the log, and saves of every rule's games: round trips, and hostile saves refused in one line."""

import json

import numpy as np
import pytest

from chutes_tui.engine.game import Game
from chutes_tui.engine.review import Review, check_replay, play_on
from chutes_tui.io.boardfile import format_toml, parse_toml
from chutes_tui.io.saves import SaveError, parse_save, read_save
from chutes_tui.model.players import default_players
from chutes_tui.model.turns import PieceState
from tests.unit.model.test_turns import CASES, tiny
from tests.unit.sim.test_simulate_turn_rules import RULES


def two(board, seed=1):
    return Game.new(board, default_players(2), seed=seed)


def test_a_streak_too_long_is_penalised_and_logged():
    game = two(tiny(extra_roll=True, streak_limit=2, streak_penalty="start"))
    game.roll([1])  # Robo: 0 → 1
    game.roll([2])  # Ada: 0 → 2 ladder → 5
    turn = game.roll([3, 3])  # Robo: 1 → 4 on a top face, then a second 3: back to the start
    assert turn.faces == (3, 3) and [m.final for m in turn.rolls] == [4]
    assert turn.penalty == 0 and turn.final == 0 and game.positions == [0, 5]
    assert turn.describe("Robo") == "Robo rolled 3: 1 → 4, then rolled 3: two threes: back to 0"
    forfeit = two(tiny(extra_roll=True, streak_limit=2))
    forfeit.roll([1])
    forfeit.roll([1])
    assert forfeit.roll([3, 3]).final == 1  # a forfeit: back to where the turn began
    assert forfeit.penalties() == ((2, 1),)


def test_a_miss_turn_square_skips_the_next_turn():
    game = two(tiny(miss_turn=(4, 6)))
    for faces in ([1], [3], [3]):  # Robo 0 → 1, Ada 0 → 3, Robo 1 → 4: misses his next turn
        turn = game.roll(faces)
    assert turn.end == PieceState(4, miss=True) and game.piece_states() == (
        PieceState(4, True),
        PieceState(3),
    )
    assert turn.describe("Robo") == "Robo rolled 3: 1 → 4, and misses the next turn"
    game.roll([2])  # Ada 3 → 5
    skipped = game.roll([])  # Robo rolls nothing
    assert skipped.skipped and skipped.faces == () and skipped.rolls == () and skipped.final == 4
    assert skipped.describe("Robo") == "Robo misses a turn" and skipped.last_face is None
    assert game.piece_states() == (PieceState(4), PieceState(5)) and game.to_move == 1
    assert game.players[0].turns == 3  # a skipped turn is a turn


def test_a_piece_enters_only_on_its_faces_and_onto_the_entry_square():
    game = two(tiny(enter_faces=(3,)))
    turn = game.roll([1])
    assert turn.faces == (1,) and turn.rolls == () and turn.final == 0
    assert turn.describe("Robo") == "Robo rolled 1: does not enter"
    game.roll([2])
    assert game.roll([3]).final == 3 and game.roll([3]).final == 3
    onto = two(tiny(enter_faces=(3,), enter_square=2, extra_roll=True))
    turn = onto.roll([3, 1])  # placed on 2, its ladder to 5; a 3 is the top face: again, 5 → 6
    assert [(m.square, m.landing, m.final) for m in turn.rolls] == [(0, 2, 5), (5, 6, 6)]
    assert onto.positions == [6, 0]


def test_summed_rolls_move_once_by_the_total():
    game = two(tiny(extra_roll=True, sum_rolls=True))
    turn = game.roll([3, 3, 1])  # 7 in all: 0 → 7, its chute to 3
    assert len(turn.rolls) == 1 and (turn.rolls[0].roll, turn.final) == (7, 3)
    assert (
        turn.describe("Robo")
        == "Robo rolled 3 (3 so far), then rolled 3 (6 so far), then rolled 1, 7 in all: 0 → 7 chute → 3"
    )
    assert turn.last_face == 1


def test_a_throw_again_square_gives_another_roll():
    game = two(tiny(throw_again=(3, 4)))
    turn = game.roll([3, 1, 2])  # 0 → 3 (again), 3 → 4 (again), 4 → 6
    assert [m.final for m in turn.rolls] == [3, 4, 6] and game.to_move == 1
    assert turn.describe("Robo") == (
        "Robo rolled 3: 0 → 3 (throw again), then rolled 1: 3 → 4 (throw again), then rolled 2: 4 → 6"
    )


def test_the_goal_inside_the_board_wins_and_the_squares_past_it_are_ordinary():
    game = two(tiny(goal=6, jumps=((2, 5), (8, 3))))
    game.roll([2])  # Robo 0 → 2 ladder → 5
    game.roll([1])  # Ada 0 → 1
    assert game.roll([2]).final == 7 and not game.finished  # 7 lies past the goal: ordinary
    game.roll([1])  # Ada 1 → 2 ladder → 5
    assert game.roll([1]).final == 3  # 7 → 8 chute → 3
    game.roll([2])  # Ada 5 → 7
    game.roll([3])  # Robo 3 → 6: the goal
    assert game.finished and game.winner == 0 and game.positions[0] == 6
    assert game.history[-1].describe("Robo").endswith("— wins!")


def test_a_seeded_game_is_the_seeds_faces_through_the_rules():
    board = RULES["everything"]
    game = two(board, seed=11)
    game.play_out()
    dice = np.random.default_rng(11)  # the seed's faces, one per roll, fed to the rules by hand
    again = two(board, seed=99)
    for turn in game.history:
        assert again.roll(board.die.roll(dice) for _ in turn.faces) == turn
    assert again.positions == game.positions and again.winner == game.winner


def test_the_odds_come_from_the_extended_chain_a_turn_to_miss_included():
    """The live odds and each player's turns left under the turn rules: a piece with a turn to
    miss is the extended chain's state (s, True), one turn behind (s, False); the review's
    moments give the same positions."""
    from chutes_tui.analysis import build_chain
    from chutes_tui.analysis.multi import seat_odds
    from chutes_tui.analysis.single import moments_from

    board = tiny(miss_turn=(4, 6))
    game = two(board)
    for faces in ([1], [3], [3]):  # Robo 0 → 1, Ada 0 → 3, Robo 1 → 4: misses his next turn
        game.roll(faces)
    assert game.no_odds is None and game.odds_positions == (PieceState(4, True), 3)
    stats = game.stats()
    chain = build_chain(board)
    plain = moments_from(chain, chain.row(4))[0]
    assert stats.turns_left[0] == pytest.approx(plain + 1, abs=1e-12)  # the skipped turn
    expected = seat_odds(chain, (PieceState(4, True), 3), 1)
    assert stats.odds.win == pytest.approx(expected.win, abs=1e-12)
    plain_win = seat_odds(chain, (4, 3), 1).win[0]
    assert stats.odds.win[0] < plain_win - 0.01  # the missed turn costs Robo
    review = Review(game)
    assert review.moments[3].odds_positions == game.odds_positions
    assert review.work(3).odds.win == pytest.approx(stats.odds.win, abs=1e-12)


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_rules_games_survive_a_save(name, tmp_path):
    board = RULES[name]
    game = Game.new(board, default_players(3), seed=len(name))
    for _ in range(12):
        if not game.finished:
            game.roll()
    path = tmp_path / "game.json"
    game.save(path)
    loaded = Game.load(path)
    assert loaded.board == board
    assert [t.faces for t in loaded.history] == [t.faces for t in game.history]
    assert loaded.piece_states() == game.piece_states() and loaded.to_move == game.to_move
    assert check_replay(read_save(path)).matches
    assert Review(loaded).moments[-1].positions == tuple(game.positions)
    assert [t.faces for t in play_on(loaded, 6).history] == [t.faces for t in game.history[:6]]


def _saved(board, rolls, **extra):
    game = two(board)
    for faces in rolls:
        game.roll(faces)
    data = json.loads(game.save_text())
    data.update(extra)
    return data


def _load(data):
    return Game.from_saved(parse_save(data))


def test_a_penalty_and_a_skip_are_recorded_and_checked():
    data = _saved(tiny(extra_roll=True, streak_limit=2, miss_turn=(4,)), [[1], [3, 1], [3, 3]])
    assert data["rolls"] == [[1], [3, 1], [3, 3]] and data["penalties"] == [[2, 1]]
    assert _load(data).penalties() == ((2, 1),)
    data = _saved(tiny(miss_turn=(4,)), [[1], [3], [3], [1], [], [1]])
    assert data["rolls"][4] == [] and "penalties" not in data
    assert _load(data).history[4].skipped


MISS, STREAK = tiny(miss_turn=(4,)), tiny(extra_roll=True, streak_limit=2)
HOSTILE = [  # the board, the turns played, the turns the save is made to record, other fields
    (MISS, [[1], [3], [3], [1], []], [[1], [3], [3], [1], [2]], {}, "rolls[4]: that turn is skipped"),
    (tiny(), [[1]], [[1], []], {}, "rolls[1] records a turn without rolls"),
    (MISS, [[1]], [[1], []], {}, "rolls[1]: fewer rolls than the rules need"),
    (
        tiny(extra_roll=True),
        [[1]],
        [[1]],
        {"penalties": [[0, 0]]},
        "penalties: the saved board has no streak",
    ),
    (STREAK, [[1]], [[1]], {"penalties": [[0, 0]]}, "penalties: rolls[0] make no penalty to square 0"),
    (STREAK, [[3, 3]], [[3, 3]], {"penalties": []}, "rolls[0] make a penalty to square 0 the save does not"),
    (STREAK, [[1]], [[1]], {"penalties": [[5, 0]]}, "penalties[0]'s turn must be a whole number 0..0"),
    (STREAK, [[1]], [[1]], {"penalties": [[0]]}, "penalties[0] must be a pair [turn, square]"),
    (
        STREAK,
        [[1], [1]],
        [[1], [1]],
        {"penalties": [[1, 0], [0, 0]]},
        "penalties[1]: the turns must be in order",
    ),
]


@pytest.mark.parametrize(("board", "played", "rolls", "extra", "words"), HOSTILE)
def test_hostile_saves_get_one_clear_line(board, played, rolls, extra, words):
    data = _saved(board, played)
    data["rolls"] = rolls
    data.update(extra)
    if "penalties" in data and not data["penalties"]:
        del data["penalties"]  # an empty list is what older saves mean by none
    with pytest.raises(SaveError) as raised:
        _load(data)
    assert words in str(raised.value) and "\n" not in str(raised.value)


def test_the_cases_cover_the_boards_of_the_model_tests():
    assert set(RULES) <= set(CASES)


def test_a_board_with_the_turn_rules_is_written_whole_and_read_back():
    board = RULES["everything"]
    text = format_toml(board)
    for line in ("goal = 7", "sum_rolls = true", "streak_limit = 3", 'streak_penalty = "start"'):
        assert f"\n{line}\n" in text
    assert parse_toml(text) == board  # a save's board and a user's board file alike


@pytest.mark.parametrize(
    ("written", "tampered", "words"),
    [
        ("streak_limit = 2", "streak_limit = 1", "a streak limit of 1 would end every turn"),
        ("miss_turn = [4]", "miss_turn = [6]", "the miss-turn square 6 is the goal"),
        ("goal = 6", "goal = 99", "the goal 99 must lie past the start square"),
    ],
)
def test_a_saved_boards_hostile_turn_rule_is_refused_in_one_line(written, tampered, words):
    board = tiny(goal=6, jumps=((2, 5), (8, 3)), extra_roll=True, streak_limit=2, miss_turn=(4,))
    data = _saved(board, [[1]])
    assert f"\n{written}\n" in data["board"]
    data["board"] = data["board"].replace(written, tampered)
    with pytest.raises(SaveError) as raised:
        parse_save(data)
    assert str(raised.value).startswith("the saved board is invalid:") and words in str(raised.value)
    assert "\n" not in str(raised.value)
