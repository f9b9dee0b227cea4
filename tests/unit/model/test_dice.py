"""Dice other than one fair die: their laws, the forms they are written in, and their limits."""

import time
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chutes_tui.io.boardfile import format_plain, format_toml, parse_toml
from chutes_tui.model.board import Board, BoardError
from chutes_tui.model.dice import MAX_DIE, Dice
from chutes_tui.model.inputs import InputError, dice
from chutes_tui.model.rules import move, rolls_again
from tests.independent import reference_law


def test_one_fair_die_is_what_it_always_was():
    d6 = Dice.parse("6")
    assert d6 == Dice(6) == Dice.of(6) == Dice.parse("1d6") == Dice.parse("d6")
    assert d6.values == (1, 2, 3, 4, 5, 6) and d6.counts == (1,) * 6 and d6.total == 6
    assert list(d6.probabilities) == [1.0 / 6] * 6  # bit for bit what the analyses used
    assert (d6.text, d6.option, d6.toml, d6.json, d6.top) == ("d6", "6", "6", 6, 6)
    assert Board(die=6) == Board()


def test_two_dice_sum_with_the_convolution_s_chances():
    two = Dice.parse("2d6")
    assert two.values == tuple(range(2, 13)) and two.total == 36
    assert dict(zip(two.values, two.chances, strict=True)) == reference_law(two)
    assert (two.text, two.option, two.toml, two.json, two.top) == ("2d6", "2d6", '"2d6"', "2d6", 12)


def test_a_spinner_keeps_its_decimal_weights_exact():
    spinner = Dice.parse("0.1, 0.2, 0")
    assert spinner.values == (1, 2) and spinner.chances == (Fraction(1, 3), Fraction(2, 3))
    assert (spinner.text, spinner.option, spinner.toml) == ("spinner 0.1,0.2,0", "0.1,0.2,0", "[0.1, 0.2, 0]")
    assert spinner.json == [0.1, 0.2, 0] and spinner.top == 2  # a zero-weight face is never the top
    assert Dice.parse("0,0,5").values == (3,)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0,0", "positive weight"),
        ("0", "at least 1 side"),
        ("101", f"at most {MAX_DIE} sides"),
        ("11d10", f"at most {MAX_DIE} squares"),
        ("0d6", "at least 1 die"),
        # Too many dice or sides: the limit said, not "must be dice" (they are dice, too large).
        ("1000d6", f"dice may move at most {MAX_DIE} squares a roll (got 1000d6)"),
        ("2d1000", f"dice may move at most {MAX_DIE} squares a roll (got 2d1000)"),
        ("999999999d999999999", f"at most {MAX_DIE} squares a roll"),
        ("1000000000d6", "--die must be"),  # ten digits: not read as a number at all
        ("two", "--die must be"),
        ("1,x", "spinner weight 2"),
        ("1,-1", "spinner weight 2"),
        (",".join(["1"] * (MAX_DIE + 1)), f"at most {MAX_DIE} faces"),
        ("1," * 1_000_000, "too long"),
    ],
    ids=lambda value: value[:20],
)
def test_bad_dice_typed_are_refused_with_one_line(text, words):
    with pytest.raises(InputError) as info:
        dice(text)
    assert words in str(info.value) and "\n" not in str(info.value)


TOML = 'name = "d"\nsquares = 30\nend_rule = "reach"\ndie = {}\n'


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("[" + ", ".join(["1"] * 1_000_000) + "]", f"at most {MAX_DIE} faces"),
        ("[1e400]", "must lie in 0.."),
        ("[1e-999999999, 1]", "decimal places"),
        ("[nan, 1]", "finite"),
        ("[inf]", "finite"),
        ("[true]", "must be a number"),
        ("[0, 0]", "positive weight"),
        ("[]", "at least one face"),
        ("6.5", "not a decimal number"),
        ('"2x6"', "die must be"),
        ("[1, 0.1234567890123456789]", "decimal places"),
    ],
    ids=lambda value: value[:20],
)
def test_bad_dice_in_a_file_are_refused_quickly_naming_the_line(value, words):
    began = time.monotonic()
    with pytest.raises(BoardError) as info:
        parse_toml(TOML.format(value), path="b.toml")
    assert time.monotonic() - began < 5
    assert info.value.line == 4 and words in info.value.reason, info.value.reason


