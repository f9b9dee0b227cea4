"""Issue 27's decision rules: their rows (typed, read, written, refused in one line), and the
decision model (each option's outcomes), checked square by square against the rules by hand."""

from fractions import Fraction

import pytest

from chutes_tui.io.boardfile import format_toml, load_board, parse_toml
from chutes_tui.model.board import REACHED, Board, BoardError
from chutes_tui.model.decisions import (
    AfterRoll,
    check_decisions,
    choice_dice,
    outcomes,
    ranks,
    reached,
    step,
)
from chutes_tui.model.inputs import InputError
from chutes_tui.model.ruletable import AFTER_ROLL, DICE_CHOICE, PAWNS
from tests.efron import EFRON_DICE as EFRON


def test_dice_choice_is_typed_shown_and_read_one_way():
    kind = DICE_CHOICE.kind
    typed = kind.parse(" 4,4,0 / 3  3 ", "dice")
    assert typed == ((4, 4, 0), (3, 3))
    assert kind.parse(kind.text(typed), "dice") == typed
    assert kind.read(kind.json(typed), "dice_choice") == typed
    assert kind.parse("", "dice") == ()


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (3, "must be a list of dice, each a list of faces, not"),
        ([3, 4], "must be a list of dice"),
        ([[1]] * 9, "at most 8 dice to choose from (got 9)"),
        ([[1], []], "die 2 needs 1..100 faces (got 0)"),
        ([[1, 101]], "must be 0..100 (got 101)"),
        ([[1, True]], "must be a whole number, not"),
        ([[1] * 1_000_000], "die 1 needs 1..100 faces (got 1,000,000)"),
    ],
)
def test_hostile_dice_choices_are_refused_in_one_line(raw, words):
    with pytest.raises(BoardError, match="dice_choice") as error:
        Board(10, dice_choice=raw)
    assert words in str(error.value) and "\n" not in str(error.value)


def test_typed_dice_choices_are_refused_with_the_field_named():
    with pytest.raises(InputError, match=r"dice: die 2 needs 1\.\.100 faces"):
        DICE_CHOICE.kind.parse("1,2 /", "dice")  # "/ " ends with an empty die
    with pytest.raises(InputError, match="dice: at most 8 dice"):
        DICE_CHOICE.kind.parse("/".join(["1"] * 9), "dice")


def test_the_decision_rows_are_written_to_a_board_file_and_read_back_only_for_the_game(standard):
    board = standard.replace(dice_choice=EFRON, after_roll=AfterRoll.FLIP, pawns=2)
    text = format_toml(board)
    assert "\ndice_choice = [[4, 4, 4, 4, 0, 0], [3, 3, 3, 3, 3, 3]," in text
    assert '\nafter_roll = "flip"\n' in text and "\npawns = 2\n" in text
    assert parse_toml(text, deciding=True) == board
    assert board.to_dict()["dice_choice"][3] == [5, 5, 5, 1, 1, 1]
    refused = r"dice_choice is a decision: the analysis assumes nobody chooses \(chutes-tui play, watch and"
    with pytest.raises(BoardError, match=refused) as error:
        parse_toml(text, path="x.toml")
    assert error.value.line == text[: text.index("dice_choice")].count("\n") + 1
    assert AFTER_ROLL.kind.read("either", "after_roll") is AfterRoll.EITHER
    with pytest.raises(BoardError, match=r"pawns must be 1\.\.4"):
        standard.replace(pawns=5)
    assert PAWNS.default == 1


def test_the_classic_engines_refuse_a_board_with_decisions(standard):
    board = standard.replace(after_roll="either")
    with pytest.raises(ValueError, match=r"the chains assume nobody chooses: not after_roll \(see"):
        board.roll_table  # noqa: B018 (the property is the point)


def test_each_option_moves_as_the_rules_say():
    # 0 → 3 ladder; 6 → 2 chute; exact end on 8.
    board = Board(8, jumps=((3, 5), (6, 2)), dice_choice=((1, 2), (0, 4)), after_roll="flip")
    assert [die.law for die in choice_dice(board)] == [
        ((1, Fraction(1, 2)), (2, Fraction(1, 2))),
        ((0, Fraction(1, 2)), (4, Fraction(1, 2))),
    ]
    assert outcomes(board, 2, 1) == ((5, 5), (4, 2))  # 3 climbs to 5; the coin: 2 → 4, or 0 stays
    assert outcomes(board, 4, 0) == ((4, 4), (5, 5))  # a face 0 flipped: 5, or 1 back → 3 → 5
    assert outcomes(board, 5, 4) == ((5, 5), (5, 8))  # 9 is past the exact end; flipped: 10 stays or 8 wins
    assert outcomes(board, 5, 1) == ((2, 2), (7, 5))  # 6 slides to 2; flipped: 7, or 0 stays
    either = board.replace(after_roll="either")
    assert outcomes(either, 1, 4) == ((5, 5), (0, 0))  # back 4 from 1 stops on the start
    assert outcomes(either, 7, 4) == ((7, 7), (5, 5))  # back 4 from 7: 3, up the ladder to 5
    assert step(either, 4, -1) == 5 and step(either, 0, -2) == 0
    assert outcomes(board.replace(after_roll="move"), 7, 1) == ((8, 8),)


def test_the_reached_squares_and_their_ranks():
    board = Board(8, jumps=((3, 5), (6, 2)), dice_choice=((1, 2), (0, 4)), after_roll="flip")
    squares = reached(board)
    assert squares == (0, 1, 2, 4, 5, 7)  # 3 and 6 are tails; 8 is the goal
    rank = ranks(board, squares)
    assert rank == {8: 0, 7: 1, 5: 1, 4: 1, 2: 2, 1: 2, 0: 2}  # 4 + 4 = 8; 5 + 4 flipped - 1 = 8
    check_decisions(board)  # refuses nothing here
    assert board.memo.peek(REACHED) == squares  # walked once, when the board was made


@pytest.mark.parametrize("after", ["move", "flip", "either"])
def test_a_board_s_squares_are_searched_once_each_move_once(after, monkeypatch):
    """Found attacking strategy with a 100,000-square flip board: it was refused (over the
    solver's 5,000) after 40 s, as winnability walked every square twice, each of 4 dice's faces
    with each option's two outcomes (24 moves where 8 differ), and check_decisions walked them
    all again. A square's moves are now its distinct ones (the faces of every die, each flipped
    or turned back), each made once, in the one walk made with the board, which the solver's
    checks read (they walk nothing again)."""
    import chutes_tui.model.decisions as decisions

    calls = []
    real_step = decisions.step

    def counted(board, square, steps):
        calls.append((square, steps))
        return real_step(board, square, steps)

    squares = reached(Board(300, dice_choice=EFRON, after_roll=after))
    monkeypatch.setattr(decisions, "step", counted)
    board = Board(300, dice_choice=EFRON, after_roll=after)  # its winnability: one walk
    distinct = {"move": 7, "flip": 9, "either": 13}[after]  # 0..6; -1..7 (0 flipped down); ±0..6
    assert len(calls) == len(set(calls)) and len(calls) <= distinct * len(squares)
    calls.clear()
    check_decisions(board)
    assert calls == [] and board.memo.peek(REACHED) == squares
    assert set(ranks(board, squares)) >= set(squares)


def test_a_square_that_never_leads_to_the_goal_is_refused():
    with pytest.raises(BoardError, match="square 0 can be reached but never leads to the goal"):
        Board(6, dice_choice=((5,),))  # 0 → 5, and 5 + 5 overshoots the exact end for ever
    Board(6, dice_choice=((5,), (1,)))  # a 1 from 5 wins


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"die": 8}, "dice_choice names the dice: leave die at its default"),
        ({"extra_roll": True}, "plays one roll a turn: extra_roll is not played with decisions yet"),
        ({"end_rule": "bounce", "dice_choice": ((9,),)}, "a move of 10 could bounce a piece off"),
    ],
)
def test_what_the_solver_does_not_play_is_refused_in_one_line(changes, words):
    with pytest.raises(BoardError, match=words):  # the bounce when the board is made, too
        check_decisions(Board(9, dice_choice=((1, 2),), after_roll="flip").replace(**changes))


@pytest.mark.parametrize("after", ["move", "flip", "either"])
def test_a_die_that_bounces_off_the_board_is_refused_when_the_board_is_made(after):
    """Found attacking strategy: --end-rule bounce --dice-choice 99/1 on tiny-10 crashed
    (IndexError in move_by) while the board checked that the goal can be reached, before the
    solver's own check of the bounce could say why; the board refuses it in one line."""
    with pytest.raises(BoardError, match=r"under the bounce rule a move of (99|100) could bounce"):
        Board(10, end_rule="bounce", dice_choice=((99,), (1,)), after_roll=after)


def test_a_board_file_with_decisions_loads_for_the_solver(tmp_path):
    path = tmp_path / "efron.toml"
    path.write_text('squares = 12\ndice_choice = [[4, 4, 0], [3]]\nafter_roll = "either"\n')
    board = load_board(path, deciding=True)
    assert board.dice_choice == ((4, 4, 0), (3,)) and board.after_roll is AfterRoll.EITHER
    with pytest.raises(BoardError, match=r"efron\.toml:2: dice_choice is a decision"):
        load_board(path)