def test_the_plain_format_holds_one_fair_die_only():
    with pytest.raises(BoardError, match="plain format"):
        format_plain(Board(end=30, die=Dice(6, 2), end_rule="reach"))


def test_a_square_trapped_by_the_dice_is_refused_naming_it(standard):
    # Two dice move at least 2: from 99 the exact rule can never be met.
    with pytest.raises(BoardError, match="from square 99"):
        standard.replace(die=Dice.parse("2d6"))
    with pytest.raises(BoardError, match="endless"):
        Board(end=30, die=Dice(1, 3), extra_roll=True)
    with pytest.raises(BoardError, match="bounce"):
        Board(end=10, die=Dice(6, 2), end_rule="bounce")


def test_moves_are_the_dice_s_and_the_top_face_is_the_largest(standard):
    board = standard.replace(die=Dice.parse("1,1,0,2"), extra_roll=True)
    assert [int(x) for x in board.roll_table[0]] == [38, 2, 14]  # moves 1, 2 and 4 (a ladder)
    assert list(board.face_probabilities) == [0.25, 0.25, 0.5]
    with pytest.raises(ValueError, match="not a possible move"):
        move(board, 0, 3)
    assert rolls_again(board, move(board, 0, 4)) and not rolls_again(board, move(board, 0, 2))


def test_rolls_follow_the_law():
    rng = np.random.default_rng(5)
    spinner = Dice.parse("1,0,3")
    moves = np.array([spinner.roll(rng) for _ in range(40_000)])
    assert set(moves) == {1, 3}
    assert abs(np.mean(moves == 3) - 0.75) < 4 * np.sqrt(0.75 * 0.25 / moves.size)
    fair = Dice(6)
    a, b = np.random.default_rng(9), np.random.default_rng(9)
    assert [fair.roll(a) for _ in range(50)] == [int(b.integers(1, 7)) for _ in range(50)]


decimal_weights = st.one_of(
    st.integers(0, 10**6),
    st.decimals(min_value=0, max_value=1000, places=4, allow_nan=False, allow_infinity=False),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(decimal_weights, min_size=1, max_size=12).filter(any))
def test_spinners_survive_every_form_they_are_written_in(weights):
    spinner = Dice.spinner(weights)
    assert sum(spinner.chances) == 1
    assert spinner.chances == tuple(reference_law(spinner).values())
    assert Dice.parse(spinner.option) == spinner == Dice.of([Decimal(str(w)) for w in weights])
    board = Board(end=40, die=spinner, end_rule="reach")
    assert parse_toml(format_toml(board)) == board
    assert np.allclose(board.face_probabilities, [float(c) for c in spinner.chances], rtol=1e-15)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 10), st.integers(1, 50))
def test_sums_of_dice_survive_every_form_they_are_written_in(count, sides):
    if count * sides > MAX_DIE:
        with pytest.raises(BoardError):
            Dice(sides, count)
        return
    summed = Dice(sides, count)
    assert Dice.parse(summed.option) == summed and Dice.of(summed.json) == summed
    if count <= 3 and sides <= 12:
        assert dict(zip(summed.values, summed.chances, strict=True)) == reference_law(summed)
    assert sum(summed.chances) == 1
    if summed.top <= 40 and len(summed.values) > 1:
        board = Board(end=40, die=summed, end_rule="reach", extra_roll=True)
        assert parse_toml(format_toml(board)) == board


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_typed_text_is_dice_or_one_line(text):
    try:
        value = dice(text)
    except InputError as error:
        assert "\n" not in str(error)
    else:
        assert Dice.parse(value.option) == value
